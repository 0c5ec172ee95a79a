import Dispatch
import RaceLabContract

/// What `body` returned, or nil when it has not returned within `seconds` of real time: a driver's wait
/// for a call of the attendee's that may never return (a request parked where nothing resumes it),
/// which is then left to itself. The time is kept by a Dispatch timer, not a task's sleep, so a
/// driver that holds the global executor's jobs (`GlobalJobStagger`) holds nothing of it.
public func returned<Value: Sendable>(
    within seconds: Double, _ body: @escaping @Sendable () async -> Value
) async -> Value? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let given = Locked(false)
        let give: @Sendable (Value?) -> Void = { value in
            let first = given.withLock { given in
                defer { given = true }
                return !given
            }
            if first { continuation.resume(returning: value) }
        }
        Task { give(await body()) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { give(nil) }
    }
}
