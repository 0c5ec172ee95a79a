// Lesson 11 — Object lifecycle: setup, activate, invalidate, deallocate (DEMOS A7; WWDC 2016
// "Concurrent Programming With GCD in Swift 3", its BusyController and dispatch objects). Read top
// to bottom; BusyControllers.swift holds the three controllers, RaceLab's DataTransform the subsystem.
import Foundation
import RaceLabKit
import Lesson11Support

/// Page 7's timer source: active, due in a minute, then suspended.
func suspendedTimer() -> DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource()
    timer.schedule(deadline: .now() + 60)
    timer.setEventHandler { note("tick") }
    timer.activate()
    timer.suspend()
    return timer
}

// Pages 3, 4 and 7 start this program again, as a child process, for a demo that crashes.
ChildProcess.runIfChild([
    "weak-octopus": {
        let subsystem = DataTransform()
        var controller: WeakBusyController? = WeakBusyController("controller", subsystem: subsystem)
        controller!.activate()
        subsystem.work(0.1)
        subsystem.hold(Octopus(holding: controller!))  // until its work is done
        note("main: drops its references to the controller and the octopus; the subsystem still holds the octopus")
        controller = nil
        subsystem.letGo()  // queued behind the work: the octopus goes on the subsystem's queue
        Thread.sleep(forTimeInterval: 2)
        note("main: two seconds later, still running")
    },
    "no-invalidate": {
        do {
            let controller = BusyController("controller", subsystem: DataTransform())
            note("main: activates the controller, then lets it go without invalidate()")
            controller.activate()
        }
        note("main: still running")
    },
    "suspended-source": {
        do {
            let timer = suspendedTimer()
            note("main: releases a timer source while it is suspended")
            withExtendedLifetime(timer) {}
        }
        note("main: still running")
    },
    "cancelled-suspended-source": {
        do {
            let timer = suspendedTimer()
            timer.cancel()
            note("main: releases a timer source it suspended, then cancelled")
            withExtendedLifetime(timer) {}
        }
        note("main: still running")
    },
    "inactive-queue": {
        do {
            let queue = DispatchQueue(label: "racelab.never-activated", attributes: .initiallyInactive)
            queue.async { note("never runs") }
            note("main: releases a queue created .initiallyInactive, never activated")
        }
        note("main: still running")
    },
])

/// The talk's "octopus": an object that holds references to others.
final class Octopus {
    let arm: AnyObject
    init(holding arm: AnyObject) { self.arm = arm }
}

let lesson = Lesson("RaceLab lesson 11: object lifecycle, setup to deallocate")

lesson.page("Setup and activate: a BusyController follows the subsystem") { page in
    note("WWDC 2016's BusyController shows a busy indicator while the data transform subsystem works.")
    note("Setup: init. Activate: register for the subsystem's state changes, delivered on the main queue.")
    let subsystem = DataTransform()
    let controller = DeinitBusyController("controller", subsystem: subsystem)
    controller.activate()
    say("activated; the subsystem works 1 s")
    subsystem.work(1)
    DispatchQueue.main.asyncAfter(lessonSeconds: 1.5) {
        withExtendedLifetime(controller) {}
        note("It works while the controller lives. Next: getting rid of it.")
        page.done()
    }
}

lesson.page("Unregister in deinit: abandoned memory") { page in
    note("\"Just deinit, and [un]register it from the subsystem, and hope for the best.\" The controller's")
    note("handler captures it, and the subsystem holds the handler. The main queue drops the last")
    note("reference of its own:")
    let subsystem = DataTransform()
    var controller: DeinitBusyController? = DeinitBusyController("controller", subsystem: subsystem)
    controller!.activate()
    let probe = LifeProbe(controller!)
    controller = nil
    say("main: controller = nil. Alive: \(probe.isAlive); observers the subsystem holds: \(subsystem.observerCount)")
    note("deinit did not run, so it never unregisters: the subsystem keeps the controller forever.")
    subsystem.work(0.5)
    DispatchQueue.main.asyncAfter(lessonSeconds: 1) {
        say("Alive: \(probe.isAlive). The abandoned controller still turned an indicator nobody sees on and off.")
        page.done()
    }
}

lesson.page("Weak references: deinit on the subsystem's queue") { page in
    note("The talk: \"Weak references, and I will say yes, you're right. However...\" The handler now holds")
    note("the controller weakly, and deinit unregisters. But an octopus object holds the controller too, and")
    note("the subsystem holds the octopus until its work is done. When the main queue lets go first, the")
    note("last reference goes on the subsystem's queue. In a child process:")
    page.finish {
        ChildProcess.show("weak-octopus")
        note("deinit ran on the subsystem's queue and synced onto that same queue to unregister: \"you")
        note("guessed it, we end up with a deadlock. Actually, that bug is so common that we've made it an")
        note("assertion\": libdispatch stops the program at the sync (lesson 4, page 9; README).")
    }
}

lesson.page("The fix: an explicit invalidate(), and a late notification dropped") { page in
    note("Invalidation is a call of its own, on the main queue (a dispatch precondition says so); it")
    note("unregisters and remembers it did. A notification already on its way is dropped. deinit only")
    note("checks, with a precondition, that invalidate() came first.")
    let subsystem = DataTransform()
    var controller: BusyController? = BusyController("controller", subsystem: subsystem)
    controller!.activate()
    let probe = LifeProbe(controller!)
    // The subsystem finishes while the main queue is busy here, so its 'idle' is queued behind this
    // block: it posts 'idle' only once the block has begun, however late a busy machine fires the timer
    // (a stress run once saw 'idle' delivered first, at 0.56 s).
    let mainQueueBusy = DispatchSemaphore(value: 0)
    subsystem.work(0.5, idleAfter: mainQueueBusy)
    DispatchQueue.main.asyncAfter(lessonSeconds: 0.25) {
        mainQueueBusy.signal()
        sleep(lessonSeconds: 0.5)
        subsystem.queue.sync {}  // the subsystem has posted 'idle' to the main queue by now
        controller!.invalidate()
        DispatchQueue.main.async {  // after the late notification
            controller = nil
            say("main: controller = nil; alive: \(probe.isAlive)")
            note("Without invalidate(), deinit's precondition stops the program. In a child process:")
            page.finish { ChildProcess.show("no-invalidate", stderrFrom: "Precondition failed") }
        }
    }
}

lesson.page("Dispatch objects: created inactive, then activate()") { page in
    note("Queues and sources follow the same lifecycle. A queue created .initiallyInactive takes work")
    note("but runs none until activate(): set it up first, then let it go.")
    let queue = DispatchQueue(label: "racelab.inactive", attributes: .initiallyInactive)
    queue.async { say("the work submitted at 0 s runs") }
    say("work submitted to the inactive queue")
    DispatchQueue.main.asyncAfter(lessonSeconds: 0.5) {
        say("0.5 s later: nothing ran. queue.activate(), twice: the second call does nothing (the work runs once)")
        queue.activate()
        queue.activate()
        queue.async {
            say("the work submitted after activate() runs")
            page.done()
        }
    }
}

/// Ticks every 0.5 s on a timer source; its handlers capture self, so the two keep each other alive
/// until the source is cancelled.
final class Ticker {
    let name: String
    let timer = DispatchSource.makeTimerSource(queue: .global())
    // Counted atomically: each tick runs on whichever thread the global queue lends the source, and
    // ThreadSanitizer did not see libdispatch order one tick's handler before the next (measured).
    private let ticks = RelaxedWord()

    init(_ name: String) {
        self.name = name
        timer.schedule(
            deadline: LessonClock.shared.deadline(after: 0.5), repeating: LessonClock.shared.realSeconds(0.5))
        timer.setEventHandler { self.ticks.add(1) }
        timer.setCancelHandler { say("\(self.name): cancel handler (close what the source watched here)") }
        timer.activate()
    }

    var tickCount: Int { Int(ticks.value) }

    deinit { note("\(name): deinit") }
}

lesson.page("A timer source: event and cancel handlers, and the cycle only cancel() breaks") { page in
    note("A timer source ticks every 0.5 s; its handlers capture the Ticker that owns the source.")
    var kept: Ticker? = Ticker("ticker A")
    let probeA = LifeProbe(kept!)
    DispatchQueue.main.asyncAfter(lessonSeconds: 1.25) {
        say("ticker A: ticked \(kept!.tickCount) times; cancel(), then the last reference goes")
        kept!.timer.cancel()
        kept = nil
        DispatchQueue.main.asyncAfter(lessonSeconds: 0.5) {
            say("ticker A alive: \(probeA.isAlive)")
            note("Now ticker B, whose last reference goes without cancel():")
            var forgotten: Ticker? = Ticker("ticker B")
            let probeB = LifeProbe(forgotten!)
            weak var tickerB: Ticker?  // how the page reaches ticker B after dropping it
            tickerB = forgotten
            forgotten = nil
            DispatchQueue.main.asyncAfter(lessonSeconds: 1.25) {
                say(
                    "ticker B alive: \(probeB.isAlive), ticked \(tickerB?.tickCount ?? 0) times since: the source holds its handlers, the handlers"
                )
                note("hold the Ticker, the Ticker holds the source. \"Calling cancellation is how you can break that")
                note("[retain] cycle.\" The page stops ticker B through a weak reference.")
                tickerB?.timer.cancel()
                DispatchQueue.main.asyncAfter(lessonSeconds: 0.5) {
                    say("ticker B alive: \(probeB.isAlive)")
                    page.done()
                }
            }
        }
    }
}

lesson.page("Released while suspended: dispatch stops the program") { page in
    note("When a dispatch object is released, dispatch \"expects two things from you\": \"First, that your")
    note("objects are active. And second, that they are not suspended.\" In a child process, a timer source")
    note("released while suspended:")
    page.finish {
        ChildProcess.show("suspended-source")
        note("A second child cancels its suspended source before the release: cancel() does not lift the")
        note("suspension.")
        ChildProcess.show("cancelled-suspended-source")
        note("A third releases a queue it created inactive:")
        ChildProcess.show("inactive-queue")
        note("libdispatch traps on each release (README: \"Release of a suspended object\", \"Release of an")
        note("inactive object\"; on Linux the message is not written anywhere). Activate what you create")
        note("inactive, and resume a suspended source before its last reference goes.")
    }
}

lesson.run()
