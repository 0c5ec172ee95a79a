// The runner contract: lines a lesson prints that the runner (RaceLabRunner) reads back. It checks the
// banner's lines and strips them before a transcript's first line, and it reads the line of a page
// stopped at its time limit to report a hang. Lessons and the runner both build these lines from here,
// so a change of wording is made once, for both.

/// Lines of the banner every lesson prints first, after its heading. The runner checks them
/// (RaceLabRunner's `Banner`), so transcripts start at the page.
public enum BannerLines {
    public static let threadSanitizerOn = "ThreadSanitizer is on: it reports data races on stderr as they happen."
    public static func speed(_ speed: Double) -> String {
        "Speed: \(speedText(speed)) (every time shown is in lesson seconds)"
    }
    /// An exercise's: the scenario this run plays.
    public static func seed(_ seed: UInt64) -> String {
        "Seed: \(seed) (this run's scenario; --seed \(seed) plays it again)"
    }
}

/// The line a lesson prints when a page runs past its time limit, before it exits with status 3. The
/// runner reads it back to report a hang rather than "exit status 3".
public enum PageStop {
    public static let status: Int32 = 3
    public static let middle = " did not finish within "
    public static let end = " of lesson time: stopping the lesson."
    public static func line(page: Int, limit: Double) -> String { "Page \(page)\(middle)\(seconds(limit))\(end)" }
}

/// "real speed", "4x", "2.5x": how lessons and the runner name a speed (the banner's speed line, which
/// the runner checks, and the runner's own lines).
public func speedText(_ speed: Double) -> String {
    if speed == 1 { return "real speed" }
    return speed == speed.rounded() ? "\(Int(speed))x" : "\(speed)x"
}
