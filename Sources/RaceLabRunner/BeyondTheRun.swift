import Foundation
import RaceLabContract

extension Runner {
    /// A run the driver and ThreadSanitizer passed, judged by what else can see a fault in the files in
    /// `folder` (the attendee's, or a variant's): a type whose promise the task does not take
    /// (`UnkeptPromise`), then a schedule the explorer plays that ends wrong. `explored` keeps one
    /// exploration for a variant's runs, since the same files explore the same way.
    ///
    /// Files the explorer should have played and could not (they did not compile for it, or it could
    /// not go on) keep an attendee's pass, with a word saying so (`unexplored`); for a maintainer
    /// (`strict`: `verify`, `stress`) they fail it, since a wrong fix the explorer alone catches would
    /// otherwise pass unseen.
    func judgedBeyondTheRun(
        _ outcome: RunOutcome, _ exercise: ExerciseInfo, folder: String, bin: String, strict: Bool,
        explored: ExploredOnce = ExploredOnce()
    ) -> RunOutcome {
        var judged = judgedByWhatItUses(outcome, exercise, folder: folder)
        guard judged.passed else { return judged }
        switch explored.told({ exploredBriefly(exercise, folder: folder, bin: bin) }) {
        case .found(let lines):
            judged.problems.append(.explored(lines))
        case .couldNotPlay(let why) where strict:
            judged.problems.append(.message("the schedule explorer could not judge \(folder): \(why)"))
        case .couldNotPlay(let why):
            judged.unexplored = why
        case .allRight, .notExplored:
            break
        }
        return judged
    }
}

/// A variant's brief exploration, made the first time a run of it passes and kept for the rest.
/// @unchecked Sendable: `kept` is `Locked`.
final class ExploredOnce: @unchecked Sendable {
    private let kept = Locked<Runner.ToldBriefly?>(nil)

    func told(_ explore: () -> Runner.ToldBriefly) -> Runner.ToldBriefly {
        kept.withLock { kept in
            if let known = kept { return known }
            let told = explore()
            kept = told
            return told
        }
    }
}
