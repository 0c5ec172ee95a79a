import Foundation

extension Swift6Compiler {
    /// Compiles `folder/name` in Swift 6 language mode with its stated flags, or `flags` (the command
    /// `racelab check` runs with `-verify`), in a child process, and narrates each error and note the
    /// compiler gives (file:line:column, the message), or that it gave none. Returns the diagnostics.
    @discardableResult
    public static func show(_ name: String, in folder: String, flags: [String]? = nil) -> [String] {
        let stated = flags ?? statedFlags(of: "\(folder)/\(name)")
        note("$ swiftc -swift-version 6 \(stated.map { $0 + " " }.joined())… Compiler/\(name)")
        let said = diagnostics(of: name, in: folder, flags: flags)
        if let problem = said.problem { say(problem) }
        if said.lines.isEmpty, said.problem == nil { say("the compiler: no errors, no warnings") }
        for line in said.lines { say("the compiler: \(line)") }
        return said.lines
    }

    /// What the compiler says of `folder/name` (as `show` runs it): its diagnostics, each as
    /// `diagnostic(_:of:)` gives it; or, when it could not judge the file at all, why (`problem`).
    public static func diagnostics(of name: String, in folder: String, flags: [String]? = nil)
        -> (lines: [String], problem: String?)
    {
        let path = "\(folder)/\(name)"
        guard FileManager.default.fileExists(atPath: path) else {
            return (
                [],
                "cannot show the compiler's verdict: \(path) is missing (this lesson reads its Compiler/ folder where it was built)"
            )
        }
        let run = withStatedModules(of: path) { modules in
            ChildProcess.run(
                executable: "/usr/bin/env", arguments: arguments(path, verify: false, flags: flags, modules: modules),
                limit: 60)
        }
        switch run {
        case .failure(let problem): return ([], "cannot show the compiler's verdict: \(problem)")
        case .success(let compiler):
            let lines = (compiler.errorLines + compiler.lines).compactMap { diagnostic($0, of: folder) }
            guard lines.isEmpty, compiler.status != 0 || compiler.hung else { return (lines, nil) }
            return (
                [],
                "the compiler \(compiler.description), without a diagnostic (is the Swift toolchain on PATH?): \(compiler.errorLines.prefix(3).joined(separator: " "))"
            )
        }
    }

    /// "RacyPerson.swift:31:13: error: capture of …" from one line of the compiler's output, without
    /// the folder and without the diagnostic group's tag ("[#SendableClosureCaptures]"); nil for a line
    /// that is not a diagnostic of a file in `folder`.
    public static func diagnostic(_ line: String, of folder: String) -> String? {
        guard line.hasPrefix(folder + "/"), isDiagnostic(line) else { return nil }
        var text = String(line.dropFirst(folder.count + 1))
        if text.hasSuffix("]"), let tag = text.range(of: " [#", options: .backwards) {
            text = String(text[..<tag.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
