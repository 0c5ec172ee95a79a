import Foundation

/// A TSan report in the terms of the project: which of its functions touched the memory, how, where.
public struct RaceDescription: Hashable, CustomStringConvertible {
    public struct Side: Hashable {
        /// e.g. `Person.changeName`, or the top frame's name when no frame is the project's.
        public var function: String
        public var operation: String
        /// Relative to the project root, with the line.
        public var file: String?
        public var line: Int?

        var place: String { file.map { path in line.map { "\(path):\($0)" } ?? path } ?? "outside the project" }
    }

    public var kind: String
    public var sides: [Side]

    public var description: String {
        guard isRace, sides.count == 2 else {
            return kind + (sides.first.map { " in \($0.function) (\($0.place))" } ?? "")
        }
        let (now, before) = (sides[0], sides[1])
        return "\(kind): \(now.function) \(verb(now.operation)) (\(now.place)) while \(before.function) "
            + "\(verb(before.operation)) (\(before.place)) on another thread"
    }

    private func verb(_ operation: String) -> String {
        switch operation {
        case "read": return "reads"
        case "write": return "writes"
        default: return operation
        }
    }

    /// "data race" and "Swift access race" (an exclusivity violation such as two `+=` at once) are
    /// both races between two threads; "thread leak", "heap-use-after-free" and the like are not.
    public var isRace: Bool { kind.contains("race") && sides.count == 2 }

    /// True when one side of the race is in `function` (`Person.changeName` matches the demangled
    /// `Person.changeName` and `lesson3.Person.changeName`).
    public func involves(_ function: String) -> Bool {
        sides.contains { $0.function == function || $0.function.hasSuffix("." + function) }
    }
}

/// Describes `reports` with demangled names; a frame counts as the project's when its file lies under
/// `root`.
public func describe(_ reports: [TSanReport], root: String, demangler: Demangler = Demangler()) -> [RaceDescription] {
    let symbols = reports.flatMap { $0.accesses.flatMap { $0.frames.map(\.symbol) } }
    let names = demangler.demangle(symbols)
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return reports.map { report in
        let sides = report.accesses.prefix(2).map { access -> RaceDescription.Side in
            let own = access.frames.first { $0.file?.hasPrefix(prefix) == true }
            guard let frame = own ?? access.frames.first else {
                return .init(function: "(no stack)", operation: access.operation)
            }
            var function = functionName(names[frame.symbol] ?? frame.symbol)
            let file = own.flatMap { $0.file.map { String($0.dropFirst(prefix.count)) } }
            if function.isEmpty { function = "top-level code of \(file.map { ($0 as NSString).lastPathComponent } ?? "main.swift")" }
            return .init(function: function, operation: access.operation, file: file, line: own?.line)
        }
        return RaceDescription(kind: report.kind, sides: Array(sides))
    }
}
