import Dispatch

/// `Person` made thread-safe with a dispatch barrier (DEMOS C3). Reads run concurrently on a private
/// concurrent queue with `sync`; a change is a barrier: it waits for the reads already running, then
/// runs alone, and reads that arrive meanwhile wait for it. So no one ever sees half a change.
class ThreadSafePerson: Person {
    // Why `.userInitiated`: on Linux, Dispatch adds worker threads slowly (about one a second) while
    // its threads are blocked (DEMOS A3). The five workers wait in `sync` reads for the barriers, and at
    // the same QoS the barriers would wait for a free thread: seconds of nothing. Apple's kernel adds
    // threads at once; the original demo needs no QoS.
    private let isolationQueue = DispatchQueue(label: "racelab.person.isolation", qos: .userInitiated, attributes: .concurrent)

    override func changeName(firstName: String, lastName: String) {
        isolationQueue.async(flags: .barrier) {
            super.changeName(firstName: firstName, lastName: lastName)
        }
    }

    override var name: String {
        isolationQueue.sync { super.name }
    }
}
