import Foundation
import RaceLabKit

// The one line that makes this file's locks the explorer's: a type of this module, even a private
// one, comes before the one Foundation exports, so `NSLock()` below makes an explorable lock, whose
// lock() is a point that names its line. `racelab explore` compiles the same typealias beside an
// exercise file, so there not even this line is added.
private typealias NSLock = ExplorableNSLock

/// Seats and who holds them, written the ordinary way: a dictionary behind an NSLock, every access
/// to it under the lock.
final class SeatMap: @unchecked Sendable {  // @unchecked: `holders` is read and written only under `lock`
    private let lock = NSLock()
    private var holders: [String: String] = [:]

    func isFree(_ seat: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return holders[seat] == nil
    }

    /// Checks that the seat is free, then takes it: each under the lock, in two critical sections.
    /// True when `name` was told the seat is theirs.
    func book(_ seat: String, for name: String) -> Bool {
        guard isFree(seat) else { return false }
        lock.lock()
        holders[seat] = name
        lock.unlock()
        return true
    }

    /// The check and the take in one critical section.
    func bookAtOnce(_ seat: String, for name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard holders[seat] == nil else { return false }
        holders[seat] = name
        return true
    }

    func holder(of seat: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return holders[seat]
    }
}
