import Dispatch
import Foundation
import RaceLabAtomics

/// A numbered lesson: its pages play in order on a real main queue (Linux only serves the main queue
/// while the main thread is parked in `dispatchMain()` or runs its run loop), and the process exits
/// when the last page ends.
/// Made and run by the lesson's top-level code, before any page plays.
public final class Lesson {
    public let heading: String
    /// A page that has not ended after this many lesson seconds ends the lesson with an error, so a
    /// lesson never hangs a workshop (pages that hang on purpose use a `Watchdog` to end by themselves).
    public let pageTimeLimit: Double
    /// An exercise's driver: each run plays a scenario drawn from a seed (`Page.scenario`), printed in
    /// the banner; `--seed S` plays that one again.
    public let seeded: Bool
    /// Whether the main thread serves the main queue from its run loop (`RunLoop.main.run()`), as on
    /// Apple's platforms, where the main queue's blocks always run on the main thread; else it is
    /// parked in `dispatchMain()`, and on Linux the main queue's blocks then run on any of Dispatch's
    /// threads. A driver that reads the main thread's CPU clock to tell the main actor's own work from
    /// a busy machine needs the first (exercise 15).
    public let mainQueueOnMainThread: Bool
    private(set) var pages: [LessonPlayer.Page] = []
    /// The main.swift that made it: its folder says what comes after the lesson (`LessonEnding`).
    let mainFile: String

    /// `heading` is the first line printed, e.g. "RaceLab lesson 3: thread safety".
    public init(
        _ heading: String, pageTimeLimit: Double = 120, seeded: Bool = false, mainQueueOnMainThread: Bool = false,
        file: String = #filePath
    ) {
        self.heading = heading
        self.pageTimeLimit = pageTimeLimit
        self.seeded = seeded
        self.mainQueueOnMainThread = mainQueueOnMainThread
        mainFile = file
    }

    /// Adds a page. Its body runs on the main queue, which is the main actor's: in Swift 6 mode it may
    /// use the lesson's top-level state, and the compiler checks what it hands to other threads.
    /// `explores`: the page explores schedules (`Page.exploreSchedules`), so `--schedule S` may replay one.
    public func page(_ title: String, explores: Bool = false, _ body: @escaping @MainActor @Sendable (Page) -> Void) {
        pages.append(LessonPlayer.Page(title: title, explores: explores, body: body))
    }

    /// Plays the pages the command line asks for and exits. `arguments`: the command line's, unless a
    /// program that is more than a lesson (the runner's test fixture) passes its own. Call it from the
    /// top-level code of main.swift, on the main thread, which it parks in `dispatchMain()`. Top-level
    /// code that has awaited something plays the lesson with `await lesson.play()` (the compiler says so).
    @available(*, noasync, message: "top-level code that awaits plays the lesson with: await lesson.play()")
    public func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        guard Thread.isMainThread else {
            fail(
                "lesson.run() belongs on the main thread, in main.swift's top-level code "
                    + "(after an await there: await lesson.play())")
        }
        begin(arguments)
        if mainQueueOnMainThread {
            // It returns only if the run loop has nothing to serve; the main queue is served on.
            RunLoop.main.run()
        }
        dispatchMain()
    }

    /// `run()` for top-level code that has awaited something first (Swift 6 mode). Such code goes on as
    /// a task on the main actor, off the main thread, which already serves the main queue: calling
    /// `dispatchMain()` there would end the process (SIGILL). This plays the pages on the main queue
    /// while it stays suspended, and exits after the last.
    public func play(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        begin(arguments)
        while true { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }

    /// Reads the options, prints the banner, and sends the first page to the main queue (or exits:
    /// help, list, a wrong option).
    private func begin(_ arguments: [String]) {
        racelab_line_buffer_stdout()  // line by line, so a page that is stopped loses nothing
        let options = readOptions(arguments)
        LessonClock.shared.setSpeed(options.speed)
        // First uses on the main thread, before any demo thread: a one-time initialisation (the clock's
        // time base, stdio's) done first on a demo thread would look to ThreadSanitizer like
        // synchronisation from that thread to every later user.
        LessonClock.shared.restart()
        markMainQueue()
        marksLines = ProcessInfo.processInfo.environment["RACELAB_MARK_LINES"] == "1"
        let seed = seeded ? options.seed ?? Scenario.freshSeed() : nil
        printBanner(speed: options.speed, seed: seed, page: options.page)
        let selected = options.page.map { [$0] } ?? Array(1...pages.count)
        // Presenter mode waits on the keyboard: with stdin from a pipe or a file there is nobody to press Enter.
        let stepping = options.step && isatty(FileHandle.standardInput.fileDescriptor) == 1
        let replay = options.schedule.map { Page.Replay(schedule: $0, stepping: stepping) }
        if options.step && !stepping {
            let going = options.schedule == nil ? "playing every page" : "replaying"
            warn("--step needs a terminal on stdin; \(going) without pauses")
        }
        // Played whole, a lesson ends by naming its exercise and the next lesson (an exercise's driver does not).
        let ending = options.page == nil && !seeded ? LessonEnding.lines(mainFile: mainFile) : []
        let player = LessonPlayer(
            pages: pages, stepping: stepping && replay == nil, pageTimeLimit: pageTimeLimit, seed: seed ?? 0,
            replay: replay, ending: ending)
        DispatchQueue.main.async { player.play(selected[...]) }
    }

    /// The banner: the heading, whether ThreadSanitizer referees, the speed and an exercise's seed. The
    /// runner checks every line but the heading (`BannerLines`).
    private func printBanner(speed: Double, seed: UInt64?, page: Int?) {
        let number = program.drop { !$0.isNumber }
        writeLine(heading)
        writeLine(
            isThreadSanitizerOn
                ? BannerLines.threadSanitizerOn
                : seeded
                    ? "ThreadSanitizer is off. To let it referee: swift run racelab exercise \(number)"
                    : "ThreadSanitizer is off. To see what it reports: swift run racelab tsan \(number)"
                        + (page.map { ":\($0)" } ?? "")
        )
        writeLine(BannerLines.speed(speed))
        if let seed { writeLine(BannerLines.seed(seed)) }
    }

    /// The name the lesson was run by, e.g. "lesson3", for its messages and usage.
    var program: String {
        (CommandLine.arguments.first ?? "lesson").split(separator: "/").last.map(String.init) ?? "lesson"
    }

    /// Says "program: message" on stderr, and goes on.
    func warn(_ message: String) {
        FileHandle.standardError.write(Data("\(program): \(message)\n".utf8))
    }

    /// Says "program: message" on stderr and exits with status 2, a mistake in how the lesson was run.
    func fail(_ message: String) -> Never {
        warn(message)
        exit(2)
    }
}
