// Runs the real compiler, in a child process, on a file of Compiler/ and shows what it says.
import Foundation
import RaceLab

/// Compiler/, beside this file: the classic racy code, each file with what Swift 6 must say of it.
let compilerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Compiler").path

/// The command a page runs: Swift 6 language mode, up to SIL, where region-based isolation (SE-0414)
/// is checked; `-typecheck` stops before it and says nothing of a value used after it was sent.
/// `racelab check 12` runs the same command with `-verify` (README).
func swift6Command(_ file: String) -> [String] {
    ["swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6", "-diagnostic-style", "llvm", file]
}

/// Compiles `Compiler/<name>` in Swift 6 language mode and narrates each error and note the compiler
/// gives (file:line:column, the message), or that it gave none. Returns the number of errors.
@discardableResult
func showWhatSwift6Says(about name: String) -> Int {
    let path = "\(compilerFolder)/\(name)"
    note("$ swiftc -swift-version 6 … Compiler/\(name)")
    guard FileManager.default.fileExists(atPath: path) else {
        say("cannot show the compiler's verdict: \(path) is missing (this lesson reads its Compiler/ folder where it was built)")
        return 0
    }
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = swift6Command(path)
    let output = Pipe()
    compiler.standardOutput = output
    compiler.standardError = output
    do {
        try compiler.run()
    } catch {
        say("cannot run swiftc (is the Swift toolchain on PATH?): \(error)")
        return 0
    }
    // A compiler that hangs is stopped: a page never hangs (60 real seconds; it takes under one).
    let stop = DispatchWorkItem { compiler.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: stop)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    compiler.waitUntilExit()
    stop.cancel()
    let diagnostics = text.split(separator: "\n").compactMap { diagnostic(String($0)) }
    if diagnostics.isEmpty {
        say(compiler.terminationStatus == 0 ? "the compiler: no errors, no warnings" : "the compiler failed without a diagnostic (status \(compiler.terminationStatus)): \(text)")
    }
    for line in diagnostics { say("the compiler: \(line)") }
    return diagnostics.filter { $0.contains(": error: ") }.count
}

/// "RacyPerson.swift:31:13: error: capture of …" from one line of the compiler's output, without the
/// folder and without the diagnostic group's tag ("[#SendableClosureCaptures]"); nil for a line that is
/// not a diagnostic (the source line and its caret).
func diagnostic(_ line: String) -> String? {
    guard line.hasPrefix(compilerFolder + "/"), line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") else {
        return nil
    }
    var text = String(line.dropFirst(compilerFolder.count + 1))
    if text.hasSuffix("]"), let tag = text.range(of: " [#", options: .backwards) { text = String(text[..<tag.lowerBound]) }
    return text
}
