import Foundation
import RaceLabKit

/// Exercise 10's driver, not the attendee's to edit: alerts that must come one at a time, through the
/// attendee's `Exclusivity` (lesson 10, page 9), and a video of another category that must not wait
/// for them. It judges by meaning, from the operations' own starts and ends, in rounds played as a
/// list (`Rounds`): round 0's bookkeeping (AlertsBookkeeping.swift and the files beside it), then
/// rounds 1 and 2 on screen, judged once both are over (AlertsScreen.swift). Every round is played
/// whatever the ones before it found, and the verdict names the rounds that failed.
public enum AlertsExercise {
    public static func makeLesson(_ exclusivity: Exclusivity) -> Lesson {
        let lesson = Lesson("RaceLab exercise 10: one alert at a time", seeded: true)
        lesson.page("Alerts from three threads, a video, and a late alert") { page in
            let longLived = LongLived(exclusivity)
            let rounds = Rounds()
            rounds.play(bookkeeping(exclusivity))
            let screen = Screen()
            // Three queues: one for each thread of round 1, so that no queue's lock orders their calls.
            let queues = (1...3).map { _ in ToolkitQueue(exclusivity: exclusivity) }
            // Round 1: three threads, released together, each add 12 to 24 alerts of 0.03 to 0.08 s (from
            // the seed), interleaved; a video of 0.6 to 1.2 s is added beside them.
            var scenario = page.scenario
            let counts = (1...3).map { _ in scenario.int(in: 12...24) }
            let length = scenario.seconds(in: 0.03...0.08, step: 0.01)
            let film = scenario.seconds(in: 0.6...1.2, step: 0.1)
            note(
                "Round 1: three threads add \(counts.map(String.init).joined(separator: ", ")) alerts of "
                    + "\(fixed(length, decimals: 2)) s each, beside a video of \(seconds(film)).")
            let round1 = (1...3).map { thread in
                (1...counts[thread - 1]).map { shown("alert \(thread)-\($0)", length, [.alert], screen: screen) }
            }
            let video = shown("video", film, [.video], screen: screen)
            let added = startTogether(round1.count) { thread in
                for alert in round1[thread] {
                    queues[thread].addOperation(alert)
                    // The threads' alerts come interleaved, not one thread's after another's.
                    sleep(lessonSeconds: 0.01)
                }
            }
            queues[1].addOperation(video)
            page.finish {
                let expected = counts.reduce(3, +)
                // An exclusivity without its lock can corrupt its dictionary and spin for good.
                guard Watchdog.wait(for: added, upTo: 5, "the threads adding round 1's alerts") else {
                    rounds.play(onScreen(screen, finished: false, alerts: expected))
                    rounds.record(LongLived.round, nil)
                    return note(verdict(rounds))
                }
                // One alert at a time: up to 72 × 0.08 s = 5.76 s in a row, beside the video. (A fixed 5 s
                // stopped a right answer on such seeds: seed 825's 68 alerts of 0.08 s.)
                let alone = Double(counts.reduce(0, +)) * length + film
                let round1Done = Watchdog.run(upTo: alone + 3, "round 1's alerts and the video") {
                    for operation in round1.joined() + [video] { operation.waitUntilFinished() }
                }
                let round2Done = roundTwo(on: queues, screen: screen)
                if !(round1Done && round2Done) {
                    for queue in queues { queue.cancelAllOperations() }
                }
                rounds.play(onScreen(screen, finished: round1Done && round2Done, alerts: expected))
                rounds.play([Round(LongLived.round, longLived.nextWaits)])
                note(verdict(rounds))
            }
        }
        return lesson
    }

    /// Round 2: X, then Y, beside a video of 1 s; once Y is on screen (so X has been dismissed), Z, and
    /// a video alert of both categories (alert first). Returns whether all five finished in time.
    static func roundTwo(on queues: [ToolkitQueue], screen: Screen) -> Bool {
        let late = shown("alert Z", 0.25, [.alert], screen: screen)
        let both = shown("video alert", 0.25, [.alert, .video], screen: screen)
        let first = shown("alert X", 0.25, [.alert], screen: screen)
        let secondFilm = shown("video 2", 1, [.video], screen: screen)
        let second = shown("alert Y", 0.25, [.alert], screen: screen) {
            DispatchQueue.global().asyncAfter(lessonSeconds: 0.1) {
                queues[1].addOperation(late)
                queues[2].addOperation(both)
            }
        }
        queues[0].addOperation(first)
        queues[2].addOperation(secondFilm)
        queues[1].addOperation(second)
        return Watchdog.run(upTo: 5, "round 2's operations") {
            for operation in [first, secondFilm, second, late, both] { operation.waitUntilFinished() }
        }
    }

    /// The page's last line: mutually exclusive, or not yet, and which rounds said so.
    static func verdict(_ rounds: Rounds) -> String {
        rounds.verdict(
            passed: "One alert at a time, whatever thread or queue: mutually exclusive.",
            failed: "Not mutually exclusive yet.")
    }
}
