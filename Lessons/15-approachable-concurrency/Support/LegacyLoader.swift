// A module not yet migrated: built in Swift 5 language mode, as an older SDK's or a colleague's code
// is. Its completion handlers are neither `@Sendable` nor isolated, so a Swift 6 module that calls it
// cannot tell where they will run, and assumes they run where they were made (SE-0423).
import Dispatch
import RaceLabKit

/// A callback API in the style of lessons 5–9: it loads on a queue of its own and calls back there,
/// or on the queue it is given.
public final class LegacyLoader {
    private let work = DispatchQueue(label: "racelab.legacy-loader")
    private let callbackQueue: DispatchQueue?

    /// `callbackQueue`: where the completion is called; nil, on the loader's own queue.
    public init(callingBackOn callbackQueue: DispatchQueue? = nil) {
        self.callbackQueue = callbackQueue
    }

    /// Loads a number after `seconds` lesson seconds and calls `completion` with it.
    public func load(after seconds: Double, completion: @escaping (Int) -> Void) {
        work.asyncAfter(deadline: LessonClock.shared.deadline(after: seconds)) {
            let value = 42
            if let queue = self.callbackQueue { queue.async { completion(value) } } else { completion(value) }
        }
    }
}
