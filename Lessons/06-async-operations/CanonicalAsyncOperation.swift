import Foundation
import RaceLabKit

/// The AsyncOperation of the RWDevCon tutorial and the article (DEMOS E1), as they teach it. Racy
/// on purpose (DEMOS E5, page 5): the callback sets `state` on one thread while the queue reads
/// `isFinished` on another, unsynchronised; and `start()` calls `main()` before it sets
/// `.executing`, so a callback that comes back at once can be overwritten.
// Foundation declares Operation `@unchecked Sendable`, and a subclass must say so again. Here it is
// exactly the promise this class does not keep: that is the lesson.
// @unchecked Sendable: a promise broken on purpose: page 5 shows TSan catching the race on `state`.
class CanonicalAsyncOperation: Operation, @unchecked Sendable {
    enum State: String {
        case ready, executing, finished

        fileprivate var keyPath: String { "is" + rawValue.capitalized }
    }

    var state = State.ready {  // racy on purpose
        willSet {
            willChangeValue(forKey: newValue.keyPath)
            willChangeValue(forKey: state.keyPath)
        }
        didSet {
            didChangeValue(forKey: oldValue.keyPath)
            didChangeValue(forKey: state.keyPath)
        }
    }

    override var isReady: Bool { super.isReady && state == .ready }
    override var isExecuting: Bool { state == .executing }
    override var isFinished: Bool { state == .finished }
    override var isAsynchronous: Bool { true }

    override func start() {
        if isCancelled {
            state = .finished
            return
        }
        main()
        state = .executing
    }

    override func cancel() {
        super.cancel()
        state = .finished
    }
}

/// SlowAdd on the canonical base class: the same code as `SlowAddOperation`, another parent.
/// @unchecked Sendable: racy on purpose, as its parent (page 5); `result` is set before the racy `.finished`.
class CanonicalSlowAddOperation: CanonicalAsyncOperation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    var result: Int?

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    override func main() {
        asyncAdd(lhs, rhs) { sum in
            self.result = sum
            self.state = .finished
        }
    }
}

/// A SlowAdd with a cache, on the canonical base class: a sum it already knows comes back almost at
/// once (within 0.02 s, from the cache's own thread) instead of after a second, while `main()` still
/// spends 0.01 s logging the request. Page 5's second half: the callback now races `start()`'s
/// `state = .executing`, and when it wins, its `.finished` is overwritten. (The delays widen the
/// window, as `Person.changeName`'s do in lesson 3: the race is the same without them, only rarer.)
/// @unchecked Sendable: racy on purpose: page 5's callback races `start()`'s `state = .executing`.
final class CanonicalCachedAddOperation: CanonicalSlowAddOperation, @unchecked Sendable {
    override func main() {
        answerFromCache(lhs, rhs) { sum in
            self.result = sum
            self.state = .finished
        }
    }
}

/// The same cached SlowAdd on RaceLab's AsyncOperation, which sets `.executing` before `main()` (page 8).
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set before
/// `.finished`, under AsyncOperation's lock.
final class CachedAddOperation: SlowAddOperation, @unchecked Sendable {
    override func main() {
        answerFromCache(lhs, rhs) { sum in
            self.result = sum
            self.state = .finished
        }
    }
}

/// A cache's answer: on a thread of its own, as asyncAdd uses (on Linux a queue here would wait for a
/// pool thread, and the pool's threads are the ones blocked in main()), after up to 0.02 s; meanwhile
/// the caller spends 0.01 s logging the request. Under the schedule explorer (page 8) the thread is
/// one it schedules, and the two delays are its interleaving points.
func answerFromCache(_ lhs: Int, _ rhs: Int, then callback: @escaping @Sendable (Int) -> Void) {
    Interleaving.detachNewThread(
        named: "the cache's callback", steps: ["waits up to 0.02 s", "callback: state = .finished"]
    ) {
        randomDelay(upTo: 0.02)  // known already: no second of work
        callback(lhs + rhs)
    }
    sleep(lessonSeconds: 0.01)  // logs the request; start() sets .executing only after main() returns
}
