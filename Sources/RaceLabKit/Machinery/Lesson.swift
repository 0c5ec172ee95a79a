import Dispatch
import Foundation
import RaceLabAtomics

/// A numbered lesson: its pages play in order on a real main queue (Linux only serves the main queue
/// while the main thread is parked in `dispatchMain()`), and the process exits when the last page ends.
/// Made and run by the lesson's top-level code, before any page plays.
public final class Lesson {
    public let heading: String
    /// A page that has not ended after this many lesson seconds ends the lesson with an error, so a
    /// lesson never hangs a workshop (pages that hang on purpose use a `Watchdog` to end by themselves).
    public let pageTimeLimit: Double
    /// An exercise's driver: each run plays a scenario drawn from a seed (`Page.scenario`), printed in
    /// the banner; `--seed S` plays that one again.
    public let seeded: Bool
    private var pages: [Player.Page] = []

    /// `heading` is the first line printed, e.g. "RaceLab lesson 3: thread safety".
    public init(_ heading: String, pageTimeLimit: Double = 120, seeded: Bool = false) {
        self.heading = heading
        self.pageTimeLimit = pageTimeLimit
        self.seeded = seeded
    }

    /// Adds a page. Its body runs on the main queue, which is the main actor's: in Swift 6 mode it may
    /// use the lesson's top-level state, and the compiler checks what it hands to other threads.
    /// `explores`: the page explores schedules (`Page.exploreSchedules`), so `--schedule S` may replay one.
    public func page(_ title: String, explores: Bool = false, _ body: @escaping @MainActor @Sendable (Page) -> Void) {
        pages.append(Player.Page(title: title, explores: explores, body: body))
    }

    /// Plays the pages the command line asks for and exits. `arguments`: the command line's, unless a
    /// program that is more than a lesson (the runner's test fixture) passes its own. Call it from the
    /// top-level code of main.swift, on the main thread, which it parks in `dispatchMain()`. Top-level
    /// code that has awaited something plays the lesson with `await lesson.play()` (the compiler says so).
    @available(*, noasync, message: "top-level code that awaits plays the lesson with: await lesson.play()")
    public func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        guard Thread.isMainThread else {
            FileHandle.standardError.write(Data("\(program): lesson.run() belongs on the main thread, in main.swift's top-level code (after an await there: await lesson.play())\n".utf8))
            exit(2)
        }
        begin(arguments)
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
        let options: LessonOptions
        do {
            options = try LessonOptions.parse(
                arguments, environment: ProcessInfo.processInfo.environment,
                pageCount: pages.count)
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(2)
        }
        if options.help {
            print(usage)
            exit(0)
        }
        if options.seed != nil && !seeded {
            FileHandle.standardError.write(Data("\(program): --seed is for exercises; this lesson plays the same way on every run\n".utf8))
            exit(2)
        }
        if options.schedule != nil {
            let exploring = pages.indices.filter { pages[$0].explores }.map { String($0 + 1) }
            let which = exploring.isEmpty ? "no page of this lesson does" : "page\(exploring.count == 1 ? "" : "s") \(exploring.joined(separator: ", ")) of this lesson"
            guard let page = options.page, pages[page - 1].explores else {
                FileHandle.standardError.write(Data("\(program): --schedule replays a schedule on a page that explores them (\(which)); name the page, e.g. \(program) \(exploring.first ?? "N") --schedule AABBBA\n".utf8))
                exit(2)
            }
        }
        if options.listPages {
            for (index, page) in pages.enumerated() { print("\(index + 1)\t\(page.title)") }
            exit(0)
        }
        LessonClock.shared.setSpeed(options.speed)
        // First uses on the main thread, before any demo thread: a one-time initialisation (the clock's
        // time base, stdio's) done first on a demo thread would look to ThreadSanitizer like
        // synchronisation from that thread to every later user.
        LessonClock.shared.restart()
        markMainQueue()
        marksLines = ProcessInfo.processInfo.environment["RACELAB_MARK_LINES"] == "1"
        writeLine(heading)
        writeLine(
            isThreadSanitizerOn
                ? BannerLines.threadSanitizerOn
                : "ThreadSanitizer is off. To let it referee: swift build -Xswiftc -sanitize=thread, then .build/debug/\(program)"
        )
        writeLine(BannerLines.speed(options.speed))
        let seed = seeded ? options.seed ?? Scenario.freshSeed() : nil
        if let seed { writeLine(BannerLines.seed(seed)) }
        let selected = options.page.map { [$0] } ?? Array(1...pages.count)
        // Presenter mode waits on the keyboard: with stdin from a pipe or a file there is nobody to press Enter.
        let stepping = options.step && isatty(FileHandle.standardInput.fileDescriptor) == 1
        let replay = options.schedule.map { Page.Replay(schedule: $0, stepping: stepping) }
        if options.step && !stepping {
            FileHandle.standardError.write(Data("\(program): --step needs a terminal on stdin; \(options.schedule == nil ? "playing every page" : "replaying") without pauses\n".utf8))
        }
        let player = Player(pages: pages, stepping: stepping && replay == nil, pageTimeLimit: pageTimeLimit, seed: seed ?? 0, replay: replay)
        DispatchQueue.main.async { player.play(selected[...]) }
    }

    private var explores: Bool { pages.contains { $0.explores } }

    private var program: String { (CommandLine.arguments.first ?? "lesson").split(separator: "/").last.map(String.init) ?? "lesson" }

    private var usage: String {
        """
        \(heading)
        usage: \(program) [page] [--speed N] [--step] [--list]\(seeded ? " [--seed S]" : "")\(explores ? " [--schedule S]" : "")
          page        play only this page (1–\(pages.count)); without it every page plays in order
          --speed N   play every delay N times faster (or set RACELAB_SPEED=N); times stay in lesson seconds
          --step      presenter mode: wait for Enter before each page (in a terminal)
          --list      list the pages\(seeded ? "\n  --seed S    play the scenario of seed S again (each run draws a new one)" : "")\(explores ? "\n  --schedule S\n              on a page that explores schedules, replay schedule S (a letter per step,\n              e.g. AABBBA); with --step, one step per Enter" : "")
        """
    }
}

/// Plays a lesson's pages one after another on the main actor.
private struct Player: Sendable {
    struct Page: Sendable {
        let title: String
        let explores: Bool
        let body: @MainActor @Sendable (RaceLabKit.Page) -> Void
    }

    let pages: [Page]
    let stepping: Bool
    let pageTimeLimit: Double
    let seed: UInt64
    let replay: RaceLabKit.Page.Replay?

    /// Plays the first of `remaining` (page numbers), and the rest after it.
    @MainActor
    func play(_ remaining: ArraySlice<Int>) {
        guard let number = remaining.first else { exit(0) }
        let title = pages[number - 1].title
        if stepping {
            writeLine("")
            writeLine("(press Enter for page \(number): \(title))")
            _ = readLine()
        }
        writeLine("")
        writeLine("== Page \(number) of \(pages.count): \(title) ==")
        LessonClock.shared.restart()
        let scenario = Scenario(seed: seed, stream: UInt64(number))
        let page = RaceLabKit.Page(number: number, title: title, scenario: scenario, replay: replay) { self.play(remaining.dropFirst()) }
        let limit = pageTimeLimit
        DispatchQueue.global().asyncAfter(lessonSeconds: limit) {
            guard !page.isEnded else { return }
            writeLine(PageStop.line(page: number, limit: limit))
            exit(PageStop.status)
        }
        pages[number - 1].body(page)
    }
}

/// Lines of the banner every lesson prints first, after its heading. The runner checks them
/// (RaceLabRunner's `Banner`), so transcripts start at the page.
public enum BannerLines {
    public static let threadSanitizerOn = "ThreadSanitizer is on: it reports data races on stderr as they happen."
    public static func speed(_ speed: Double) -> String { "Speed: \(speedText(speed)) (every time shown is in lesson seconds)" }
    /// An exercise's: the scenario this run plays.
    public static func seed(_ seed: UInt64) -> String { "Seed: \(seed) (this run's scenario; --seed \(seed) plays it again)" }
}

/// The line a lesson prints when a page runs past its time limit, before it exits with status 3. The
/// runner reads it back to report a hang rather than "exit status 3".
public enum PageStop {
    public static let status: Int32 = 3
    public static let middle = " did not finish within "
    public static let end = " of lesson time: stopping the lesson."
    public static func line(page: Int, limit: Double) -> String { "Page \(page)\(middle)\(seconds(limit))\(end)" }
}

/// "real speed", "4x", "2.5x": how lessons and the runner name a speed.
public func speedText(_ speed: Double) -> String {
    if speed == 1 { return "real speed" }
    return speed == speed.rounded() ? "\(Int(speed))x" : "\(speed)x"
}
