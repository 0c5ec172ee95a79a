import Foundation

/// Whether this process was built with ThreadSanitizer: its runtime exports `__tsan_init`.
public let isThreadSanitizerOn: Bool = { TSanRuntime.symbol("__tsan_init") != nil }()

/// ThreadSanitizer's annotations, looked up at run time: present when the process was built with
/// TSan, nil otherwise (then everything here is a no-op).
enum TSanRuntime {
    typealias Annotation = @convention(c) (UnsafePointer<CChar>?, Int32) -> Void

    static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if os(Linux)
            let everything = dlopen(nil, RTLD_NOW)
        #else
            let everything = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Apple platforms
        #endif
        return dlsym(everything, name)
    }

    private static func annotation(_ name: String) -> Annotation? {
        symbol(name).map { unsafeBitCast($0, to: Annotation.self) }
    }

    private static let begin = ["AnnotateIgnoreSyncBegin", "AnnotateIgnoreReadsBegin", "AnnotateIgnoreWritesBegin"].compactMap(annotation)
    private static let end = ["AnnotateIgnoreWritesEnd", "AnnotateIgnoreReadsEnd", "AnnotateIgnoreSyncEnd"].compactMap(annotation)

    /// Runs `body` so that ThreadSanitizer sees neither the synchronisation inside it (a lock taken
    /// there orders no threads) nor its memory accesses. For RaceLab's own bookkeeping only: the
    /// lesson clock, the narration, the drivers' tallies. They are shared by every thread of a demo,
    /// so a lock TSan could see would order the demo's threads and hide the very race a page teaches.
    static func unobserved<Result>(_ body: () throws -> Result) rethrows -> Result {
        for annotate in begin { annotate(#file, #line) }
        defer { for annotate in end { annotate(#file, #line) } }
        return try body()
    }
}
