/// What one step did: whose it was, which of its steps, where it stopped, what it recorded.
struct ScheduleStep {
    var thread: Int
    /// Which of its thread's steps this is (0: the first).
    var ordinal: Int
    var from: Pause
    var to = Pause.finished
    var notes: [String] = []
    /// The locks the step took and let go, as the run saw them (for the partial-order reduction).
    var locks = Footprint.nothing
}
