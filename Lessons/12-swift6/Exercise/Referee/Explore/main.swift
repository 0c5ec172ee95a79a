// Exercise 12's scenario for the schedule explorer (`swift run racelab explore 12`): two adds of one
// event and a remove of another, as tasks the explorer runs one job at a time. Their file is compiled
// beside this one; its `Catalog` is the one below, whose answer is a point the explorer schedules
// (Lesson12Support's waits on real time, which the explorer does not run).
import RaceLabKit
import Lesson12Support

typealias Catalog = ExploredCatalog

/// The catalog of this scenario: every event open, each answer a point, placed at the line of the
/// attendee's file that asked.
final class ExploredCatalog: Sendable {
    func isBookable(_ event: Event, file: StaticString = #fileID, line: UInt = #line) async -> Bool {
        await Interleaving.suspend(ExploredCode.label("the catalog's answer", file, line))
        return true
    }
}

let event = Event(id: 103)
let other = Event(id: 7)

let lesson = Lesson("RaceLab: your FavoriteEventsController, explored")
lesson.page("Every schedule of two adds of one event, through your FavoriteEventsController.swift", explores: true) {
    page in
    note("Tasks A and B add Session 103 to one controller; task C adds Session 7, then removes it. The")
    note("catalog answers that every event is open. Once every task is done, Session 103 must be in the")
    note("list once, and Session 7 not at all; when an add returns, its event is in the list; and no")
    note("read ever finds an event in the list twice.")
    page.exploreTheirTasks(
        of: "two adds and a remove", points: "each task's await of the catalog's answer",
        bad: { $0 != "Session 103 once, Session 7 gone" }
    ) {
        program in
        let controller = FavoriteEventsController(catalog: Catalog())
        // Read by each task when its add or remove has returned: the last read is the list at the end.
        // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
        let lists = RaceLabKit.Locked<[[Event]]>([])
        let early = RaceLabKit.Locked<String?>(nil)
        /// The list as a task reads it; `added`: an event its add just returned from, which must be in it.
        @Sendable func read(after added: Event?) async {
            let list = await controller.events
            lists.withLock { $0.append(list) }
            if let added, !list.contains(added) {
                early.withLock { $0 = $0 ?? "add(\(added)) returned before it was in the list" }
            }
            if let twice = list.first(where: { one in list.count { $0 == one } > 1 }) {
                early.withLock { $0 = $0 ?? "a read found \(twice) in the list twice" }
            }
        }
        for _ in 1...2 {
            program.task("add(Session 103)") {
                await controller.add(event)
                await read(after: event)
            }
        }
        program.task("add, then remove(Session 7)") {
            await controller.add(other)
            await read(after: other)
            await controller.remove(other)
            await read(after: nil)
        }
        program.outcome {
            if let early = early.current { return early }
            let list = lists.current.last ?? []
            let times = list.count { $0 == event }
            let kept = list.contains(other)
            if times == 1 && !kept { return "Session 103 once, Session 7 gone" }
            return "Session 103 \(times == 1 ? "once" : "\(times) times")\(kept ? ", Session 7 still in" : "")"
        }
    }
    page.done()
}
lesson.run()
