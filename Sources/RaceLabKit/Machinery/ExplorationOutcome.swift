extension Exploration {
    /// One outcome an exploration found: how many schedules ended in it, and the simplest of them.
    public struct Outcome: Sendable {
        public let text: String
        public internal(set) var count: Int
        public internal(set) var simplest: Explorer.Run
    }
}
