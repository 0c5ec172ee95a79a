extension Explorer {
    /// A run as the search sees it: the run, and for each of its steps the threads that could have
    /// taken it and the preemptions before it, from which the search starts the other schedules.
    struct PlayedRun {
        var run: Run
        var runnable: [[Int]]
        var preemptionsBefore: [Int]
    }
}
