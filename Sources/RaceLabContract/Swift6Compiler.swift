import Foundation

/// How lessons 12 and 15 and the runner ask the toolchain what Swift 6 says of a file: language mode 6,
/// up to SIL, where region-based isolation (SE-0414) is checked (`-typecheck` stops before it and says
/// nothing of a value used after it was sent, measured with Swift 6.3.1). The page shows the
/// diagnostics; `racelab check` adds `-verify`, which holds the file's `expected-…` comments to them.
/// A file compiled with more than Swift 6 mode says so in a line of its own (`statedFlags(of:)`), and
/// both the page and the check pass those flags.
public enum Swift6Compiler {
    /// The command line for `file`: its own stated flags, or `flags` when given (lesson 15 compiles
    /// lesson 12's files again under Swift 6.2's defaults).
    public static func arguments(_ file: String, verify: Bool, flags: [String]? = nil, modules: [String] = [])
        -> [String]
    {
        ["swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6"]
            + (flags ?? statedFlags(of: file)) + modules
            + (verify ? verifyFlags : ["-diagnostic-style", "llvm"]) + [file]
    }

    /// `-verify`, and from Swift 6.3 on `-verify-ignore-unrelated`: from 6.3 the verifier also fails on
    /// diagnostics in other buffers (an SDK header's warning on a Mac), and that flag, which 6.3 brought
    /// (swiftlang/swift#84685), keeps it to the file. An older compiler does not know the flag, so it
    /// is passed only where the toolchain lists it.
    public static let verifyFlags: [String] = {
        let help = ChildProcess.run(
            executable: "/usr/bin/env", arguments: ["swiftc", "-frontend", "-help-hidden"], limit: 60)
        let ignoresUnrelated = help.lines.contains { $0.contains("-verify-ignore-unrelated") }
        return ["-Xfrontend", "-verify"] + (ignoresUnrelated ? ["-Xfrontend", "-verify-ignore-unrelated"] : [])
    }()

    /// What a file's line `// compiled with: -default-isolation MainActor …` states, split at spaces;
    /// none for a file without such a line (Swift 6 mode alone).
    public static func statedFlags(of file: String) -> [String] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(flagsMarker) }) else { return [] }
        return line.dropFirst(flagsMarker.count).split(separator: " ").map(String.init)
    }
    public static let flagsMarker = "// compiled with: "

    /// "// with module: LegacyKit from Modules/LegacyKit.swift": a module the file imports that is not
    /// the toolchain's, its source beside the file. `withStatedModules` builds it first, in Swift 5 mode,
    /// as a module not yet migrated is built.
    public static let moduleMarker = "// with module: "

    /// Builds the modules `file` states (none: nothing to build) into a temporary folder, runs `body`
    /// with the flags that let the file import them, and removes the folder. A module that does not
    /// build gives `body` nothing to run: the result is the compiler's complaint instead.
    public static func withStatedModules<T>(of file: String, _ body: ([String]) -> T) -> Result<T, ModuleProblem> {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let stated = text.split(separator: "\n").filter { $0.hasPrefix(moduleMarker) }.map { line in
            line.dropFirst(moduleMarker.count).components(separatedBy: " from ")
        }
        guard !stated.isEmpty else { return .success(body([])) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "racelab-modules-\(UUID().uuidString)"
        ).path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let beside = (file as NSString).deletingLastPathComponent
        for parts in stated {
            guard parts.count == 2 else {
                return .failure(ModuleProblem(text: "cannot read '\(moduleMarker)\(parts.joined())'"))
            }
            let (name, source) = (parts[0], "\(beside)/\(parts[1])")
            let built = ChildProcess.run(
                executable: "/usr/bin/env",
                arguments: [
                    "swiftc", "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", name,
                    "-emit-module-path", "\(folder)/\(name).swiftmodule", source,
                ], limit: 120)
            guard built.status == 0, !built.hung else {
                return .failure(
                    ModuleProblem(
                        text: "module \(name) (\(parts[1])) did not build: "
                            + (built.errorLines + built.lines).prefix(5).joined(separator: " ")))
            }
        }
        return .success(body(["-I", folder]))
    }

    public struct ModuleProblem: Error, CustomStringConvertible {
        public let text: String
        public var description: String { text }
    }

    /// Swift 6.2's approachable concurrency in a Swift 6 module (Xcode 26's defaults for a new app
    /// target): main-actor isolation by default (SE-0466) and nonisolated async functions that run on
    /// their caller's actor (SE-0461). Isolated conformances (SE-0470) are inferred with the first.
    public static let approachableFlags = [
        "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    ]

    /// Whether a line of the compiler's output is a diagnostic ("file:line:col: error: …"), not the
    /// source excerpt shown under one.
    public static func isDiagnostic(_ line: String) -> Bool {
        line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ")
    }
}
