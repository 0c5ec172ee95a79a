import Foundation
import RaceLabAtomics

/// Some demos end a process on purpose: a failed `dispatchPrecondition`, a `sync` onto the queue
/// you are on, a read of freed memory. A page runs such a demo in a child process (the same lesson
/// program, started again with `RACELAB_CHILD=<name>`), reads what it printed and how it ended, and
/// goes on: the lesson survives the crash it shows.
public enum ChildProcess {
    static let variable = "RACELAB_CHILD"

    /// How a child ended, and what it printed.
    public struct Ending: Sendable {
        public let lines: [String]  // stdout
        public let errorLines: [String]  // stderr
        /// The signal that ended it, if one did (TSan catches a SIGSEGV itself: that counts too).
        public let signal: Int32?
        public let status: Int32
        public let hung: Bool

        /// "crashed: signal 4 (SIGILL, illegal instruction)", "exited normally (status 0)", …
        public var description: String {
            if hung { return "hung, and was stopped" }
            guard let signal else { return status == 0 ? "exited normally (status 0)" : "exited with status \(status)" }
            let names: [Int32: String] = [
                SIGILL: "SIGILL, illegal instruction: a trap", SIGSEGV: "SIGSEGV, segmentation fault",
                SIGABRT: "SIGABRT, abort", SIGTRAP: "SIGTRAP, a trap", SIGBUS: "SIGBUS, bus error",
            ]
            return "crashed: signal \(signal) (\(names[signal] ?? "uncaught"))"
        }

        public var crashed: Bool { signal != nil }

        /// ThreadSanitizer's one-line summaries on the child's stderr: one a report.
        public var threadSanitizerSummaries: [String] { errorLines.filter { $0.hasPrefix("SUMMARY: ThreadSanitizer") } }

        /// What a page says of the child's reports, for a child built with TSan like its lesson: "The
        /// child, built with ThreadSanitizer like this lesson, got 2 warning(s) from TSan, every one in
        /// MutexCounter." (`type`: where they are expected.)
        public func threadSanitizerLine(expectedIn type: String) -> String {
            let warnings = threadSanitizerSummaries
            let inType = warnings.filter { $0.contains(type) }.count
            return
                "The child, built with ThreadSanitizer like this lesson, got \(warnings.isEmpty ? "no warnings" : "\(warnings.count) warning(s)") from TSan"
                + (warnings.isEmpty
                    ? "." : ", \(inType == warnings.count ? "every one" : "only \(inType) of them") in \(type).")
        }
    }

    /// Call first in a lesson's main.swift: in a child, runs the demo it was started for and exits.
    /// The demo runs on the main thread, the main actor's, as the lesson's top-level code does.
    public static func runIfChild(_ demos: [String: @MainActor @Sendable () -> Void]) {
        guard let name = ProcessInfo.processInfo.environment[variable] else { return }
        guard Thread.isMainThread else {
            FileHandle.standardError.write(
                Data("ChildProcess.runIfChild belongs first in main.swift, on the main thread\n".utf8))
            exit(2)
        }
        guard let demo = demos[name] else {
            FileHandle.standardError.write(Data("no child demo named \(name)\n".utf8))
            exit(2)
        }
        racelab_line_buffer_stdout()  // each line out before a crash can lose it
        // On the main thread before `dispatchMain()`: the main actor's own (checked, not assumed blindly).
        MainActor.assumeIsolated { demo() }
        exit(0)
    }

    /// Starts this program again as the child `name`, waits for it (at most `limit` real seconds, then
    /// kills it as hung), and tells how it ended. `environment` adds to the child's.
    public static func run(_ name: String, limit: Double = 20, environment extra: [String: String] = [:]) -> Ending {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash ends at once, without a backtrace
        environment["RACELAB_MARK_LINES"] = nil  // the page prints (and marks) what it shows
        environment.merge(extra) { $1 }
        return run(executable: CommandLine.arguments[0], limit: limit, environment: environment)
    }

    /// Runs another program (lesson 12's compiler), waits for it as `run(_:)` waits for a child, and
    /// tells how it ended. `environment`: the whole of it (nil: this program's).
    public static func run(
        executable: String, arguments: [String] = [], limit: Double = 20, environment: [String: String]? = nil
    ) -> Ending {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = arguments
        if let environment { child.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        child.standardOutput = output
        child.standardError = errors
        child.standardInput = FileHandle.nullDevice
        do { try child.run() } catch {
            return Ending(lines: [], errorLines: ["could not start: \(error)"], signal: nil, status: -1, hung: false)
        }
        // stderr is read on a thread of its own, so that a child filling one pipe never blocks on it.
        let errorText = Locked(Data())
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        Thread.detachNewThread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorsRead.leave()
        }
        let hung = Locked(false)
        let pid = child.processIdentifier
        let stopper = DispatchWorkItem {
            hung.withLock { $0 = true }
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: stopper)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        child.waitUntilExit()
        stopper.cancel()
        let stderr = String(decoding: errorText.current, as: UTF8.self)
        let split: (String) -> [String] = {
            $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        }
        var signal: Int32? = child.terminationReason == .uncaughtSignal ? child.terminationStatus : nil
        if stderr.contains("ThreadSanitizer: SEGV") { signal = SIGSEGV }
        return Ending(
            lines: split(String(decoding: stdout, as: UTF8.self)), errorLines: split(stderr), signal: signal,
            status: child.terminationStatus, hung: hung.current)
    }
}
