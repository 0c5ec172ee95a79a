// Lesson 2 — Dispatch groups and the animation stand-ins (DEMOS B1–B4).
// Read top to bottom. The views and View.animate are RaceLab stand-ins for UIKit: they print what a
// viewer would see, and when, and call their completions on the main queue as UIKit does.
import Dispatch
import RaceLabKit

let lesson = Lesson("RaceLab lesson 2: dispatch groups, or knowing when everything is done")

/// The demo's views: a red main view, a yellow box in its upper left corner, a hidden label.
/// `@MainActor` here and below: views belong to the main actor, as UIKit's do (in an app these would
/// be a view controller's methods, which are main-actor isolated already).
@MainActor
func makeViews() -> (mainView: View, box: View, label: View) {
    (
        View("main view", backgroundColor: .red),
        View("box", position: .upperLeft, backgroundColor: .yellow),
        View("label \"All done\"", isHidden: true)
    )
}

/// DEMOS B1: the box moves (1 s), then rotates; the main view turns blue at the same time, and the
/// completion of the colour change shows the label. That is right only if the colour is the longest.
@MainActor
func animateWithoutGroup(colour: Double, rotation: Double) {
    let (mainView, box, label) = makeViews()
    View.animate(withDuration: 1, animations: { box.position = .lowerRight }) { _ in
        View.animate(withDuration: rotation, animations: { box.rotation = 45 })
    }
    View.animate(withDuration: colour, animations: { mainView.backgroundColor = .blue }) { _ in
        label.isHidden = false
    }
}

lesson.page("Completion on the longest animation: it works") { page in
    note("Move 1 s then rotate 3 s (4 s in all); colour 5 s, whose completion shows the label.")
    animateWithoutGroup(colour: 5, rotation: 3)
    page.doneWhenScreenSettles()
}

lesson.page("Swap the durations: the label shows too early (the bug)") { page in
    note("Now the colour takes 3 s and the rotation 5 s; the label still hangs on the colour's completion.")
    animateWithoutGroup(colour: 3, rotation: 5)
    page.whenScreenSettles {
        note("Look: \"All done\" appeared at 3 s while the box rotated until 6 s.")
        page.done()
    }
}

// DEMOS B2: wrap animate so that a dispatch group knows when each animation really ends.
extension View {
    static func animate(
        withDuration duration: Double, animations: @escaping () -> Void, group: DispatchGroup,
        completion: ((Bool) -> Void)?
    ) {
        group.enter()  // before the animation starts...
        animate(withDuration: duration, animations: animations) { success in
            completion?(success)
            group.leave()  // ...and after it really ended, completion included
        }
    }
}

@MainActor
func animateWithGroup(colour: Double, rotation: Double, then next: @escaping () -> Void) {
    let (mainView, box, label) = makeViews()
    let animationGroup = DispatchGroup()
    View.animate(withDuration: 1, animations: { box.position = .lowerRight }, group: animationGroup) { _ in
        View.animate(
            withDuration: rotation, animations: { box.rotation = 45 }, group: animationGroup, completion: nil)
    }
    View.animate(
        withDuration: colour, animations: { mainView.backgroundColor = .blue }, group: animationGroup,
        completion: nil)
    animationGroup.notify(queue: .main) {
        label.isHidden = false
        next()
    }
}

lesson.page("A dispatch group: the label waits for every animation, in either order") { page in
    note("First run: colour 5 s, rotation 3 s. The group's notify shows the label.")
    animateWithGroup(colour: 5, rotation: 3) {
        note("Second run, from 5 s: colour 3 s, rotation 5 s. Same code, no arithmetic.")
        animateWithGroup(colour: 3, rotation: 5) {
            note("Both times the label appeared only when the last animation ended: at 5 s, then at 11 s.")
            page.done()
        }
    }
}

lesson.page("group.async around an asynchronous call finishes too early") { page in
    note("A task in group.async starts a 1 s download and returns; the group counts only the task.")
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
        say("task: download started, task returns")
        fetch("photo", latency: 1) { _ in
            say("download finished")
            DispatchQueue.main.async { enterAndLeave(page) }
        }
    }
    group.notify(queue: .main) {
        say("group.notify: \"all done\", but the download is still running")
    }
}

/// DEMOS B3, the fix: enter before the asynchronous call, leave in its completion.
func enterAndLeave(_ page: Page) {
    note("Fixed: group.enter() before the call, group.leave() in its completion handler.")
    let group = DispatchGroup()
    group.enter()
    say("download started")
    fetch("photo", latency: 1) { _ in
        say("download finished")
        group.leave()
    }
    group.notify(queue: .main) {
        say("group.notify: all done, and this time it is true")
        page.done()
    }
}

/// Ten fetches, 0.1 s to 1.0 s each, all in `group`.
func startTenFetches(in group: DispatchGroup) {
    for item in 1...10 {
        group.enter()
        fetch("item \(item)", latency: 0.1 * Double(item)) { _ in group.leave() }
    }
}

lesson.page("Ten fetches: group.wait blocks, group.notify does not") { page in
    note("A tap is due on the main queue at 0.2 s. Ten fetches take 0.1 s to 1.0 s. First with wait():")
    let waitGroup = DispatchGroup()
    DispatchQueue.main.asyncAfter(lessonSeconds: 0.2) { say("the tap due at 0.20s is handled") }
    startTenFetches(in: waitGroup)
    waitGroup.wait()  // on the main queue: nothing else runs here until all ten are back
    say("group.wait() returned: all ten fetched; the main queue was blocked all along")
    DispatchQueue.main.async {
        note("The tap was late: it waited for the blocked main queue. Now with notify(queue: .main):")
        let start = LessonClock.shared.now
        let notifyGroup = DispatchGroup()
        DispatchQueue.main.asyncAfter(lessonSeconds: 0.2) {
            say("the tap due at \(fixed(start + 0.2, decimals: 2))s is handled on time")
        }
        startTenFetches(in: notifyGroup)
        say("notify registered; the main queue is free")
        notifyGroup.notify(queue: .main) {
            say("group.notify: all ten fetched")
            page.done()
        }
    }
}

lesson.page("One group, work on two queues") { page in
    note("WWDC 2016: \"You can add more work to that group, and you can do it to different queues, but")
    note("associate it with the same group.\" Two items go to a serial database queue (1 s each, one")
    note("after the other) and one to a global queue (3 s); one notify waits for all three.")
    let group = DispatchGroup()
    let databaseQueue = DispatchQueue(label: "racelab.database")
    for (item, name) in ["load settings", "load favourites"].enumerated() {
        databaseQueue.async(group: group) {
            sleep(lessonSeconds: 1)
            say("database queue: \(name) done (item \(item + 1) of the serial queue)")
        }
    }
    DispatchQueue.global().async(group: group) {
        sleep(lessonSeconds: 3)
        say("global queue: image downloaded")
    }
    say("three items submitted to two queues, one group; notify registered")
    group.notify(queue: .main) {
        say("group.notify: all three done, whichever queue they ran on")
        page.done()
    }
}

lesson.run()
