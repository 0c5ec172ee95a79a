// Lesson 3 — Thread safety: the racy Person and ThreadSafePerson (DEMOS C1–C5).
// Read top to bottom; Person.swift, ThreadSafePerson.swift and FavoriteEventsController.swift hold
// the classes this story uses.
import Dispatch
import RaceLab

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

/// The demo of the slides (DEMOS C2): five tasks on a concurrent worker queue, a small stagger each,
/// every one renames `person` and prints the name it reads back; the group's notify prints the end.
func renameFiveTimes(_ person: Person, then finish: @escaping (_ torn: Int) -> Void) {
    let workerQueue = DispatchQueue(label: "racelab.worker", attributes: .concurrent)
    let nameChangeGroup = DispatchGroup()
    let tornCount = Locked(0)
    for (index, (first, last)) in newNames.enumerated() {
        workerQueue.async(group: nameChangeGroup) {
            sleep(lessonSeconds: 0.01 * Double(index))
            person.changeName(firstName: first, lastName: last)
            let name = person.name
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
        note("Look for a first name from one call with the last name of another. Under ThreadSanitizer,")
        note("stderr names the race: Person.changeName writing firstName and lastName on several threads.")
        page.done()
    }
}

lesson.page("ThreadSafePerson: a barrier for writes, sync for reads") { page in
    note("Same five tasks; the person is a ThreadSafePerson. Every name read is whole.")
    renameFiveTimes(ThreadSafePerson(firstName: "Alison", lastName: "Anderson")) { torn in
        note("Torn names this run: \(torn) of 6.")
        note("The barrier runs each change alone; a read waits for the change ahead of it. TSan is silent.")
        page.done()
    }
}

lesson.page("FavoriteEventsController: immutable events, one isolation queue") { page in
    let controller = FavoriteEventsController()
    let starters = (1...3).map { Event(id: $0, title: "Session \($0)") }
    let added = (4...11).map { Event(id: $0, title: "Session \($0)") }
    controller.setEvents(starters)
    note("The controller starts with events 1–3. At once, 8 tasks add events 4–11, 3 tasks remove 1–3,")
    note("and 20 readers take snapshots of the list.")
    let snapshots = Locked<[[Event]]>([])
    DispatchQueue.concurrentPerform(iterations: 31) { task in
        switch task {
        case 0..<8: controller.addEvent(added[task])
        case 8..<11: controller.removeEvent(starters[task - 8])
        default: snapshots.withLock { $0.append(controller.events) }
        }
    }
    let whole = snapshots.current.allSatisfy { Set($0).count == $0.count && $0.count <= 11 }
    say("Readers took \(snapshots.current.count) snapshots; \(whole ? "every one was a whole list" : "some were broken")")
    let final = controller.events.map(\.id).sorted()
    say("Favorites now: \(final.count) events, ids \(final.map(String.init).joined(separator: " "))")
    note("Events are immutable values, so a snapshot can be handed to any thread; only the list changes,")
    note("and only inside a barrier.")
    page.done()
}

lesson.run()
