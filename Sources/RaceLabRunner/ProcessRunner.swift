import Foundation
import RaceLab

/// What happened to a process the runner started.
public struct ProcessResult {
    public enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    public var ending: Ending
    public var stdout: String
    public var stderr: String
    /// It ran past its timeout and was stopped.
    public var timedOut = false
    /// It printed more than its output cap and was stopped.
    public var flooded = false
    /// `stopWhen` said the verdict was certain, and it was stopped there.
    public var stoppedEarly = false
    /// Real seconds from start to end.
    public var seconds: Double

    public var succeeded: Bool { ending == .exited(0) && !timedOut && !flooded && !stoppedEarly }
}

/// Every process the runner has started and not yet seen end, so that Ctrl-C can end them all.
/// Foundation starts each child in a process group of its own, where the terminal's Ctrl-C does not
/// reach: without this, a page that loops forever would outlive the runner.
enum Children {
    /// pid → the process, and whether it is a build (asked to stop with SIGINT first, so that
    /// `swift build` can stop its compilers) or a page (killed at once).
    static let running = Locked([Int32: (process: Process, gentle: Bool)]())
    /// Set once the runner is being stopped: no new process starts, and no result is reported.
    static let stopping = Locked(false)

    /// Parks the calling thread for good once the runner is stopping (the signal handler is about to
    /// exit): a page killed by Ctrl-C must not be reported as a page that crashed.
    static func parkIfStopping() {
        while stopping.current { Thread.sleep(forTimeInterval: 1) }
    }

    /// Ends every running child and its process group; returns how many there were.
    static func endAll() -> Int {
        stopping.withLock { $0 = true }
        let children = running.current.values
        for child in children { signalGroup(child.process.processIdentifier, child.gentle ? SIGINT : SIGKILL) }
        let deadline = Date().addingTimeInterval(3)
        while children.contains(where: { $0.process.isRunning }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        for child in children where child.process.isRunning { signalGroup(child.process.processIdentifier, SIGKILL) }
        return children.count
    }
}

/// Sends `signal` to the process group `pid` leads (the process and whatever it started), or to the
/// process alone if it leads none.
func signalGroup(_ pid: Int32, _ signal: Int32) {
    if getpgid(pid) == pid { kill(-pid, signal) } else { kill(pid, signal) }
}

/// On Ctrl-C (or the terminal closing, or SIGTERM): end every process the runner started, say so
/// with `say`, and exit with 130.
public func endChildrenOnInterrupt(say: @escaping (String) -> Void) {
    for (signalNumber, name) in [(SIGINT, "Ctrl-C"), (SIGTERM, "SIGTERM"), (SIGHUP, "the terminal closed")] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
            let count = Children.endAll()
            say("")
            say("Stopped (\(name)): " + (count == 0 ? "nothing was running."
                : count == 1 ? "ended the program it was running (a page or a build) and everything that program started."
                : "ended the \(count) programs it was running and everything they started."))
            exit(130)
        }
        source.resume()
        interruptSources.withLock { $0.append(source) }
    }
}

private let interruptSources = Locked([DispatchSourceSignal]())

/// Runs a program to the end, but never longer than `timeout` real seconds and never past
/// `outputCap` bytes on stdout or stderr: a page that hangs or floods is stopped and reported, and
/// the runner carries on. Both streams are read as they come, so a chatty program never blocks.
public func runProcess(
    _ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    directory: String? = nil, input: String? = nil, timeout: Double, outputCap: Int, gentle: Bool = false,
    stopWhen: ((_ stderr: String) -> Bool)? = nil
) -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe

    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    let started = Date()
    Children.parkIfStopping()
    do {
        try process.run()
    } catch {
        return ProcessResult(
            ending: .exited(127), stdout: "", stderr: "cannot start \(executable): \(error)", seconds: 0)
    }
    let pid = process.processIdentifier
    Children.running.withLock { $0[pid] = (process, gentle) }
    defer { _ = Children.running.withLock { $0.removeValue(forKey: pid) } }
    let flooded = Locked(false)
    let stoppedEarly = Locked(false)
    let readers = DispatchGroup()
    let stdout = Collector(cap: outputCap)
    let stderr = Collector(cap: outputCap)
    for (pipe, collector) in [(outPipe, stdout), (errPipe, stderr)] {
        DispatchQueue.global().async(group: readers) {
            let handle = pipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if !collector.append(chunk) {
                    flooded.withLock { $0 = true }
                    signalGroup(pid, SIGKILL)
                } else if let stopWhen, collector === stderr, stopWhen(collector.text) {
                    stoppedEarly.withLock { $0 = true }
                    signalGroup(pid, SIGKILL)
                }
            }
        }
    }
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()

    var timedOut = false
    var ending: ProcessResult.Ending?
    if ended.wait(timeout: .now() + timeout) == .timedOut {
        timedOut = true
        signalGroup(pid, gentle ? SIGINT : SIGTERM)  // a chance to stop cleanly, then SIGKILL
        if ended.wait(timeout: .now() + 2) == .timedOut {
            signalGroup(pid, SIGKILL)
            // Foundation notices the end only once every holder of the child's pipes is gone (a
            // grandchild can keep them): do not wait for that forever.
            if ended.wait(timeout: .now() + 5) == .timedOut { ending = .signalled(SIGKILL) }
        }
    }
    // The pipes close when the process is gone. Then close the parent's ends now rather than leave
    // them to the Pipe objects: Foundation keeps those alive past this function, and a stress run
    // leaked about one pipe a second until Process.run() crashed (its scan of /proc/self/fd reads
    // each entry's whole 256-byte name, past the end of the listing once there are ~1000). (Ends a
    // reader may still be blocked on, after a grandchild kept them open, are left alone.)
    if readers.wait(timeout: .now() + 5) == .success {
        for handle in [outPipe.fileHandleForReading, errPipe.fileHandleForReading, inPipe.fileHandleForReading] {
            try? handle.close()
        }
    }
    Children.parkIfStopping()
    let finalEnding =
        ending
        ?? (process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus))
    return ProcessResult(
        ending: finalEnding, stdout: stdout.text, stderr: stderr.text, timedOut: timedOut,
        flooded: flooded.current, stoppedEarly: stoppedEarly.current, seconds: Date().timeIntervalSince(started))
}

/// Bytes from one stream, up to a cap; what comes after the cap is dropped.
private final class Collector: @unchecked Sendable {
    private let data = Locked(Data())
    private let cap: Int

    init(cap: Int) { self.cap = cap }

    /// False once the stream has gone past the cap.
    func append(_ chunk: Data) -> Bool {
        data.withLock { data in
            guard data.count <= cap else { return false }
            data.append(chunk.prefix(cap + 1 - data.count))
            return data.count <= cap
        }
    }

    var text: String { String(decoding: data.current.prefix(cap), as: UTF8.self) }
}
