import Dispatch
import RaceLab

/// Exercise 12's driver, which is not the attendee's to edit: lesson 3's favourite-events controller,
/// migrated to Swift 6, must be right when many tasks use it at once. The seed decides the events,
/// which of them the catalog has closed, how many tasks add each one and the catalog's delays.
/// - Round 1: every add at once, one task each, several of one event, each task reading the list when
///   its add returns (a check and an append with an `await` between them add it twice: the catalog
///   holds its answers until all have asked).
/// - Round 2: two controllers; tasks add, then read, then remove, then read (when `add` returns, the
///   event is in; when `remove` returns, it is out; one controller's events are not the other's).
/// - Round 3: contention, for ThreadSanitizer and for lists read mid-change.
public enum FavoritesExercise {
    /// Makes a controller, on the main actor (so that a `@MainActor` controller needs nothing more).
    public typealias Maker = @MainActor @Sendable (Catalog) -> any FavoriteEvents

    public static func makeLesson(_ makeController: @escaping Maker) -> Lesson {
        let lesson = Lesson("RaceLab exercise 12: FavoriteEventsController in Swift 6", seeded: true)
        lesson.page("Adds at once, add then read, two controllers, contention") { page in
            let scenario = page.scenario
            Task {
                var scenario = scenario
                var faults = await allAtOnce(&scenario, makeController)
                faults += await addThenRead(&scenario, makeController)
                faults += await contend(makeController)
                note(faults == 0
                    ? "Every list was right, and ThreadSanitizer is the last word on races."
                    : "\(faults) faults: FavoriteEventsController is not right under concurrency yet.")
                page.done()
            }
        }
        return lesson
    }

    /// Round 1. Returns the faults found.
    static func allAtOnce(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let events = (1...scenario.int(in: 10...16)).map { Event(id: 100 + $0) }
        let order = scenario.shuffled(events)
        let closed = Array(order.prefix(scenario.int(in: 2...3)))
        // At least three open events are added by two or three tasks at once.
        var askers: [Event: Int] = [:]
        for (index, event) in order.enumerated() {
            askers[event] = index >= closed.count && index < closed.count + 3 ? scenario.int(in: 2...3) : scenario.int(in: 1...3)
        }
        let catalog = Catalog(closed: Set(closed.map(\.id)), delayNanoseconds: UInt64(scenario.int(in: 0...2)) * 1_000_000)
        for (event, count) in askers { catalog.expect(count, for: event) }
        let adds = scenario.shuffled(events.flatMap { Array(repeating: $0, count: askers[$0]!) })
        note("Round 1: \(events.count) events, \(closed.count) of them closed in the catalog; \(adds.count) adds at once, one per task, up to 3 of one event")
        let controller = await make(catalog)
        // Each task reads the list once its add has returned: an open event must be in it by then,
        // even when another add of the same event did the work.
        let early = Locked<[Event]>([])
        await withTaskGroup(of: Void.self) { group in
            for event in adds {
                group.addTask {
                    await controller.add(event)
                    if !catalog.isClosed(event), await !controller.events.contains(event) { early.withLock { $0.append(event) } }
                }
            }
        }
        for event in Set(early.current).sorted(by: { $0.id < $1.id }) {
            note("add(\(event)) returned, and the list did not hold it yet   <- when add returns, the event must be in, even when another add of it is under way")
        }
        let favourites = await controller.events
        let faults = Set(early.current).count + judge(favourites, expected: Set(events.filter { !catalog.isClosed($0) }), catalog: catalog)
        if faults == 0 { note("The favourites: every open event once, no closed one.") }
        return faults
    }

    /// Round 2. Returns the faults found.
    static func addThenRead(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let tasks = scenario.int(in: 2...3) * 2
        let perTask = 3
        let events = (1...tasks * perTask).map { Event(id: 200 + $0) }
        let closed = Set(scenario.shuffled(events).prefix(tasks / 2).map(\.id))
        let delay = UInt64(scenario.int(in: 5...10)) * 1_000_000
        let catalog = Catalog(closed: closed, delayNanoseconds: delay)
        let controllers = [await make(catalog), await make(catalog)]
        note("Round 2: two controllers, \(tasks) tasks; each adds its \(perTask) events one by one, reading the list after each, then removes one; the catalog answers after \(delay / 1_000_000) ms")
        let found = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                let mine = Array(events[task * perTask..<(task + 1) * perTask])
                let controller = controllers[task % 2]
                group.addTask {
                    for event in mine {
                        await controller.add(event)
                        let now = await controller.events
                        if now.contains(event) == catalog.isClosed(event) {
                            found.withLock { $0 += 1 }
                            note(catalog.isClosed(event)
                                ? "add(\(event)) returned, and the list holds it   <- the catalog said it is closed"
                                : catalog.answers(for: event) == 0
                                    ? "add(\(event)) returned before the catalog answered, and the list does not hold it   <- when add returns, the event must be in"
                                    : "add(\(event)) returned, and the list does not hold it   <- when add returns, the event must be in")
                        }
                    }
                    guard let gone = mine.first(where: { !catalog.isClosed($0) }) else { return }
                    await controller.remove(gone)
                    if await controller.events.contains(gone) {
                        found.withLock { $0 += 1 }
                        note("remove(\(gone)) returned, and the list still holds it   <- when remove returns, the event must be out")
                    }
                }
            }
        }
        var faults = found.current
        for (index, controller) in controllers.enumerated() {
            // What this controller's tasks added, less what they removed.
            var expected = Set<Event>()
            for task in stride(from: index, to: tasks, by: 2) {
                let mine = events[task * perTask..<(task + 1) * perTask].filter { !catalog.isClosed($0) }
                expected.formUnion(mine.dropFirst())
            }
            faults += judge(await controller.events, expected: expected, catalog: catalog, in: index == 0 ? "first" : "second")
        }
        if faults == 0 { note("Each add was in when it returned, each remove out; each controller holds its own events.") }
        return faults
    }

    /// Round 3: eight tasks add, remove and read five events as fast as they can for 0.3 s of real time
    /// (at most 4000 calls each). Every list read must hold no event twice and no closed one.
    static func contend(_ make: Maker) async -> Int {
        let events = (1...5).map { Event(id: 300 + $0) }
        let catalog = Catalog(closed: [events[4].id], delayNanoseconds: 0)
        let controller = await make(catalog)
        note("Round 3: eight tasks add, remove and read five events at once, as fast as they can")
        let start = DispatchTime.now().uptimeNanoseconds
        let bad = Locked(0)
        let reads = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for call in 0..<4000 {
                        guard DispatchTime.now().uptimeNanoseconds - start < 300_000_000 else { return }
                        let event = events[(call * 3 + task) % events.count]
                        switch (call + task) % 3 {
                        case 0: await controller.add(event)
                        case 1: await controller.remove(event)
                        default:
                            let list = await controller.events
                            reads.withLock { $0 += 1 }
                            if !isWhole(list, catalog) { bad.withLock { $0 += 1 } }
                        }
                    }
                }
            }
        }
        let final = await controller.events
        let faults = bad.current + (isWhole(final, catalog) ? 0 : 1)
        note(faults == 0
            ? "Every list read during the round, and the last, held no event twice and no closed one."
            : "\(faults) of \(reads.current + 1) lists read held an event twice, a closed one or one never added (the last: \(final))")
        return faults
    }

    static func isWhole(_ list: [Event], _ catalog: Catalog) -> Bool {
        Set(list).count == list.count && list.allSatisfy { (301...305).contains($0.id) && !catalog.isClosed($0) }
    }

    /// Compares a controller's list with what it should hold, saying each difference. Returns how many.
    static func judge(_ list: [Event], expected: Set<Event>, catalog: Catalog, in which: String? = nil) -> Int {
        let whose = which.map { " of the \($0) controller" } ?? ""
        var faults = 0
        var counts: [Event: Int] = [:]
        for event in list { counts[event, default: 0] += 1 }
        for (event, count) in counts.sorted(by: { $0.key.id < $1.key.id }) {
            if count > 1 {
                note("\(event) is in the list\(whose) \(count) times   <- another add got in between checking that it was not there and adding it")
            } else if catalog.isClosed(event) {
                note("\(event) is in the list\(whose)   <- the catalog said it is closed")
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
