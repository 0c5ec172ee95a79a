// A module not yet migrated, for LegacyCapture.swift and LegacyCapturePreconcurrency.swift: built in
// Swift 5 mode by the check and the page, before the file that imports it. Its class says nothing of
// Sendable: a class that may be shared between threads, or may not, for all the compiler knows.
import Dispatch

public final class LegacyLoader {
    public init() {}
    public var lastValue = 0

    public func load(_ completion: @escaping (Int) -> Void) {
        DispatchQueue.global().async { completion(42) }
    }
}
