import Dispatch
import RaceLabKit

extension FavoritesExercise {
    /// Round 5: an add of an event already in the list, and reads of the list all through it, by two
    /// threads in `Lockstep`, each running the controller's code on itself until it first waits
    /// (`InlineExecutor`; the catalog answers at once), step after step: one thread adds, the other
    /// reads again and again until that add has returned (200 reads at most). An add that appends
    /// and then takes out the duplicate in a second critical section lets a read between them see the
    /// event twice. Until 300 steps overlapped, at least 0.2 s and at most 2 s of real time, 3000
    /// steps at most; then every read is awaited (4 s of real time at most) and judged.
    static func addAndRead(_ make: Maker) async -> Int {
        let event = events(1)[0]
        let catalog = Catalog(closed: [], delayNanoseconds: 0)
        let controller = await make(catalog)
        await controller.add(event)
        note(
            "Round 5: an add of an event already in the list, and reads of the list all through it, again and again"
        )
        let executors = [InlineExecutor(), InlineExecutor()]
        let copies = Locked<[Int]>([])  // how many times each read held the event
        let added = Locked(-1)  // the last step whose add has returned
        let answered = DispatchGroup()
        let round = Lockstep(steps: 3000, goal: 300, atLeast: 0.2, atMost: 2) { thread, step in
            answered.enter()
            if thread == 0 {
                executors[0].start({ await controller.add(event) }) {
                    added.withLock { $0 = max($0, step) }
                    answered.leave()
                }
            } else {
                executors[1].start({
                    var seen: [Int] = []
                    while seen.count < 200, added.current < step {
                        seen.append(await controller.events.filter { $0 == event }.count)
                    }
                    return seen
                }) { seen in
                    copies.withLock { $0 += seen }
                    answered.leave()
                }
            }
            return true
        }
        _ = await round.done.emptied()
        guard await answered.emptied(within: 4) else {
            FaultLine(
                "of \(round.played * 2) calls made two at a time, some had not returned 4 s after the last",
                hint: "every call returns, however many come at once"
            ).note()
            return 1
        }
        let reads = copies.current
        let twice = reads.filter { $0 > 1 }.count
        if twice > 0 {
            FaultLine(
                "\(twice) of \(reads.count) lists read while `add`(\(event)) ran again held it twice",
                hint: "an event is never in the list twice, not even for a moment: check and append in one critical"
                    + " section"
            ).note()
            return twice
        }
        note(
            "\(reads.count) lists read while the event was added again \(round.played) times: each held it once."
        )
        round.sayIfShort(unseen: "a duplicate taken out in a critical section of its own")
        return 0
    }
}
