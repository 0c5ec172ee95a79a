// What the lessons share with the runner (`Locked`, `ChildProcess`, `Swift6Compiler`, the lines a
// lesson prints for the runner) lives in RaceLabContract, which the runner builds without this
// library. A lesson imports RaceLabKit alone and sees both.
@_exported import RaceLabContract

extension PageStop {
    /// "Page 2 did not finish within 120.0 s of lesson time: stopping the lesson."
    public static func line(page: Int, limit: Double) -> String { "Page \(page)\(middle)\(seconds(limit))\(end)" }
}
