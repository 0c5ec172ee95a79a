import Foundation

/// What an exercise's last successful build was built from, so that checking it again after a save
/// that changed nothing, or checking it twice, skips SwiftPM's null build (about 1.2 s of a warm
/// verdict's 4 on the 2-core machine, measured). The fingerprint is of the contents of everything
/// the product is built from (its source folders and the library, `Subject.sources`), the manifest,
/// the folders' layout (the manifest's targets) and the `PATH` that finds `swift`; the stamp also
/// keeps the binary's modification date. Any edit, a reset, a new folder, or a binary built since
/// by anything else, and the product is built as before.
struct BuildStamp {
    let root: String
    let scratch: String
    let product: String
    let sources: [Subject.SourceFolder]

    /// The stamp's file, in the build folder: `rm -rf .build-tsan` removes it with what it vouches for.
    var file: String { "\(scratch)/racelab-stamps/\(product)" }

    /// FNV-1a over every input's path and contents (symlinks followed by reading them).
    func fingerprint() -> String {
        var hash = FNV1a()
        func mix<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            hash.add(bytes)
            hash.add([0xff])  // a separator: "ab" + "c" is not "a" + "bc"
        }
        mix(Builder.layout(of: "\(root)/Lessons").utf8)
        mix((ProcessInfo.processInfo.environment["PATH"] ?? "").utf8)
        for path in ["Package.swift"] + Freshness.files(root: root, folders: sources).sorted() {
            mix(path.utf8)
            mix(FileManager.default.contents(atPath: "\(root)/\(path)") ?? Data())
        }
        return hash.hex
    }

    /// The folder of the built programs, when the stamp vouches for the product as it is now:
    /// recorded with this `fingerprint`, and the binary unchanged since.
    func binPath(ifFingerprint fingerprint: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines[0] == fingerprint, let built = Freshness.modified("\(lines[1])/\(product)"),
            String(built.timeIntervalSince1970) == lines[2]
        else { return nil }
        return lines[1]
    }

    /// Records that the binary in `binPath` was built from the inputs of `fingerprint` (taken before
    /// the build began: a save during the build makes the next check build again).
    func record(fingerprint: String, binPath: String) {
        guard let built = Freshness.modified("\(binPath)/\(product)") else { return }
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? "\(fingerprint)\n\(binPath)\n\(built.timeIntervalSince1970)\n".write(
            toFile: file, atomically: true, encoding: .utf8)
    }
}
