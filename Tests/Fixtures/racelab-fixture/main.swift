// A program that misbehaves on request, for the runner's end-to-end tests: each mode is one way a
// page can go wrong, so the tests can prove the runner rejects it.
import Foundation
import RaceLabKit

setvbuf(stdout, nil, _IOLBF, 0)

/// Racy on purpose (the `race` mode): two threads increment without synchronisation.
final class RacyCounter {
    var value = 0
    func increment() { value += 1 }
}

let mode = CommandLine.arguments.dropFirst().first ?? "clean"
switch mode {
case "clean":
    print("hello")
    print("world")
case "race":
    // Two threads of their own (a queue might run both tasks on one thread): nothing orders their
    // increments, so TSan reports them whether or not they overlap in time.
    let counter = RacyCounter()
    let group = DispatchGroup()
    for _ in 0..<2 {
        group.enter()
        Thread.detachNewThread {
            for _ in 0..<1000 { counter.increment() }
            group.leave()
        }
    }
    group.wait()
    print("hello")
    print("world")
case "page-hang":
    // A lesson whose page never ends: the lesson stops it after its time limit, with exit status 3.
    let lesson = Lesson("RaceLab fixture: a page that never ends", pageTimeLimit: 0.5)
    lesson.page("Waits forever") { _ in say("waiting for something that never comes") }
    lesson.run(arguments: Array(CommandLine.arguments.dropFirst(2)))  // after the mode: --speed
case "long-race":
    // scripts/tsan-history: how long may a racy loop be before TSan drops its report? Two threads
    // increment UPDATES (20000) times each without a lock, released together once both run (a thread
    // that starts after the other's loop is ordered after it by Foundation's thread start-up, and
    // there is no race to report: startTogether).
    let updates = Int(ProcessInfo.processInfo.environment["UPDATES"] ?? "") ?? 20000
    let counter = RacyCounter()
    startTogether(2) { _ in
        for _ in 0..<updates { counter.increment() }
    }.wait()
    print("hello")
    print("world")
case "machinery-race":
    // Two threads that share nothing but RaceLab's clock and narration and a counter they increment
    // without a lock. B is started first and waits (in real time, with no synchronisation); A then
    // increments and says so; B then says something, reads the clock, and increments. If RaceLab's
    // narration or clock synchronised, TSan would see A's increment ordered before B's and report
    // nothing. (PROBE=none|say|now|random|sleep narrows B's part down, to find what synchronises.)
    // One-time initialisations (the clock's time base, stdio) happen here on
    // the main thread, as a lesson's do before its demo: a first use on a demo thread would order
    // that thread's earlier work before every later user, for reasons that have nothing to do with RaceLab.
    say("ready")
    let counter = RacyCounter()
    let group = DispatchGroup()
    group.enter()
    group.enter()
    let probe = ProcessInfo.processInfo.environment["PROBE"] ?? "all"
    Thread.detachNewThread {
        usleep(200_000)
        switch probe {
        case "say": say("B starts")
        case "now": _ = LessonClock.shared.now
        case "random": randomDelay(upTo: 0.001)
        case "sleep": sleep(lessonSeconds: 0.001)
        case "none": break
        default:
            say("B starts")
            randomDelay(upTo: 0.01)
        }
        counter.increment()
        group.leave()
    }
    usleep(50_000)  // B is running (asleep) before A starts
    Thread.detachNewThread {
        counter.increment()
        say("A counted")
        randomDelay(upTo: 0.01)
        group.leave()
    }
    group.wait()
    print("hello")
    print("world")
case "chorus":
    // Eight threads narrating at once: every line must come out whole (one write(2) per line, in its turn).
    let group = DispatchGroup()
    for voice in 0..<8 {
        DispatchQueue.global().async(group: group) {
            for line in 0..<100 { say("voice \(voice) line \(line) " + String(repeating: "la", count: 40)) }
        }
    }
    group.wait()
case "hang":
    print("hello")
    // `hang PATH`: say where it is, so a test can find it after the runner is gone.
    if CommandLine.arguments.count > 2, CommandLine.arguments[2] != "--speed" {
        try! String(getpid()).write(toFile: CommandLine.arguments[2], atomically: true, encoding: .utf8)
    }
    while true { sleep(1) }
case "crash":
    print("hello")
    let values: [Int] = []
    print(values[1])
case "flood":
    while true { print(String(repeating: "flood ", count: 20)) }
case "late-when-fast", "late":
    // A time stamp as lessons print them: on time at real speed, 2 lesson seconds late when run
    // faster ("late-when-fast": a busy machine), or late at every speed ("late": a real mistake).
    let speed = CommandLine.arguments.firstIndex(of: "--speed").flatMap { Double(CommandLine.arguments[$0 + 1]) } ?? 1
    let late = mode == "late" || speed > 1
    print("hello")
    print(late ? "[ 3.00s] world" : "[ 1.00s] world")
case "swapped-when-fast", "swapped":
    // Two events whose order follows from times: in order at real speed, swapped when run faster
    // ("swapped-when-fast": a busy machine let the later one overtake), or swapped at every speed.
    let speed = CommandLine.arguments.firstIndex(of: "--speed").flatMap { Double(CommandLine.arguments[$0 + 1]) } ?? 1
    let swapped = mode == "swapped" || speed > 1
    print(swapped ? "world" : "hello")
    print(swapped ? "hello" : "world")
case "swapped-said-late-when-fast":
    // The same, and the page says its timing was off when it swapped (timed order: when late).
    let speed = CommandLine.arguments.firstIndex(of: "--speed").flatMap { Double(CommandLine.arguments[$0 + 1]) } ?? 1
    if speed > 1 { print(TimingWasOff.mark + "world came 0.2 s early") }
    print(speed > 1 ? "world" : "hello")
    print(speed > 1 ? "hello" : "world")
case "contention":
    // `contention PLAN PATH`: run number n (counted in PATH) plays PLAN's n-th letter (the last one
    // after that): p passes, s passes and says its contention round fell short, w prints a wrong
    // line, x says it fell short and prints a wrong line.
    let (plan, path) = (Array(CommandLine.arguments[2]), CommandLine.arguments[3])
    let run = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) } ?? 0
    try! String(run + 1).write(toFile: path, atomically: true, encoding: .utf8)
    let letter = plan[min(run, plan.count - 1)]
    print("hello")
    if "sx".contains(letter) { ContentionFellShort.say("12 of the 150 overlaps the round aims for.") }
    print("wx".contains(letter) ? "moon" : "world")
case "exit":
    print("hello")
    print("world")
    exit(3)
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
