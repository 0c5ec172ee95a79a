/// What one step of an explored thread touches: the shared locations it reads and writes, and the
/// locks it takes or lets go (a lock counts as a location it writes). Two steps of different threads
/// are independent when neither writes what the other reads or writes: run in either order, they leave
/// the same state, so the partial-order reduction runs only one of the two orders. A step whose
/// footprint is not given touches everything: it depends on every other step, as it must when nobody
/// said what it does.
public struct Footprint: Sendable, Equatable, CustomStringConvertible {
    public private(set) var reads: Set<String> = []
    public private(set) var writes: Set<String> = []
    /// The locks the step takes, and those it lets go (each also a location it writes).
    public private(set) var acquires: Set<String> = []
    public private(set) var releases: Set<String> = []
    /// Touches every location: dependent on every step.
    public private(set) var isEverything = false

    /// Touches nothing shared (a call, local work).
    public static let nothing = Footprint()
    public static let everything = Footprint(isEverything: true)

    public static func reads(_ locations: String...) -> Footprint { Footprint(reads: Set(locations)) }
    public static func writes(_ locations: String...) -> Footprint { Footprint(writes: Set(locations)) }
    /// Takes the lock named `name` (an ExplorableLock's `lock()`: the step that begins there).
    public static func acquires(_ names: String...) -> Footprint {
        Footprint(writes: Set(names.map(lockLocation)), acquires: Set(names))
    }
    /// Lets go of the lock named `name` (`unlock()`).
    public static func releases(_ names: String...) -> Footprint {
        Footprint(writes: Set(names.map(lockLocation)), releases: Set(names))
    }
    private static func lockLocation(_ name: String) -> String { "lock " + name }

    /// A thread's first step comes after the step that started it: the start is a location the one
    /// writes and the other reads.
    static func starts(_ thread: Int) -> Footprint { .writes("start of thread \(thread)") }
    static func startedAs(_ thread: Int) -> Footprint { .reads("start of thread \(thread)") }

    /// Both footprints: a step that does both.
    public static func + (lhs: Footprint, rhs: Footprint) -> Footprint {
        Footprint(
            reads: lhs.reads.union(rhs.reads), writes: lhs.writes.union(rhs.writes),
            acquires: lhs.acquires.union(rhs.acquires), releases: lhs.releases.union(rhs.releases),
            isEverything: lhs.isEverything || rhs.isEverything)
    }

    /// Whether the two steps' order can matter: one writes what the other reads or writes.
    public func conflicts(with other: Footprint) -> Bool {
        if isEverything || other.isEverything { return true }
        return !writes.isDisjoint(with: other.writes) || !writes.isDisjoint(with: other.reads)
            || !reads.isDisjoint(with: other.writes)
    }

    public var description: String {
        if isEverything { return "everything" }
        let parts = reads.sorted().map { "reads \($0)" } + writes.sorted().map { "writes \($0)" }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
