import Dispatch

extension DispatchGroup {
    /// Waits until the group is empty without holding a thread of the cooperative pool (a driver's
    /// async rounds wait so for threads of their own); false after `limit` seconds of real time.
    public func emptied(within limit: Double = .infinity) async -> Bool {
        await withCheckedContinuation { continuation in
            let resumed = Locked(false)
            let resume = { @Sendable (emptied: Bool) in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: emptied) }
            }
            notify(queue: .global()) { resume(true) }
            if limit.isFinite { DispatchQueue.global().asyncAfter(deadline: .now() + limit) { resume(false) } }
        }
    }
}
