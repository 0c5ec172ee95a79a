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

    private static func stamp(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "missing" }
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
        return "\(date) \(size)"
    }
}

extension Runner {
    /// Checks exercise `number`, then again each time the attendee saves one of their files, until
    /// interrupted (Ctrl-C).
    public func watch(_ number: Int, poll: Double = 0.5) throws -> Never {
        let exercise = try workspace.exercise(number)
        var watcher = FileWatcher(paths: exercise.attendeeFiles.map { "\(workspace.root)/\(exercise.folder)/\($0)" })
        while true {
            _ = try self.exercise(number)
            print("")
            print("Watching \(exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")): save to check again, Ctrl-C to stop.")
            repeat {
                Thread.sleep(forTimeInterval: poll)
            } while !watcher.changed()
            Thread.sleep(forTimeInterval: poll)  // let an editor finish writing
            _ = watcher.changed()
            print("")
            print("— changed; checking again —")
        }
    }
}
