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

/// What is wrong with each race a verdict names by a property without its accessor (`race Person.name`
/// where the sources declare `Person` and a `var name`): ThreadSanitizer names a property's
/// accessors (`Person.name.getter`, `.setter`, `.modify`), so such a verdict could never match.
/// `sources`: the texts of the subject's Swift files. A method and a property of one type cannot share
/// a name, so a declared `var` or `let` of that name beside the type is taken for the property.
func propertiesNamedWithoutAccessor(_ names: [String], in sources: [String]) -> [String] {
    names.compactMap { name in
        let parts = name.split(separator: ".")
        guard parts.count == 2, !name.hasSuffix(")") else { return nil }
        let (type, member) = (String(parts[0]), String(parts[1]))
        let declared = sources.contains { text in
            text.range(of: #"\b(class|struct|actor|enum|extension)\s+\#(type)\b"#, options: .regularExpression) != nil
                && text.range(of: #"\b(var|let)\s+\#(member)\b"#, options: .regularExpression) != nil
        }
        guard declared else { return nil }
        return "'race \(name)' names a property, and ThreadSanitizer names its accessors instead: write "
            + "'race \(name).getter' (a read), 'race \(name).setter' (a write) or 'race \(name).modify' (+= and the like)"
    }
}
