// What lesson 12's pages run, in Swift 6 language mode: the Swift 6 ways (an actor, a task group, a
// value sent into a task) and the two escape hatches, which compile and race (pages 5 and 6).
import Foundation
import RaceLabKit

#if canImport(Synchronization)
    import Synchronization
#endif

let newNames = [
    ("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed"), ("Freddie", "Frost"), ("Gina", "Gregory"),
]
let wholeNames = Set(newNames.map { "\($0) \($1)" } + ["Alison Anderson"])

/// A person that five tasks can rename at once: the actor (page 1) or the broken promise (page 5).
protocol Renamable: Sendable {
    func changeName(firstName: String, lastName: String) async
    var name: String { get async }
}

/// Lesson 3's Person as an actor. `changeName` keeps the classic's slow steps, and they block: an actor
/// runs one of its methods at a time, to the end or to an `await`, so nothing gets between the two
/// writes. (With an `await` between them, another rename could: lesson 13.)
actor ActorPerson: Renamable {
    private var firstName: String
    private var lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        self.firstName = firstName
        randomDelay(upTo: 1.0)
        self.lastName = lastName
    }

    var name: String { "\(firstName) \(lastName)" }
}

/// Lesson 3's racy Person with the promise Swift 6 takes on trust: "@unchecked Sendable" and no lock.
/// @unchecked Sendable: racy on purpose: page 5 shows TSan catching the broken promise.
final class UncheckedPerson: Renamable, @unchecked Sendable {
    private var firstName: String
    private var lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        self.firstName = firstName  // racy on purpose: page 5 writes this from five tasks
        randomDelay(upTo: 1.0)
        self.lastName = lastName  // racy on purpose
    }

    var name: String { "\(firstName) \(lastName)" }  // racy on purpose: read while other tasks write
}

/// Marks a name that is half one rename and half another.
func shown(_ name: String) -> String {
    wholeNames.contains(name) ? name : "\(name)   <- torn!"
}

/// Lesson 3's five renames, as five child tasks: each renames `person` (after a small stagger) and reads
/// the name back; when all are done, the final name is read. Returns how many of the six names tore.
func renameFiveTimes(_ person: some Renamable) async -> Int {
    let names = await withTaskGroup(of: String.self, returning: [String].self) { group in
        for (index, (first, last)) in newNames.enumerated() {
            group.addTask {
                sleep(lessonSeconds: 0.01 * Double(index))
                await person.changeName(firstName: first, lastName: last)
                let name = await person.name
                say("Current name: \(shown(name))")
                return name
            }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    let final = await person.name
    say("Final name: \(shown(final))")
    return (names + [final]).filter { !wholeNames.contains($0) }.count
}

/// Page 2's counter: the count inside an actor.
actor CountingActor {
    private(set) var value = 0
    func increment() { value += 1 }
}
let bumpsPerTask = 2_000

/// Page 3: six images filtered in a task group; only the parent collects them.
func filterSix() async -> [Image] {
    await withTaskGroup(of: Image.self, returning: [Image].self) { group in
        for number in 1...6 {
            group.addTask {
                // The filter's slow work, as a suspension: a task that blocks its thread holds one of
                // the few the cooperative pool has (lesson 13).
                try? await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(0.2) * 1e9))
                return Image.generated(number).blurred()
            }
        }
        var filteredImages: [Image] = []
        for await image in group { filteredImages.append(image) }
        return filteredImages
    }
}

/// Page 7: lesson 6's pairs, and lesson 8's article pairs.
let sixPairs = [(1, 5), (5, 8), (6, 1), (3, 9), (6, 12), (1, 0)]
let fivePairs = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]

/// Lesson 6's slow add as a suspension: a lesson second of `Task.sleep`, which throws if the task is
/// cancelled meanwhile.
func slowAddSuspending(_ lhs: Int, _ rhs: Int) async throws -> Int {
    try await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(1) * 1e9))
    return lhs + rhs
}

/// Every pair's sum, each in a child task of one group, in the pairs' order.
func sumAll(_ pairs: [(Int, Int)]) async -> [Int] {
    await withTaskGroup(of: (Int, Int).self, returning: [Int].self) { group in
        for (index, (lhs, rhs)) in pairs.enumerated() {
            group.addTask { (index, (try? await slowAddSuspending(lhs, rhs)) ?? 0) }
        }
        var sums = [Int](repeating: 0, count: pairs.count)
        for await (index, sum) in group { sums[index] = sum }
        return sums
    }
}

/// Lesson 8's ArraySum as a task: one pair after another, checking for cancellation before each. The
/// sums so far go with the error, so a cancelled run still shows what it added.
struct Cancelled: Error {
    let sums: [Int]
}

func sumPairs(_ pairs: [(Int, Int)]) async throws -> [Int] {
    var sums: [Int] = []
    for (lhs, rhs) in pairs {
        do {
            try Task.checkCancellation()
            sums.append(try await slowAddSuspending(lhs, rhs))
        } catch {
            throw Cancelled(sums: sums)
        }
    }
    return sums
}

/// The sums a cancelled (or finished) ArraySum task gave.
func arraySumResult(_ task: Task<[Int], Error>) async -> [Int] {
    do { return try await task.value } catch let cancelled as Cancelled { return cancelled.sums } catch { return [] }
}

/// Page 4: SentAndForgotten.swift's function, the one the compiler accepts. `Person` is not Sendable.
final class PlainPerson {
    var name = "Alison Anderson"
}

func renameInATask() async -> String {
    let person = PlainPerson()
    let task = Task {
        person.name = "Brian Biggles"
        return person.name
    }
    return await task.value
}

/// Page 6: a global that Swift 6 would refuse to share between tasks, with the check switched off.
nonisolated(unsafe) var visits = 0
let visitsPerTask = 100

/// A read, a moment, and a write: another task can write in between (as lesson 4's racy counter).
func recordVisit() {
    let old = visits  // racy on purpose
    randomDelay(upTo: 0.001)
    visits = old + 1  // racy on purpose
}

#if canImport(Synchronization)
    /// Page 9: lesson 4's counter, Sendable as it stands: its one stored property is a `Mutex`, which is
    /// Sendable, and the count inside can be reached only through `withLock`.
    final class MutexCounter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Eight threads bump a `MutexCounter` `bumps` times each, two at a time; prints the count (page 9's
    /// child). Two, on any machine: under TSan on Linux a Mutex that eight contend at once makes nearly
    /// every increment a slow race check, and on a 16-core machine the child outran its 20 s in every
    /// run (lesson 4's README, page 5).
    func countWithMutex(bumps: Int) {
        let counter = MutexCounter()
        let turns = DispatchSemaphore(value: 2)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            turns.wait()
            for _ in 0..<bumps { counter.increment() }
            turns.signal()
        }
        let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        note(
            "counted \(counter.value) of \(8 * bumps)\(counter.value == 8 * bumps ? ": none lost" : ": \(8 * bumps - counter.value) lost") (\(String(format: "%.2f", time)) s of real time)"
        )
    }
#endif

/// Page 10: lesson 3's Person as a value. Each block renames a copy of its own, with the classic's slow
/// steps between the two writes; nothing is shared, so nothing can tear or race. (Sendable is inferred
/// for a struct like this one; it is written out here to say what the page is about.)
struct PersonValue: Sendable {
    private(set) var firstName: String
    private(set) var lastName: String

    mutating func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        self.firstName = firstName
        randomDelay(upTo: 1.0)
        self.lastName = lastName
    }

    var name: String { "\(firstName) \(lastName)" }
}

/// Lesson 3's five renames on a concurrent queue, each block renaming its own copy of `person`. Returns
/// the names the blocks read back.
func renameCopiesFiveTimes(_ person: PersonValue) -> [String] {
    let workerQueue = DispatchQueue(label: "racelab.worker", attributes: .concurrent)
    let nameChangeGroup = DispatchGroup()
    let names = Locked<[String]>([])
    for (index, (first, last)) in newNames.enumerated() {
        workerQueue.async(group: nameChangeGroup) {
            sleep(lessonSeconds: 0.01 * Double(index))
            var mine = person  // this block's own copy
            mine.changeName(firstName: first, lastName: last)
            say("Current name: \(shown(mine.name))   (this block's copy)")
            names.withLock { $0.append(mine.name) }
        }
    }
    nameChangeGroup.wait()
    return names.current
}
