import Foundation

/// Turns Swift symbols into readable names with the toolchain's own `swift demangle --simplified`:
/// `$s7lesson36PersonC10changeName…` becomes `Person.changeName(firstName:lastName:)`.
public struct Demangler {
    public init() {}

    /// Demangles every symbol in one call of the tool. Names it cannot demangle stay as they are.
    public func demangle(_ symbols: [String]) -> [String: String] {
        let swiftSymbols = Array(Set(symbols.filter { $0.hasPrefix("$s") || $0.hasPrefix("_$s") }))
        guard !swiftSymbols.isEmpty, let tool = Self.tool else {
            return Dictionary(uniqueKeysWithValues: Set(symbols).map { ($0, $0) })
        }
        let result = runProcess(
            tool.executable, arguments: tool.arguments + ["--simplified"],
            input: swiftSymbols.joined(separator: "\n") + "\n", timeout: 30, outputCap: 16 << 20)
        let names = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = Dictionary(uniqueKeysWithValues: Set(symbols).map { ($0, $0) })
        if result.succeeded, names.count >= swiftSymbols.count {
            for (symbol, name) in zip(swiftSymbols, names) { table[symbol] = name }
        }
        return table
    }

    /// `swift-demangle` next to the `swift` on PATH (or named by SWIFT_EXEC's folder), else `swift demangle`.
    static let tool: (executable: String, arguments: [String])? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let direct = "\(folder)/swift-demangle"
            if FileManager.default.isExecutableFile(atPath: direct) { return (direct, []) }
            let swift = "\(folder)/swift"
            if FileManager.default.isExecutableFile(atPath: swift) { return (swift, ["demangle"]) }
        }
        return nil
    }()
}

/// The part of a demangled name that says which function it is: closures, thunks, argument labels
/// and generic parameters removed. `closure #1 in Person.changeName(firstName:lastName:)` becomes
/// `Person.changeName`; `Person.name.getter` stays.
///
/// Darwin's `atos` also names the pieces the compiler splits an async function into, which Linux's
/// reports never show: `(1) suspend resume partial function for X` (the code after an `await`),
/// `(2) await resume partial function for X`, `async function pointer to X`: each reads as the
/// function X it names. A conformance's `protocol witness for P.m(…) in conformance T : P in module`
/// reads as `T.m`, the conforming type's own member, which is what the project wrote.
public func functionName(_ demangled: String) -> String {
    var name = demangled
    let prefixes = [
        "partial apply for ", "partial apply forwarder for ", "implicit closure #", "closure #",
        "reabstraction thunk helper from ", "thunk for ", "specialized ", "merged ", "outlined ",
        "async function pointer to ", "dispatch thunk of ",
    ]
    let witnessPrefix = "protocol witness for "
    var changed = true
    while changed {
        changed = false
        if let resumed = withoutResumePrefix(name) {
            name = resumed
            changed = true
        }
        for prefix in prefixes where name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
            if let inRange = name.range(of: " in "), prefix.hasSuffix("#") {
                name = String(name[inRange.upperBound...])
            }
            changed = true
        }
        if name.hasPrefix(witnessPrefix), let conformance = name.range(of: " in conformance ") {
            name = witnessed(
                requirement: String(
                    name[name.index(name.startIndex, offsetBy: witnessPrefix.count)..<conformance.lowerBound]),
                conformance: String(name[conformance.upperBound...]))
            changed = true
        }
    }
    for word in ["static ", "class "] where name.hasPrefix(word) { name = String(name.dropFirst(word.count)) }
    if let paren = name.firstIndex(of: "(") { name = String(name[..<paren]) }
    if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
    if let colon = name.range(of: " : ") { name = String(name[..<colon.lowerBound]) }
    return name.trimmingCharacters(in: .whitespaces)
}

/// The name an async function's resumption is a part of: "(1) suspend resume partial function for X"
/// or "(2) await resume partial function for X" gives X; nil when `name` is not a resumption's.
func withoutResumePrefix(_ name: String) -> String? {
    guard
        let resume = name.range(
            of: #"^\(\d+\) (suspend|await) resume partial function for "#, options: .regularExpression)
    else { return nil }
    return String(name[resume.upperBound...])
}

/// A witness's requirement, `Renamable.changeName(first:)` (or `lesson3.Renamable.name.getter : Swift.String`),
/// and its conformance, `Person` (or `lesson3.Person : lesson3.Renamable in lesson3`), as the conforming
/// type's member: `Person.changeName(first:)`.
private func witnessed(requirement: String, conformance: String) -> String {
    var requirement = requirement
    if let type = requirement.range(of: " : ") { requirement = String(requirement[..<type.lowerBound]) }
    for word in ["static ", "class "] where requirement.hasPrefix(word) { requirement.removeFirst(word.count) }
    let parts = conformance.components(separatedBy: " : ")
    // `Box<A>`: the type without its generic arguments, which the name's own cut at "<" would take with it.
    let type = String(parts[0].prefix { $0 != "<" })
    // The protocol is the requirement's first part: named in the conformance, or the first component.
    let named = parts.count > 1 ? parts[1].components(separatedBy: " in ")[0] : nil
    var member = Substring(requirement)
    if let named, member.hasPrefix(named + ".") {
        member = member.dropFirst(named.count + 1)
    } else if let dot = member.prefix(while: { $0 != "(" }).firstIndex(of: ".") {
        member = member[member.index(after: dot)...]
    }
    return "\(type).\(member)"
}
