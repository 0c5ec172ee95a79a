import Foundation

/// A transcript that expects a race in a name the program does not have (`race NoSuchType.frobnicate`)
/// can never pass, and "ThreadSanitizer reported none there" would send its author looking for a race
/// that did not happen. The sources (or, with none known, the built program) tell a typo apart.
enum UnknownNames {
    /// For each expected race that was not reported: the first part of its name found nowhere, said
    /// as a problem. `sources`: the program's source folders; nil: look in `executable` instead.
    static func problems(
        missing: [String], root: String, sources: [Subject.SourceFolder]?, executable: String
    ) -> [CheckProblem] {
        guard !missing.isEmpty else { return [] }
        var haystacks: [Data]
        let whereLooked: String
        if let sources, !sources.isEmpty {
            let files = Freshness.files(root: root, folders: sources).filter { $0.hasSuffix(".swift") }
            haystacks = files.compactMap { FileManager.default.contents(atPath: "\(root)/\($0)") }
            // "top-level code of main.swift" names a file: the files' names are looked in too.
            haystacks.append(Data(files.map { "/" + ($0 as NSString).lastPathComponent }.joined(separator: "\n").utf8))
            whereLooked = "in this lesson's sources"
        } else {
            haystacks = [FileManager.default.contents(atPath: executable)].compactMap { $0 }
            whereLooked = "in the program it ran"
        }
        guard !haystacks.isEmpty else { return [] }
        return missing.compactMap { function in
            guard
                let part = parts(of: function).first(where: { part in
                    let bytes = Data(part.utf8)
                    return !haystacks.contains { $0.range(of: bytes) != nil }
                })
            else { return nil }
            return .message(
                "no '\(part)' \(whereLooked): a typo? The transcript expects a race in \(function), a name the program does not have"
            )
        }
    }

    /// The names a race's function is made of: "Person.name.getter" -> Person, name; "bump()" -> bump;
    /// "top-level code of main.swift" -> main.swift.
    static func parts(of function: String) -> [String] {
        let topLevel = "top-level code of "
        if function.hasPrefix(topLevel) { return [String(function.dropFirst(topLevel.count))] }
        let accessors: Set<String> = ["getter", "setter", "modify", "read", "init", "deinit", "subscript"]
        return function.replacingOccurrences(of: "()", with: "").split(separator: ".").map(String.init)
            .filter { !accessors.contains($0) }
    }
}
