import Foundation
import RaceLab

/// The operations of exercise 7's start-up graph, for the attendee's `wireStartup` to connect.
public struct StartupSteps {
    public let settings: Operation
    public let versionCheck: Operation
    public let news: Operation
    public let schedule: Operation
    public let favorites: Operation
    public let saveContext: Operation

    var all: [Operation] { [settings, versionCheck, news, schedule, favorites, saveContext] }
}

/// Exercise 7's driver, which is not the attendee's to edit: the conference app's start-up (lesson
/// 7, page 4), six steps of 0.5 s wired by the attendee's `wireStartup`, run on one queue under a
/// watchdog; then the order is checked against the talk's graph.
public enum StartupExercise {
    /// What must come before what (each step's start after these steps' ends).
    static let rules: [(String, [String])] = [
        ("version check", ["settings"]), ("news", ["version check"]), ("schedule", ["version check"]),
        ("favorites", ["schedule"]), ("save context", ["settings", "version check", "news", "schedule", "favorites"]),
    ]

    public static func makeLesson(_ wire: @escaping (StartupSteps) -> Void) -> Lesson {
        let lesson = Lesson("RaceLab exercise 7: break the dependency cycle", seeded: true)
        lesson.page("The conference app starts up") { page in
            let starts = Locked<[String: Double]>([:])
            let ends = Locked<[String: Double]>([:])
            func step(_ title: String) -> Step {
                Step(
                    title, 0.5, narrates: false, onStart: { title in starts.withLock { $0[title] = LessonClock.shared.now } },
                    onFinish: { title in ends.withLock { $0[title] = LessonClock.shared.now } })
            }
            let steps = StartupSteps(
                settings: step("settings"), versionCheck: step("version check"), news: step("news"),
                schedule: step("schedule"), favorites: step("favorites"), saveContext: step("save context"))
            wire(steps)
            let queue = OperationQueue()
            queue.addOperations(steps.all.reversed(), waitUntilFinished: false)
            Thread.detachNewThread {
                let finished = Watchdog.run(upTo: 4, "the start-up queue") { queue.waitUntilAllOperationsAreFinished() }
                if !finished {
                    let stuck = steps.all.filter { !$0.isFinished }.compactMap(\.name)
                    note("Never started: \(stuck.joined(separator: ", ")). Each waits for a step that waits for it.")
                    for operation in steps.all { operation.cancel() }  // lets the queue drain
                }
                check(starts: starts.current, ends: ends.current)
                narrate(starts: starts.current, ends: ends.current)
                page.done()
            }
        }
        return lesson
    }

    /// Every rule, as the run kept it or broke it.
    static func check(starts: [String: Double], ends: [String: Double]) {
        var broken = 0
        for (title, before) in rules {
            guard let start = starts[title] else {
                broken += 1
                note("\(title) never ran   <- every step must run")
                continue
            }
            let early = before.filter { (ends[$0] ?? .infinity) > start + 0.001 }
            if early.isEmpty {
                note("\(title) started after \(before.joined(separator: ", ")) finished.")
            } else {
                broken += 1
                note("\(title) started before \(early.joined(separator: ", ")) finished   <- it needs them")
            }
        }
        // Neither needs the other: they become ready together, when the version check finishes.
        if let news = starts["news"], let schedule = starts["schedule"], abs(news - schedule) < 0.25 {
            note("news and schedule started together: neither waits for the other.")
        } else {
            broken += 1
            note("news and schedule did not start together   <- neither needs the other")
        }
        note(broken == 0 ? "Every step ran, each after what it needs, and no later." : "The start-up graph is not right yet.")
    }

    /// The steps' starts and ends in time order (ties by name).
    static func narrate(starts: [String: Double], ends: [String: Double]) {
        note("What happened, and when:")
        let events = starts.map { ($0.value, "\($0.key) starts") } + ends.map { ($0.value, "\($0.key) finishes") }
        for (time, what) in events.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            note("\(stamp(time)) \(what)")
        }
    }
}
