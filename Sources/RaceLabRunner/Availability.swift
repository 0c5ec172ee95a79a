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

    /// The toolchain's module names: `Swift.InlineArray` is `InlineArray`.
    public var modules: Set<String> = ["Swift", "_Concurrency", "Synchronization", "Observation"]

    /// The API a name at this place in the code is, if it is a late one. `before` is the code before
    /// the name on its line.
    func api(named name: String, after before: Substring, declaredByProject: Set<String>) -> API? {
        var back = Array(before.reversed().drop { $0 == " " })
        guard back.first == "." else {
            return declaredByProject.contains(name) ? nil : topLevel[name]
        }
        back = Array(back.dropFirst().drop { $0 == " " })
        // `Task<Void, Never>.immediate`: the owner is the name before its generic arguments.
        if back.first == ">" {
            var depth = 0
            var index = 0
            while index < back.count {
                if back[index] == ">" { depth += 1 } else if back[index] == "<" { depth -= 1 }
                index += 1
                if depth == 0 { break }
            }
            back = Array(back[index...])
        }
        let owner = String(back.prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        if modules.contains(owner) { return declaredByProject.contains(name) ? nil : topLevel[name] }
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
/// a generic parameter, and a call of the project's own `@available(macOS 26, *)` function from code
/// the floor runs (it knows the toolchain's APIs, not the project's). A Mac's compiler catches those.
public func availabilityProblems(
    in source: String, file: String, apis: LateAPIs, declaredByProject: Set<String> = []
) -> [PortabilityProblem] {
    var scanner = AvailabilityScanner(apis: apis, declaredByProject: declaredByProject)
    let linuxOnly = linuxOnlyLines(source)
    var problems: [PortabilityProblem] = []
    for (index, line) in codeOnly(source).enumerated() {
        let found = scanner.scan(line)
        guard let api = found.first, !(index < linuxOnly.count && linuxOnly[index]) else { continue }
        let version = api.introduced.minor == 0 ? "\(api.introduced.major)" : "\(api.introduced)"
        problems.append(
            .init(
                place: "\(file):\(index + 1)",
                problem:
                    "\(api.display) is macOS \(api.introduced), after the package's floor (macOS \(apis.floor)): put it under `if #available(macOS \(version), *)`, or mark what uses it `@available(macOS \(version), *)`"
            ))
    }
    return problems
}

/// Reads code line by line and knows, at each name, what the scopes around it are covered for:
/// `if #available(macOS 26, *) { … }` covers its block; `@available(macOS 26, *)` the declaration's
/// body after it; `guard #available(macOS 26, *) … else { … }` the rest of its scope.
struct AvailabilityScanner {
    let apis: LateAPIs
    let declaredByProject: Set<String>
    /// What each open `{` scope is covered for.
    private var scopes: [MacOSVersion]
    private var parens = 0
    /// An `#available` condition or an `@available` attribute waiting for its `{`, at this depth of
    /// parentheses (a closure inside the condition, `contains(where: { … })`, is not its block).
    private var pending: (version: MacOSVersion, parens: Int, attribute: Bool)?
    /// Between `guard` and its `else`; then the `#available` it holds, until its else block closes.
    private var inGuardCondition = false
    private var guardVersion: MacOSVersion?
    private var awaitingElseBlock = false
    private var elseBlockDepth: Int?

    init(apis: LateAPIs, declaredByProject: Set<String>) {
        self.apis = apis
        self.declaredByProject = declaredByProject
        scopes = [apis.floor]
    }

    private var covered: MacOSVersion { scopes.last ?? apis.floor }

    /// The late APIs this line uses where nothing covers them.
    mutating func scan(_ line: String) -> [LateAPIs.API] {
        let characters = Array(line)
        var found: [LateAPIs.API] = []
        var position = 0
        var attributeEnd: Int?
        func isNamePart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while position < characters.count {
            let character = characters[position]
            switch character {
            case "#", "@":
                let rest = String(characters[position...])
                if rest.dropFirst().hasPrefix("available("), let version = availabilityCondition(in: rest) {
                    if character == "#", inGuardCondition {
                        guardVersion = max(guardVersion ?? apis.floor, version)
                    } else {
                        pending = (version, parens, character == "@")
                        if character == "@" { attributeEnd = position }
                    }
                }
            case "(": parens += 1
            case ")": parens = max(0, parens - 1)
            case "{":
                scopes.append(covered)
                if let waiting = pending, waiting.parens == parens {
                    scopes[scopes.count - 1] = max(covered, waiting.version)
                    pending = nil
                }
                if awaitingElseBlock, elseBlockDepth == nil { elseBlockDepth = scopes.count }
            case "}":
                let closing = scopes.count
                if scopes.count > 1 { scopes.removeLast() }
                if let depth = elseBlockDepth, depth == closing {
                    // The guard's else block is over: the rest of the scope runs only where it held.
                    if let version = guardVersion { scopes[scopes.count - 1] = max(covered, version) }
                    guardVersion = nil
                    awaitingElseBlock = false
                    elseBlockDepth = nil
                }
            default:
                guard character.isLetter || character == "_",
                    position == 0 || !(isNamePart(characters[position - 1]) || "#@".contains(characters[position - 1]))
                else { break }
                var end = position
                while end < characters.count, isNamePart(characters[end]) { end += 1 }
                let name = String(characters[position..<end])
                if name == "guard" {
                    inGuardCondition = true
                    guardVersion = nil
                } else if name == "else", inGuardCondition {
                    inGuardCondition = false
                    awaitingElseBlock = guardVersion != nil
                    elseBlockDepth = nil
                } else if let api = apis.api(
                    named: name, after: String(characters[..<position])[...], declaredByProject: declaredByProject),
                    api.introduced > covered
                {
                    found.append(api)
                }
                position = end
                continue
            }
            position += 1
        }
        // An `@available` on a declaration without a body (a stored property, a requirement) covers
        // nothing after it: its line ends the declaration, unless the declaration goes on (an open
        // parenthesis, a trailing `,`, `->` or `where`).
        if let waiting = pending, waiting.attribute, waiting.parens == parens {
            let after = String(characters[(attributeEnd ?? 0)...])
            let rest = after.replacingOccurrences(of: #"@\w+(\([^)]*\))?"#, with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty, ![",", "->", "where", "="].contains(where: rest.hasSuffix) { pending = nil }
        }
        return found
    }
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
/// so that only code is read: a note that mentions `Task.immediate` is prose, not a call. What a
/// string interpolates, `"\(Task.immediate)"`, is code and stays.
func codeOnly(_ source: String) -> [String] {
    var lines: [String] = []
    var current = ""
    var blockComments = 0
    /// Open string literals, innermost last: each with its quotes and hashes and, while inside an
    /// interpolation of it, the parentheses open there.
    var strings: [(multiline: Bool, hashes: Int, interpolation: Int?)] = []
    let characters = Array(source)
    var index = 0
    func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
    func isNewline(_ c: Character?) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }
    while index < characters.count {
        let character = characters[index]
        if isNewline(character) {
            lines.append(current)
            current = ""
            // A one-line string cannot go on past its line: a malformed one ends there.
            while let open = strings.last, !open.multiline, open.interpolation == nil { strings.removeLast() }
            index += 1
            continue
        }
        if blockComments > 0 {
            if character == "*", at(1) == "/" {
                blockComments -= 1
                index += 2
            } else if character == "/", at(1) == "*" {
                blockComments += 1
                index += 2
            } else {
                index += 1
            }
            continue
        }
        if let open = strings.last, open.interpolation == nil {
            // Inside a string's text.
            if character == "\\", (0..<open.hashes).allSatisfy({ at(1 + $0) == "#" }) {
                let next = at(1 + open.hashes)
                if next == "(" {
                    strings[strings.count - 1].interpolation = 1
                    index += 2 + open.hashes
                    continue
                }
                // An escaped character; a line continuation's newline stays a newline.
                index += isNewline(next) ? 1 + open.hashes : 2 + open.hashes
                continue
            }
            let quotes = open.multiline ? 3 : 1
            if character == "\"", (0..<quotes).allSatisfy({ at($0) == "\"" }),
                (0..<open.hashes).allSatisfy({ at(quotes + $0) == "#" })
            {
                strings.removeLast()
                current += "\""
                index += quotes + open.hashes
                continue
            }
            index += 1
            continue
        }
        // Code: the file's own, or an interpolation's.
        if let open = strings.last, let depth = open.interpolation {
            if character == "(" {
                strings[strings.count - 1].interpolation = depth + 1
            } else if character == ")" {
                strings[strings.count - 1].interpolation = depth == 1 ? nil : depth - 1
                if depth == 1 {
                    index += 1
                    continue
                }
            }
        }
        if character == "/", at(1) == "/" {
            while index < characters.count, !isNewline(characters[index]) { index += 1 }
            continue
        }
        if character == "/", at(1) == "*" {
            blockComments = 1
            index += 2
            continue
        }
        var opening = 0
        while at(opening) == "#" { opening += 1 }
        if at(opening) == "\"" {
            let multiline = at(opening + 1) == "\"" && at(opening + 2) == "\""
            strings.append((multiline, opening, nil))
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
