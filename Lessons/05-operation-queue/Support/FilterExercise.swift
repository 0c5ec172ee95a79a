import Foundation
import RaceLabKit

/// What exercise 5's driver needs of the attendee's `FilterResults`.
public protocol FilterCollecting: AnyObject {
    /// Called from completion blocks: several threads, any time.
    func add(_ image: Image)
    /// Called once all operations are finished: returns the `count` images, waiting for any still
    /// on their way, and no longer than that.
    func all(count: Int) -> [Image]
}

/// Exercise 5's driver, which is not the attendee's to edit. Two rounds of filter operations whose
/// completion blocks make a thumbnail and then hand the result to a `FilterResults`: how many filters
/// (5 to 9) and each thumbnail's time (0.05 to 0.3 s) come from the run's seed; one round's slowest takes
/// 0.2 to 0.4 s, the other's 5.6 to 6.0 s (in an order drawn from the seed; at the check's 4x, 1.4 to
/// 1.5 s of real time). So an `all` that waits a fixed time either returns too few images in one
/// round or waits for nothing in the other, and one that gives up each wait after half a second (an
/// adversarial round's attempt) loses an image, also when a busy machine delays the quick images
/// and so its last wait begins late (with 3.6 to 4.0 s it passed once in a fresh clone's scripts/test). Then a
/// contention round: four threads add small tiles at once, hundreds each, so that an append split
/// into a locked read and a locked write loses tiles on every run. Then, round after round, `all`
/// already waits while the last images come in: an `all` let go before the last image is stored
/// (a signal sent before the append) gives one image too few. Last, step after step, the last image
/// is added at the very moment `all` checks for it: an `all` that checks the count in one critical
/// section and starts waiting in another misses that add's wake-up and never returns.
public enum FilterExercise {
    /// `all` returns "as soon as the last image is in" when it returns within this many lesson
    /// seconds of the last `add`.
    static let promptLimit = 0.3
    /// How long the driver waits for `all` before it calls it a hang.
    static let patience = 5.0

    public static func makeLesson(_ make: @escaping () -> FilterCollecting) -> Lesson {
        let lesson = Lesson("RaceLab exercise 5: collect the filters' results safely, and all of them", seeded: true)
        lesson.page("Filters in two rounds, then adds hammering") { page in
            var scenario = page.scenario
            let faults = Faults()
            for (round, slowest) in scenario.shuffled([0.2...0.4, 5.6...6.0]).enumerated() {
                let count = scenario.int(in: 5...9)
                var thumbnails = (1..<count).map { _ in scenario.seconds(in: 0.05...0.3) }
                thumbnails.insert(scenario.seconds(in: slowest), at: scenario.int(in: 0...count - 1))
                note(
                    "Round \(round + 1): \(count) filters; their thumbnails take "
                        + thumbnails.map { seconds($0) }.joined(separator: ", ") + ".")
                filterRound(make(), thumbnails: thumbnails, faults: faults)
            }
            contend(make(), faults: faults)
            if faults.count == 0 { waitWhileAdding(make, faults: faults) }
            if faults.count == 0 { wakeUp(make, faults: faults) }
            faults.sayTimingIfOnlyLate()
            note(
                faults.count == 0
                    ? "Every image arrived, each once, and all(count:) gave them as soon as they were in."
                    : "FilterResults is not right yet.")
            page.done()
        }
        return lesson
    }

    /// One round: `thumbnails.count` filter operations; each completion block makes its thumbnail and
    /// calls `add`. Counts a fault unless `all` gave every image, each once, as soon as the last was in.
    static func filterRound(_ results: FilterCollecting, thumbnails: [Double], faults: Faults) {
        let count = thumbnails.count
        let queue = OperationQueue()
        let completions = DispatchGroup()  // the driver's own: only to end the round after the last add
        let added = (0..<count).map { _ in RelaxedMoment() }  // when each add was called: orders nothing
        let expected = (1...count).map { Image.generated($0).blurred() }
        for number in 1...count {
            let image = Image.generated(number)
            let filter = BlockOperation {}
            let output = Locked<Image?>(nil)
            filter.addExecutionBlock { output.withLock { $0 = image.blurred() } }
            completions.enter()
            filter.completionBlock = {
                sleep(lessonSeconds: thumbnails[number - 1])  // the thumbnail
                added[number - 1].record()
                results.add(output.current!)
                completions.leave()
            }
            queue.addOperation(filter)
        }
        queue.waitUntilAllOperationsAreFinished()
        say("all \(count) operations are finished; asking FilterResults for \(count) images")
        let answer = Locked<(images: [Image], at: Double)?>(nil)
        // Linux runs completion blocks on a pool that grows about a thread a second: the thumbnails
        // may run one after another, so the driver waits for all of them in a row, and more.
        let patience = thumbnails.reduce(0, +) + FilterExercise.patience
        let returned = Watchdog.run(upTo: patience, "all(count: \(count))") {
            let images = results.all(count: count)
            answer.withLock { $0 = (images, LessonClock.shared.now) }
        }
        // Every completion block must have made its `add` before the round ends: a process that exits
        // first would take an unfinished race with it, unreported. (After `all` returned: it helps no answer.)
        Watchdog.wait(for: completions, upTo: patience, "the completion blocks' add calls")
        guard returned, let (images, at) = answer.current.map({ ($0.images, $0.at) }) else {
            return faults.late(
                "all(count:) was given \(seconds(patience)); a very busy machine can make it wait that long.")
        }
        let last = added.map { $0.value ?? .infinity }.max() ?? 0
        let names = images.map(\.name)
        if images.count != count || Set(names).count != count || !expected.allSatisfy(images.contains) {
            let missing = expected.filter { !images.contains($0) }.map(\.name)
            // Every missing image's add had been called when `all` returned: an add let it go too soon.
            let lost = expected.indices.filter { !images.contains(expected[$0]) }
            let letGo = !lost.isEmpty && lost.allSatisfy { (added[$0].value ?? .infinity) <= at }
            // The code the verdict points at is the first named in backticks: `add` when it let `all` go.
            FaultLine(
                (letGo ? "all" : "`all`") + "(count:) gave \(images.count) images for \(count) filters"
                    + (letGo
                        ? ", though `add` had been called for every one: an `add` let it go before it stored its image"
                        : "")
                    + (missing.isEmpty ? "" : "; missing: \(missing.joined(separator: ", "))")
                    + (Set(names).count == names.count ? "" : "; some more than once"),
                hint: letGo
                    ? "let all(count:) go only once the image is in"
                    : "all(count:) must wait for every image, and give each once"
            ).say()
            return faults.firm()
        }
        if at > last + promptLimit {
            FaultLine(
                "`all`(count:) gave all \(count) images, but \(seconds(at - last)) after the last one came in",
                hint: "return as soon as the last image is in, not after a wait of your own"
            ).say()
            return faults.late("a busy machine can delay a return that much too.")
        }
        say("FilterResults gave all \(count) images, each once, as soon as the last was in")
    }

    /// Four threads, released together, each adds tiles as fast as it can (400 to 3000 a thread, for
    /// 0.4 to 2 s); then `all` must give every tile, each once.
    static func contend(_ results: FilterCollecting, faults: Faults) {
        note("Contention: four threads add small tiles at once, as fast as they can.")
        let counts = (0..<4).map { _ in RelaxedWord() }
        // At least 400 adds a thread and 0.4 s: on a loaded machine that runs one thread at a time, an
        // add is lost only when its thread is interrupted inside it, so the round needs time too.
        hammer(4, forAtMost: 2) { thread, index, elapsed in
            guard index < 3000, index < 400 || elapsed < 0.4 else { return false }
            results.add(Image(name: "tile \(thread)-\(index)", width: 1, height: 1, pixels: [UInt8(index & 255)]))
            counts[thread].add(1)
            return true
        }
        let total = counts.reduce(0) { $0 + Int($1.value) }
        let answer = Locked<[Image]?>(nil)
        // `all` is called outside the lock: one that never returns must not leave the lock held.
        guard
            Watchdog.run(
                upTo: patience, "all(count:) of the tiles",
                {
                    let tiles = results.all(count: total)
                    answer.withLock { $0 = tiles }
                }),
            let tiles = answer.current
        else {
            FaultLine(
                "`all`(count:) never gave the tiles: an add was lost, so the count was never reached",
                hint: "one add must read and change the array in one critical section"
            ).note()
            return faults.firm()
        }
        let distinct = Set(tiles.map(\.name)).count
        guard tiles.count == total, distinct == total else {
            FaultLine(
                "FilterResults gave \(tiles.count) tiles (\(distinct) different) of \(total) added: `add`s made at the same time were lost or doubled",
                hint: "one add must read and change the array in one critical section"
            ).note()
            return faults.firm()
        }
        note("Every tile added at the same time was there, each once.")
    }

    /// Round after round (at least 300 rounds and 0.2 s of real time, at most 2 s), a fresh
    /// FilterResults: one thread calls `all(count: 2)` while two threads each add an image, after a
    /// spin of their own so that `all` is waiting by then (or, every other round, a shorter one, so that
    /// an add comes while `all` checks). `all` must give both. One let go before
    /// the last image is stored gives one: its thread wakes between the go-ahead and the append (an
    /// adversarial round's signal-before-append passed the filter rounds in 2 of 3 runs).
    static func waitWhileAdding(_ make: @escaping () -> FilterCollecting, faults: Faults) {
        note("Waiting: all(count: 2) is called while two threads add their images, round after round.")
        var (short, stuck) = (0, false)
        let rounds = playRounds(atLeast: 300, andSeconds: 0.2, forAtMost: 2) { number in
            let results = make()
            let images = (0..<2).map { Image(name: "late \(number)-\($0)", width: 1, height: 1, pixels: [UInt8($0)]) }
            let given = Locked<[Image]?>(nil)
            // Nanoseconds. Most rounds `all` is waiting by then; every other round an add may come
            // while `all` checks, so that one that checks in one critical section and starts waiting in
            // another misses the last add's wake-up (an adversarial round's check-apart passed 3 of 3).
            let spin = number % 2 == 0 ? UInt64.random(in: 20_000...200_000) : UInt64.random(in: 0...20_000)
            let done = startTogether(3) { thread in
                if thread == 2 {
                    // Outside the lock: an `all` that never returns must not leave it held for the check below.
                    let got = results.all(count: 2)
                    return given.withLock { $0 = got }
                }
                let until = DispatchTime.now().uptimeNanoseconds + spin
                while DispatchTime.now().uptimeNanoseconds < until {}
                results.add(images[thread])
            }
            // Not the watchdog: its line would come first, with a list of deadlocks, not this cause.
            stuck = done.wait(timeout: LessonClock.shared.deadline(after: patience)) == .timedOut
            if let got = given.current, !(got.count == 2 && images.allSatisfy(got.contains)) { short += 1 }
            return !stuck
        }
        guard !stuck else {
            FaultLine(
                "`all`(count: 2) never returned, though both images were added: it missed the last one's wake-up",
                hint:
                    "check the count and start waiting in one critical section, or count the images with a semaphore or a group"
            ).note()
            return faults.firm()
        }
        guard short == 0 else {
            FaultLine(
                "In \(short) of \(rounds) rounds `all`(count: 2) gave fewer than the two images added while it waited: it was let go before the last one was stored",
                hint: "let all(count:) go only once the image is in"
            ).note()
            return faults.firm()
        }
        note("all(count: 2) gave both images in each of the \(rounds) rounds.")
    }
}
