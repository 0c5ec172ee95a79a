// Lesson 3 — Thread safety: the racy Person and ThreadSafePerson (DEMOS C1–C5).
// Read top to bottom; Person.swift, ThreadSafePerson.swift and FavoriteEventsController.swift hold
// the classes this story uses.
import Dispatch
import RaceLabKit

let lesson = Lesson("RaceLab lesson 3: thread safety, the racy Person and ThreadSafePerson")

let newNames = [
    ("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed"), ("Freddie", "Frost"),
    ("Gina", "Gregory"),
]
let wholeNames = Set(newNames.map { "\($0) \($1)" } + ["Alison Anderson"])

/// Marks a name that is half one change and half another.
func shown(_ name: String) -> String {
    wholeNames.contains(name) ? name : "\(name)   <- torn!"
}

lesson.page("One rename, one thread: it works") { page in
    let person = Person(firstName: "Alison", lastName: "Anderson")
    say("Person is \(person.name); changing the name to Brian Biggles")
    person.changeName(firstName: "Brian", lastName: "Biggles")
    say("Person is \(person.name)")
    note("One thread, one change at a time: nothing can get between the first and the last name.")
    page.done()
}

/// The RWDevCon demo (DEMOS C2, source 000): five tasks on a concurrent worker queue, a small stagger each,
/// every one renames `person` and prints the name it reads back; the group's notify prints the end.
func renameFiveTimes(
    _ person: Person, onRead: @escaping @Sendable () -> Void = {}, then finish: @escaping (_ torn: Int) -> Void
) {
    let workerQueue = DispatchQueue(label: "racelab.worker", attributes: .concurrent)
    let nameChangeGroup = DispatchGroup()
    let tornCount = Locked(0)
    for (index, (first, last)) in newNames.enumerated() {
        workerQueue.async(group: nameChangeGroup) {
            sleep(lessonSeconds: 0.01 * Double(index))
            person.changeName(firstName: first, lastName: last)
            let name = person.name
            onRead()
            if !wholeNames.contains(name) { tornCount.withLock { $0 += 1 } }
            say("Current name: \(shown(name))")
        }
    }
    nameChangeGroup.notify(queue: .main) {
        let name = person.name
        say("Final name: \(shown(name))")
        finish(tornCount.current + (wholeNames.contains(name) ? 0 : 1))
    }
}

lesson.page("Five renames at once: torn names (racy on purpose)") { page in
    note("Person starts as Alison Anderson. Five tasks on a concurrent queue each rename it and read it back.")
    renameFiveTimes(Person(firstName: "Alison", lastName: "Anderson")) { torn in
        note("Torn names this run: \(torn) of 6.")
        note("Look for a first name from one call with the last name of another. ThreadSanitizer sees the")
        note("race itself: Person.changeName writes firstName and lastName on several threads at once. See")
        note("its report of this page, each race named with its two lines:")
        note("  swift run racelab tsan 3:2")
        page.done()
    }
}

/// Renames a ThreadSafePerson five times at once (as page 2 does) with its isolation queue at `qos`,
/// and reports how long, in real seconds, the first name took to come back and all of it took.
func renameSafely(isolationQoS qos: DispatchQoS, then finish: @escaping (_ firstRead: Double, _ all: Double) -> Void) {
    LessonClock.shared.restart()
    let started = DispatchTime.now().uptimeNanoseconds
    let firstRead = Locked<Double?>(nil)
    let person = ThreadSafePerson(firstName: "Alison", lastName: "Anderson", isolationQoS: qos)
    renameFiveTimes(
        person,
        onRead: {
            let now = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            firstRead.withLock { $0 = $0 ?? now }
        }
    ) { torn in
        note("Torn names this run: \(torn) of 6.")
        finish(firstRead.current ?? 0, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }
}

lesson.page("ThreadSafePerson: a barrier for writes, sync for reads") { page in
    let speed = LessonClock.shared.speed
    let ownDelays = 1.2 / speed  // changeName's own random delays, at most, in real seconds
    note("Same five tasks; the person is a ThreadSafePerson. Every name read is whole.")
    note("First as the RWDevCon demo creates its isolation queue, at the default quality of service:")
    renameSafely(isolationQoS: .default) { firstRead, all in
        note("Measured: the first read came back after \(fixed(firstRead, decimals: 1)) s of real time, the last after")
        note(
            "\(fixed(all, decimals: 1)) s; changeName's own delays take at most \(fixed(ownDelays, decimals: 1)) s a rename at this speed."
        )
        if firstRead > ownDelays + 0.5 {
            note("That is a stall: the five workers wait in sync reads for the barriers, and the barriers need a")
            note("thread from the pool the workers fill, which did not give one at once here (README).")
        } else {
            note("No stall this run: the barriers found a thread at once.")
        }
        note("Now with the isolation queue at .userInitiated, a pool the workers do not block:")
        renameSafely(isolationQoS: .userInitiated) { firstRead, all in
            note(
                "Measured: the first read came back after \(fixed(firstRead, decimals: 1)) s of real time, the last after"
            )
            note("\(fixed(all, decimals: 1)) s.")
            note("The barrier runs each change alone; a read waits for the change ahead of it. TSan is silent.")
            page.done()
        }
    }
}

/// The slides' workload (DEMOS C5): the controller starts with events 1–3; at once, 8 tasks add
/// events 4–11, 3 tasks remove 1–3 and 20 readers take snapshots. Prints what the readers saw and
/// what the list holds at the end, and returns its ids.
@discardableResult
func favoritesWorkload(_ controller: FavoriteEvents) -> [Int] {
    let starters = (1...3).map { Event(id: $0, title: "Session \($0)") }
    let added = (4...11).map { Event(id: $0, title: "Session \($0)") }
    controller.setEvents(starters)
    let snapshots = Locked<[[Event]]>([])
    DispatchQueue.concurrentPerform(iterations: 31) { task in
        switch task {
        case 0..<8: controller.addEvent(added[task])
        case 8..<11: controller.removeEvent(starters[task - 8])
        default: snapshots.withLock { $0.append(controller.events) }
        }
    }
    let broken = snapshots.current.filter { Set($0).count != $0.count }.count
    say(
        "Readers took \(snapshots.current.count) snapshots; \(broken == 0 ? "every one was a whole list" : "\(broken) were broken: an event in them twice")"
    )
    let final = controller.events.map(\.id).sorted()
    say("Favorites now: \(final.count) events, ids \(final.map(String.init).joined(separator: " "))")
    return final
}

lesson.page("FavoriteEventsController without its queue (racy on purpose)") { page in
    note("The slides' controller keeps a mutable list of favourite events. First without any isolation:")
    note("it starts with events 1–3; at once, 8 tasks add events 4–11, 3 tasks remove 1–3, and 20 readers")
    note("take snapshots of the list. The right end: events 4–11, each once.")
    let final = favoritesWorkload(UnsafeFavoriteEventsController())
    let lost = (4...11).filter { !final.contains($0) }
    let back = (1...3).filter { final.contains($0) }
    let twice = Set(final.filter { id in final.filter { $0 == id }.count > 1 }).sorted()
    if lost.isEmpty && back.isEmpty && twice.isEmpty {
        note("Right by luck this run; ThreadSanitizer reports the race on the list all the same.")
    } else {
        let list = { (ids: [Int]) in ids.map(String.init).joined(separator: " ") }
        note(
            "Wrong: lost \(lost.isEmpty ? "none" : list(lost)); removed but still there \(back.isEmpty ? "none" : list(back)); twice \(twice.isEmpty ? "none" : list(twice))."
        )
        note("Two tasks read the same list, and each wrote back its own change over the other's.")
    }
    page.done()
}

lesson.page("FavoriteEventsController: immutable events, one isolation queue") { page in
    note("The same workload on the slides' thread-safe controller: reads with sync, every change an")
    note("asynchronous barrier on one concurrent queue.")
    favoritesWorkload(FavoriteEventsController())
    note("Events are immutable values, so a snapshot can be handed to any thread; only the list changes,")
    note("and only inside a barrier.")
    page.done()
}

/// Two renames of `person` for the explorer: A to Charlie Cheesecake, B to Delia Dingle, then a read.
func twoRenames(of person: Person, locked: Bool, _ program: Explorer.Program) {
    for (first, last) in newNames.prefix(2) {
        let steps =
            locked
            ? ["calls changeName", "takes the lock", "firstName = \"\(first)\"", "lastName = \"\(last)\"; unlocks"]
            : ["calls changeName", "firstName = \"\(first)\"", "lastName = \"\(last)\""]
        // What each step touches, for the partial-order reduction (lesson 14, page 4).
        let touching: [Footprint] =
            locked
            ? [.nothing, .acquires("person"), .writes("firstName"), .writes("lastName") + .releases("person")]
            : [.nothing, .writes("firstName"), .writes("lastName")]
        program.thread("rename to \(first) \(last)", steps: steps, touching: touching) {
            person.changeName(firstName: first, lastName: last)
        }
    }
    program.outcome { person.name }
}

lesson.page("Every schedule of two renames: the orders that tear", explores: true) { page in
    note("Page 2 shows a torn name on some runs, and TSan says that the writes race. Which orders of the")
    note("steps tear it? RaceLab's schedule explorer runs two renames of one Person, A to Charlie")
    note("Cheesecake and B to Delia Dingle, one thread at a time, and pauses a thread only at changeName's")
    note("two randomDelay calls: each rename is three steps. It plays every order of those six steps, each")
    note("from a fresh Person (6!/(3!·3!) = 20 schedules), and reads the name at the end.")
    let torn = { (name: String) in !wholeNames.contains(name) }
    if let found = page.exploreSchedules(
        of: "two renames", bad: torn, mark: "<- torn",
        { program in
            twoRenames(of: Person(firstName: "Alison", lastName: "Anderson"), locked: false, program)
        })
    {
        note(
            "Torn in \(found.count(where: torn)) of \(found.schedules) schedules: whenever the first names are written in one order"
        )
        note("and the last names in the other. One preemption, in the middle of a rename, is enough.")
    }
    note("")
    note("The same two renames of a LockedPerson: changeName and name each hold a lock (one the explorer")
    note("knows). A thread that wants it while the other holds it cannot be picked, so fewer orders exist:")
    if let found = page.exploreSchedules(
        of: "two renames of a LockedPerson", bad: torn, mark: "<- torn",
        { program in
            twoRenames(of: LockedPerson(firstName: "Alison", lastName: "Anderson"), locked: true, program)
        })
    {
        note(
            "Torn in \(found.count(where: torn)) of \(found.schedules) schedules: not one order tears it. Each rename is whole."
        )
    }
    note("TSan is silent on this page, even for the plain Person: the explorer runs one thread at a time")
    note("and hands each step to the next thread with a lock, which orders them. It interleaves only at")
    note("its points; a race between two of them is ThreadSanitizer's to find, as on page 2.")
    page.done()
}

lesson.run()
