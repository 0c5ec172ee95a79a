// Runs the real compiler, in a child process, on a file of Compiler/ and shows what it says.
import Foundation
import RaceLabKit

/// Compiler/, beside this file: the classic racy code, each file with what Swift 6 must say of it.
let compilerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Compiler").path

/// Compiles `Compiler/<name>` in Swift 6 language mode (RaceLab's `Swift6Compiler`, the command
/// `racelab check 12` runs with `-verify`) and narrates each error and note the compiler gives
/// (file:line:column, the message), or that it gave none.
func showWhatSwift6Says(about name: String) {
    let path = "\(compilerFolder)/\(name)"
    note("$ swiftc -swift-version 6 … Compiler/\(name)")
    guard FileManager.default.fileExists(atPath: path) else {
        say(
            "cannot show the compiler's verdict: \(path) is missing (this lesson reads its Compiler/ folder where it was built)"
        )
        return
    }
    let compiler = ChildProcess.run(
        executable: "/usr/bin/env", arguments: Swift6Compiler.arguments(path, verify: false), limit: 60)
    let diagnostics = (compiler.errorLines + compiler.lines).compactMap(diagnostic)
    if diagnostics.isEmpty {
        say(
            compiler.status == 0 && !compiler.hung
                ? "the compiler: no errors, no warnings"
                : "the compiler \(compiler.description), without a diagnostic (is the Swift toolchain on PATH?): \(compiler.errorLines.prefix(3).joined(separator: " "))"
        )
    }
    for line in diagnostics { say("the compiler: \(line)") }
}

/// "RacyPerson.swift:31:13: error: capture of …" from one line of the compiler's output, without the
/// folder and without the diagnostic group's tag ("[#SendableClosureCaptures]"); nil for a line that is
/// not a diagnostic of a Compiler/ file.
func diagnostic(_ line: String) -> String? {
    guard line.hasPrefix(compilerFolder + "/"), Swift6Compiler.isDiagnostic(line) else { return nil }
    var text = String(line.dropFirst(compilerFolder.count + 1))
    if text.hasSuffix("]"), let tag = text.range(of: " [#", options: .backwards) {
        text = String(text[..<tag.lowerBound])
    }
    return text
}
