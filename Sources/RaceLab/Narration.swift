import Foundation

/// Lines printed by several threads at once must not tear either: all narration goes through one
/// lock, which ThreadSanitizer does not see (two threads that both print are not thereby ordered).
private let output = Unobserved(())

func writeLine(_ line: String) {
    output.withLock { _ in print(line) }
}

/// The timestamp column: lesson seconds since the page started, e.g. `[ 1.02s]`.
public func stamp(_ lessonSeconds: Double) -> String {
    "[" + String(format: "%5.2f", lessonSeconds) + "s]"
}

/// Prints `text` with the current lesson time: what happened, and when.
public func say(_ text: String) {
    writeLine("\(stamp(LessonClock.shared.now)) \(text)")
}

/// Prints narration without a time: what to look for, what just happened and why.
public func note(_ text: String) {
    writeLine(text)
}

/// Formats lesson seconds for prose, e.g. `3.0 s`.
public func seconds(_ value: Double) -> String {
    String(format: "%.1f s", value)
}
