import Foundation

/// One ThreadSanitizer warning, read from a page's stderr.
public struct TSanReport: Equatable {
    /// "data race", "heap-use-after-free", "thread leak", …
    public var kind: String
    public var accesses: [Access] = []
    /// The SUMMARY line, e.g. "data race /path/Person.swift:19:23 in $s…".
    public var summary: String = ""
    /// What memory it was: "global 'counter'", "heap block of size 24", … (nil when TSan did not say).
    public var location: String?
    /// TSan wrote the whole report, down to its SUMMARY line; a report without it was cut off (the
    /// process was stopped, or its output capped, while TSan was still writing).
    public var isComplete: Bool { !summary.isEmpty }
    /// Its lines were mixed with another report's (two threads reporting at once, or two processes
    /// writing to one stderr): a new report began before this one ended, a stack's frames are out of
    /// order, or a race has more than its two accesses. Nothing is read from it.
    public var isInterleaved = false
    /// Every stack of the report in order (the accesses', the location's, the threads'…), each with
    /// the line above it: where a warning that is not a race (a thread leak, a lock-order inversion)
    /// has its frames.
    public var sections: [Section] = []
    public var stacks: [[Frame]] { sections.map(\.frames) }

    public struct Section: Equatable {
        /// "Mutex M1 acquired here while holding mutex M0 in thread T1:", trimmed; "" for frames with none.
        public var heading: String
        public var frames: [Frame] = []
    }

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
        /// TSan named `<compiler-generated>` as its file: a thunk or an accessor the compiler wrote.
        public var compilerGenerated = false
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
    var mixedIn = false  // the report before was cut short by this one's start: both are mixed
    for raw in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = String(raw)
        if let range = line.range(of: "WARNING: ThreadSanitizer: ") {
            mixedIn = current != nil
            if mixedIn { current!.isInterleaved = true }
            finish()
            var kind = String(line[range.upperBound...])
            if let paren = kind.range(of: " (pid=") { kind = String(kind[..<paren.lowerBound]) }
            current = TSanReport(kind: kind)
            current!.isInterleaved = mixedIn
            continue
        }
        guard current != nil else {
            // A SUMMARY with no report open: it ends a report whose start another one's took over.
            if line.hasPrefix("SUMMARY: ThreadSanitizer: "), !reports.isEmpty {
                reports[reports.count - 1].isInterleaved = true
            }
            continue
        }
        if line.hasPrefix("SUMMARY: ThreadSanitizer: ") {
            current!.summary = String(line.dropFirst("SUMMARY: ThreadSanitizer: ".count))
            if current!.kind == "data race" && current!.accesses.count > 2 { current!.isInterleaved = true }
            finish()
        } else if let access = parseAccessHeading(line) {
            current!.accesses.append(access)
            current!.sections.append(.init(heading: line.trimmingCharacters(in: .whitespaces)))
            inAccess = true
        } else if line.hasPrefix("    #") || line.hasPrefix("  * #"), let frame = parseFrame(line) {
            if inAccess { current!.accesses[current!.accesses.count - 1].frames.append(frame) }
            if current!.sections.isEmpty { current!.sections.append(.init(heading: "")) }
            // A stack counts its frames from #0, one by one; a number out of turn is another stack's.
            if frameNumber(line) != current!.sections[current!.sections.count - 1].frames.count {
                current!.isInterleaved = true
            }
            current!.sections[current!.sections.count - 1].frames.append(frame)
        } else if line.hasPrefix("  "), !line.hasPrefix("    ") {
            // Another section: "Location is …", "Thread T1 …", "Mutex M1 acquired here …"
            inAccess = false
            current!.sections.append(.init(heading: line.trimmingCharacters(in: .whitespaces)))
            if current!.location == nil, let location = parseLocation(line) { current!.location = location }
        }
    }
    finish()
    return withAccessLines(reports)
}

/// A Swift access race names the function of its modifying access but not its line (TSan has none
/// for the access check). The same run's data race report on that access usually has it: the same
/// thread, in the same function of the same file. Only that line is taken; otherwise none is shown.
private func withAccessLines(_ reports: [TSanReport]) -> [TSanReport] {
    let known = reports.flatMap(\.accesses).compactMap { access -> (String, String, String, Int)? in
        guard let top = access.frames.first, let file = top.file, let line = top.line else { return nil }
        return (access.thread, top.symbol, file, line)
    }
    return reports.map { report in
        var report = report
        for index in report.accesses.indices {
            guard let top = report.accesses[index].frames.first, let file = top.file, top.line == nil else { continue }
            let thread = report.accesses[index].thread
            let lines = Set(known.filter { $0.0 == thread && $0.1 == top.symbol && $0.2 == file }.map(\.3))
            if lines.count == 1 { report.accesses[index].frames[0].line = lines.first }
        }
        return report
    }
}

/// "  Write of size 8 at 0x7b0c… by thread T3:", "  Previous read of size 8 at … by main thread:", or
/// for an exclusivity violation "  Modifying access of Swift variable at 0x… by thread T2:".
private func parseAccessHeading(_ line: String) -> TSanReport.Access? {
    guard line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":"),
        // (Xcode 9's TSan wrote "Modifying access at 0x…".)
        let what = line.range(of: " of size ") ?? line.range(of: " access of Swift variable at ")
            ?? line.range(of: " access at 0x"),
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

/// The N of a frame line's "#N".
private func frameNumber(_ line: String) -> Int? {
    guard let hash = line.firstIndex(of: "#") else { return nil }
    return Int(line[line.index(after: hash)...].prefix { $0.isNumber })
}

/// "  Location is global 'counter' of size 8 at 0x… (lesson4+0x…)" -> "global 'counter'";
/// "  Location is heap block of size 24 at 0x… allocated by thread T1:" -> "heap block of size 24".
func parseLocation(_ line: String) -> String? {
    guard let start = line.range(of: "Location is ") else { return nil }
    var text = String(line[start.upperBound...])
    for end in [" at 0x", " allocated by"] {
        if let range = text.range(of: end) { text = String(text[..<range.lowerBound]) }
    }
    if text.hasPrefix("global '"), let size = text.range(of: " of size ") { text = String(text[..<size.lowerBound]) }
    return text.trimmingCharacters(in: CharacterSet(charactersIn: ": "))
}

/// A frame as TSan prints it on Linux, symbolized by llvm-symbolizer:
/// "    #0 $s7lesson36PersonC10changeName… /path/Person.swift:19:23 (lesson3+0x1234) (BuildId: …)", the
/// path possibly holding spaces (it starts at the first " /" after the symbol); or on Apple's
/// platforms, symbolized by atos: "    #0 Person.changeName(first:last:) Person.swift:19 (lesson3:arm64+0x…)",
/// a demangled name, a bare file name, a line without a column, the image with its architecture; or
/// dladdr's fallback, "    #1 $s7lesson3… <null> (lesson3:x86_64+0x…)" and "    #0 <null> <null> (…)".
func parseFrame(_ line: String) -> TSanReport.Frame? {
    var text = line.trimmingCharacters(in: .whitespaces)
    // Xcode marks the frames that caused the issue: "  * #0 …".
    if text.hasPrefix("* ") { text = String(text.dropFirst(2)) }
    guard text.hasPrefix("#"), let space = text.firstIndex(of: " ") else { return nil }
    text = String(text[text.index(after: space)...])
    if let buildID = text.range(of: " (BuildId: ") { text = String(text[..<buildID.lowerBound]) }
    var module = ""
    if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
        module = String(text[open.upperBound..<text.index(before: text.endIndex)])
        if let plus = module.range(of: "+0x") { module = String(module[..<plus.lowerBound]) }
        // Darwin's "lesson3:arm64", "libdispatch.dylib:arm64e": the image, then its architecture.
        if let colon = module.range(of: ":", options: .backwards) { module = String(module[..<colon.lowerBound]) }
        text = String(text[..<open.lowerBound])
    }
    let split = text.range(of: " /") ?? text.range(of: " ", options: .backwards)
    guard let split, let place = sourcePlace(String(text[text.index(after: split.lowerBound)...])) else {
        return TSanReport.Frame(symbol: text, file: nil, line: nil, module: module)
    }
    let location = text[text.index(after: split.lowerBound)...]
    return TSanReport.Frame(
        symbol: String(text[..<split.lowerBound]), file: place.file, line: place.line, module: module,
        compilerGenerated: location.hasPrefix("<compiler-generated>") || location.hasPrefix("/<compiler-generated>"))
}

/// The source place after a frame's symbol, when that is what the text is: "/path/file.swift:19:23",
/// "/path/file.swift:19", "/path/file.swift" (an accessor: a file without a line is still the
/// project's), Darwin's bare "Person.swift:19" or "Person.swift"; a file of nil for "<null>",
/// "<null>:73675156", "<compiler-generated>", "/<compiler-generated>" and a C file without a line
/// ("crtstuff.c", a system library's). Nil when the text is no place (the end of a demangled name).
private func sourcePlace(_ location: String) -> (file: String?, line: Int?)? {
    if location.hasPrefix("<") || location.hasPrefix("/<") { return (nil, nil) }
    var parts = location.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    var numbers: [Int] = []
    while parts.count > 1, let number = Int(parts.last!) {
        numbers.insert(number, at: 0)
        parts.removeLast()
    }
    let file = parts.joined(separator: ":")
    if location.hasPrefix("/") { return (file, numbers.first) }
    // A relative path ("csu/../sysdeps/nptl/libc_start_call_main.h:58:16", a system library built
    // elsewhere): a place, but never the project's.
    if file.contains("/"), !file.contains(" "), !file.contains("("), !numbers.isEmpty || file.contains(".") {
        return (nil, nil)
    }
    // A bare name with a line ("Person.swift:17", a C++ header's "__hash_table:2122"), or a Swift
    // file's without one (an accessor has none); a C file without a line is a library's.
    guard !file.isEmpty, !file.contains("/"), !file.contains("("), !file.contains(" ") else { return nil }
    if !numbers.isEmpty { return (file, numbers.first) }
    if file.hasSuffix(".swift") { return (file, nil) }
    return [".c", ".m", ".mm", ".cpp", ".cc", ".h"].contains(where: { file.hasSuffix($0) }) ? (nil, nil) : nil
}
