import Foundation

/// One ThreadSanitizer warning, read from a page's stderr.
public struct TSanReport: Equatable {
    /// "data race", "heap-use-after-free", "thread leak", …
    public var kind: String
    public var accesses: [Access] = []
    /// The SUMMARY line, e.g. "data race /path/Person.swift:19:23 in $s…".
    public var summary: String = ""

    public struct Access: Equatable {
        /// "write", "read", "atomic write", …
        public var operation: String
        /// "T3", or "main thread".
        public var thread: String
        public var frames: [Frame]
    }

    public struct Frame: Equatable {
        public var symbol: String
        /// A source file path, or nil when TSan had none (`<null>`, a library).
        public var file: String?
        public var line: Int?
        public var module: String
    }
}

/// Reads every `WARNING: ThreadSanitizer:` block of `stderr`.
public func parseTSanReports(_ stderr: String) -> [TSanReport] {
    var reports: [TSanReport] = []
    var current: TSanReport?
    var inAccess = false
    func finish() {
        if let report = current { reports.append(report) }
        current = nil
        inAccess = false
    }
    for raw in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = String(raw)
        if let range = line.range(of: "WARNING: ThreadSanitizer: ") {
            finish()
            var kind = String(line[range.upperBound...])
            if let paren = kind.range(of: " (pid=") { kind = String(kind[..<paren.lowerBound]) }
            current = TSanReport(kind: kind)
            continue
        }
        guard current != nil else { continue }
        if line.hasPrefix("SUMMARY: ThreadSanitizer: ") {
            current!.summary = String(line.dropFirst("SUMMARY: ThreadSanitizer: ".count))
            finish()
        } else if let access = parseAccessHeading(line) {
            current!.accesses.append(access)
            inAccess = true
        } else if line.hasPrefix("    #"), inAccess, let frame = parseFrame(line) {
            current!.accesses[current!.accesses.count - 1].frames.append(frame)
        } else if line.hasPrefix("  "), !line.hasPrefix("    ") {
            inAccess = false  // another section: "Location is …", "Thread T1 …", "As if synchronized via sleep:"
        }
    }
    finish()
    return reports
}

/// "  Write of size 8 at 0x7b0c… by thread T3:", "  Previous read of size 8 at … by main thread:", or
/// for an exclusivity violation "  Modifying access of Swift variable at 0x… by thread T2:".
private func parseAccessHeading(_ line: String) -> TSanReport.Access? {
    guard line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":"),
        let what = line.range(of: " of size ") ?? line.range(of: " access of Swift variable at "),
        let byRange = line.range(of: " by ", range: what.upperBound..<line.endIndex)
    else { return nil }
    var operation = line[..<what.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
    if operation.hasPrefix("previous ") { operation = String(operation.dropFirst("previous ".count)) }
    if operation == "modifying" { operation = "write" }
    // Only the two accesses; "Location is heap block of size …" has the same shape and is no access.
    guard ["read", "write", "atomic read", "atomic write"].contains(operation) else { return nil }
    var thread = line[byRange.upperBound...]
    if thread.hasPrefix("main thread") {
        thread = "main thread"
    } else {
        if thread.hasPrefix("thread ") { thread = thread.dropFirst("thread ".count) }
        thread = thread.prefix { $0 != ":" && $0 != " " }
    }
    return TSanReport.Access(operation: operation, thread: String(thread), frames: [])
}

/// "    #0 $s7lesson36PersonC10changeName… /path/Person.swift:19:23 (lesson3+0x1234) (BuildId: …)"
func parseFrame(_ line: String) -> TSanReport.Frame? {
    var text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("#"), let space = text.firstIndex(of: " ") else { return nil }
    text = String(text[text.index(after: space)...])
    if let buildID = text.range(of: " (BuildId: ") { text = String(text[..<buildID.lowerBound]) }
    var module = ""
    if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
        module = String(text[open.upperBound..<text.index(before: text.endIndex)])
        if let plus = module.range(of: "+0x") { module = String(module[..<plus.lowerBound]) }
        text = String(text[..<open.lowerBound])
    }
    guard let lastSpace = text.lastIndex(of: " ") else {
        return TSanReport.Frame(symbol: text, file: nil, line: nil, module: module)
    }
    let symbol = String(text[..<lastSpace])
    let location = String(text[text.index(after: lastSpace)...])
    var file: String?
    var lineNumber: Int?
    let parts = location.split(separator: ":")
    if location.hasPrefix("/"), !location.hasPrefix("/<") {
        file = String(parts[0])  // a file without a line is still the project's (an accessor, say)
        lineNumber = parts.count >= 2 ? Int(parts[1]) : nil
    }
    return TSanReport.Frame(symbol: symbol, file: file, line: lineNumber, module: module)
}
