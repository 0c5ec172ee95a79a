import Foundation
import RaceLabContract

/// Lessons from 12 on keep in `Compiler/` the code Swift 6 must refuse (or accept), each file with what
/// the compiler must say of it in `// expected-error {{…}}` and `// expected-note {{…}}` comments. The
/// toolchain's own verifier judges them: every expected diagnostic reported on its line, and no other.
/// A toolchain that changes its mind (accepts the racy code, or words it otherwise) fails the check
/// with the compiler's own message, so a page never shows a verdict the compiler no longer gives.
enum CompilerVerdicts {
    static let folder = "Compiler"

    /// The `.swift` files of `lesson`'s `Compiler/` folder, relative to the root, sorted.
    static func files(of lesson: LessonInfo, root: String) -> [String] {
        let folder = "\(lesson.folder)/\(Self.folder)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? []
        return names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The verifier's verdict on one file: passed, or the compiler's complaint, line by line.
    static func check(_ file: String, root: String) -> RunOutcome {
        let run = Swift6Compiler.withStatedModules(of: "\(root)/\(file)") { modules in
            runProcess(
                "/usr/bin/env", arguments: Swift6Compiler.arguments("\(root)/\(file)", verify: true, modules: modules),
                timeout: 120, outputCap: 1 << 20)
        }
        let result: ProcessResult
        switch run {
        case .success(let finished): result = finished
        case .failure(let problem):
            return RunOutcome(problems: [.message("\(file): \(problem)")], races: [], seconds: 0, stdout: "")
        }
        var outcome = RunOutcome(problems: [], races: [], seconds: result.seconds, stdout: "")
        guard !result.succeeded else { return outcome }
        let said = (result.stderr + result.stdout).split(separator: "\n").map(String.init)
            .filter(Swift6Compiler.isDiagnostic)
            .map { $0.replacingOccurrences(of: "\(root)/", with: "") }
        let why =
            if result.timedOut { "the compiler did not finish in 120 s" } else if said.isEmpty {
                "the verifier failed (\(result.ending)) without a diagnostic: \(result.stderr.suffix(400))"
            } else {
                "this toolchain (\(toolchain())) words it differently, or decides otherwise, than \(file) expects"
                    + (statedVersions(of: "\(root)/\(file)").map { " (its verdicts hold for: \($0))" } ?? "")
                    + ". The compiler says:\n"
                    + said.joined(separator: "\n")
            }
        outcome.problems = [.message(why)]
        return outcome
    }
}

/// "// verdicts hold for: Swift 6.2 or later, …": the versions a `Compiler/` file's verdicts were
/// written for, from its last line (the last, so that it moves none of the lines a page quotes).
func statedVersions(of path: String) -> String? {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let marker = "// verdicts hold for: "
    return text.split(separator: "\n").last { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
}

/// The first line of `swift --version` ("Swift version 6.3.1 (swift-6.3.1-RELEASE)"), for a verdict
/// that tells which compiler disagreed.
func toolchain() -> String {
    let result = runProcess("/usr/bin/env", arguments: ["swift", "--version"], timeout: 60, outputCap: 1 << 16)
    let line = (result.stdout + result.stderr).split(separator: "\n").first { $0.contains("Swift version") }
    return line.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "its version unknown"
}

extension Runner {
    /// One check per file of `lesson`'s `Compiler/` folder (none for a lesson without one).
    func compilerChecks(_ lesson: LessonInfo) -> [(label: String, page: Int?, check: () -> RunOutcome)] {
        CompilerVerdicts.files(of: lesson, root: workspace.root).map { file in
            let name = (file as NSString).lastPathComponent
            return (
                "lesson \(lesson.number) compiler  \(name): Swift 6 says what its comments expect", nil,
                {
                    CompilerVerdicts.check(file, root: self.workspace.root)
                }
            )
        }
    }
}
