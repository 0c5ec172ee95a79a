// The hazards of pages 2 and 3: a lazy property, and a dictionary whose every access is locked.
import Foundation
import RaceLabKit

/// What a lazy initializer builds: numbered in the order they were made.
final class Theme: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// WWDC 2016: "lazy properties of your classes aren't atomic either ... your lazy initializer may
/// actually run twice". Racy on purpose (page 2).
/// @unchecked Sendable: racy on purpose: page 2's lazy `theme` is made twice.
final class Settings: @unchecked Sendable {
    private let made = RelaxedWord()  // counts themes without ordering the threads that make them
    lazy var theme: Theme = loadTheme()

    private func loadTheme() -> Theme {
        let number = Int(made.add(1)) + 1
        say("the lazy initializer runs: making theme #\(number)")
        sleep(lessonSeconds: 0.5)  // reading a theme file takes a moment
        return Theme(number: number)
    }

    var themesMade: Int { Int(made.value) }
}

/// A dictionary whose every single read and write holds a lock: no data race, TSan has nothing to
/// say. A check on it followed by an act is still two steps (page 3). Its lock is RaceLab's
/// `ExplorableLock`, an `NSLock` that the schedule explorer also knows (page 12).
/// @unchecked Sendable: `storage` is read and written under `lock`.
final class LockedDictionary<Value>: @unchecked Sendable {
    private let lock = ExplorableLock()
    private var storage: [String: Value] = [:]

    subscript(key: String) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storage[key]
        }
        set {
            lock.lock()
            storage[key] = newValue
            lock.unlock()
        }
    }

    /// The check and the act in one critical section: the first caller makes the value, every later
    /// caller (one that waited included) gets that one.
    func value(forKey key: String, orMake make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value = storage[key] { return value }
        let value = make()
        storage[key] = value
        return value
    }
}
