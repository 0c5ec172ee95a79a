import Foundation

/// A package made up in a temporary folder for a test: files written by their paths (folders made as
/// needed), the whole folder removed by `remove()`.
struct TemporaryPackage {
    let root = NSTemporaryDirectory() + "racelab-\(UUID().uuidString)"

    init(_ files: KeyValuePairs<String, String>) throws {
        for (path, text) in files { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: "\(root)/\(path)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: "\(root)/\(path)", encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
