// portable (whole file): its sources are made up to be caught, in string literals.
import XCTest

@testable import RaceLabRunner

/// `racelab portability` finds, on Linux, what would break on a Mac; each check is shown to fail.
final class PortabilityTests: XCTestCase {
    func testFoldersThatDifferOnlyInCaseCollide() {
        let files = ["Sources/RaceLab/Lesson.swift", "Sources/racelab/main.swift", "README.md", "readme.txt"]
        XCTAssertEqual(caseCollisions(pathsWithTheirFolders(files)), [["Sources/RaceLab", "Sources/racelab"]])
        XCTAssertEqual(
            caseCollisions(pathsWithTheirFolders(["Sources/RaceLabKit/a.swift", "Sources/racelab/main.swift"])), [])
        XCTAssertEqual(caseCollisions(["lesson3", "lesson3"]), [], "one name spelt the same twice is one name")
    }

    func testTargetsModulesAndProductsShareOneNamespace() throws {
        let manifest = """
            {"targets": [{"name": "RaceLab"}, {"name": "exercise3-starter"}, {"name": "Exercise3_Starter"}],
             "products": [{"name": "racelab"}], "platforms": []}
            """
        let read = try XCTUnwrap(buildNames(fromManifestJSON: Data(manifest.utf8)))
        XCTAssertEqual(
            caseCollisions(read.names), [["Exercise3_Starter", "exercise3_starter"], ["RaceLab", "racelab"]])
        XCTAssertEqual(read.platforms, [], "no platforms declared")
        let declared = #"{"targets": [], "platforms": [{"platformName": "macos", "version": "15.0"}]}"#
        XCTAssertEqual(buildNames(fromManifestJSON: Data(declared.utf8))?.platforms, ["macos 15.0"])
        XCTAssertNil(buildNames(fromManifestJSON: Data("not json".utf8)))
    }

    func testLinuxOnlyCallsMustBeUnderALinuxCondition() {
        let source = """
            import Foundation
            import Glibc
            #if canImport(Glibc)
                import Glibc
            #endif
            #if canImport(Darwin)
                let cores = 1
            #else
                let stat = try? String(contentsOfFile: "/proc/self/stat")
            #endif
            #if !os(Linux)
                let wrong = "/proc/self/fd"
            #endif
            #if os(Linux)
            #else
                import FoundationNetworking
            #endif
            #if !canImport(Darwin)
                import Glibc
            #endif
            // a comment may mention /proc/self/fd
            let url = "http://example.com/proc/"  // a path in a URL is still flagged
            let fds = "/proc/self/fd"  // portable: the test is skipped where /proc is missing
            """
        let lines = linuxOnlyUses(in: source, file: "A.swift").map(\.place)
        XCTAssertEqual(lines, ["A.swift:2", "A.swift:12", "A.swift:16", "A.swift:22"])
        XCTAssertEqual(linuxOnlyUses(in: "// \(portableFileMarker) a test\n" + source, file: "A.swift"), [])
    }

    func testShellThatOnlyLinuxRuns() {
        let script = """
            #!/usr/bin/env bash
            # nproc in a comment is fine
            echo "$(nproc) cores"
            echo "$(cores) cores"
            start=${EPOCHREALTIME/./}
            timeout 5 swift build
            if command -v timeout >/dev/null; then timeout "$seconds" "$@"; fi
            sed -i 's/a/b/' file
            sed -i.bak 's/a/b/' file
            mapfile -t lines <file
            declare -A seen
            echo "${name,,}"
            grep -P '\\d' file
            readlink -f x  # portable: only ever run on Linux
                timeout 5 swift test
            if timeout 5 true; then :; fi
            LIMIT=1 timeout 5 true
            sed -E -i 's/a/b/' file
            sed -ni '1p' file
            [[ -v name ]]
            echo "--timeout 5"; run_timeout=3
            """
        let lines = unportableShell(in: script, file: "s").map(\.place)
        XCTAssertEqual(
            lines,
            [
                "s:3", "s:5", "s:6", "s:8", "s:10", "s:11", "s:12", "s:13", "s:15", "s:16", "s:17", "s:18", "s:19",
                "s:20",
            ])
    }

    /// The command on a package with a planted pair fails and names it; without the pair it passes.
    /// Two targets that differ only in case are a pair on any file system; two folders only where the
    /// file system tells case apart (on APFS, as a Mac has it, the second folder is the first).
    func testThePortabilityCommandFailsOnAPlantedPair() throws {
        func manifest(_ tool: String) -> String {
            """
            // swift-tools-version:6.2
            import PackageDescription
            let package = Package(name: "Planted", platforms: [.macOS(.v15)], targets: [
                .target(name: "Planted"), .executableTarget(name: "\(tool)", dependencies: ["Planted"], path: "Sources/Tool"),
            ])
            """
        }
        let package = try TemporaryPackage([
            "Package.swift": manifest("plantedtool"), "Lessons/README.md": "no lessons",
            "Sources/Planted/Planted.swift": "public let planted = 1\n",
            "Sources/Tool/main.swift": "import Planted\nprint(planted)\n",
        ])
        defer { package.remove() }
        var printed: [String] = []
        let runner = Runner(workspace: try Workspace(root: package.root), print: { printed.append($0) })
        XCTAssertTrue(runner.portability(), printed.joined(separator: "\n"))

        try package.write(manifest("planted"), to: "Package.swift")
        printed = []
        XCTAssertFalse(runner.portability(), "a target Planted beside a target planted")
        XCTAssertTrue(
            printed.contains { $0.contains("differ only in case") && $0.contains("Planted, planted") },
            printed.joined(separator: "\n"))

        try package.write(manifest("plantedtool"), to: "Package.swift")
        try package.write("import Planted\nprint(planted)\n", to: "Sources/planted/main.swift")
        if FileManager.default.fileExists(atPath: "\(package.root)/Sources/planted/Planted.swift") {
            return  // a file system that ignores case: Sources/planted is Sources/Planted
        }
        printed = []
        XCTAssertFalse(runner.portability(), "Sources/Planted beside Sources/planted")
        XCTAssertTrue(
            printed.contains { $0.contains("Sources/Planted and Sources/planted") }, printed.joined(separator: "\n"))
    }
}
