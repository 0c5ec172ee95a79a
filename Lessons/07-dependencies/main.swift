// Lesson 7 — Dependencies between operations (DEMOS F1–F5; the article "Concurrency in Swift 3 and
// 4", WWDC 2015 "Advanced NSOperations", the RWDevCon 2017 lab). Read top to bottom; Steps.swift
// holds the operations the graphs are made of, Graph.swift the cycle finder and the drawing.
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 7: dependencies between operations")

lesson.page("A chain that passes an image on: load, tilt-shift, vignette") { page in
    note("The lab's chain: an image load operation, then a tilt-shift filter, then a vignette. Neither")
    note("filter is given an image: each \"chooses the first such dependent operation\", its first")
    note("dependency that passes an image on (the article's ImagePass), and takes that one's image.")
    Network.serve(.generated(1), as: "train_night.jpg", latency: 1)
    let load = ImageLoadOperation(imageName: "train_night.jpg") { image, _ in
        say("train_night.jpg loaded: \(image.map { "\($0.width) x \($0.height)" } ?? "nothing")")
    }
    let tiltShift = TiltShiftOperation()
    tiltShift.name = "tilt-shift"
    let vignette = VignetteOperation()
    vignette.name = "vignette"
    tiltShift.needs(load)
    vignette.needs(tiltShift)
    let queue = OperationQueue()
    queue.addOperations([vignette, tiltShift, load], waitUntilFinished: false)  // any order: dependencies decide
    say("three operations added, the vignette first; the load starts (1 s over the network)")
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        guard let picture = vignette.outputImage else { return note("No picture came out.") }
        let path = (try? picture.write(to: "lesson7", as: "train_night")) ?? "(not written)"
        note("The picture: checksum \(picture.checksum), written to \(path) (a PGM any image viewer opens).")
    }
}

lesson.page("Ready when every dependency has finished, and a cancelled one has finished too") { page in
    note("WWDC 2015: \"operation B will become dependent on the successful [execution] of operation A\".")
    note("Foundation's rule is \"finished\", and a cancelled operation finishes. A, 1 s, is cancelled before")
    note("it starts; B needs A; C needs A too, and checks its dependencies before it works:")
    let queue = OperationQueue()
    queue.isSuspended = true  // so that A is cancelled before it starts
    let a = Step("A", 1)
    let b = Step("B", 0.5).needs(a)
    let c = CheckingStep("C", 0.5).needs(a)
    queue.addOperations([a, b, c], waitUntilFinished: false)
    a.cancel()
    say("A cancelled; the queue starts")
    queue.isSuspended = false
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        note("A: cancelled \(a.isCancelled), finished \(a.isFinished), and its work never ran. B ran all the same: a")
        note("dependency only says \"after\", not \"after it succeeded\". An operation that needs a dependency's")
        note("result must check it, as C does (the article's filters check for an input image).")
    }
}

lesson.page("Dependencies across two queues, and a cycle that never runs") { page in
    note("A dependency does not care which queue either operation is on. B, on queue 2, needs A, on queue 1:")
    let queue1 = OperationQueue()
    queue1.name = "queue 1"
    let queue2 = OperationQueue()
    queue2.name = "queue 2"
    let a = Step("A", 0.5)
    let b = Step("B", 0.5).needs(a)
    queue2.addOperation(b)
    queue1.addOperation(a)
    page.finish {
        queue2.waitUntilAllOperationsAreFinished()
        note("Now C on queue 1 needs D, and D on queue 2 needs C (WWDC 2015: \"if I inadvertently make A")
        note("also dependent on B, then these two operations will never execute\"). Draw the picture:")
        let c = Step("C", 0.5)
        let d = Step("D", 0.5)
        c.needs(d)
        d.needs(c)
        for line in drawing(of: [(c, queue1), (d, queue2)]) { note("  " + line) }
        if let cycle = findCycle(among: [c, d]) {
            note("Walking the dependencies finds a cycle: \(cycle.map { $0.name ?? "?" }.joined(separator: " needs "))")
        }
        queue1.addOperation(c)
        queue2.addOperation(d)
        say("C and D added")
        let ran = Watchdog.run(upTo: 2, "queues 1 and 2") {
            queue1.waitUntilAllOperationsAreFinished()
            queue2.waitUntilAllOperationsAreFinished()
        }
        if !ran {
            note("Neither became ready: each waits for the other to finish, and nothing says so. Cancelling C")
            note("breaks the wait: a cancelled operation does not wait for its dependencies. C finishes without")
            note("working, and D, which only needed C to finish, runs:")
            c.cancel()
            let drained = Watchdog.run(upTo: 2, "queues 1 and 2 after cancel()") {
                queue1.waitUntilAllOperationsAreFinished()
                queue2.waitUntilAllOperationsAreFinished()
            }
            say(drained ? "after cancel(): both queues are empty" : "after cancel(): still stuck")
        }
    }
}

lesson.page("The conference app starts up: a graph of eight operations") { page in
    note("WWDC 2015's start-up: download the settings, check the version, then the news and the schedule;")
    note("with the schedule in place, favourites, feedback and videos; and \"this final operation to save")
    note("our context does not become ready to execute until everything else has already finished\".")
    let timeline = Timeline()
    let settings = Step("settings", 0.5, timeline: timeline)
    let version = Step("version check", 0.5, timeline: timeline).needs(settings)
    let news = Step("news", 1, timeline: timeline).needs(version)
    let schedule = Step("schedule", 1, timeline: timeline).needs(version)
    let favorites = Step("favorites", 0.5, timeline: timeline).needs(schedule)
    let feedback = Step("feedback", 0.5, timeline: timeline).needs(schedule)
    let videos = Step("videos", 1, timeline: timeline).needs(schedule)
    let others = [settings, version, news, schedule, favorites, feedback, videos]
    let save = Step("save context", 0.5, timeline: timeline)
    for other in others { save.addDependency(other) }
    let queue = OperationQueue()
    queue.addOperations([save] + others.reversed(), waitUntilFinished: false)
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        note("")
        for line in timeline.chart(heading: "operation") { note(line) }
        let rows = timeline.recorded
        let lastOther = rows.filter { $0.name != "save context" }.map(\.end).max() ?? 0
        let saveStart = rows.first { $0.name == "save context" }?.start ?? 0
        note("")
        let when = saveStart + 0.001 >= lastOther ? "after" : "BEFORE"
        note(
            "save context started at \(seconds(saveStart)), \(when) the last of the other seven finished (\(seconds(lastOther)))."
        )
    }
}

lesson.page("Saving a favourite: login, user info, iCloud, then save") { page in
    note("WWDC 2015's \"add to favorites\": a login operation; a user info operation after it (a developer")
    note("account?); an iCloud account check, needing nothing; and save favorite, \"dependent on the")
    note("successful completion\" of both checks.")
    let timeline = Timeline()
    let login = Step("login", 0.5, timeline: timeline)
    let userInfo = Step("user info", 0.5, timeline: timeline).needs(login)
    let iCloud = Step("iCloud account", 0.75, timeline: timeline)
    let saveFavorite = Step("save favorite", 0.25, timeline: timeline).needs(userInfo, iCloud)
    let queue = OperationQueue()
    queue.addOperations([saveFavorite, userInfo, iCloud, login], waitUntilFinished: false)
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        let rows = Dictionary(uniqueKeysWithValues: timeline.recorded.map { ($0.name, $0) })
        guard let save = rows["save favorite"], let info = rows["user info"], let cloud = rows["iCloud account"] else {
            return
        }
        let when = save.start + 0.001 >= max(info.end, cloud.end) ? "after" : "BEFORE"
        note(
            "save favorite started at \(seconds(save.start)), \(when) user info (\(seconds(info.end))) and the iCloud check"
        )
        note("(\(seconds(cloud.end))) had finished; login and the iCloud check ran side by side.")
    }
}

lesson.page("Mutual exclusion by chaining: one alert at a time") { page in
    note("WWDC 2015: make each new alert operation depend on the previous one, \"like a singly linked list")
    note("back in time\", and two alerts are never on screen at once, whatever queue each is on. Three alerts")
    note("of 1 s on two queues, first without the chain:")
    showAlerts(chained: false) { most in
        note("At most \(most) alerts on screen at once.")
        LessonClock.shared.restart()
        note("Now each alert depends on the one before:")
        showAlerts(chained: true) { most in
            note("At most \(most) alert on screen at once.")
            page.done()
        }
    }
}

/// Three alert operations of 1 s: 1 and 3 on one queue, 2 on another; with `chained`, each depends on
/// the one before. Calls `done` with the most alerts that were on screen at once.
func showAlerts(chained: Bool, then done: @escaping (Int) -> Void) {
    let onScreen = Locked((now: 0, most: 0))
    let alerts = (1...3).map { number in
        alert(number, onScreen: onScreen)
    }
    if chained {
        alerts[1].needs(alerts[0])
        alerts[2].needs(alerts[1])
    }
    let queue1 = OperationQueue()
    let queue2 = OperationQueue()
    queue1.addOperations([alerts[2], alerts[0]], waitUntilFinished: false)
    queue2.addOperation(alerts[1])
    Thread.detachNewThread {
        queue1.waitUntilAllOperationsAreFinished()
        queue2.waitUntilAllOperationsAreFinished()
        DispatchQueue.main.async { done(onScreen.current.most) }
    }
}

lesson.run()
