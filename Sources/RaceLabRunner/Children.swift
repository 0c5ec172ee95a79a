import Foundation
import RaceLabContract

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
        while children.contains(where: { $0.process.isRunning }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
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
            say(
                "Stopped (\(name)): "
                    + (count == 0
                        ? "nothing was running."
                        : count == 1
                            ? "ended the program it was running (a page or a build) and everything that program started."
                            : "ended the \(count) programs it was running and everything they started."))
            exit(130)
        }
        source.resume()
        interruptSources.withLock { $0.append(source) }
    }
}

private let interruptSources = Locked([DispatchSourceSignal]())
