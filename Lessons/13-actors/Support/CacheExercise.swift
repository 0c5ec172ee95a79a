import Dispatch
import RaceLabKit

/// What exercise 13's driver needs of the attendee's cache.
public protocol ImageSource: Sendable {
    func image(named name: String) async throws -> Image
}

/// Exercise 13's driver, which is not the attendee's to edit: page 1's image downloader must download
/// each image once, however many tasks ask for it at once, and some of them cancelled. The seed decides
/// the images, their latencies, how many tasks ask for each, when they start and which are cancelled.
/// Every image has a name of its own in each round, so the network's count of requests for a name is
/// that round's downloads of it.
/// - Round 1: several tasks ask for each image while its download is in flight; then one more each,
///   after: one download an image, and every task gets the right one.
/// - Round 2: the same, and some requesters are cancelled during the download, the first of each
///   image among them: the others still get the image from the one download, which is not cancelled;
///   a cancelled one gets the image or a `CancellationError`.
/// - Round 3: an image that is not on the network yet: its requests fail; once it is served, the next
///   request downloads it (a failure is not kept).
/// - Round 4: contention: 200 images asked for by eight tasks at once, for ThreadSanitizer.
/// - Beside them: a slow image, asked for a second apart while it downloads.
public enum CacheExercise {
    public typealias Maker = @Sendable () -> any ImageSource

    public static func makeLesson(_ makeCache: @escaping Maker) -> Lesson {
        let lesson = Lesson("RaceLab exercise 13: the image cache that downloads once", seeded: true)
        lesson.page("Many requests at once, some cancelled, one that fails, contention") { page in
            let scenario = page.scenario
            page.finish {
                // The slow image ends the rounds at about 5 lesson s.
                Watchdog.run(upTo: 16, "the rounds") {
                    var scenario = scenario
                    // The slow image's requests go on beside rounds 1 to 4 (it takes 1.25 s of real time).
                    let slowRequests = scenario.int(in: 3...5)
                    async let slow = slowImage(slowRequests, makeCache())
                    var faults = await manyAtOnce(1, &scenario, makeCache(), cancelling: false)
                    faults += await manyAtOnce(2, &scenario, makeCache(), cancelling: true)
                    faults += await failureNotKept(&scenario, makeCache())
                    faults += await contend(makeCache())
                    let (slowFaults, slowLine) = await slow
                    note(slowLine)
                    faults += slowFaults
                    note(faults == 0
                        ? "Every image downloaded once, every request answered right; ThreadSanitizer has the last word on races."
                        : "\(faults) faults: the cache does not download each image once for all its requests yet.")
                }
            }
        }
        return lesson
    }

    /// An image on the network under a name of this round's, with a latency of the seed's.
    struct Served {
        let name: String
        let checksum: String
        let latency: Double
    }

    static func serve(_ round: Int, _ count: Int, _ scenario: inout Scenario) -> [Served] {
        (1...count).map { number in
            let image = Image.generated(number + 2)
            let name = "round\(round)-\(image.checksum).pgm"
            let latency = scenario.seconds(in: 0.5...1.5, step: 0.25)
            Network.serve(image, as: name, latency: latency)
            return Served(name: name, checksum: image.checksum, latency: latency)
        }
    }

    /// How a request ended: the image's checksum, cancelled, or another error.
    enum Answer: Sendable, Equatable {
        case image(String)
        case cancelled
        case failed(String)
    }

    static func ask(_ cache: any ImageSource, _ name: String) async -> Answer {
        do {
            return .image(try await cache.image(named: name).checksum)
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .failed("\(error)")
        }
    }

    /// Rounds 1 and 2. Each image is asked for by 3 to 6 tasks, the first at once and the others while
    /// its download is in flight; with `cancelling`, the first and one or two more are cancelled in the
    /// middle of the download, except the first image's first request, which is cancelled before it
    /// asks (its call reaches the cache already cancelled). Returns the faults found.
    static func manyAtOnce(_ round: Int, _ scenario: inout Scenario, _ cache: any ImageSource, cancelling: Bool) async -> Int {
        let images = serve(round, scenario.int(in: 2...4), &scenario)
        var plan: [(image: Int, start: Double, cancelAt: Double?)] = []
        for (index, image) in images.enumerated() {
            let count = scenario.int(in: 3...6)
            let cancelled = cancelling ? Set([0] + scenario.shuffled(Array(1..<count)).prefix(scenario.int(in: 1...2))) : []
            for request in 0..<count {
                let start = request == 0 ? 0 : scenario.seconds(in: 0.05...image.latency * 0.5, step: 0.05)
                let cancelAt = cancelled.contains(request) ? start + scenario.seconds(in: 0.05...image.latency * 0.4, step: 0.05) : nil
                plan.append((index, start, cancelAt))
            }
        }
        note("Round \(round): \(images.count) images, \(plan.count) requests while their downloads are in flight"
            + (cancelling ? ", \(plan.filter { $0.cancelAt != nil }.count) of them cancelled, each image's first among them (the first image's before it asks, the others during the download)" : ""))
        LessonClock.shared.restart()
        let answers = await withTaskGroup(of: (Int, Answer).self, returning: [Int: Answer].self) { group in
            for (number, request) in plan.enumerated() {
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(request.start) * 1e9))
                    let cancelledFirst = cancelling && request.image == 0 && request.start == 0
                    let asking = Task {
                        if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
                        return await ask(cache, images[request.image].name)
                    }
                    if let cancelAt = request.cancelAt {
                        try? await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(cancelAt - request.start) * 1e9))
                        asking.cancel()
                    }
                    return (number, await asking.value)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        var faults = 0
        for (number, request) in plan.enumerated() {
            let image = images[request.image]
            switch answers[number]! {
            case .image(image.checksum): continue
            case .cancelled where request.cancelAt != nil: continue
            case .cancelled:
                note("a request for image \(request.image + 1) that was not cancelled got a CancellationError   <- another request's cancel cancelled the download it waited for")
            case .image(let other):
                note("a request for image \(request.image + 1) got an image with checksum \(other), not \(image.checksum)   <- each request gets the image it asked for")
            case .failed(let error):
                note("a request for image \(request.image + 1) failed: \(error)   <- every request gets the image (or, when cancelled, a CancellationError)")
            }
            faults += 1
        }
        // One more request for each, after: the image is cached.
        for (index, image) in images.enumerated() where await ask(cache, image.name) != .image(image.checksum) {
            note("a request for image \(index + 1) after its download did not get it from the cache")
            faults += 1
        }
        for (index, image) in images.enumerated() {
            let requests = Network.requests(for: image.name)
            if requests.received != 1 || requests.cancelled != 0 {
                note("image \(index + 1): the network received \(requests.received) downloads"
                    + (requests.cancelled > 0 ? ", \(requests.cancelled) of them cancelled" : "") + "   <- one download an image, whoever asks and whoever is cancelled")
                faults += 1
            }
        }
        if faults == 0 {
            note(cancelling
                ? "Every request not cancelled got its image; one download an image, none of them cancelled."
                : "Every request got its image; one download an image.")
        }
        return faults
    }

    /// Beside the rounds: an image that takes 5 lesson seconds (1.25 s of real time at 4x), asked for
    /// by `count` tasks, one at once and the others a second apart: a cache that gives up waiting on a
    /// download in flight sooner, and downloads again, shows it. Returns the faults and the line that
    /// says them, for after round 4.
    static func slowImage(_ count: Int, _ cache: any ImageSource) async -> (Int, String) {
        let image = Image.generated(11)
        let name = "slow-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: 5)
        let answers = await withTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            for request in 0..<count {
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(Double(request)) * 1e9))
                    return await ask(cache, name)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = answers.filter { $0 != .image(image.checksum) }.count
        let downloads = Network.requests(for: name).received
        let start = "Beside the rounds, a slow image (5 s), asked for by \(count) tasks a second apart: "
        if wrong == 0, downloads == 1 { return (0, start + "every request got it; one download.") }
        return (wrong + (downloads == 1 ? 0 : 1),
            start + "\(wrong) requests did not get it, and the network received \(downloads) downloads   <- however long a download takes, the others wait for it")
    }

    /// Round 3: three requests for an image not on the network yet fail (an error, not an image); once
    /// it is served, a request must download it.
    static func failureNotKept(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3-\(image.checksum).pgm"
        note("Round 3: three requests at once for an image not on the network yet, then one alone; then it is served, and one more")
        var faults = 0
        let early = await withTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            for _ in 0..<3 { group.addTask { await ask(cache, name) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for answer in early {
            if case .failed = answer { continue }
            note("a request for the missing image answered \(answer), not an error")
            faults += 1
        }
        // One more, alone, with nothing in flight: one download for it, not tries again and again.
        let before = Network.requests(for: name).received
        _ = await ask(cache, name)
        let tries = Network.requests(for: name).received - before
        if tries != 1 {
            note("a lone request for the missing image made the network receive \(tries) downloads   <- one download a request: a failure is the answer, not a reason to try again")
            faults += 1
        }
        Network.serve(image, as: name, latency: 0.25)
        let later = await ask(cache, name)
        if later != .image(image.checksum) {
            note("once the image was served, a request got \(later)   <- a failed download must not stay in the cache")
            faults += 1
        }
        if faults == 0 { note("The requests failed while the image was missing; once served, it was downloaded.") }
        return faults
    }

    /// Round 4: eight tasks ask, as fast as they can for 0.3 s of real time (at most 3000 requests
    /// each), for 200 images served at once, each several times over: the cache changes while other
    /// tasks read it, so ThreadSanitizer sees a cache nothing guards. Every answer is checked, and no
    /// image may be downloaded twice.
    static func contend(_ cache: any ImageSource) async -> Int {
        let image = Image.generated(10)
        let names = (0..<200).map { "round4-\($0).pgm" }
        for name in names { Network.serve(image, as: name, latency: 0) }
        note("Round 4: eight tasks ask for 200 images at once, each image several times, as fast as they can")
        let wrong = Locked(0)
        let start = DispatchTime.now().uptimeNanoseconds
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for call in 0..<3000 {
                        guard DispatchTime.now().uptimeNanoseconds - start < 300_000_000 else { return }
                        let name = names[(call / 4 + task * 25) % names.count]
                        if await ask(cache, name) != .image(image.checksum) { wrong.withLock { $0 += 1 } }
                    }
                }
            }
        }
        let twice = names.filter { Network.requests(for: $0).received > 1 }.count
        let faults = wrong.current + twice
        note(faults == 0
            ? "Every request got its image; none downloaded twice."
            : "\(wrong.current) requests got no image or the wrong one; \(twice) images downloaded more than once")
        return faults
    }
}
