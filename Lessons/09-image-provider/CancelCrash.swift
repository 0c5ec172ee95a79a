import Foundation
import RaceLabKit
import Lesson9Support

/// Page 4: the crash that `ImageProvider.cancel()` works around, reproduced in a child process (this
/// same program, started again as a `ChildProcess`) so that the page itself survives it.
enum CancelCrash {
    /// In the child: runs one variant and exits. Call before anything else in main.swift.
    static func runIfChild() {
        ChildProcess.runIfChild([
            "released": { cancelMidChain(keepingSteps: false) },
            "kept": { cancelMidChain(keepingSteps: true) },
        ])
    }

    /// A filter works 0.3 s; a post-process depends on it. While the filter works, the queue's
    /// operations are cancelled; the cancelled post-process starts and finishes at once. Then its last
    /// reference goes (unless `keepingSteps`), and the filter finishes. On a busy machine the filter
    /// works on until that reference has gone, so the order is the same on every run (on one loaded
    /// core, 0.3 s was once over before the post-process was seen finished).
    static func cancelMidChain(keepingSteps: Bool) {
        let queue = OperationQueue()
        let released = DispatchSemaphore(value: 0)
        let filter = BlockOperation {
            Thread.sleep(forTimeInterval: 0.3)
            _ = released.wait(timeout: .now() + 10)
        }
        var kept: [Operation] = []
        do {
            let postProcess = BlockOperation { print("post-process ran") }
            postProcess.addDependency(filter)
            queue.addOperations([filter, postProcess], waitUntilFinished: false)
            while !filter.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
            queue.cancelAllOperations()
            while !postProcess.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            print(
                "post-process finished: \(postProcess.isFinished); the filter it depends on still running: \(filter.isExecuting)"
            )
            if keepingSteps { kept.append(postProcess) }
        }
        print(keepingSteps ? "the post-process is still referenced" : "the last reference to the post-process is gone")
        fflush(stdout)
        released.signal()
        queue.waitUntilAllOperationsAreFinished()
        print("the filter finished; kept \(kept.count) step(s)")
    }

    /// Runs a variant in a child process and tells how it ended.
    static func inChild(_ variant: String) -> (lines: [String], ending: String) {
        let child = ChildProcess.run(variant)
        let freedRead = child.signal == SIGSEGV && !child.hung
        return (
            child.lines, freedRead ? "crashed: segmentation fault (SIGSEGV), a read of freed memory" : child.description
        )
    }
}
