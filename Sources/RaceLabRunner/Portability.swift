// portable (whole file): the list of Linux-only calls below is what the check looks for.
import Foundation

/// What would break on a Mac, found on any machine: RaceLab is tested on Linux, and most attendees
/// bring a Mac, so `scripts/test` runs these checks (`racelab portability`) and fails on what they find.
public struct PortabilityProblem: Equatable, CustomStringConvertible {
    /// "Sources/RaceLab", "scripts/bench:44", "Package.swift".
    public var place: String
    public var problem: String

    public var description: String { "\(place): \(problem)" }
}

/// Groups of names that are one name to a case-insensitive file system (APFS, macOS's default): a
/// clone there puts both in one folder, or a build writes both to one file. Each group lists its
/// spellings, sorted; names spelt the same are one name.
public func caseCollisions(_ names: [String]) -> [[String]] {
    var byFolded: [String: Set<String>] = [:]
    for name in names { byFolded[name.lowercased(), default: []].insert(name) }
    return byFolded.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
}

/// Every path with each folder that leads to it: `a/b/c.swift` gives `a`, `a/b` and `a/b/c.swift`,
/// so two folders that differ in case are found even when no two files do.
public func pathsWithTheirFolders(_ files: [String]) -> [String] {
    var all = Set<String>()
    for file in files {
        var prefix = ""
        for part in file.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            all.insert(prefix)
        }
    }
    return all.sorted()
}

/// The names a build writes side by side in one folder, from `swift package dump-package`'s JSON:
/// each target (its `NAME.build` folder), its module (`-` becomes `_`), each product (an executable
/// target is a product of its own name, its binary beside the modules).
public func buildNames(fromManifestJSON json: Data) -> (names: [String], platforms: [String])? {
    guard let manifest = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
        let targets = manifest["targets"] as? [[String: Any]]
    else { return nil }
    var names: [String] = []
    for target in targets {
        guard let name = target["name"] as? String else { continue }
        names.append(name)
        let module = name.replacingOccurrences(of: "-", with: "_")
        if module != name { names.append(module) }
    }
    for product in manifest["products"] as? [[String: Any]] ?? [] {
        if let name = product["name"] as? String { names.append(name) }
    }
    let platforms = (manifest["platforms"] as? [[String: Any]] ?? []).compactMap { platform -> String? in
        guard let name = platform["platformName"] as? String else { return nil }
        return "\(name) \(platform["version"] as? String ?? "?")"
    }
    return (names, platforms)
}

/// A line may say why a use that looks unportable is fine: `// portable: skipped where /proc is
/// missing` in Swift, `# portable: …` in a script; a file, in its first lines, `// portable (whole
/// file): …`. The reason is read by a reviewer, not by this check.
let portableMarker = "portable:"
let portableFileMarker = "portable (whole file):"

/// Linux-only uses in Swift source: each must sit in an `#if` branch that only Linux takes
/// (`os(Linux)`, `canImport(Glibc)`, `canImport(FoundationNetworking)`, or the `#else` of a Darwin
/// condition), or carry a `portable:` comment.
public func linuxOnlyUses(in source: String, file: String) -> [PortabilityProblem] {
    let uses: [(token: String, why: String)] = [
        ("import Glibc", "Glibc is Linux's C library (Darwin on Apple platforms; Foundation brings either)"),
        ("Glibc.", "Glibc is Linux's C library"),
        ("import FoundationNetworking", "FoundationNetworking exists only in swift-corelibs-foundation"),
        ("/proc/", "/proc does not exist on macOS"),
        ("sched_getaffinity", "Linux only"), ("sched_getcpu", "Linux only"), ("gettid(", "Linux only"),
        ("prctl(", "Linux only"), ("personality(", "Linux only"), ("SIGRTMIN", "Linux only"),
        ("epoll_", "Linux only"), ("eventfd(", "Linux only"), ("inotify_", "Linux only"),
    ]
    var problems: [PortabilityProblem] = []
    if source.split(separator: "\n").prefix(5).contains(where: { $0.contains(portableFileMarker) }) { return [] }
    let linuxOnly = linuxOnlyLines(source)
    for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if linuxOnly[index] || raw.contains(portableMarker) { continue }
        let code = withoutComment(String(raw))
        for use in uses where code.contains(use.token) {
            problems.append(
                .init(
                    place: "\(file):\(index + 1)",
                    problem:
                        "\(use.token.trimmingCharacters(in: CharacterSet(charactersIn: "(."))): \(use.why); put it under #if os(Linux) or canImport(…)"
                ))
            break
        }
    }
    return problems
}

/// For each line of a Swift source: is it compiled only on Linux (inside an `#if` branch that only
/// Linux takes)? The `#if`, `#else` and `#endif` lines themselves count as true: they are not code.
func linuxOnlyLines(_ source: String) -> [Bool] {
    var result: [Bool] = []
    // One frame per open #if: does the branch we are in run only on Linux?
    var linuxOnly: [Bool] = []
    var conditions: [String] = []
    for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        var directive = true
        if line.hasPrefix("#if ") {
            conditions.append(String(line.dropFirst(4)))
            linuxOnly.append(takenOnlyOnLinux(String(line.dropFirst(4))))
        } else if line.hasPrefix("#elseif "), !linuxOnly.isEmpty {
            linuxOnly[linuxOnly.count - 1] = takenOnlyOnLinux(String(line.dropFirst(8)))
        } else if line.hasPrefix("#else"), let condition = conditions.last {
            linuxOnly[linuxOnly.count - 1] = !linuxOnly[linuxOnly.count - 1] && excludesLinux(condition)
        } else if line.hasPrefix("#endif"), !linuxOnly.isEmpty {
            linuxOnly.removeLast()
            conditions.removeLast()
        } else {
            directive = false
        }
        result.append(directive || linuxOnly.contains(true))
    }
    return result
}

private func takenOnlyOnLinux(_ condition: String) -> Bool {
    // `#if !canImport(Darwin)`: every system but Apple's, Linux among them.
    let negated = condition.trimmingCharacters(in: .whitespaces)
    if negated.hasPrefix("!"), !negated.contains("&&"), !negated.contains("||"),
        excludesLinux(String(negated.dropFirst()))
    {
        return true
    }
    guard !condition.contains("!"), !condition.contains("||") else { return false }
    return ["os(Linux)", "canImport(Glibc)", "canImport(FoundationNetworking)", "canImport(Musl)"].contains {
        condition.contains($0)
    }
}

/// A condition true on every Apple platform and never on Linux: its `#else` is Linux's (and the
/// other non-Apple systems').
private func excludesLinux(_ condition: String) -> Bool {
    guard !condition.contains("!"), !condition.contains("&&") else { return false }
    return ["canImport(Darwin)", "canImport(ObjectiveC)", "os(macOS)"].contains { condition.contains($0) }
        && condition.components(separatedBy: "||").allSatisfy { part in
            [
                "canImport(Darwin)", "canImport(ObjectiveC)", "os(macOS)", "os(iOS)", "os(tvOS)", "os(watchOS)",
                "os(visionOS)",
            ]
            .contains { part.contains($0) }
        }
}

/// A Swift line without its `//` comment (a `//` inside a string literal, as in "http://", stays).
func withoutComment(_ line: String) -> String {
    var inString = false
    var previous: Character = " "
    for (offset, character) in line.enumerated() {
        if character == "\"", previous != "\\" { inString.toggle() }
        if !inString, character == "/", previous == "/" { return String(line.prefix(offset - 1)) }
        previous = character
    }
    return line
}

/// Shell that runs on Linux's bash 5 and GNU tools but not on macOS's bash 3.2 and BSD tools. A line
/// that checks for the tool first (`command -v timeout`) or says why it is fine (`# portable: …`)
/// passes.
public func unportableShell(in script: String, file: String) -> [PortabilityProblem] {
    let patterns: [(pattern: String, why: String)] = [
        (#"\bnproc\b"#, "nproc is GNU coreutils; getconf _NPROCESSORS_ONLN works on both"),
        (#"EPOCHREALTIME|EPOCHSECONDS"#, "bash 5 only; macOS has bash 3.2"),
        (#"\b(mapfile|readarray|coproc)\b"#, "bash 4 or later only"),
        (#"\b(declare|local|typeset) -[a-zA-Z]*[An]"#, "associative arrays and namerefs need bash 4 or later"),
        (#"\$\{[A-Za-z_][A-Za-z_0-9]*(,,|\^\^)"#, "case conversion needs bash 4 or later"),
        (#"(&>>|\|&)"#, "bash 4 or later only"),
        (#"\bwait -n\b"#, "bash 4.3 or later only"),
        (#"\breadlink -f\b"#, "GNU readlink; macOS's before 12.3 has no -f"),
        (#"\bdate [^|;]*%N"#, "%N is GNU date's"),
        (
            #"\bsed\s+(-[a-zA-Z]+\s+)*-[a-zA-Z]*i(\s|$)"#,
            "GNU and BSD sed take -i differently; write to a temporary file"
        ),
        (#"\bgrep -[a-zA-Z]*P"#, "grep -P is GNU grep's"),
        (#"\bstat -c\b"#, "stat -c is GNU's (BSD: stat -f)"),
        (#"\bxargs -[a-zA-Z]*r"#, "xargs -r is GNU's"),
        (#"-printf\b"#, "find -printf is GNU's"),
        (
            #"(^\s*|[;&|(!]\s*|\b(then|do|if|while|until|else|exec|env)\s+|\w+=\S*\s+)timeout\s"#,
            "timeout is GNU coreutils (gtimeout with Homebrew); check with command -v first"
        ),
        (#"\[\[ -v |\$\{\w+\[-\d+\]\}|;;&|shopt -s globstar"#, "bash 4 or later only"),
        (#"\b(tac|shuf|numfmt)\b"#, "GNU coreutils only"),
    ]
    var problems: [PortabilityProblem] = []
    for (index, raw) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(raw)
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") || line.contains(portableMarker) || line.contains("command -v") { continue }
        let code = line.components(separatedBy: " # ").first ?? line
        for entry in patterns where code.range(of: entry.pattern, options: .regularExpression) != nil {
            problems.append(.init(place: "\(file):\(index + 1)", problem: entry.why))
        }
    }
    return problems
}
