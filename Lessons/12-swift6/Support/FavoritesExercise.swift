import Dispatch
import RaceLabKit

/// Exercise 12's driver, which is not the attendee's to edit: lesson 3's favourite-events controller,
/// migrated to Swift 6, must be right when many tasks use it at once. The seed decides the events,
/// which of them each catalog has closed, how many tasks add each one and the catalog's delays. Every
/// round uses the same event ids, each with a catalog of its own that closes others, so nothing learnt
/// from one catalog fits another.
/// - Round 1: every add at once, one task each, several of one event, each task reading the list when
///   its add returns (a check and an append with an `await` between them add it twice: the catalog
///   holds its answers until all have asked); then the events added more than once are removed. Then
///   closed events added by two tasks at once, the catalog answering at once: every add returns.
/// - Round 2: two controllers, each with a catalog of its own; tasks add, read, remove, read, add
///   again, read, remove again, read (when `add` returns the event is in, when `remove` returns it is
///   out; one controller's events are not the other's). Then two events added and removed at low
///   priority, each call's list read at once at higher priority, global jobs let go last first.
/// - Round 3: the catalog changes its answer about each event while the controller lives: an event
///   added, removed and added again follows the catalog's new answer (add asks every time).
///   Then the catalog reopens events while a first add's question about each is out, and a second
///   add begins: it must ask for itself (an answer to an earlier question is out of date).
/// - Round 4: contention, for ThreadSanitizer and for lists read mid-change; then a long list (1,100
///   events), which must hold every event added, and removes and adds beside scans of it.
/// - Round 5: an add of an event already in the list and a read at the same instant, step after step.
/// - Then 100 controllers one after another, each let go before the next; each starts empty.
/// - Beside them: a catalog that answers after 3 s, about an open event and a closed one; meanwhile a
///   second controller adds the open one, and is not held up by the first.
/// A round whose calls never return (a thread of the cooperative pool blocked for good) is a hang,
/// said in the driver's words.
public enum FavoritesExercise {
    /// Makes a controller, on the main actor (so that a `@MainActor` controller needs nothing more).
    public typealias Maker = @MainActor @Sendable (Catalog) -> any FavoriteEvents

    public static func makeLesson(_ makeController: @escaping Maker) -> Lesson {
        // The page may run past the rounds' watchdog (120 lesson s), so that it is the watchdog that tells.
        let lesson = Lesson(
            "RaceLab exercise 12: FavoriteEventsController in Swift 6", pageTimeLimit: 150, seeded: true)
        lesson.page("Adds at once, add then read, two controllers, contention") { page in
            let scenario = page.scenario
            // Rounds 3, 4 and 5 are timed in real time (a slow catalog; a long list filled; up to 2 s of
            // lockstep): 120 lesson s is 10 s at the exercise's 12x.
            page.finish {
                Watchdog.run(upTo: 120, "the rounds") {
                    var scenario = scenario
                    // The slow catalog's adds go on beside rounds 1 to 5 (3 s of real time).
                    async let slow = slowCatalog(makeController)
                    var faults = await allAtOnce(&scenario, makeController)
                    faults += await addParkedLate(makeController)
                    faults += await addThenRead(&scenario, makeController)
                    faults += await readAtOnce(makeController)
                    faults += await answerChanges(&scenario, makeController)
                    faults += await answerChangesWhileAsked(&scenario, makeController)
                    faults += await contend(makeController)
                    faults += await addAndRead(makeController)
                    faults += await oneAfterAnother(makeController)
                    let (slowFaults, slowLine) = await slow
                    note(slowLine)
                    faults += slowFaults
                    note(
                        faults == 0
                            ? "Every list was right, and ThreadSanitizer is the last word on races."
                            : "\(faults) faults: FavoriteEventsController is not right under concurrency yet.")
                }
            }
        }
        return lesson
    }

    /// The events of every round: the same ids, in each round's own catalog.
    static func events(_ count: Int) -> [Event] { (1...count).map { Event(id: 100 + $0) } }

    /// Round 1. Returns the faults found.
    static func allAtOnce(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let events = events(scenario.int(in: 10...16))
        let order = scenario.shuffled(events)
        let closed = Array(order.prefix(scenario.int(in: 2...3)))
        // At least three open events are added by two or three tasks at once.
        var askers: [Event: Int] = [:]
        for (index, event) in order.enumerated() {
            askers[event] =
                index >= closed.count && index < closed.count + 3 ? scenario.int(in: 2...3) : scenario.int(in: 1...3)
        }
        let catalog = Catalog(
            closed: Set(closed.map(\.id)), delayNanoseconds: UInt64(scenario.int(in: 0...2)) * 1_000_000)
        for (event, count) in askers { catalog.expect(count, for: event) }
        let adds = scenario.shuffled(events.flatMap { Array(repeating: $0, count: askers[$0]!) })
        note(
            "Round 1: \(events.count) events, \(closed.count) of them closed in the catalog; \(adds.count) adds at once, one per task, up to 3 of one event"
        )
        let controller = await make(catalog)
        // Each task reads the list once its add has returned: an open event must be in it by then,
        // even when another add of the same event did the work.
        let early = Locked<Set<Event>>([])
        await withTaskGroup(of: Void.self) { group in
            for event in adds {
                group.addTask {
                    await controller.add(event)
                    if !catalog.isClosed(event), await !controller.events.contains(event) {
                        early.withLock { _ = $0.insert(event) }
                    }
                }
            }
        }
        for event in early.current.sorted(by: { $0.id < $1.id }) {
            note(
                "`add`(\(event)) returned, and the list did not hold it yet   <- when add returns, the event must be in, whatever other adds are under way, of it or of other events"
            )
        }
        let open = Set(events.filter { !catalog.isClosed($0) })
        var faults = early.current.count + judge(await controller.events, expected: open, catalog: catalog)
        // The events added more than once, removed: none may be left.
        let twice = open.filter { askers[$0]! > 1 }
        // How many copies each held before its remove: one left after it is a remove that returned
        // before it took the event out; more, an event stored more than once.
        let before = await controller.events
        for event in twice { await controller.remove(event) }
        for event in Set(await controller.events).intersection(twice).sorted(by: { $0.id < $1.id }) {
            let copies = before.filter { $0 == event }.count
            FaultLine(
                "`remove`(\(event)) returned, and the list still holds it",
                hint: copies > 1
                    ? "it was added by \(askers[event]!) tasks at once and stored \(copies) times: one add of it, once"
                    : "when remove returns, the event is out: did remove return too soon, or leave a copy the list does"
                        + " not show?"
            ).note()
            faults += 1
        }
        if faults == 0 {
            note("The favourites: every open event once, no closed one; those added by several tasks removed.")
        }
        return faults
    }

    /// Round 2. Returns the faults found.
    static func addThenRead(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let tasks = scenario.int(in: 2...3)  // a controller
        let perTask = 3
        let events = events(tasks * perTask)
        // Each controller's catalog closes events the other's has open.
        let order = scenario.shuffled(events)
        let closed = [Set(order.prefix(tasks).map(\.id)), Set(order.dropFirst(tasks).prefix(tasks).map(\.id))]
        let delay = UInt64(scenario.int(in: 5...10)) * 1_000_000
        let catalogs = closed.map { Catalog(closed: $0, delayNanoseconds: delay) }
        let controllers = [await make(catalogs[0]), await make(catalogs[1])]
        note(
            "Round 2: two controllers, each with its catalog, \(tasks) tasks each; a task adds its \(perTask) events one by one, then removes, adds and removes one of them, reading the list after each call; the catalogs answer after \(delay / 1_000_000) ms"
        )
        let found = Locked(0)
        func fault(_ text: String) {
            found.withLock { $0 += 1 }
            note(text)
        }
        // Detached tasks that nobody awaits: a task group's children, awaited by the round, would run
        // at the round's priority (the runtime raises a child awaited from a higher priority), and a
        // controller that defers a low-priority caller's add would never be asked by one (adversarial
        // round 7).
        let finished = DispatchGroup()
        for task in 0..<2 * tasks {
            let which = task % 2
            let mine = Array(events[(task / 2) * perTask..<(task / 2 + 1) * perTask])
            let (controller, catalog) = (controllers[which], catalogs[which])
            // Low priority for the calls, high for the reads after them: a list brought up to date
            // by a job of the caller's priority, queued after the call returned, is read before it.
            finished.enter()
            Task.detached(priority: .low) {
                defer { finished.leave() }
                for event in mine {
                    await controller.add(event)
                    let holds = await list(of: controller).contains(event)
                    if holds, catalog.isClosed(event) {
                        fault("`add`(\(event)) returned, and the list holds it   <- its catalog said it is closed")
                    } else if !holds, !catalog.isClosed(event) {
                        fault(
                            catalog.answers(for: event) == 0
                                ? "`add`(\(event)) returned before its catalog answered, and the list does not hold it   <- when add returns, the event must be in"
                                : "`add`(\(event)) returned, and the list does not hold it   <- when add returns, the event must be in"
                        )
                    }
                }
                guard let again = mine.first(where: { !catalog.isClosed($0) }) else { return }
                await controller.remove(again)
                if await list(of: controller).contains(again) {
                    fault(
                        "`remove`(\(again)) returned, and the list still holds it   <- when remove returns, the event must be out"
                    )
                }
                await controller.add(again)
                if await !list(of: controller).contains(again) {
                    fault(
                        "`add`(\(again)) once more after its remove, and the list does not hold it   <- a removed event can be added again"
                    )
                }
                await controller.remove(again)
                if await list(of: controller).contains(again) {
                    fault(
                        "`remove`(\(again)) returned, and the list still holds it   <- when remove returns, the event must be out"
                    )
                }
            }
        }
        _ = await finished.emptied()
        var faults = found.current
        for which in 0..<2 {
            // What this controller's tasks added and kept: open in its catalog, less each task's removed one.
            var expected = Set<Event>()
            for task in 0..<tasks {
                let open = events[task * perTask..<(task + 1) * perTask].filter { !catalogs[which].isClosed($0) }
                expected.formUnion(open.dropFirst())
            }
            faults += judge(
                await controllers[which].events, expected: expected, catalog: catalogs[which],
                in: which == 0 ? "first" : "second")
        }
        if faults == 0 {
            note("Each add was in when it returned, each remove out; each controller holds its own events.")
        }
        return faults
    }

    /// The controller's list, read by a task of high priority (round 2).
    static func list(of controller: any FavoriteEvents) async -> [Event] {
        await Task(priority: .high) { await controller.events }.value
    }

    /// Compares a controller's list with what it should hold, saying each difference. Returns how many.
    static func judge(_ list: [Event], expected: Set<Event>, catalog: Catalog, in which: String? = nil) -> Int {
        let whose = which.map { " of the \($0) controller" } ?? ""
        var faults = 0
        var counts: [Event: Int] = [:]
        for event in list { counts[event, default: 0] += 1 }
        for (event, count) in counts.sorted(by: { $0.key.id < $1.key.id }) {
            if count > 1 {
                note(
                    "\(event) is in the list\(whose) \(count) times   <- another add got in between checking that it was not there and adding it"
                )
            } else if catalog.isClosed(event) {
                note("\(event) is in the list\(whose)   <- its catalog said it is closed")
            } else if !expected.contains(event) {
                note("\(event) is in the list\(whose)   <- it was never added there, or was removed")
            } else {
                continue
            }
            faults += 1
        }
        for event in expected.sorted(by: { $0.id < $1.id }) where counts[event] == nil {
            note("\(event) is missing from the list\(whose)   <- it was added, open, and not removed")
            faults += 1
        }
        return faults
    }
}
