import Foundation
import RaceLab

/// Page 4: the crash that `ImageProvider.cancel()` works around, reproduced in a child process (this
/// same program, started again with `RACELAB_LESSON9_CHILD` set) so that the page itself survives it.
enum CancelCrash {
    static let childVariable = "RACELAB_LESSON9_CHILD"

    /// In the child: runs one variant and exits. Call before anything else in main.swift.
    static func runIfChild() {
        guard let variant = ProcessInfo.processInfo.environment[childVariable] else { return }
        cancelMidChain(keepingSteps: variant == "kept")
        exit(0)
    }

    /// A filter works 0.3 s; a post-process depends on it. While the filter works, the queue's
    /// operations are cancelled; the cancelled post-process starts and finishes at once. Then its last
    /// reference goes (unless `keepingSteps`), and the filter finishes.
    static func cancelMidChain(keepingSteps: Bool) {
        let queue = OperationQueue()
        let filter = BlockOperation { Thread.sleep(forTimeInterval: 0.3) }
        var kept: [Operation] = []
        do {
            let postProcess = BlockOperation { print("post-process ran") }
            postProcess.addDependency(filter)
            queue.addOperations([filter, postProcess], waitUntilFinished: false)
            while !filter.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
            queue.cancelAllOperations()
            while !postProcess.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            print("post-process finished: \(postProcess.isFinished); the filter it depends on still running: \(filter.isExecuting)")
            if keepingSteps { kept.append(postProcess) }
        }
        print(keepingSteps ? "the post-process is still referenced" : "the last reference to the post-process is gone")
        fflush(stdout)
        queue.waitUntilAllOperationsAreFinished()
        print("the filter finished; kept \(kept.count) step(s)")
    }

    /// Runs a variant in a child process and tells how it ended.
    static func inChild(_ variant: String) -> (lines: [String], ending: String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = variant
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash ends at once, without a backtrace
        environment["RACELAB_MARK_LINES"] = nil
        child.environment = environment
        let output = Pipe()
        let errors = Pipe()
        child.standardOutput = output
        child.standardError = errors
        do { try child.run() } catch { return ([], "could not start: \(error)") }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let lines = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        let segv = child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGSEGV
        if segv || stderr.contains("ThreadSanitizer: SEGV") {
            return (lines, "crashed: segmentation fault (SIGSEGV), a read of freed memory")
        }
        if child.terminationReason == .uncaughtSignal { return (lines, "crashed: signal \(child.terminationStatus)") }
        return (lines, "exited normally (status \(child.terminationStatus))")
    }
}
