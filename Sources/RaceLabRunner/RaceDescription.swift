import Foundation
import RaceLabContract

/// A TSan report in the terms of the project: which of its functions touched the memory, how, where.
public struct RaceDescription: Hashable, CustomStringConvertible {
    public struct Side: Hashable {
        /// e.g. `Person.changeName`, or the top frame's name when no frame is the project's.
        public var function: String
        public var operation: String
        /// Relative to the project root, with the line.
        public var file: String?
        public var line: Int?
        /// The frame is the project's though TSan printed no file for it (dladdr's fallback on Apple's platforms).
        public var inProject = false
        /// TSan gave no line, and `line` is where the closure or function it named opens (its body has
        /// more than one line): "closure" or "function".
        public var lineOpens: String?
        /// Every frame of the stack that is the project's and has a file and line, innermost first: where
        /// a driver's frames come first, the attendee's lines below them (`HandoverMarkName`).
        public var stack: [Line] = []

        public struct Line: Hashable {
            public var file: String
            public var line: Int
        }

        var place: String {
            file.map { path in
                line.map { "\(path):\($0)" + (lineOpens.map { ", in the \($0) it opens" } ?? "") } ?? path
            }
                ?? (inProject ? "in the project, no file printed" : "outside the project")
        }
    }

    public var kind: String
    public var sides: [Side]
    /// The memory raced on, as TSan names it: "global 'counter'", "heap block of size 24".
    public var location: String?
    /// Told to an attendee: the memory named only when it is a variable ("global 'counter'"), not by a
    /// heap block's size, which says nothing to them.
    public var forAttendee = false

    public init(kind: String, sides: [Side], location: String? = nil) {
        self.kind = kind
        self.sides = sides
        self.location = location
    }

    public var description: String {
        if isOnAHandover {
            let reader = sides.first { $0.operation == "read" } ?? sides[0]
            return "\(kind) on a hand-over: your code passed on, at \(reader.place), a value that a callback got on"
                + " another thread, and nothing ordered that callback before it"
        }
        guard isRace, sides.count == 2 else {
            if sides.count > 1 {
                // A lock-order inversion: each thread's side of the cycle.
                return kind + ": "
                    + sides.map { "\($0.function) \($0.operation) (\($0.place))" }.joined(separator: ", and ")
            }
            // A thread leak, a use after free: what it is, and where in the project.
            return kind + (sides.first.map { " in \($0.function) (\($0.place))" } ?? "")
        }
        let (now, before) = (sides[0], sides[1])
        let shown = forAttendee && (location?.hasPrefix("heap block") ?? false) ? nil : location
        let on = shown.map { " on \($0)" } ?? ""
        return "\(kind)\(on): \(now.function) \(verb(now.operation)) (\(now.place)) while \(before.function) "
            + "\(verb(before.operation)) (\(before.place)) on another thread"
    }

    private func verb(_ operation: String) -> String {
        switch operation {
        case "read": return "reads"
        case "write": return "writes"
        default: return operation
        }
    }

    /// A race on a driver's hand-over mark (`HandoverMarkName`): a value the attendee's code passed from
    /// the thread it got it on to another, with nothing ordering the two.
    public var isOnAHandover: Bool {
        isRace && sides.allSatisfy { $0.function.hasPrefix(HandoverMarkName.type + ".") }
    }

    /// "data race" and "Swift access race" (an exclusivity violation such as two `+=` at once) are
    /// both races between two threads; "thread leak", "heap-use-after-free" and the like are not.
    public var isRace: Bool { kind.contains("race") && sides.count == 2 }

    /// True when one side of the race is in `function`, as a transcript names it:
    /// `Person.changeName` (a method, accessor or static method: also matches
    /// `lesson3.Person.changeName`), `bump()` (a free function), `top-level code of main.swift`.
    public func involves(_ function: String) -> Bool {
        if function.hasSuffix("()") {
            let name = String(function.dropLast(2))
            return sides.contains { $0.function == name }
        }
        return sides.contains { $0.function == function || $0.function.hasSuffix("." + function) }
    }
}

/// Describes `reports` with demangled names; a frame counts as the project's when its file lies under
/// `root`, or, as Apple's platforms print it, when its bare file name or its module is the project's
/// (`ProjectFrames`; when not given, made from `program`'s sources, or the whole project's).
public func describe(
    _ reports: [TSanReport], root: String, project: ProjectFrames? = nil, program: [Subject.SourceFolder]? = nil,
    executable: String? = nil,
    demangler: Demangler = Demangler()
) -> [RaceDescription] {
    let globals = reports.compactMap { $0.location.flatMap(globalSymbol) }
    let symbols = reports.flatMap { $0.stacks.flatMap { $0.map(\.symbol) } } + globals
    let names = demangler.demangle(symbols)
    /// "global '$s7lesson45StatsC5countSivpZ'" -> "global 'Stats.count'"
    func readable(_ location: String?) -> String? {
        guard let location, let symbol = globalSymbol(location), let name = names[symbol] else { return location }
        return location.replacingOccurrences(of: symbol, with: functionName(name))
    }
    // The project's files are read only when a report names a file by its bare name (Apple's platforms).
    let frames = reports.flatMap { $0.stacks.joined() + $0.accesses.flatMap(\.frames) }
    let bareNames = frames.contains { $0.file.map { !$0.hasPrefix("/") } ?? false }
    let project =
        project
        ?? (!bareNames
            ? ProjectFrames(root: root, files: [])
            : program.flatMap { $0.isEmpty ? nil : ProjectFrames(root: root, program: $0) }
                ?? executable.flatMap { ProjectFrames(root: root, namedIn: $0) } ?? ProjectFrames(root: root))
    func side(_ frames: [TSanReport.Frame], operation: String) -> RaceDescription.Side {
        let own = frames.lazy.compactMap { frame in project.place(of: frame).map { (frame, $0) } }.first
        guard let frame = own?.0 ?? frames.first else { return .init(function: "(no stack)", operation: operation) }
        var function = project.withoutModule(functionName(names[frame.symbol] ?? frame.symbol))
        let place = own?.1
        var file = place?.file
        if let place, place.file == nil, let bare = frame.file {
            // Two project files have that name and the program does not tell which: say so.
            file = "\(bare) (\(ambiguity(place.ambiguous)))"
        }
        let fileName = (place?.file ?? frame.file).map { ($0 as NSString).lastPathComponent }
        // Top-level code is the C entry point `main`; a closure in it is "closure #1 in <module>".
        let module = frame.module.replacingOccurrences(of: "-", with: "_")
        if frame.symbol == "<null>" {
            function = "(a frame TSan could not name, in \(frame.module.isEmpty ? "an unknown image" : frame.module))"
        } else if function.isEmpty || function == "main"
            || (!frame.module.isEmpty && (function == frame.module || function == module))
        {
            function = "top-level code of \(fileName ?? "main.swift")"
        }
        var made = RaceDescription.Side(
            function: function, operation: operation, file: file, line: own?.0.line, inProject: own != nil)
        made.stack = frames.compactMap { frame -> RaceDescription.Side.Line? in
            guard let line = frame.line, let file = project.place(of: frame)?.file else { return nil }
            return RaceDescription.Side.Line(file: file, line: line)
        }
        if made.line == nil, own != nil, let file {
            if let found = bodyLine(names[frame.symbol] ?? frame.symbol, in: root + "/" + file) {
                (made.line, made.lineOpens) = (found.line, found.opens)
            }
        }
        return made
    }
    return reports.map { report in
        let locking = report.sections.compactMap { section in
            lockTaken(section.heading).flatMap { section.frames.isEmpty ? nil : side(section.frames, operation: $0) }
        }
        if report.accesses.isEmpty, !locking.isEmpty {
            // A lock-order inversion: each "acquired here while holding" stack is one side of the cycle.
            return RaceDescription(kind: report.kind, sides: locking)
        }
        if report.accesses.isEmpty {
            // Not a race between two accesses: name the first project frame of any of its stacks.
            let stack =
                report.stacks.first { $0.contains { project.place(of: $0) != nil } } ?? report.stacks.first ?? []
            return RaceDescription(
                kind: report.kind, sides: stack.isEmpty ? [] : [side(stack, operation: report.kind)],
                location: readable(report.location))
        }
        let sides = report.accesses.prefix(2).map { side($0.frames, operation: $0.operation) }
        return RaceDescription(kind: report.kind, sides: Array(sides), location: readable(report.location))
    }
}

/// The line of the closure or function `demangled` names, for an access TSan gave no line (a Swift
/// access race's check has none): the one line of its body when it has one (or the one that uses a
/// variable), else the line it opens on.
private func bodyLine(_ demangled: String, in path: String) -> (line: Int, opens: String?)? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let lines = Runner.codeLines(text)
    let body: (opens: Int, closes: Int, what: String)
    if let closure = Runner.closure(named: demangled, in: text) {
        body = (closure.opens, closure.closes, "closure")
    } else if !demangled.contains("closure #"), let name = functionName(demangled).split(separator: ".").last,
        let found = Runner.body(ofFunction: String(name), in: lines), let first = found.first, let last = found.last
    {
        body = (first + 1, last + 1, "function")
    } else {
        return nil
    }
    if body.opens == body.closes { return (body.opens, nil) }
    let inside = (body.opens + 1..<max(body.opens + 1, body.closes)).filter {
        !lines[$0 - 1].trimmingCharacters(in: .whitespaces).isEmpty
    }
    if inside.count == 1 { return (inside[0], nil) }
    // What races is a variable: the one line of the body that uses one the file declares with `var`.
    let variables = Set(
        lines.flatMap { line -> [String] in
            let words = Runner.words(in: line[...])
            return zip(words, words.dropFirst()).filter { $0.0 == "var" }.map(\.1)
        })
    let touching = inside.filter { Runner.words(in: lines[$0 - 1][...]).contains(where: variables.contains) }
    return touching.count == 1 ? (touching[0], nil) : (body.opens, body.what)
}

/// "one of 14 project files of that name: A, B, C and 11 more": a verdict names at most three.
func ambiguity(_ candidates: [String]) -> String {
    let shown = candidates.prefix(3).joined(separator: ", ")
    let more = candidates.count > 3 ? " and \(candidates.count - 3) more" : ""
    return "one of \(candidates.count) project files of that name: \(shown)\(more)"
}

/// "Mutex M1 acquired here while holding mutex M0 in thread T1:" -> "takes M1 while holding M0".
func lockTaken(_ heading: String) -> String? {
    let words = heading.split(separator: " ")
    guard heading.contains(" acquired here while holding mutex "), words.count >= 8, words[0] == "Mutex" else {
        return nil
    }
    return "takes \(words[1]) while holding \(words[7])"
}

/// The mangled name inside "global '$s…'", if that is what the location is.
private func globalSymbol(_ location: String) -> String? {
    guard location.hasPrefix("global '"), location.hasSuffix("'") else { return nil }
    let symbol = String(location.dropFirst("global '".count).dropLast())
    return symbol.hasPrefix("$s") ? symbol : nil
}
