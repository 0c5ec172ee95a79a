// Exercise 4's scenario for the schedule explorer (`swift run racelab explore 4`): two increments of
// the attendee's Counter and a read, on threads the explorer runs one step at a time. Their file is
// compiled beside this one, its NSLock, NSRecursiveLock and DispatchQueue made explorable ones.
import RaceLabKit
import Lesson4Support

let lesson = Lesson("RaceLab: your Counter, explored")
lesson.page("Every schedule of two increments and a read, through your Counter.swift", explores: true) { page in
    ExploredCode.placeSteps()
    note("Threads A and B call increment() on one Counter; thread C reads value. The explorer runs one")
    note("thread at a time and lets another in only at the points it controls: each lock taken, each queue")
    note("block. C may read 0, 1 or 2; once every thread is done, value must be 2.")
    let lost = { (outcome: String) in outcome != "value 2 at the end" }  // a deadlock too
    let found = page.exploreSchedules(
        of: "two increments and a read", explorer: Explorer(maxPreemptions: 2), bad: lost,
        mark: ExploredVerdict.mark, drawing: 1, checked: false
    ) { program in
        let counter = Counter()
        let read = Locked(-1)
        program.thread("increment()") { counter.increment() }
        program.thread("increment()") { counter.increment() }
        program.thread("read value") { read.withLock { $0 = counter.value } }
        program.outcome {
            guard (0...2).contains(read.current) else { return "C read \(read.current)" }
            return "value \(counter.value) at the end"
        }
    }
    ExploredVerdict.say(found, bad: lost)
    page.done()
}
lesson.run()
