import Foundation

/// The TSan verdict a transcript expects.
public enum ExpectedVerdict: Equatable, CustomStringConvertible {
    case clean
    /// Data races, each reported in the named function (e.g. `Person.changeName`) on at least one side.
    case races([String])

    init?(parsing text: String) {
        if text == "clean" {
            self = .clean
            return
        }
        var functions: [String] = []
        for item in text.split(separator: ",") {
            guard let function = Self.function(item.trimmingCharacters(in: .whitespaces)) else { return nil }
            functions.append(function)
        }
        guard !functions.isEmpty else { return nil }
        self = .races(functions)
    }

    /// `race Person.changeName` (a function named with its type, so it cannot match by accident),
    /// `race bump()` (a free function), `race top-level code of main.swift`.
    static func function(_ item: String) -> String? {
        guard item.hasPrefix("race ") else { return nil }
        let name = item.dropFirst("race ".count).trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("top-level code of "), name.hasSuffix(".swift") { return name }
        guard !name.contains(" ") else { return nil }
        if name.hasSuffix("()"), name.count > 2, !name.dropLast(2).contains(".") { return name }
        guard name.contains("."), !name.hasPrefix("."), !name.hasSuffix(".") else { return nil }
        return name
    }

    public var description: String {
        switch self {
        case .clean: return "clean"
        case .races(let functions): return functions.map { "race in \($0)" }.joined(separator: ", ")
        }
    }
}

extension Optional {
    func orThrow(_ error: Error) throws -> Wrapped {
        guard let value = self else { throw error }
        return value
    }
}
