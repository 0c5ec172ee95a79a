// The real compiler, in a child process, on this lesson's Compiler/ files and on lesson 12's.
import Foundation
import RaceLabKit

/// Compiler/, beside this file: each file states its flags (the approachable settings) and what the
/// compiler must say of it; `racelab check 15` verifies both.
let compilerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Compiler").path
/// Lesson 12's Compiler/: the classic races, with what Swift 6 mode alone says of them.
let lesson12Folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("12-swift6/Compiler").path

/// Page 3: each of lesson 12's files, its errors in Swift 6 mode alone (its own `expected-error`
/// comments, which `racelab check 12` holds to the compiler) beside what the compiler says of it with
/// the approachable settings. Returns the files whose errors all went away.
func lesson12Again() -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: lesson12Folder)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()
    guard !names.isEmpty else {
        say("cannot compile lesson 12's files again: \(lesson12Folder) is missing")
        return []
    }
    var silenced: [String] = []
    for name in names {
        let text = (try? String(contentsOfFile: "\(lesson12Folder)/\(name)", encoding: .utf8)) ?? ""
        let before = text.components(separatedBy: "expected-error").count - 1
        let said = Swift6Compiler.diagnostics(of: name, in: lesson12Folder, flags: Swift6Compiler.approachableFlags)
        if let problem = said.problem { say(problem) }
        let after = said.lines.filter { $0.contains(": error: ") }
        say("\(name): Swift 6 mode \(errors(before)); with the settings \(errors(after.count))")
        for line in after { say("    \(line)") }
        if before > 0, after.isEmpty, said.problem == nil { silenced.append(name) }
    }
    return silenced
}

func errors(_ count: Int) -> String { count == 0 ? "no error" : count == 1 ? "1 error" : "\(count) errors" }
