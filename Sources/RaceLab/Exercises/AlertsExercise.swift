import Foundation

/// Exercise 10's driver, not the attendee's to edit: alerts that must come one at a time, through the
/// attendee's `Exclusivity` (lesson 10, page 9), and a video of another category that must not wait
/// for them. It judges by meaning, from the operations' own starts and ends.
public enum AlertsExercise {
    enum Alert {}
    enum Video {}

    /// An operation of `seconds` lesson seconds in one exclusivity category, counting what is on screen.
    final class Shown: ToolkitOperation, @unchecked Sendable {
        let seconds: Double
        let screen: Screen
        let onStart: @Sendable () -> Void

        init<Category>(_ name: String, _ seconds: Double, _ category: Category.Type, screen: Screen, onStart: @escaping @Sendable () -> Void = {}) {
            self.seconds = seconds
            self.screen = screen
            self.onStart = onStart
            super.init(name)
            addCondition(MutuallyExclusive<Category>())
        }

        override func execute() {
            screen.appears(self)
            onStart()
            DispatchQueue.global().asyncAfter(lessonSeconds: seconds) {
                self.screen.leaves(self)
                self.finish()
            }
        }
    }

    /// What is on screen: the most alerts at once, whether the video shared the screen with an alert,
    /// and every appearance in order.
    final class Screen: @unchecked Sendable {
        private let state = Locked((alerts: 0, video: 0, mostAlerts: 0, videoBesideAlert: false, shown: [String](), started: [String: Double](), ended: [String: Double]()))
        var mostAlerts: Int { state.current.mostAlerts }
        var videoBesideAlert: Bool { state.current.videoBesideAlert }
        var shown: [String] { state.current.shown }
        func started(_ name: String) -> Double? { state.current.started[name] }
        func ended(_ name: String) -> Double? { state.current.ended[name] }

        func appears(_ operation: Shown) {
            state.withLock { screen in
                if operation.name!.hasPrefix("video") { screen.video += 1 } else { screen.alerts += 1 }
                screen.mostAlerts = max(screen.mostAlerts, screen.alerts)
                if screen.video > 0 && screen.alerts > 0 { screen.videoBesideAlert = true }
                screen.shown.append(operation.name!)
                screen.started[operation.name!] = LessonClock.shared.now
            }
        }

        func leaves(_ operation: Shown) {
            state.withLock { screen in
                if operation.name!.hasPrefix("video") { screen.video -= 1 } else { screen.alerts -= 1 }
                screen.ended[operation.name!] = LessonClock.shared.now
            }
        }
    }

    public static func makeLesson(_ exclusivity: Exclusivity) -> Lesson {
        let lesson = Lesson("RaceLab exercise 10: one alert at a time")
        lesson.page("Alerts from three threads, a video, and a late alert") { page in
            bookkeeping(exclusivity)
            let screen = Screen()
            // Three queues: one for each thread of round 1, so that no queue's lock orders their calls.
            let queues = (1...3).map { _ in ToolkitQueue(exclusivity: exclusivity) }
            // Round 1: three threads, released together, each add twenty alerts of 0.05 s, interleaved;
            // a video of 1 s is added beside them.
            let round1 = (1...3).map { thread in (1...20).map { Shown("alert \(thread)-\($0)", 0.05, Alert.self, screen: screen) } }
            let video = Shown("video", 1, Video.self, screen: screen)
            let added = startTogether(round1.count) { thread in
                for alert in round1[thread] {
                    queues[thread].addOperation(alert)
                    sleep(lessonSeconds: 0.01)  // the threads' alerts come interleaved, not one thread's after another's
                }
            }
            queues[1].addOperation(video)
            page.finish {
                // An exclusivity without its lock can corrupt its dictionary and spin for good.
                guard Watchdog.wait(for: added, upTo: 5, "the threads adding round 1's alerts") else {
                    return judge(screen, false)
                }
                let round1Done = Watchdog.run(upTo: 5, "round 1's alerts and the video") {
                    for operation in round1.joined() + [video] { operation.waitUntilFinished() }
                }
                // Round 2: X, then Y; once Y is on screen (so X has been dismissed), Z.
                let late = Shown("alert Z", 0.25, Alert.self, screen: screen)
                let first = Shown("alert X", 0.25, Alert.self, screen: screen)
                let second = Shown("alert Y", 0.25, Alert.self, screen: screen) {
                    DispatchQueue.global().asyncAfter(lessonSeconds: 0.1) { queues[1].addOperation(late) }
                }
                queues[0].addOperation(first)
                queues[1].addOperation(second)
                let round2Done = Watchdog.run(upTo: 5, "round 2's alerts") { for operation in [first, second, late] { operation.waitUntilFinished() } }
                if !(round1Done && round2Done) {
                    for queue in queues { queue.cancelAllOperations() }
                }
                judge(screen, round1Done && round2Done)
            }
        }
        return lesson
    }

    /// Runs `work(0)`, `work(1)`… on threads of their own, released together once every one is running;
    /// returns the group they leave when done. Waiting until all have started matters: a thread that
    /// starts late would start after another's work, and Foundation's thread start-up takes a lock
    /// that ThreadSanitizer counts as ordering the two, hiding a race between them.
    static func startTogether(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
        let running = DispatchGroup()
        let gate = DispatchGroup()
        let done = DispatchGroup()
        gate.enter()
        for thread in 0..<count {
            running.enter()
            done.enter()
            Thread.detachNewThread {
                running.leave()
                gate.wait()
                work(thread)
                done.leave()
            }
        }
        running.wait()
        gate.leave()
        return done
    }

    /// Round 0: three threads tell `exclusivity` of 200 operations each, all at once and as fast as
    /// they can (operations that never run). Right bookkeeping links all 600 into one chain, each
    /// waiting for exactly the one recorded before it; lost updates leave some waiting for nothing,
    /// or two waiting for the same one.
    static func bookkeeping(_ exclusivity: Exclusivity) {
        let operations = (0..<3).map { _ in (0..<200).map { _ in BlockOperation() } }
        let done = startTogether(operations.count) { thread in
            for operation in operations[thread] { exclusivity.added(operation, categories: ["bookkeeping"]) }
        }
        guard Watchdog.wait(for: done, upTo: 5, "three threads recording 600 operations") else { return }
        let all = operations.joined()
        defer {  // they are done with: the exclusivity forgets them, as the queue would tell it
            for operation in all { exclusivity.finished(operation, categories: ["bookkeeping"]) }
        }
        let waitingForNothing = all.filter { $0.dependencies.isEmpty }.count
        let waitedFor = all.flatMap(\.dependencies).map(ObjectIdentifier.init)
        let shared = waitedFor.count - Set(waitedFor).count
        if waitingForNothing == 1 && shared == 0 && waitedFor.count == all.count - 1 {
            note("\(all.count) operations recorded from three threads at once form one chain, each waiting for the one before.")
        } else {
            note("\(all.count) operations recorded from three threads at once: \(waitingForNothing) wait for nothing, \(shared) wait for")
            note("one that another also waits for   <- one chain: every operation but the first waits for the one before")
        }
    }

    static func judge(_ screen: Screen, _ finished: Bool) {
        var wrong = 0
        let shown = screen.shown
        let alerts = shown.filter { $0.hasPrefix("alert") }
        note("Alerts shown: \(alerts.count) of 63\(alerts.count == 63 && Set(alerts).count == 63 ? ", each once." : "   <- every alert must be shown, once")")
        if alerts.count != 63 || Set(alerts).count != 63 || !finished { wrong += 1 }
        let most = screen.mostAlerts
        note("Most alerts on screen at once: \(most)\(most == 1 ? "." : "   <- one at a time")")
        if most != 1 { wrong += 1 }
        note(screen.videoBesideAlert ? "The video played while alerts came and went." : "The video never shared the screen with an alert   <- it is not an alert: it need not wait")
        if !screen.videoBesideAlert { wrong += 1 }
        if let yEnded = screen.ended("alert Y"), let zStarted = screen.started("alert Z"), zStarted + 0.001 >= yEnded {
            note("Alert Z, added while Y was on screen, waited for Y.")
        } else {
            wrong += 1
            note("Alert Z, added while Y was on screen, did not wait for Y   <- the last alert still around is Y")
        }
        note(wrong == 0 ? "One alert at a time, whatever thread or queue: mutually exclusive." : "Not mutually exclusive yet.")
    }
}
