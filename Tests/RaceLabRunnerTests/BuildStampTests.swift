import Foundation
import XCTest

@testable import RaceLabRunner

/// When a check builds and when it may skip the build, on a made-up workspace.
final class BuildStampTests: ExerciseWorkspaceTestCase {
    /// SwiftPM caches the manifest by its text and environment; the builder puts the layout of
    /// Lessons/ in the environment, so a new folder (a new wrong fix) is a new key, and an edit is not.
    func testTheLayoutKeyChangesWithAFolderNotWithAnEdit() throws {
        let before = Builder.layout(of: "\(root)/Lessons")
        try package.write("edited", to: "Lessons/03-thread-safety/Exercise/Person.swift")
        XCTAssertEqual(Builder.layout(of: "\(root)/Lessons"), before, "an edit changes no target")
        try package.write(
            "// must fail: output", to: "Lessons/03-thread-safety/Exercise/Referee/WrongFixes/new/Person.swift")
        XCTAssertNotEqual(Builder.layout(of: "\(root)/Lessons"), before, "a new wrong fix is a new target")
    }

    /// A check skips the build only while the stamp vouches for the binary: same inputs, same binary.
    func testTheBuildStampVouchesOnlyForUnchangedInputsAndBinary() throws {
        let exercise = try Workspace(root: root).exercise(3)
        let subject = Subject.exercise(exercise.attendee, of: exercise)
        try package.write("library", to: "Sources/RaceLabKit/Library.swift")
        try package.write("support", to: "Lessons/03-thread-safety/Support/Support.swift")
        let stamp = BuildStamp(
            root: root, scratch: "\(root)/.build-tsan", product: exercise.product, sources: subject.sources)
        let before = stamp.fingerprint()
        XCTAssertEqual(stamp.fingerprint(), before, "nothing changed")
        XCTAssertNil(stamp.binPath(ifFingerprint: before), "no stamp yet")
        let bin = "\(root)/.build-tsan/debug"
        try package.write("binary", to: ".build-tsan/debug/\(exercise.product)")
        stamp.record(fingerprint: before, binPath: bin)
        XCTAssertEqual(stamp.binPath(ifFingerprint: before), bin)
        for (path, text) in [
            ("Lessons/03-thread-safety/Exercise/Person.swift", "the attendee saved"),
            ("Lessons/03-thread-safety/Support/Support.swift", "support changed"),
            ("Sources/RaceLabKit/Library.swift", "library changed"),
            ("Package.swift", "// swift-tools-version:5.10"),
            ("Lessons/03-thread-safety/Exercise/Extra.swift", "a new file"),
        ] {
            let old = package.read(path)
            try package.write(text, to: path)
            XCTAssertNil(stamp.binPath(ifFingerprint: stamp.fingerprint()), "\(path) changed: build")
            if let old {
                try package.write(old, to: path)
            } else {
                try FileManager.default.removeItem(atPath: "\(root)/\(path)")
            }
        }
        XCTAssertEqual(stamp.binPath(ifFingerprint: stamp.fingerprint()), bin, "all put back as it was")
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: "\(bin)/\(exercise.product)")
        XCTAssertNil(stamp.binPath(ifFingerprint: before), "the binary was built again since: build")
    }
}
