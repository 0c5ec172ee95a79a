import Foundation

/// A macOS version as availability states it: `15`, `15.0`, `26.4`.
public struct MacOSVersion: Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// "15", "15.0", "26.4.1" (the third part is not needed to compare with a floor).
    public init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard let first = parts.first, let major = first else { return nil }
        self.init(major, parts.count > 1 ? parts[1] ?? 0 : 0)
    }

    public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    public var description: String { "\(major).\(minor)" }
}

/// The toolchain's APIs that came to macOS after the package's floor, read from its symbol graphs
/// (`swift symbolgraph-extract`: on Linux too, each symbol carries its Apple platforms' availability).
/// A name is matched in the sources by text, so only names that say what they are count:
/// - a top-level type or function (`InlineArray`, `withTaskPriorityEscalationHandler`) wherever it appears;
/// - a member written with its type (`Task.immediate`), unless an older overload shares its name;
/// - a member alone (`group.addImmediateTask`) when no older declaration anywhere has its name.
public struct LateAPIs {
    public struct API: Equatable {
        /// "Task" for `Task.immediate`; nil for a top-level name.
        public var parent: String?
        public var name: String
        public var introduced: MacOSVersion
        public var display: String { parent.map { "\($0).\(name)" } ?? name }
    }

    public let floor: MacOSVersion
    /// By name: top-level APIs.
    public private(set) var topLevel: [String: API] = [:]
    /// By "Parent.name": members whose every overload is late.
    public private(set) var qualified: [String: API] = [:]
    /// By name: members no older declaration shares a name with.
    public private(set) var members: [String: API] = [:]
    /// How many symbols the graphs held, and how many of them are late.
    public private(set) var symbolCount = 0
    public private(set) var lateCount = 0

    private var earlyQualified = Set<String>()
    private var earlyNames = Set<String>()
    private var lateMembers: [String: API] = [:]
    private var lateQualified: [String: API] = [:]

    public init(floor: MacOSVersion) { self.floor = floor }

    /// What is read of a symbol graph: each symbol's path and its availability, nothing else
    /// (decoding only these keys is about twenty times faster than reading the whole of it).
    struct Graph: Decodable {
        var symbols: [Symbol]
        struct Symbol: Decodable {
            var pathComponents: [String]
            var availability: [Availability]?
        }
        struct Availability: Decodable {
            var domain: String?
            var introduced: Version?
            var isUnconditionallyUnavailable: Bool?
        }
        struct Version: Decodable {
            var major: Int
            var minor: Int?
        }
    }

    /// Adds one symbol graph file's symbols. False when it is not a symbol graph.
    @discardableResult
    public mutating func add(symbolGraph json: Data) -> Bool {
        guard let graph = try? JSONDecoder().decode(Graph.self, from: json) else { return false }
        for symbol in graph.symbols {
            let path = symbol.pathComponents
            guard let last = path.last else { continue }
            let name = String(last.prefix { $0 != "(" })
            // Underscored names are the library's own; operators are not matched by name.
            guard let first = name.first, first != "_", first.isLetter, !path.contains(where: { $0.hasPrefix("_") })
            else { continue }
            symbolCount += 1
            let parent = path.count > 1 ? path[path.count - 2] : nil
            let key = parent.map { "\($0).\(name)" } ?? name
            guard let introduced = Self.macOSIntroduced(symbol.availability ?? []), introduced > floor else {
                earlyNames.insert(name)
                earlyQualified.insert(key)
                continue
            }
            lateCount += 1
            let api = API(parent: parent, name: name, introduced: introduced)
            if parent == nil {
                topLevel[name] = Self.earlier(topLevel[name], api)
            } else {
                lateQualified[key] = Self.earlier(lateQualified[key], api)
                lateMembers[name] = Self.earlier(lateMembers[name], api)
            }
        }
        qualified = lateQualified.filter { !earlyQualified.contains($0.key) }
        members = lateMembers.filter { !earlyNames.contains($0.key) }
        for name in earlyNames { topLevel[name] = nil }
        return true
    }

    private static func earlier(_ a: API?, _ b: API) -> API {
        guard let a else { return b }
        return a.introduced <= b.introduced ? a : b
    }

    /// The macOS version a symbol came in; nil when it states none (as old as the module) or is not
    /// available on macOS at all.
    static func macOSIntroduced(_ availability: [Graph.Availability]) -> MacOSVersion? {
        guard let entry = availability.first(where: { $0.domain == "macOS" }),
            entry.isUnconditionallyUnavailable != true, let introduced = entry.introduced
        else { return nil }
        return MacOSVersion(introduced.major, introduced.minor ?? 0)
    }

    /// The API a name at this place in the code is, if it is a late one. `before` is the code before
    /// the name on its line.
    func api(named name: String, after before: Substring, declaredByProject: Set<String>) -> API? {
        let trimmed = before.reversed().drop { $0 == " " }
        guard trimmed.first == "." else {
            return declaredByProject.contains(name) ? nil : topLevel[name]
        }
        let owner = String(
            trimmed.dropFirst().drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        if !owner.isEmpty, let api = qualified["\(owner).\(name)"] { return api }
        return declaredByProject.contains(name) ? nil : members[name]
    }
}

/// Names the project declares itself (`func immediate`, `struct Span`): a use of them is the project's
/// own, not the toolchain's API of the same name.
public func declaredNames(in source: String) -> Set<String> {
    // A declaration's keyword and name; or a label in a tuple or a parameter list, `(immediate: 0,`.
    let pattern =
        #"\b(?:func|var|let|case|class|struct|enum|actor|protocol|typealias|associatedtype)\s+([A-Za-z_]\w*)|[(,]\s*([A-Za-z_]\w*)\s*:(?!:)"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let code = codeOnly(source).joined(separator: "\n")
    let range = NSRange(code.startIndex..., in: code)
    return Set(
        regex.matches(in: code, range: range).compactMap { match in
            (Range(match.range(at: 1), in: code) ?? Range(match.range(at: 2), in: code)).map { String(code[$0]) }
        })
}

/// Uses of APIs newer than the floor that no `#available` or `@available` covers. Read as text, not
/// type-checked, so it can miss: a late member called through a value whose name an older API
/// shares (`task.name`), a late initializer (`Task(name:…)`), a use reached through a typealias or
/// a generic parameter. And it takes a `{` on the line of an `if #available` or after an `@available`
/// as the block that the condition covers, so an odd layout can hide a use as well.
public func availabilityProblems(
    in source: String, file: String, apis: LateAPIs, declaredByProject: Set<String> = []
) -> [PortabilityProblem] {
    let lines = codeOnly(source)
    let linuxOnly = linuxOnlyLines(source)
    var problems: [PortabilityProblem] = []
    // What each open scope is covered for; a pending `@available`/`if #available` covers the next `{`.
    var scopes: [MacOSVersion] = [apis.floor]
    var pending: MacOSVersion?
    var afterGuard: (version: MacOSVersion, depth: Int)?
    for (index, line) in lines.enumerated() {
        let characters = Array(line)
        var position = 0
        var reported = false
        while position < characters.count {
            let character = characters[position]
            if character == "#" || character == "@" {
                let rest = String(characters[position...])
                if rest.dropFirst().hasPrefix("available("), let version = availabilityCondition(in: rest) {
                    // `guard #available(…) else { … }` covers what follows the guard in its scope.
                    if String(characters[..<position]).range(of: #"\bguard\b"#, options: .regularExpression) != nil {
                        afterGuard = (version, scopes.count)
                    } else {
                        pending = version
                    }
                }
            } else if character == "{" {
                scopes.append(max(scopes.last ?? apis.floor, pending ?? apis.floor))
                pending = nil
            } else if character == "}" {
                if scopes.count > 1 { scopes.removeLast() }
                if let guarded = afterGuard, scopes.count == guarded.depth {
                    scopes[scopes.count - 1] = max(scopes[scopes.count - 1], guarded.version)
                    afterGuard = nil
                }
            } else if character.isLetter || character == "_",
                position == 0
                    || !(characters[position - 1].isLetter || characters[position - 1].isNumber
                        || characters[position - 1] == "_" || characters[position - 1] == "#"
                        || characters[position - 1] == "@")
            {
                var end = position
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                {
                    end += 1
                }
                let name = String(characters[position..<end])
                let before = String(characters[..<position])[...]
                if !reported, !(index < linuxOnly.count && linuxOnly[index]),
                    let api = apis.api(named: name, after: before, declaredByProject: declaredByProject),
                    api.introduced > (scopes.last ?? apis.floor)
                {
                    let major = api.introduced.minor == 0 ? "\(api.introduced.major)" : "\(api.introduced)"
                    problems.append(
                        .init(
                            place: "\(file):\(index + 1)",
                            problem:
                                "\(api.display) is macOS \(api.introduced), after the package's floor (macOS \(apis.floor)): put it under `if #available(macOS \(major), *)`, or mark what uses it `@available(macOS \(major), *)`"
                        ))
                    reported = true
                }
                position = end
                continue
            }
            position += 1
        }
        // An `@available` whose declaration had no body (a stored property, a requirement) covers nothing after it.
        if pending != nil, !line.contains("{") {
            let rest = line.replacingOccurrences(of: #"@\w+(\([^)]*\))?"#, with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty, !["(", ",", "->"].contains(where: rest.hasSuffix), !rest.hasSuffix("where") {
                pending = nil
            }
        }
    }
    return problems
}

/// The macOS version the `#available(…)` or `@available(…)` that `line` starts with guarantees, if
/// it names macOS.
func availabilityCondition(in line: String) -> MacOSVersion? {
    guard
        let range = line.range(
            of: #"^[#@]available\([^)]*\bmacOS\s*(,\s*introduced:\s*)?\d+(\.\d+)?"#, options: .regularExpression)
    else { return nil }
    let text = line[range]
    guard let number = text.range(of: #"\d+(\.\d+)?$"#, options: .regularExpression) else { return nil }
    return MacOSVersion(String(text[number]))
}

/// The source's lines with comments removed and string literals emptied (`"…"`, `"""…"""`, `#"…"#`),
/// so that only code is read: a note that mentions `Task.immediate` is prose, not a call.
func codeOnly(_ source: String) -> [String] {
    var lines: [String] = []
    var current = ""
    var inBlockComment = 0
    var inString = false
    var multiline = false
    var hashes = 0
    let characters = Array(source)
    var index = 0
    func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
    while index < characters.count {
        let character = characters[index]
        if character == "\n" {
            lines.append(current)
            current = ""
            if inString, !multiline { inString = false }
            index += 1
            continue
        }
        if inBlockComment > 0 {
            if character == "*", at(1) == "/" {
                inBlockComment -= 1
                index += 2
            } else if character == "/", at(1) == "*" {
                inBlockComment += 1
                index += 2
            } else {
                index += 1
            }
            continue
        }
        if inString {
            if character == "\\", hashes == 0 {
                index += 2
                continue
            }
            let quotes = multiline ? 3 : 1
            if character == "\"", (0..<quotes).allSatisfy({ at($0) == "\"" }),
                (0..<hashes).allSatisfy({ at(quotes + $0) == "#" })
            {
                inString = false
                current += "\""
                index += quotes + hashes
                continue
            }
            index += 1
            continue
        }
        if character == "/", at(1) == "/" {
            // The rest of the line is a comment.
            while index < characters.count, characters[index] != "\n" { index += 1 }
            continue
        }
        if character == "/", at(1) == "*" {
            inBlockComment = 1
            index += 2
            continue
        }
        var opening = 0
        while at(opening) == "#" { opening += 1 }
        if at(opening) == "\"" {
            hashes = opening
            multiline = at(opening + 1) == "\"" && at(opening + 2) == "\""
            inString = true
            current += "\""
            index += opening + (multiline ? 3 : 1)
            continue
        }
        current.append(character)
        index += 1
    }
    lines.append(current)
    return lines
}
