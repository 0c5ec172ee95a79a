import Dispatch
import Foundation

/// One page of a lesson, like one page of the original playgrounds. Its body runs on the main queue;
/// the page ends when it calls `done()` (from any thread).
public final class Page: @unchecked Sendable {
    public let number: Int
    public let title: String
    let body: (Page) -> Void
    private let ended = Locked(false)
    var onEnd: () -> Void = {}

    init(number: Int, title: String, body: @escaping (Page) -> Void) {
        self.number = number
        self.title = title
        self.body = body
    }

    /// Runs `work` on a thread of the page's own (not the main queue, which must stay free, and not a
    /// Dispatch worker, which the work may block), then ends the page.
    public func finish(onThreadOfItsOwn work: @escaping () -> Void) {
        Thread.detachNewThread {
            work()
            self.done()
        }
    }

    /// Ends the page; the next one starts on the main queue. Calling it twice is harmless.
    public func done() {
        let first = ended.withLock { ended -> Bool in
            defer { ended = true }
            return !ended
        }
        if first { DispatchQueue.main.async(execute: onEnd) }
    }
}

/// A numbered lesson: its pages play in order on a real main queue (Linux only serves the main queue
/// while the main thread is parked in `dispatchMain()`), and the process exits when the last page ends.
public final class Lesson {
    public let heading: String
    /// A page that has not ended after this many lesson seconds ends the lesson with an error, so a
    /// lesson never hangs a workshop (pages that hang on purpose use a `Watchdog` to end by themselves).
    public let pageTimeLimit: Double
    private var pages: [Page] = []
    private var stepping = false

    /// `heading` is the first line printed, e.g. "RaceLab lesson 3: thread safety".
    public init(_ heading: String, pageTimeLimit: Double = 120) {
        self.heading = heading
        self.pageTimeLimit = pageTimeLimit
    }

    public func page(_ title: String, _ body: @escaping (Page) -> Void) {
        pages.append(Page(number: pages.count + 1, title: title, body: body))
    }

    /// Plays the pages the command line asks for and exits.
    public func run() -> Never {
        setvbuf(stdout, nil, _IOLBF, 0)  // line by line, so a page that is stopped loses nothing
        let options: LessonOptions
        do {
            options = try LessonOptions.parse(
                Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                pageCount: pages.count)
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(2)
        }
        if options.help {
            print(usage)
            exit(0)
        }
        if options.listPages {
            for page in pages { print("\(page.number)\t\(page.title)") }
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
        let selected = options.page.map { [pages[$0 - 1]] } ?? pages
        // Presenter mode waits on the keyboard: with stdin from a pipe or a file there is nobody to press Enter.
        stepping = options.step && isatty(FileHandle.standardInput.fileDescriptor) == 1
        if options.step && !stepping {
            FileHandle.standardError.write(Data("\(program): --step needs a terminal on stdin; playing every page without pauses\n".utf8))
        }
        DispatchQueue.main.async { self.play(selected[...]) }
        dispatchMain()
    }

    private func play(_ remaining: ArraySlice<Page>) {
        guard let page = remaining.first else { exit(0) }
        if stepping {
            writeLine("")
            writeLine("(press Enter for page \(page.number): \(page.title))")
            _ = readLine()
        }
        writeLine("")
        writeLine("== Page \(page.number) of \(pages.count): \(page.title) ==")
        LessonClock.shared.restart()
        page.onEnd = { self.play(remaining.dropFirst()) }
        let limit = pageTimeLimit
        DispatchQueue.global().asyncAfter(lessonSeconds: limit) {
            guard !page.isEnded else { return }
            writeLine("Page \(page.number) did not finish within \(seconds(limit)) of lesson time: stopping the lesson.")
            exit(3)
        }
        page.body(page)
    }

    private var program: String { (CommandLine.arguments.first ?? "lesson").split(separator: "/").last.map(String.init) ?? "lesson" }

    private var usage: String {
        """
        \(heading)
        usage: \(program) [page] [--speed N] [--step] [--list]
          page        play only this page (1–\(pages.count)); without it every page plays in order
          --speed N   play every delay N times faster (or set RACELAB_SPEED=N); times stay in lesson seconds
          --step      presenter mode: wait for Enter before each page (in a terminal)
          --list      list the pages
        """
    }
}

extension Page {
    var isEnded: Bool { ended.current }
}

/// "real speed", "4x", "2.5x": how lessons and the runner name a speed.
/// Lines of the banner every lesson prints first, after its heading. The runner checks them
/// (RaceLabRunner's `Banner`), so transcripts start at the page.
public enum BannerLines {
    public static let threadSanitizerOn = "ThreadSanitizer is on: it reports data races on stderr as they happen."
    public static func speed(_ speed: Double) -> String { "Speed: \(speedText(speed)) (every time shown is in lesson seconds)" }
}

public func speedText(_ speed: Double) -> String {
    if speed == 1 { return "real speed" }
    return speed == speed.rounded() ? "\(Int(speed))x" : "\(speed)x"
}
