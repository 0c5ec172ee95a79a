import Foundation
import RaceLabKit

/// Rounds 1 and 2 of exercise 10 on screen: operations that appear and leave, what the screen saw, and
/// its rounds, judged once both rounds are over.
extension AlertsExercise {
    enum Alert {}
    enum Video {}

    /// An operation of `seconds` lesson seconds in one exclusivity category, counting what is on screen.
    enum Kind { case alert, video }

    /// An operation on screen for `seconds` (a Step that says nothing), in the exclusivity categories
    /// of `kinds`, in that order; `onStart` runs as it appears.
    static func shown(
        _ name: String, _ seconds: Double, _ kinds: [Kind], screen: Screen, onStart: @escaping @Sendable () -> Void = {}
    ) -> Step {
        let step = Step(
            name, seconds, narrates: false,
            onStart: { _ in
                screen.appears(name, Set(kinds))
                onStart()
            },
            onFinish: { _ in screen.leaves(name) })
        for kind in kinds {
            step.addCondition(kind == .alert ? MutuallyExclusive<Alert>() : MutuallyExclusive<Video>())
        }
        return step
    }

    /// What is on screen: the most alerts and the most videos at once, whether a video shared the
    /// screen with an alert, and every appearance with its start and end.
    /// @unchecked Sendable: all its state is in one `Locked`.
    final class Screen: @unchecked Sendable {
        private struct State {
            var onScreen: [String: Set<Kind>] = [:]
            var mostAlerts = 0
            var mostVideos = 0
            var videoBesideAlert = false
            var shown: [String] = []
            var started: [String: Double] = [:]
            var ended: [String: Double] = [:]
        }

        private let state = Locked(State())
        var mostAlerts: Int { state.current.mostAlerts }
        var mostVideos: Int { state.current.mostVideos }
        var videoBesideAlert: Bool { state.current.videoBesideAlert }
        var shown: [String] { state.current.shown }
        func started(_ name: String) -> Double? { state.current.started[name] }
        func ended(_ name: String) -> Double? { state.current.ended[name] }

        func appears(_ name: String, _ kinds: Set<Kind>) {
            state.withLock { screen in
                screen.onScreen[name] = kinds
                let kinds = Array(screen.onScreen.values)
                screen.mostAlerts = max(screen.mostAlerts, kinds.filter { $0.contains(.alert) }.count)
                screen.mostVideos = max(screen.mostVideos, kinds.filter { $0.contains(.video) }.count)
                if kinds.contains([.video]) && kinds.contains([.alert]) { screen.videoBesideAlert = true }
                screen.shown.append(name)
                screen.started[name] = LessonClock.shared.now
            }
        }

        func leaves(_ name: String) {
            state.withLock { screen in
                screen.onScreen[name] = nil
                screen.ended[name] = LessonClock.shared.now
            }
        }
    }

    /// The round "one of `what` at a time": the most of them on screen at once, `most`, was one.
    static func oneAtATime(_ what: String, _ most: @escaping @autoclosure () -> Int, hint: String) -> Round {
        Round("one \(what.dropLast()) at a time") {
            let count = most()
            let seen = "Most \(what) on screen at once: \(count)"
            note(FaultLine.either(count == 1, seen + ".", else: FaultLine(seen, hint: hint)))
            return count == 1
        }
    }

    /// What rounds 1 and 2 showed, a round for each clause: every alert shown once (and both rounds
    /// `finished` in time), one alert and one video at a time, the video beside the alerts, Z after Y.
    static func onScreen(_ screen: Screen, finished: Bool, alerts expected: Int) -> [Round] {
        [
            Round("every alert shown once") {
                let alerts = screen.shown.filter { $0.hasPrefix("alert") }
                let everyOnce = alerts.count == expected && Set(alerts).count == expected
                let seen = "Alerts shown: \(alerts.count) of \(expected)"
                note(
                    FaultLine.either(
                        everyOnce, seen + ", each once.",
                        else: FaultLine(
                            seen, hint: "every alert must be shown, once")))
                return everyOnce && finished
            },
            oneAtATime(
                "alerts", screen.mostAlerts,
                hint: "one at a time: each waits for the last one of its category still around"),
            oneAtATime(
                "videos", screen.mostVideos,
                hint: "one at a time too: an operation of two categories waits for the last of each"),
            Round("the video beside the alerts") {
                note(
                    FaultLine.either(
                        screen.videoBesideAlert, "The video played while alerts came and went.",
                        else: FaultLine(
                            "The video never shared the screen with an alert",
                            hint: "it is not an alert: it need not wait")))
                return screen.videoBesideAlert
            },
            Round("Z after Y") {
                guard let yEnded = screen.ended("alert Y"), let zStarted = screen.started("alert Z"),
                    zStarted + 0.001 >= yEnded
                else {
                    FaultLine(
                        "Alert Z, added while Y was on screen, did not wait for Y (`added`)",
                        hint: "the last alert still around is Y"
                    ).note()
                    return false
                }
                note("Alert Z, added while Y was on screen, waited for Y.")
                return true
            },
        ]
    }
}
