// Exercise 12's scenario for the schedule explorer (`swift run racelab explore 12`): two adds of one
// event and a remove of another; an add beside a remove and an add again; two removes at once; as
// tasks the explorer runs one job at a time. Their file is compiled
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
let right = "Session 103 once, Session 7 gone"
let againRight = "Session 7 once"
let bothGoneRight = "Session 12 alone"

/// What a scenario's tasks read of the list, each when its add or remove has returned (the last read is
/// the list at the end), and the first read that was wrong.
/// RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
final class Reads: Sendable {
    private let lists = RaceLabKit.Locked<[[Event]]>([])
    private let firstWrong = RaceLabKit.Locked<String?>(nil)

    /// Reads the list; `added`: an event an add just returned from, which must be in it (`adder`
    /// names that add in what is said when it is not).
    func read(_ controller: FavoriteEventsController, after added: Event?, adder: String? = nil) async {
        let list = await controller.events
        lists.withLock { $0.append(list) }
        if let added, !list.contains(added) {
            said("\(adder ?? "add(\(added))") returned before it was in the list")
        }
        if let twice = list.first(where: { one in list.count { $0 == one } > 1 }) {
            said("a read found \(twice) in the list twice")
        }
    }

    private func said(_ wrong: String) { firstWrong.withLock { $0 = $0 ?? wrong } }
    var wrong: String? { firstWrong.current }
    var last: [Event] { lists.current.last ?? [] }
}

let lesson = Lesson("RaceLab: your FavoriteEventsController, explored")
lesson.page("Every schedule of two adds of one event, through your FavoriteEventsController.swift", explores: true) {
    page in
    note("Tasks A and B add Session 103 to one controller; task C adds Session 7, then removes it. The")
    note("catalog answers that every event is open. Once every task is done, Session 103 must be in the")
    note("list once, and Session 7 not at all; when an add returns, its event is in the list; and no")
    note("read ever finds an event in the list twice.")
    page.exploreTheirTasks(
        of: "two adds and a remove", points: "each task's await of the catalog's answer",
        bad: { $0 != right }
    ) {
        program in
        let controller = FavoriteEventsController(catalog: Catalog())
        let reads = Reads()
        for _ in 1...2 {
            program.task("add(Session 103)") {
                await controller.add(event)
                await reads.read(controller, after: event)
            }
        }
        program.task("add, then remove(Session 7)") {
            await controller.add(other)
            await reads.read(controller, after: other)
            await controller.remove(other)
            await reads.read(controller, after: nil)
        }
        program.outcome {
            if let wrong = reads.wrong { return wrong }
            let list = reads.last
            let times = list.count { $0 == event }
            let kept = list.contains(other)
            if times == 1 && !kept { return right }
            return "Session 103 \(times == 1 ? "once" : "\(times) times")\(kept ? ", Session 7 still in" : "")"
        }
    }

    note("")
    note("Task A adds Session 7 while task B removes it and then adds it again. B's add begins after its")
    note("remove has returned, and nothing removes it after: when B's add returns, Session 7 must be in")
    note("the list, and at the end once.")
    page.exploreTheirTasks(
        of: "an add beside a remove and another add", points: "each task's await of the catalog's answer",
        bad: { $0 != againRight }
    ) { program in
        let controller = FavoriteEventsController(catalog: Catalog())
        let reads = Reads()
        program.task("add(Session 7)") {
            await controller.add(other)
            // A remove may have come while this add waited: the read judges only that no event is twice.
            await reads.read(controller, after: nil)
        }
        program.task("remove, then add(Session 7)") {
            await controller.remove(other)
            await controller.add(other)
            await reads.read(controller, after: other, adder: "B's add(Session 7), after its remove,")
        }
        program.outcome {
            if let wrong = reads.wrong { return wrong }
            let times = reads.last.count { $0 == other }
            return times == 1 ? againRight : "Session 7 in the list \(times) times at the end"
        }
    }

    note("")
    note("Task A adds Sessions 7, 103 and 12, one after another, then removes Sessions 7 and 103 at once,")
    note("in two tasks of its own. When both removes have returned, Session 12 must be the list.")
    page.exploreTheirTasks(
        of: "two removes at once", points: "each task's await of the catalog's answer",
        bad: { $0 != bothGoneRight }
    ) { program in
        let controller = FavoriteEventsController(catalog: Catalog())
        let last = Event(id: 12)
        let left = RaceLabKit.Locked<[Event]>([])
        program.task("add three, then remove two at once") {
            for one in [other, event, last] { await controller.add(one) }
            async let first: Void = controller.remove(other)
            async let second: Void = controller.remove(event)
            _ = await (first, second)
            let list = await controller.events
            left.withLock { $0 = list }
        }
        program.outcome {
            let list = left.current
            return list == [last] ? bothGoneRight : "the list was \(list), not [\(last)]"
        }
    }
    page.done()
}
lesson.run()
