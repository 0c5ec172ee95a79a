import Foundation
import RaceLabAtomics

/// Lines printed by several threads at once must not tear. Each line goes out whole with write(2)
/// (RaceLabOutput.h), never through C's stdio, whose stream lock is a pthread mutex on Apple's platforms,
/// nor Swift's `print` behind an `NSLock`: ThreadSanitizer sees those as synchronisation, so two threads
/// that both print would look ordered to it, and a race between them would go unreported. Not `fputs`
/// either: a name garbled by a race can hold a NUL byte, where a C string would end, newline and all.
func writeLine(_ line: String) {
    var text = (marksLines ? "\u{1E}" : "") + line + "\n"
    text.withUTF8 { racelab_write_stdout($0.baseAddress, $0.count) }
}

/// Set once, on the main thread before any page starts (`Lesson.run`). A relaxed word in C, not a Swift
/// global, whose lazy initialisation on a demo thread would look like synchronisation to ThreadSanitizer.
var marksLines: Bool {
    get { racelab_relaxed_load(racelab_marks_lines_word()) == 1 }
    set { racelab_relaxed_store(racelab_marks_lines_word(), newValue ? 1 : 0) }
}

/// The timestamp column: lesson seconds since the page started, e.g. `[ 1.02s]`.
public func stamp(_ lessonSeconds: Double) -> String {
    let text = fixed(lessonSeconds, decimals: 2)
    return "[" + String(repeating: " ", count: max(0, 5 - text.count)) + text + "s]"
}

/// Prints `text` with the current lesson time: what happened, and when.
public func say(_ text: String) {
    writeLine("\(stamp(LessonClock.shared.now)) \(text)")
}

/// Prints narration without a time: what to look for, what just happened and why.
public func note(_ text: String) {
    writeLine(text)
}

/// Prints a driver's own account of what is wrong (exercise 7: "version check waits for itself …: it
/// can never start"), as `note` does. Under the runner the line also carries `explanationMark`, and
/// the verdict shows it first, ahead of any line where the output parted from the transcript. A
/// `FaultLine` needs none of this: the runner reads its arrow.
public func explain(_ text: String) {
    writeLine((marksLines ? explanationMark : "") + text)
}

/// `text` with spaces before it up to `width` characters: a column of numbers, aligned right.
public func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// Formats lesson seconds for prose, e.g. `3.0 s`.
public func seconds(_ value: Double) -> String {
    fixed(value, decimals: 1) + " s"
}

/// `value` with `decimals` digits after the point. Not Foundation's `String(format:)`: on Linux it
/// formats through CoreFoundation, whose locks ThreadSanitizer sees, so two threads that both print a
/// time would look ordered to it (measured: a race between them was then never reported).
public func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    let digits =
        decimals == 0
        ? "\(scaled)" : "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    return (value < 0 && scaled != 0 ? "-" : "") + digits
}

extension TimingWasOff {
    /// Prints `Timing was off: <detail>`.
    public static func say(_ detail: String) { note(mark + detail) }
}

/// An exercise driver's tally of the faults it found, each firm (no machine causes it: a report shown
/// twice, a text out of place) or late (something came later than it was due, which a busy machine
/// can cause too). At the end `sayTimingIfOnlyLate` says `TimingWasOff` once, and only when every
/// fault was late: a run with a firm fault fails at any speed, and is not worth confirming.
public final class Faults: Sendable {
    private let tally = Locked<(firm: Int, late: [String])>((0, []))

    public init() {}

    /// Counts a fault no machine causes.
    public func firm() { tally.withLock { $0.firm += 1 } }

    /// Counts a fault a busy machine could cause too; `why` says how (for the `Timing was off` line).
    public func late(_ why: String) { tally.withLock { $0.late.append(why) } }

    /// How many faults, firm and late.
    public var count: Int { tally.withLock { $0.firm + $0.late.count } }

    /// Says `Timing was off: <every why>` when there were faults and every one was late.
    public func sayTimingIfOnlyLate() {
        let (firm, late) = tally.current
        if firm == 0 && !late.isEmpty { TimingWasOff.say(late.joined(separator: "; ")) }
    }
}
