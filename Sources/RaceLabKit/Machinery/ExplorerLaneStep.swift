extension Explorer {
    /// What one step did, for the lanes.
    public struct LaneStep: Sendable {
        public let thread: Int
        public let text: String
        /// The point it stopped at ("lock() at Person.swift:27"); nil when it ran to its end.
        public let stoppedAt: String?
        /// For a task's first step, the point it had stopped at in another's step where another got
        /// in: a lock, or its wake-up ("lock() at FavoriteEventsController.swift:27"); nil otherwise.
        public var cameFrom: String? = nil
    }
}
