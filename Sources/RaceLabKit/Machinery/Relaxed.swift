import RaceLabAtomics

/// A 64-bit word shared by threads without ordering them: a relaxed atomic (see RaceLabAtomics.h).
/// For RaceLab's machinery that every thread of a demo touches: the lesson clock, a driver's tally.
/// With a lock there, ThreadSanitizer would see two threads that both `say` something as ordered,
/// and a race between them would go unreported (measured: exercise 3's lock-around-the-writes fix
/// passed 9 of 10 runs). The lesson clock's own words live in C static storage (RaceLabAtomics).
/// @unchecked Sendable: `word` is a `let`, read and written only with relaxed atomics.
public final class RelaxedWord: @unchecked Sendable {
    let word: OpaquePointer

    public init(_ value: UInt64 = 0) {
        guard let word = racelab_relaxed_create(value) else { fatalError("out of memory") }
        self.word = word
    }

    deinit { racelab_relaxed_destroy(word) }

    public var value: UInt64 {
        get { racelab_relaxed_load(word) }
        set { racelab_relaxed_store(word, newValue) }
    }

    /// Adds `amount`; returns the value before.
    @discardableResult
    public func add(_ amount: UInt64) -> UInt64 { racelab_relaxed_add(word, amount) }
}

/// A moment in lesson seconds, recorded by one thread and read by another without ordering them: a
/// driver's note of when the attendee's code did something. Nil until recorded.
public final class RelaxedMoment: Sendable {
    private let word = RelaxedWord(UInt64.max)

    public init() {}

    /// Records the lesson clock's now.
    public func record() { word.value = LessonClock.shared.now.bitPattern }

    public var value: Double? { word.value == UInt64.max ? nil : Double(bitPattern: word.value) }
}
