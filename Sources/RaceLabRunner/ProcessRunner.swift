import Foundation
import RaceLabContract

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

/// Runs a program to the end, but never longer than `timeout` real seconds and never past
/// `outputCap` bytes on stdout or stderr: a page that hangs or floods is stopped and reported, and
/// the runner carries on. Both streams are read as they come, so a chatty program never blocks.
/// `onStdout`: each piece of stdout as it comes (a build's progress, a page shown as it plays).
public func runProcess(
    _ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    directory: String? = nil, input: String? = nil, timeout: Double, outputCap: Int, gentle: Bool = false,
    stopWhen: ((_ stderr: String) -> Bool)? = nil, onStdout: ((Data) -> Void)? = nil
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
                if collector === stdout { onStdout?(chunk) }
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
/// @unchecked Sendable: `data` is `Locked`, `cap` a `let`.
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
