import Foundation
import RaceLabContract

/// What an attendee sees while a build they wait for runs: SwiftPM's step of how many, what it is
/// doing, and for how long, at least every `interval` seconds, so that no build is silent for long;
/// or, while a check runs, what runs and for how long.
/// On a terminal it is one line that keeps changing and is wiped at the end; elsewhere (a pipe, a
/// log) a line each time.
/// @unchecked Sendable: its state is `Locked`; the rest are `let`s set at `init`.
public final class BuildProgress: @unchecked Sendable {
    struct Step: Equatable {
        var done: Int
        var total: Int
        var what: String
    }

    private struct State {
        var started = Date()
        var running = false
        var activity: String?
    }

    private let state = Locked(State())
    private let step = Locked(Step?.none)
    private let lines: LineSplitter
    private let stopped = DispatchSemaphore(value: 0)
    private let ticking = DispatchGroup()
    private let terminal: Bool
    private let interval: Double
    private let write: (String) -> Void

    /// `write`: where the lines go (with no newline at the end: on a terminal, the line is rewritten).
    public init(terminal: Bool, interval: Double? = nil, write: @escaping (String) -> Void) {
        self.terminal = terminal
        self.interval = interval ?? (terminal ? 0.5 : 1.5)
        self.write = write
        lines = LineSplitter { [step] line in
            if let found = Self.step(in: Substring(line)) { step.withLock { $0 = found } }
        }
    }

    /// On the terminal the runner prints to, or as lines into whatever stdout is.
    public static func onStandardOutput() -> BuildProgress {
        BuildProgress(terminal: isatty(STDOUT_FILENO) == 1) {
            FileHandle.standardOutput.write(Data($0.utf8))
        }
    }

    /// "[37/98] Compiling RaceLabKit Timeline.swift": step 37 of 98, "compiling RaceLabKit". Nil for
    /// any other line.
    static func step(in line: Substring) -> Step? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let numbers = line[line.index(after: line.startIndex)..<close].split(separator: "/")
        guard numbers.count == 2, let done = Int(numbers[0]), let total = Int(numbers[1]), total > 0 else {
            return nil
        }
        let words = line[line.index(after: close)...].split(separator: " ").map(String.init)
        guard let verb = words.first else { return nil }
        let object: [String]
        switch verb {
        case "Emitting", "Wrapping":
            object = Array(words.dropFirst().filter { $0 != "module" && $0 != "AST" && $0 != "for" }.prefix(1))
        case "Write": object = []
        default: object = Array(words.dropFirst().prefix(1))
        }
        let what = ([verb == "Write" ? "writing build files" : verb.lowercased()] + object).joined(separator: " ")
        return Step(done: done, total: total, what: what)
    }

    /// The line shown now.
    var line: String {
        let now = state.current
        let step = step.current
        let seconds = "\(Int(Date().timeIntervalSince(now.started).rounded(.down))) s"
        if let activity = now.activity { return "  \(activity) (\(seconds))" }
        guard let step else { return "  building: planning (\(seconds))" }
        return "  building: step \(step.done) of \(step.total), \(step.what) (\(seconds))"
    }

    /// `activity`: what runs ("running the check"), shown in place of a build's steps.
    public func start(_ activity: String? = nil) {
        state.withLock {
            $0 = State()
            $0.running = true
            $0.activity = activity
        }
        step.withLock { $0 = nil }
        ticking.enter()
        Thread.detachNewThread { [self] in
            while stopped.wait(timeout: .now() + interval) == .timedOut { show() }
            ticking.leave()
        }
    }

    /// SwiftPM's stdout, as it comes.
    public func feed(_ chunk: Data) { lines.feed(chunk) }

    public func finish() {
        guard
            state.withLock({ state -> Bool in
                defer { state.running = false }
                return state.running
            })
        else { return }
        stopped.signal()
        ticking.wait()
        if terminal { write("\r\u{1B}[2K") }
    }

    private func show() {
        let text = line
        if terminal {
            write("\r\u{1B}[2K" + String(text.prefix(max(20, Self.columns() - 1))))
        } else {
            write(text + "\n")
        }
    }

    /// The terminal's width, or 80. (Darwin imports TIOCGWINSZ too: xcodereleases/xcinfo,
    /// Sources/xcinfoCore/WindowSize.swift, `WindowSize.current`.)
    private static func columns() -> Int {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
