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
            let screen = Screen()
            let queues = [ToolkitQueue(exclusivity: exclusivity), ToolkitQueue(exclusivity: exclusivity)]
            // Round 1: three threads, released together, each add two alerts of 0.25 s; a video of 1 s
            // is added beside them.
            let round1 = (1...3).map { thread in (1...2).map { Shown("alert \(thread)\($0 == 1 ? "a" : "b")", 0.25, Alert.self, screen: screen) } }
            let video = Shown("video", 1, Video.self, screen: screen)
            let gate = DispatchGroup()
            gate.enter()
            let added = DispatchGroup()
            for (index, alerts) in round1.enumerated() {
                added.enter()
                Thread.detachNewThread {
                    gate.wait()
                    for alert in alerts { queues[index % 2].addOperation(alert) }
                    added.leave()
                }
            }
            gate.leave()
            queues[1].addOperation(video)
            added.wait()
            page.finish {
                let round1Done = Watchdog.run(upTo: 5, "round 1's alerts") { for operation in round1.joined() { operation.waitUntilFinished() } }
                video.waitUntilFinished()
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

    static func judge(_ screen: Screen, _ finished: Bool) {
        var wrong = 0
        let shown = screen.shown
        let alerts = shown.filter { $0.hasPrefix("alert") }
        note("Alerts shown: \(alerts.count) of 9\(alerts.count == 9 && Set(alerts).count == 9 ? ", each once." : "   <- every alert must be shown, once")")
        if alerts.count != 9 || Set(alerts).count != 9 || !finished { wrong += 1 }
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
