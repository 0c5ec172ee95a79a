extension Explorer {
    /// A run as the search sees it: the run, and for each of its steps the threads that could have
    /// taken it and the preemptions before it, from which the search starts the other schedules.
    struct PlayedRun {
        var run: Run
        var runnable: [[Int]]
        var preemptionsBefore: [Int]
        /// With footprints: before each step, what each thread's next step touches.
        var pending: [[Footprint]] = []
        /// With footprints: the step that started each thread (nil: the program).
        var startedBy: [Int?] = []
        /// The step from which the run was played out by the default rule, the reduction having no thread
        /// to pick: such a run is not counted.
        var abandonedAt: Int?
        /// With footprints: the threads left waiting when the run ended (a deadlock), and what their next
        /// steps touch.
        var waitingAtEnd: [(thread: Int, footprint: Footprint, locks: Footprint)] = []
    }
}
