import Foundation

/// Notices when files change: their modification dates and sizes, polled (portable, no
/// dependencies, and cheap for the one or two files of an exercise).
public struct FileWatcher {
    public let paths: [String]
    private var last: [String]

    public init(paths: [String]) {
        self.paths = paths
        last = paths.map(Self.stamp)
    }

    /// True when any file changed (or appeared, or vanished) since the last call.
    public mutating func changed() -> Bool {
        let now = paths.map(Self.stamp)
        defer { last = now }
        return now != last
    }

    /// After a change: waits until the files have been still for `poll` seconds (an editor may write
    /// a file in more than one step).
    public mutating func waitUntilStill(poll: Double) {
        repeat {
            Thread.sleep(forTimeInterval: poll)
        } while changed()
    }

    private static func stamp(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "missing" }
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
        return "\(date) \(size)"
    }
}

extension Runner {
    /// Checks exercise `number`, then again each time the attendee saves one of their files, until
    /// interrupted (Ctrl-C). A verdict that says what the last one said is told in one line.
    public func watch(_ number: Int, poll: Double = 0.1) throws -> Never {
        let exercise = try workspace.exercise(number)
        let paths = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }
        var watcher = FileWatcher(paths: paths.map { "\(workspace.root)/\($0)" })
        var last = try checkExercise(number, previous: nil)
        print("")
        print("Watching \(paths.joined(separator: ", ")): save to check again, Ctrl-C to stop.")
        while true {
            repeat {
                Thread.sleep(forTimeInterval: poll)
            } while !watcher.changed()
            watcher.waitUntilStill(poll: poll)
            print("")
            print("— saved; checking again —")
            last = try checkExercise(number, previous: last)
        }
    }
}
