import Foundation
import RaceLabKit

/// What exercise 11's driver needs of the attendee's `BusyController`: the talk's four steps.
public protocol BusyControlling: AnyObject {
    init(subsystem: DataTransform, indicator: BusyIndicator)  // setup
    func activate()
    func invalidate()
}

/// The screen's busy indicator (a stand-in for a spinner view): the controller turns it on and off,
/// on the main queue. The driver closes it when it invalidates the controller, and any call after
/// that is a late notification that reached the controller.
/// @unchecked Sendable: only `let`s: a name and relaxed atomic words.
public final class BusyIndicator: @unchecked Sendable {
    private let name: String
    private let lateCalls = RelaxedWord()
    private let closed = RelaxedWord()
    private let offCalls = RelaxedWord()
    private let muted = RelaxedWord()  // the screen it was on is gone: nothing it shows is said

    public init(name: String = "busy indicator") { self.name = name }

    public func show(_ busy: Bool) {
        if muted.value == 1 { return }
        let place = isOnMainQueue ? "" : "   <- not on the main queue"
        if closed.value == 1 {
            lateCalls.add(1)
            say("\(name) \(busy ? "on" : "off")   <- after invalidate()\(place)")
        } else {
            if !busy { offCalls.add(1) }
            say("\(name) \(busy ? "on" : "off")\(place)")
        }
    }

    /// How many times it was turned off before it was closed.
    var turnedOff: Int { Int(offCalls.value) }

    func close() { closed.value = 1 }
    func mute() { muted.value = 1 }
    var late: Int { Int(lateCalls.value) }
}

/// Exercise 11's driver, which is not the attendee's to edit: three rounds of activate, work,
/// invalidate, let go, the work's length from the seed. In the first the subsystem's "idle" is already
/// on its way to the main queue when the controller is invalidated, and arrives 0.6 to 1.0 s of real
/// time later (the main queue is busy: a fix that drops notifications for half a second lets it in);
/// a second controller shares the subsystem and stays active, so that it gets the 'idle' (a
/// controller that asks the subsystem whether anyone is registered, instead of remembering its own
/// invalidation, lets the late 'idle' in; one that silences every controller starves the second).
/// In the second, invalidate() comes right after an 'idle' the handler has received, and the
/// subsystem still holds the controller (an "octopus" it keeps) when the driver lets go, and lets go
/// after it, on its own queue, once its notifications have run: there the last reference goes. The
/// third is the first with the driver letting go before the late 'idle' runs.
public enum BusyControllerExercise {
    public static func makeLesson(_ make: @escaping (DataTransform, BusyIndicator) -> BusyControlling) -> Lesson {
        let lesson = Lesson("RaceLab exercise 11: invalidate BusyController explicitly", seeded: true)
        lesson.page("Activate, work, invalidate, let go: three rounds") { page in
            var scenario = page.scenario
            let work = scenario.seconds(in: 0.4...0.8, step: 0.1)
            // Real seconds, not lesson seconds: a fix that drops notifications for a while counts its
            // while on the wall clock, whatever speed the driver runs at.
            let busy = scenario.seconds(in: 0.6...1.0, step: 0.1)
            let secondWork = scenario.seconds(in: 0.4...0.8, step: 0.1)
            note("Round 1: the subsystem works \(seconds(work)); its 'idle' is already queued for the main queue when")
            note(
                "invalidate() comes, and the main queue is busy for \(seconds(busy)) of real time more before the 'idle' arrives;"
            )
            note("a second controller on the same subsystem stays active, and must get it")
            let round = Round(make, work: work, withSecond: true)
            round.whenIdleIsQueued {
                say("invalidate()")
                round.invalidate()
                // so 'idle' arrives well after invalidate(): late is late, however late
                Thread.sleep(forTimeInterval: busy)
                DispatchQueue.main.async {  // after the late 'idle'
                    round.controller = nil
                    round.report(when: "once the driver let go")
                    round.reportSecond()
                    secondRound(make, work: secondWork) { thirdRound(make, work: work, then: page.done) }
                }
            }
        }
        return lesson
    }

    static func secondRound(
        _ make: @escaping (DataTransform, BusyIndicator) -> BusyControlling, work: Double,
        then done: @escaping () -> Void
    ) {
        note("Round 2: the subsystem works \(seconds(work)) and still holds the controller when the driver lets go")
        LessonClock.shared.restart()
        let round = Round(make, work: work)
        round.subsystem.hold(round.controller!)  // the talk's "octopus": a reference the subsystem keeps
        // invalidate() comes right after the subsystem's 'idle': the driver holds the main queue until
        // the 'idle' is queued behind it and queues invalidate() behind that, so the handler runs first
        // and may show it, but anything it sends on to the main queue from there arrives after.
        round.whenIdleIsQueued { DispatchQueue.main.async { invalidateAndLetGo(round, then: done) } }
    }

    /// Round 2's end: invalidate, let go, and the subsystem lets go last, on its own queue.
    static func invalidateAndLetGo(_ round: Round, then done: @escaping () -> Void) {
        say("invalidate(), and the driver lets go; then the subsystem lets go, on its own queue")
        round.invalidate()
        round.controller = nil
        // The subsystem lets go once its work is done and the notifications it sent the main queue
        // have run (both queues are serial: what is sent after comes after). A notification that
        // still ran then would hold the controller for a moment, and the last reference could go
        // on the main queue instead (a weak-self wrong fix escaped its crash so in one loaded stress
        // run, and in every run with delays put in by hand). So the subsystem's reference is the
        // last, and it goes on its queue, every run.
        afterSubsystemAndMainQueue(round.subsystem) {
            round.subsystem.letGo()
            afterSubsystemAndMainQueue(round.subsystem) {  // after the let-go and whatever deinit sent there
                round.report(when: "once the driver and the subsystem let go")
                done()
            }
        }
    }

    /// Round 3: as round 1, but the driver lets go at once, before the late 'idle' runs: a handler that
    /// captures the controller unowned finds it gone; one that captures it strongly keeps it until the
    /// 'idle' has run, and is deallocated then.
    static func thirdRound(
        _ make: @escaping (DataTransform, BusyIndicator) -> BusyControlling, work: Double,
        then done: @escaping () -> Void
    ) {
        note("Round 3: as round 1, but the driver lets go at once, before the late 'idle' arrives")
        LessonClock.shared.restart()
        let round = Round(make, work: work)
        round.whenIdleIsQueued {
            say("invalidate(), and the driver lets go at once")
            round.invalidate()
            round.controller = nil
            DispatchQueue.main.async {  // after the late 'idle'
                round.report(when: "once the driver let go")
                done()
            }
        }
    }

    /// Runs `body` on the main queue after every block already on the subsystem's queue, and after
    /// what those blocks sent to the main queue.
    static func afterSubsystemAndMainQueue(_ subsystem: DataTransform, _ body: @escaping @Sendable () -> Void) {
        subsystem.queue.async { DispatchQueue.main.async(execute: body) }
    }

    /// One round: a subsystem at work (`work` lesson seconds) and the attendee's controller, set up and activated.
    /// Used on the main queue only.
    /// @unchecked Sendable: used on the main queue only.
    final class Round: @unchecked Sendable {
        let subsystem = DataTransform()
        let indicator = BusyIndicator()
        var controller: BusyControlling?
        let probe: LifeProbe
        /// A second controller on the same subsystem, which is never invalidated in the round.
        var second: (controller: BusyControlling, indicator: BusyIndicator)?

        let work: Double

        init(_ make: (DataTransform, BusyIndicator) -> BusyControlling, work: Double, withSecond: Bool = false) {
            self.work = work
            let controller = make(subsystem, indicator)
            controller.activate()
            self.controller = controller
            probe = LifeProbe(controller)
            if withSecond {
                let indicator = BusyIndicator(name: "second controller's busy indicator")
                let second = make(subsystem, indicator)
                second.activate()
                self.second = (second, indicator)
            }
            subsystem.work(work)
        }

        /// Runs `body` on the main queue at 0.25 s, once the subsystem's work is over and its 'idle' is
        /// queued on the main queue behind `body`: the main queue is held until then.
        func whenIdleIsQueued(_ body: @escaping () -> Void) {
            DispatchQueue.main.asyncAfter(lessonSeconds: 0.25) {
                sleep(lessonSeconds: self.work)
                self.subsystem.queue.sync {}
                body()
            }
        }

        /// The attendee's invalidate(); from then on the indicator counts late calls.
        func invalidate() {
            subsystem.invalidating.value = 1
            controller!.invalidate()
            subsystem.invalidating.value = 0
            indicator.close()
            reportRegistrations(subsystem, others: second == nil ? 0 : 1)
        }

        func report(when: String) {
            BusyControllerExercise.report(indicator, probe, when: when)
        }

        /// Whether the second controller, still active, got the 'idle'; then the driver invalidates it
        /// and lets it go, unjudged.
        func reportSecond() {
            guard let (controller, indicator) = second else { return }
            switch indicator.turnedOff {
            case 1: note("The second controller, still active, got the 'idle'.")
            case 0:
                note(
                    "The second controller, still active, never got the 'idle': did the first one's `invalidate()`"
                        + " silence it?   <- invalidating one controller must not silence another"
                )
            case let times: note("The second controller, still active, was turned off \(times) times by one 'idle'")
            }
            indicator.mute()  // an invalidate() may turn its own indicator off: unjudged here
            controller.invalidate()
            second = nil
        }
    }

    /// Invalidation is where the subsystem must be told: the talk unregisters there, before
    /// invalidate() returns (recorded by the subsystem, not guessed from when the driver looks).
    /// `others`: handlers of controllers still active, which must stay.
    static func reportRegistrations(_ subsystem: DataTransform, others: Int) {
        let left = subsystem.observerCount
        if subsystem.unregisteredWhileInvalidating.value == 0 {
            note(
                "`invalidate()` returned without unregistering   <- unregister in invalidate() itself, before it returns"
            )
        } else if left < others {
            note(
                "After invalidate(), the subsystem lost the second controller's handler too   <- unregister this controller's only"
            )
        } else {
            let only = others == 0 ? "no handler." : "only the second controller's handler."
            note(
                left == others
                    ? "After invalidate(), the subsystem holds \(only)"
                    : "After invalidate(), the subsystem still holds \(left - others) handler(s) of this controller   <- unregister every one in invalidate()"
            )
        }
    }

    static func report(_ indicator: BusyIndicator, _ probe: LifeProbe, when: String) {
        note(
            indicator.late == 0
                ? "No notification reached the controller after invalidate()."
                : "\(indicator.late) notification(s) reached the controller after `invalidate()`   <- drop them once invalidated"
        )
        note(
            probe.isAlive
                ? "The controller is still alive   <- something still holds it: abandoned memory"
                : "The controller was deallocated \(when).")
    }
}
