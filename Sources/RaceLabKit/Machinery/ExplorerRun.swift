extension Explorer {
    /// One run: the schedule it followed and what came of it.
    public struct Run: Sendable {
        /// The thread of each step (0 for A).
        public let choices: [Int]
        public let preemptions: Int
        /// The outcome, or "deadlock" when every thread left waits for a lock.
        public let outcome: String
        public let names: [String]
        public let lanes: [LaneStep]
        /// The locks each step took and let go (the reduction's).
        let lockSteps: [Footprint]

        public var schedule: String { Explorer.letters(choices) }
    }
}
