// Exercise 4's scenario for the schedule explorer (`swift run racelab explore 4`): two increments of
// the attendee's Counter and a read, on threads the explorer runs one step at a time. Their file is
// compiled beside this one, its NSLock, NSRecursiveLock and DispatchQueue made explorable ones.
import RaceLabKit
import Lesson4Support

let lesson = Lesson("RaceLab: your Counter, explored")
lesson.page("Every schedule of two increments and a read, through your Counter.swift", explores: true) { page in
    note("Threads A and B call increment() on one Counter; thread C reads value. C may read 0, 1 or 2;")
    note("once every thread is done, value must be 2.")
    page.exploreTheirCode(of: "two increments and a read", bad: { $0 != "value 2 at the end" }) { program in
        let counter = Counter()
        // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
        let read = RaceLabKit.Locked(-1)
        program.thread("increment()") { counter.increment() }
        program.thread("increment()") { counter.increment() }
        program.thread("read value") { read.withLock { $0 = counter.value } }
        program.outcome {
            guard (0...2).contains(read.current) else { return "C read \(read.current)" }
            return "value \(counter.value) at the end"
        }
    }
    page.done()
}
lesson.run()
