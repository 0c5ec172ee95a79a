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
    /// Real seconds from start to end.
    public var seconds: Double

    public var succeeded: Bool { ending == .exited(0) && !timedOut && !flooded }
}

/// Runs a program to the end, but never longer than `timeout` real seconds and never past
/// `outputCap` bytes on stdout or stderr: a page that hangs or floods is stopped and reported, and
/// the runner carries on. Both streams are read as they come, so a chatty program never blocks.
public func runProcess(
    _ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
    directory: String? = nil, input: String? = nil, timeout: Double, outputCap: Int
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
    do {
        try process.run()
    } catch {
        return ProcessResult(
            ending: .exited(127), stdout: "", stderr: "cannot start \(executable): \(error)", seconds: 0)
    }
    let flooded = Locked(false)
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
                    process.terminate()
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
        process.terminate()  // SIGTERM first, then SIGKILL if it ignores that
        if ended.wait(timeout: .now() + 2) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            // Foundation notices the end only once every holder of the child's pipes is gone (a
            // grandchild can keep them): do not wait for that forever.
            if ended.wait(timeout: .now() + 5) == .timedOut { ending = .signalled(SIGKILL) }
        }
    }
    _ = readers.wait(timeout: .now() + 5)  // the pipes close when the process is gone
    let finalEnding =
        ending
        ?? (process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus))
    return ProcessResult(
        ending: finalEnding, stdout: stdout.text, stderr: stderr.text, timedOut: timedOut,
        flooded: flooded.current, seconds: Date().timeIntervalSince(started))
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
