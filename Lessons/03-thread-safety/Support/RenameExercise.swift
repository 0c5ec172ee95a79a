import Dispatch
import Foundation
import RaceLabKit

/// What exercise 3's driver needs of the attendee's `Person`.
public protocol Renamable: AnyObject {
    func changeName(firstName: String, lastName: String)
    var name: String { get }
}

/// Exercise 3's driver, which is not the attendee's to edit. Two rounds of concurrent renames, as on
/// lesson 3's racy page, printing every name read so that a torn one shows; how many renames, which
/// names and their stagger come from the run's seed. Then a contention round: with the slow work cut
/// to nothing, two threads rename and six read, tens of thousands of times,
/// so that a read (or a rename) split into two critical sections, each locked, is caught tearing a
/// name on every run, although ThreadSanitizer rightly sees no race in it.
public enum RenameExercise {
    public static let names = [
        ("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed"), ("Freddie", "Frost"),
        ("Gina", "Gregory"),
    ]
    static let wholeNames = Set(names.map { "\($0) \($1)" } + ["Alison Anderson", "Ida Iverson"])

    /// Marks a name that is not one of the whole names: half of one rename and half of another.
    public static func describe(_ name: String) -> String {
        wholeNames.contains(name) ? name : "\(name)   <- torn!"
    }

    public static func makeLesson(_ makePerson: @escaping () -> Renamable) -> Lesson {
        let lesson = Lesson("RaceLab exercise 3: make Person thread-safe", seeded: true)
        lesson.page("Renames at once, then renames and reads hammering") { page in
            var scenario = page.scenario
            var torn = 0
            var workCut = false
            for round in 1...2 {
                let renames = scenario.shuffled(names).prefix(scenario.int(in: 3...5))
                let stagger = scenario.seconds(in: 0...0.03, step: 0.01)
                note(
                    "Round \(round): a person named Alison Anderson, \(renames.count) renames at once, \(fixed(stagger, decimals: 2)) s apart"
                )
                let person = makePerson()
                let queue = DispatchQueue(label: "exercise3.worker", attributes: .concurrent)
                let group = DispatchGroup()
                let seen = RelaxedWord()  // a tally that must not order the renaming threads
                let delaysBefore = randomDelayCalls
                for (index, (first, last)) in renames.enumerated() {
                    queue.async(group: group) {
                        sleep(lessonSeconds: stagger * Double(index))
                        person.changeName(firstName: first, lastName: last)
                        let name = person.name
                        if !wholeNames.contains(name) { seen.add(1) }
                        say("Current name: \(describe(name))")
                    }
                }
                group.wait()
                note("Final name: \(describe(person.name))")
                // Each rename does its slow work: two delays. Fewer, and renames were skipped or their
                // work cut (a rename dropped when another holds the lock, the delays deleted).
                let delays = delaysMade(since: delaysBefore, expected: 2 * renames.count)
                if delays < 2 * renames.count {
                    note(
                        "\(renames.count) renames made \(delays) of their \(2 * renames.count) delays: some `changeName` calls"
                            + " skipped their work, or ended before it   <- keep changeName's two randomDelay calls, and let"
                            + " every rename do its work (wait for the lock, never skip)"
                    )
                    workCut = true
                }
                torn += Int(seen.value) + (wholeNames.contains(person.name) ? 0 : 1)
                checkAlone(person)
            }
            torn += contend(makePerson())
            if torn == 0 {
                note("Every name read was whole.")
            } else {
                // The split critical section this exercise is built around: said first in the verdict.
                FaultLine(
                    "\(torn) names read were torn: "
                        + GotInBetween.writes("a read", function: "changeName", "firstName", "lastName"),
                    hint:
                        "hold one lock (or one barrier block) across the whole rename, both writes, and take the same one for the read"
                ).note()
            }
            if workCut {
                note("Some renames skipped their slow work: every call of changeName must rename, delays and all.")
            }
            page.done()
        }
        return lesson
    }

    /// The delays made since `before`, waiting for the `expected` ones while more keep coming: renames
    /// a `Person` runs later on a queue of its own (an async barrier) make theirs after the renaming
    /// threads are done, and only a read that waits for them (`sync`) has them all by then. A right
    /// `Person` has them at once; one that skips work stops making them, and is counted 2 s after its last.
    static func delaysMade(since before: Int, expected: Int) -> Int {
        var made = randomDelayCalls - before
        var quiet = 0.0
        while made < expected && quiet < 2 {
            sleep(lessonSeconds: 0.05)
            let now = randomDelayCalls - before
            quiet = now == made ? quiet + 0.05 : 0
            made = now
        }
        return made
    }

    /// Meaning, not just shape: a rename made alone must be the name read back after it.
    static func checkAlone(_ person: Renamable) {
        person.changeName(firstName: "Ida", lastName: "Iverson")
        let alone = person.name
        note(
            "One more rename, alone, then a read: \(alone)"
                + (alone == "Ida Iverson"
                    ? "" : ", not the name `changeName` was just given (Ida Iverson)   <- not the rename just made")
        )
    }

    /// Two threads rename, six read, released together, with `randomDelay` cut to nothing (at most four
    /// seconds, which only a loaded machine needs). Returns the torn names read.
    static func contend(_ person: Renamable) -> Int {
        note("Contention: two threads rename, six read, as fast as they can (the slow work cut short)")
        let torn = RelaxedWord()
        let reads = RelaxedWord()
        // Quick to the end: renames a Person queued to run later run quickly too, before the last reads.
        return withQuickDelays {
            // The readers read for at least 0.8 s of real time while renames go on, and until each
            // has made 2000 reads with a rename since its read before: on a loaded machine that runs
            // one thread at a time, a read is torn only when the reader is interrupted between its
            // halves, so the round needs time as well as calls. The renames keep pace with the reads,
            // and stop when the readers are done, or at 20 000 (a Person that logs each rename stays
            // under the output cap), and the readers then too; everything at four seconds.
            let readers = 6  // a reader interrupted between its halves tears; more readers, more such interruptions
            let renames = RelaxedWord()
            let counted = (0..<readers).map { _ in RelaxedWord() }  // each reader's own
            let renamesSeen = (0..<readers).map { _ in RelaxedWord() }  // each reader's own
            let readersDone = RelaxedWord()
            let writersDone = RelaxedWord()
            hammer(2 + readers, forAtMost: 4) { thread, call, elapsed in
                if thread < 2 {
                    guard readersDone.value < readers else { return false }
                    // Paced by the reads: a writer that runs ahead (the machine ran it alone) waits.
                    guard renames.value < reads.value / UInt64(2 * readers) + 200 else {
                        sched_yield()
                        return true
                    }
                    guard renames.value < 20_000 else {
                        writersDone.add(1)
                        return false
                    }
                    let (first, last) = names[(2 * call + thread) % names.count]
                    person.changeName(firstName: first, lastName: last)
                    renames.add(1)
                    return true
                }
                let reader = thread - 2
                guard writersDone.value < 2 else { return false }
                if !wholeNames.contains(person.name) { torn.add(1) }
                reads.add(1)
                let now = renames.value
                if now != renamesSeen[reader].value {
                    renamesSeen[reader].value = now
                    counted[reader].add(1)
                }
                guard elapsed >= 0.8, counted[reader].value >= 2_000 else { return true }
                readersDone.add(1)
                return false
            }
            let final = person.name
            let count = Int(torn.value) + (wholeNames.contains(final) ? 0 : 1)
            note(
                count == 0
                    ? "Every name read while renaming was whole, and so is the final one."
                    : "\(count) of \(reads.value + 1) names read were torn (\"\(final)\" at the end): a read must never fall between the halves of a rename."
            )
            checkAlone(person)
            return count
        }
    }
}
