// Runs the real compiler, in a child process, on a file of Compiler/ and shows what it says.
import Foundation
import RaceLabKit

/// Compiler/, beside this file: the classic racy code, each file with what Swift 6 must say of it.
let compilerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Compiler").path

/// Compiles `Compiler/<name>` in Swift 6 language mode (RaceLab's `Swift6Compiler`, the command
/// `racelab check 12` runs with `-verify`) and narrates each error and note the compiler gives
/// (file:line:column, the message), or that it gave none.
func showWhatSwift6Says(about name: String) {
    Swift6Compiler.show(name, in: compilerFolder)
}
