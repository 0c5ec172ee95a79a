extension Explorer {
    /// What one step did, for the lanes.
    public struct LaneStep: Sendable {
        public let thread: Int
        public let text: String
    }
}
