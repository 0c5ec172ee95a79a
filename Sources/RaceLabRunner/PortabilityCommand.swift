import Foundation

extension Runner {
    /// `racelab portability`: what would break on a Mac, checked here (Portability.swift). Prints each
    /// problem with its place and a last line counting what was read; true when there was none.
    public func portability() -> Bool {
        let root = workspace.root
        var problems: [PortabilityProblem] = []
        // Tracked files and new ones not yet added (a file an author forgot to add collides too).
        let listed = runProcess(
            "/usr/bin/env", arguments: ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            directory: root, timeout: 60, outputCap: 16 << 20)
        let files =
            listed.succeeded
            ? listed.stdout.split(separator: "\n").map(String.init) : Freshness.projectFiles(under: root)
        for group in caseCollisions(pathsWithTheirFolders(files)) {
            problems.append(
                .init(
                    place: group.joined(separator: " and "),
                    problem: "paths that differ only in case: one folder or file on a Mac"))
        }
        // A scratch folder of its own: SwiftPM locks the one it uses, and verify may be building in .build-tsan.
        let scratch = NSTemporaryDirectory() + "racelab-portability-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let manifest = runProcess(
            "/usr/bin/env",
            arguments: ["swift", "package", "--manifest-cache", "none", "dump-package", "--scratch-path", scratch],
            environment: builder.environment(), directory: root, timeout: 120, outputCap: 8 << 20)
        var nameCount = 0
        var floor: MacOSVersion?
        if manifest.succeeded, let read = buildNames(fromManifestJSON: Data(manifest.stdout.utf8)) {
            floor = read.platforms.first { $0.hasPrefix("macos ") }.flatMap { MacOSVersion(String($0.dropFirst(6))) }
            nameCount = Set(read.names).count
            for group in caseCollisions(read.names) {
                problems.append(
                    .init(
                        place: "Package.swift",
                        problem:
                            "targets, modules or products that differ only in case, one build product on a Mac: \(group.joined(separator: ", "))"
                    ))
            }
            if !read.platforms.contains(where: { $0.hasPrefix("macos ") }) {
                problems.append(
                    .init(
                        place: "Package.swift",
                        problem:
                            "no macOS in platforms: SwiftPM would build for its oldest macOS, where async and Mutex do not exist"
                    ))
            }
        } else {
            problems.append(
                .init(
                    place: "Package.swift", problem: "swift package dump-package failed: \(manifest.stderr.prefix(300))"
                ))
        }
        let swiftFiles = files.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }
        for file in swiftFiles {
            guard let text = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8) else { continue }
            problems += linuxOnlyUses(in: text, file: file)
        }
        var availability = "no API checked against the floor"
        if let floor {
            let (found, said) = lateAPIUses(in: swiftFiles, floor: floor)
            problems += found
            availability = said
        }
        let scripts = files.filter {
            ($0.hasPrefix("scripts/") && (!$0.contains(".") || $0.hasSuffix(".sh"))) || $0 == ".ci/run"
        }
        for file in scripts {
            guard let text = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8) else { continue }
            problems += unportableShell(in: text, file: file)
        }
        for problem in problems { print("FAIL portability: \(problem)") }
        let counts =
            "\(files.count) paths, \(nameCount) build names, \(swiftFiles.count) Swift files (\(availability)), \(scripts.count) scripts"
        print(
            problems.isEmpty
                ? "PASS portability: \(counts), nothing that would break on a Mac"
                : "portability: \(problems.count) problem(s) in \(counts)")
        return problems.isEmpty
    }

    /// Every use of a toolchain API newer than the package's macOS floor, outside an `#available` or
    /// `@available` that covers it (Availability.swift), and a phrase saying what was checked. On a Mac
    /// the compiler checks availability itself, with the SDK's own declarations, on every build.
    func lateAPIUses(in swiftFiles: [String], floor: MacOSVersion) -> (problems: [PortabilityProblem], said: String) {
        #if canImport(Darwin)
            return ([], "API availability: the compiler checks it here")
        #else
            switch ToolchainSymbols.lateAPIs(after: floor) {
            case .failure(let failure):
                return ([.init(place: "the toolchain", problem: "its availability could not be read: \(failure)")], "")
            case .success(let (apis, modules, unread)):
                var sources: [(file: String, text: String)] = []
                for file in swiftFiles {
                    guard let text = try? String(contentsOfFile: "\(workspace.root)/\(file)", encoding: .utf8) else {
                        continue
                    }
                    sources.append((file, text))
                }
                let declared = sources.reduce(into: Set<String>()) { $0.formUnion(declaredNames(in: $1.text)) }
                let problems = sources.flatMap {
                    availabilityProblems(in: $0.text, file: $0.file, apis: apis, declaredByProject: declared)
                }
                return (
                    problems,
                    "each against the \(apis.lateCount) APIs of the toolchain's \(modules) modules that came after macOS \(floor)"
                        + (unread.isEmpty ? "" : "; not read: \(unread.joined(separator: ", "))")
                )
            }
        #endif
    }
}
