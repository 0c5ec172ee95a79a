// Exercise 2's scenario for the schedule explorer (`swift run racelab explore 2`): a feed of two
// stories loaded on the main queue, each fetch calling back on a thread of its own, all run by the
// explorer one step at a time. Their file is compiled beside this one, its locks, queues and groups
// made explorable ones (the main queue a serial queue that each run makes afresh).
import RaceLabKit
import Lesson2Support

let items = [FeedItem(exploring: "Swift 6.3 released"), FeedItem(exploring: "Swift 6.3 released", updated: true)]
let texts = ["data for Swift 6.3 released", "data for Swift 6.3 released, updated"]
let completedOnce = "completed once, with both texts in order"

let lesson = Lesson("RaceLab: your FeedLoader, explored")
lesson.page("Every schedule of a feed of two stories, through your FeedLoader.swift", explores: true) { page in
    note("Thread A loads a feed of two stories on the main queue: a story and its update. Each fetch")
    note("calls back on a thread of its own. Once every thread is done, the feed must have completed")
    note("once, with both texts in the order of the items.")
    // Small enough that a verdict plays every schedule with two preemptions too: a copy of the texts
    // taken in one critical section and the completion claimed in another goes wrong only with two.
    page.exploreTheirCode(of: "a feed of two stories", brieflyUpTo: 2, bad: { $0 != completedOnce }) { program in
        let loader = FeedLoader()
        // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
        let completions = RaceLabKit.Locked<[[String]]>([])
        program.thread("load the feed") {
            DispatchQueue.main.syncInTurn {
                loader.load(items) { texts in completions.withLock { $0.append(texts) } }
            }
        }
        program.outcome {
            let completions = completions.current
            guard let first = completions.first else { return "the feed never completed" }
            if completions.count > 1 { return "the feed completed \(completions.count) times" }
            return first == texts ? completedOnce : "the feed completed with \(first)"
        }
    }
    page.done()
}
lesson.run()
