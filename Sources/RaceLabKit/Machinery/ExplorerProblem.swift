extension Explorer {
    /// Why a run did not end with an outcome.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }
}
