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
public func functionName(_ demangled: String) -> String {
    var name = demangled
    let prefixes = [
        "partial apply for ", "implicit closure #", "closure #", "reabstraction thunk helper from ",
        "thunk for ", "specialized ", "merged ", "outlined ",
    ]
    var changed = true
    while changed {
        changed = false
        for prefix in prefixes where name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
            if let inRange = name.range(of: " in "), prefix.hasSuffix("#") {
                name = String(name[inRange.upperBound...])
            }
            changed = true
        }
    }
    for word in ["static ", "class "] where name.hasPrefix(word) { name = String(name.dropFirst(word.count)) }
    if let paren = name.firstIndex(of: "(") { name = String(name[..<paren]) }
    if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
    if let colon = name.range(of: " : ") { name = String(name[..<colon.lowerBound]) }
    return name.trimmingCharacters(in: .whitespaces)
}
