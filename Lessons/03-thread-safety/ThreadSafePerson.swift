import Dispatch

/// `Person` made thread-safe with a dispatch barrier (DEMOS C3). Reads run concurrently on a private
/// concurrent queue with `sync`; a change is a barrier: it waits for the reads already running, then
/// runs alone, and reads that arrive meanwhile wait for it. So no one ever sees half a change.
class ThreadSafePerson: Person {
    private let isolationQueue: DispatchQueue

    /// `isolationQoS`: the RWDevCon demo creates the isolation queue at the default quality of service. On
    /// Linux that stalls page 3 for seconds: the five workers block in `sync` reads waiting for the
    /// barriers, and a barrier at their own QoS needs a thread from the very pool they are blocking
    /// (which grows about a thread a second; on a Mac the kernel adds one within milliseconds, and
    /// there is no stall: the lesson's README cites both). At
    /// `.userInitiated` the barriers run on a pool of their own: RaceLab's default.
    init(firstName: String, lastName: String, isolationQoS: DispatchQoS = .userInitiated) {
        isolationQueue = DispatchQueue(label: "racelab.person.isolation", qos: isolationQoS, attributes: .concurrent)
        super.init(firstName: firstName, lastName: lastName)
    }

    override func changeName(firstName: String, lastName: String) {
        isolationQueue.async(flags: .barrier) {
            super.changeName(firstName: firstName, lastName: lastName)
        }
    }

    override var name: String {
        isolationQueue.sync { super.name }
    }
}
