import Dispatch
import Foundation
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
///   Then one request at low priority, and the moment its image comes back, one at higher priority:
///   it finds the image in the cache. Then two images whose names differ only in case: each request
///   gets its own name's.
/// - Round 2: the same, and some requesters are cancelled during the download, the first of each
///   image among them: the others still get the image from the one download, which is not cancelled;
///   a cancelled one gets the image or a `CancellationError`.
/// - Round 3: an image whose first download fails: its waiters get the failure, and one download
///   after it serves everyone who asks again, however they arrive (a failure is not kept), and an image
///   downloaded before the failure is still held after it (a failure takes out its own entry). Then again,
///   with the request that started the download cancelled during it: the failure is not kept either.
///   Then a request alone that asks again the moment its failure comes back gets a new download; and
///   one whose download fails at once, while the tasks the cache starts run late, is answered; and
///   after a failure whose requests were all cancelled, a request alone downloads again.
/// - Round 4: the first two requests for an image at the same instant, image after image.
/// - Round 5: contention: 200 images asked for by 32 tasks at once, for ThreadSanitizer; then they and
///   1,000 more asked for, and all again, twice over, the first 1,000 times more: a cache keeps what it
///   downloaded, however many, however often asked for. Then 300 tasks ask for one new image at once.
/// - Beside them: a slow image, asked for again and again while it downloads.
/// - Last: round 1's images asked for again, seconds after their downloads: still kept.
/// Every round counts the downloads of each of its images.
public enum CacheExercise {
    public typealias Maker = @Sendable () -> any ImageSource

    public static func makeLesson(_ makeCache: @escaping Maker) -> Lesson {
        let lesson = Lesson("RaceLab exercise 13: the image cache that downloads once", seeded: true)
        lesson.page("Many requests at once, some cancelled, one that fails, contention") { page in
            let scenario = page.scenario
            page.finish {
                // The rounds end within 4 s of real time (16 lesson s, the slow image's): rounds 4 and 5
                // are timed in real time, and take longer on a loaded machine (README).
                Watchdog.run(upTo: 100, "the rounds") {
                    var scenario = scenario
                    // The slow image's requests go on beside rounds 1 to 5 (it takes 4 s of real time).
                    let slowRequests = scenario.int(in: 3...5)
                    async let slow = slowImage(slowRequests, makeCache())
                    let firstCache = makeCache()
                    let first = await manyAtOnce(1, &scenario, firstCache, cancelling: false)
                    var faults = first.faults
                    faults += await imageAskedAgainAtOnce(&scenario, makeCache())
                    faults += await namesApartByCase(makeCache())
                    faults += await manyAtOnce(2, &scenario, makeCache(), cancelling: true).faults
                    faults += await failureNotKept(&scenario, makeCache())
                    faults += await failureAfterStarterCancelled(&scenario, makeCache())
                    faults += await failureAskedAgainAtOnce(&scenario, makeCache())
                    faults += await failureBeforeTheCachesOwnJobs(&scenario, makeCache())
                    faults += await failureAllCancelled(&scenario, makeCache())
                    faults += await together(makeCache())
                    faults += await contend(makeCache())
                    faults += await crowd(makeCache())
                    let (slowFaults, slowLine) = await slow
                    note(slowLine)
                    faults += slowFaults
                    faults += await askedAgainLater(first.images, firstCache)
                    note(
                        faults == 0
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
    enum Answer: Sendable, Equatable, CustomStringConvertible {
        case image(String)
        case cancelled
        case failed(String)

        /// A URLError by its code, not Foundation's long description of it.
        static func failed(_ error: any Error) -> Answer {
            .failed((error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "\(error)")
        }

        var description: String {
            switch self {
            case .image(let checksum): "an image (checksum \(checksum))"
            case .cancelled: "a CancellationError"
            case .failed(let error): "an error (\(error))"
            }
        }
    }

    /// What a download that fails brings, round by round: errors a cache might take for passing and try
    /// again (adversarial round 15: a cache that retried a timeout, a lost connection or being offline
    /// passed, every download failing with `.resourceUnavailable`). Round 3's is `.timedOut`.
    static let failures:
        (
            roundThree: URLError.Code, askedAgain: URLError.Code, allCancelled: URLError.Code,
            beforeItsJobs: URLError.Code, cancelled: URLError.Code
        ) = (
            .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost, .resourceUnavailable
        )
    /// Round 3's failed download's answer for every request that waited on it, as `ask` puts it.
    static let downloadFailure = Answer.failed(URLError(failures.roundThree))

    static func ask(_ cache: any ImageSource, _ name: String) async -> Answer {
        do {
            return .image(try await cache.image(named: name).checksum)
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .failed(error)
        }
    }

    /// Rounds 1 and 2. Each image is asked for by 3 to 6 tasks, the first at once, at low priority, and
    /// the others while its download is in flight, at high priority; with `cancelling`, the first and one or two more are cancelled in the
    /// middle of the download, except the first image's first request, which is cancelled before it
    /// asks (its call reaches the cache already cancelled). Returns the faults found.
    static func manyAtOnce(_ round: Int, _ scenario: inout Scenario, _ cache: any ImageSource, cancelling: Bool) async
        -> (faults: Int, images: [Served])
    {
        let images = serve(round, scenario.int(in: 2...4), &scenario)
        var plan: [(image: Int, start: Double, cancelAt: Double?)] = []
        for (index, image) in images.enumerated() {
            let count = scenario.int(in: 3...6)
            let cancelled =
                cancelling ? Set([0] + scenario.shuffled(Array(1..<count)).prefix(scenario.int(in: 1...2))) : []
            for request in 0..<count {
                let start = request == 0 ? 0 : scenario.seconds(in: 0.05...image.latency * 0.5, step: 0.05)
                let cancelAt =
                    cancelled.contains(request)
                    ? start + scenario.seconds(in: 0.05...image.latency * 0.4, step: 0.05) : nil
                plan.append((index, start, cancelAt))
            }
        }
        note(
            "Round \(round): \(images.count) images, \(plan.count) requests while their downloads are in flight"
                + (cancelling
                    ? ", \(plan.filter { $0.cancelAt != nil }.count) of them cancelled, each image's first among them (the first image's before it asks, the others during the download)"
                    : ""))
        LessonClock.shared.restart()
        let answers = await withTaskGroup(of: (Int, Answer).self, returning: [Int: Answer].self) { group in
            for (number, request) in plan.enumerated() {
                group.addTask {
                    try? await Task.sleep(lessonSeconds: request.start)
                    let cancelledFirst = cancelling && request.image == 0 && request.start == 0
                    // The first request of an image at low priority, the others at high: a request of
                    // higher priority still shares the download under way (adversarial round 9: one that
                    // started its own, at its priority, passed).
                    let asking = Task(priority: request.start == 0 ? .utility : .userInitiated) {
                        if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
                        return await ask(cache, images[request.image].name)
                    }
                    if let cancelAt = request.cancelAt {
                        try? await Task.sleep(lessonSeconds: cancelAt - request.start)
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
                FaultLine(
                    "a request for image \(request.image + 1) that was not cancelled got a CancellationError, from the"
                        + " download (`Network.image`) it waited for: did a `cancel()` reach it?",
                    hint: "another request's cancel cancelled the download it waited for"
                ).note()
            case .image(let other):
                FaultLine(
                    "a request for image \(request.image + 1) got an image with checksum \(other), not"
                        + " \(image.checksum)",
                    hint: "each request gets the image it asked for"
                ).note()
            case .failed(let error):
                FaultLine(
                    "a request for image \(request.image + 1) failed: "
                        + (error.hasPrefix("URLError") ? error : "it threw `\(error)`"),
                    hint: "every request gets the image (or, when cancelled, a CancellationError)"
                ).note()
            }
            faults += 1
        }
        // One more request for each, after: the image is cached.
        let beforeAgain = images.map { Network.requests(for: $0.name).received }
        for (index, image) in images.enumerated() where await ask(cache, image.name) != .image(image.checksum) {
            note("a request for image \(index + 1) after its download did not get it from the cache")
            faults += 1
        }
        for (index, image) in images.enumerated() {
            let requests = Network.requests(for: image.name)
            if beforeAgain[index] == 1, requests.received > 1, requests.cancelled == 0 {
                // One download while its requests overlapped, and one more for the request after it.
                FaultLine(
                    "image \(index + 1) was downloaded again (`Network.image`) when asked for after its download:"
                        + " nothing kept it",
                    hint: "\(KeptForGood.words): asked for again, it is not downloaded again"
                ).note()
                faults += 1
            } else if requests.received != 1 || requests.cancelled != 0 {
                FaultLine(
                    "image \(index + 1): the network received \(requests.received) downloads (`Network.image`)"
                        + (beforeAgain[index] > 1
                            ? " while its requests overlapped (the first at low priority, the others at high)" : "")
                        + (requests.cancelled > 0 ? ", \(requests.cancelled) of them cancelled" : ""),
                    hint: "one download an image, whoever asks and whoever is cancelled"
                ).note()
                faults += 1
            }
        }
        if faults == 0 {
            note(
                cancelling
                    ? "Every request not cancelled got its image; one download an image, none of them cancelled."
                    : "Every request got its image; one download an image.")
        }
        return (faults, images)
    }

    /// Last: round 1's images, asked for again from round 1's cache once the slow image is in, seconds
    /// after they were downloaded: a cache that lets an image go after a while (a time to live)
    /// downloads it again. One longer than the run passes: the README says so.
    static func askedAgainLater(_ images: [Served], _ cache: any ImageSource) async -> Int {
        var again = 0
        for image in images {
            let answer = await ask(cache, image.name)
            if answer != .image(image.checksum) || Network.requests(for: image.name).received != 1 { again += 1 }
        }
        note(
            "Last, round 1's \(images.count) images asked for again, seconds after their downloads: "
                + FaultLine.either(
                    again == 0, "each from the cache.",
                    else: FaultLine(
                        "\(again) downloaded again (`Network.image`), or not the image",
                        hint: "\(KeptForGood.words): asked for again, however much later, it"
                            + " is not downloaded again")))
        return again
    }

    /// Round 5: 32 tasks ask, as fast as they can for 0.3 s of real time (at most 3000 requests
    /// each), for 200 images served at once, each four times over, in four teams of eight, each team
    /// the same image at once: the one ahead starts its download and the others wait for it, so all
    /// eight ask again the moment it ends. The cache changes while other tasks read it, so ThreadSanitizer sees a cache nothing
    /// guards; and a request that finds the image not yet stored, and then no download in flight
    /// either, downloads it again (a cache that looks in two places, and the second time in one only).
    /// Then every image is asked for, eight at a time, with 1,000 more, and all again one after another,
    /// twice over, and the first 1,000 times more: a cache that lets images go downloads them again. Every answer is checked, and no image may be downloaded
    /// twice.
    static func contend(_ cache: any ImageSource) async -> Int {
        let keptAll = 1_200
        let image = Image.generated(10)
        let names = (0..<200).map { "round5-\($0).pgm" }
        for name in names { Network.serve(image, as: name, latency: 0) }
        note(
            "Round 5: 32 tasks ask for 200 images, eight at a time the same image, each four times, as fast as they can"
        )
        let wrong = Locked(0)
        let start = DispatchTime.now().uptimeNanoseconds
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<32 {
                group.addTask {
                    for call in 0..<3000 {
                        guard DispatchTime.now().uptimeNanoseconds - start < 300_000_000 else { return }
                        // Four teams of eight, each from an image of its own: four downloads at a time.
                        let name = names[(call / 4 + task / 8 * 50) % names.count]
                        if await ask(cache, name) != .image(image.checksum) { wrong.withLock { $0 += 1 } }
                    }
                }
            }
        }
        let reached = names.filter { Network.requests(for: $0).received > 0 }.count
        let twice = names.filter { Network.requests(for: $0).received > 1 }.count
        let faults = wrong.current + twice
        if faults == 0 {
            note("\(reached) images reached in 0.3 s: every request got its image; none downloaded twice.")
        }
        if let fault = FaultLine(
            counting: wrong.current, "requests got no image, or the wrong one",
            hint: "every request gets the image it asked for")
        {
            fault.note()
        }
        if let fault = FaultLine(
            counting: twice, "of the \(reached) images reached were downloaded more than once",
            hint: "a request that finds no image must still find the download in flight, or its image: look for"
                + " both in one critical section")
        {
            fault.note()
        }
        // Every image asked for once, eight at a time, these 200 and many more, so that all are downloaded
        // (one after another, each a URLSession's round trip, they took seconds on a loaded machine); then
        // asked for again, in order, twice over: a cache that keeps fewer lets some go between. Far more
        // than any other round asks for: a cache that lets the oldest go past a limit (1,000, say) passed
        // every other round (issue 53's thirteenth round).
        let all = names + (names.count..<keptAll).map { "round5-\($0).pgm" }
        for name in all.dropFirst(names.count) { Network.serve(image, as: name, latency: 0) }
        let before = all.map { Network.requests(for: $0).received }
        let wrongAgain = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for first in 0..<8 {
                group.addTask {
                    for index in stride(from: first, to: all.count, by: 8)
                    where await ask(cache, all[index]) != .image(image.checksum) {
                        wrongAgain.withLock { $0 += 1 }
                    }
                }
            }
        }
        for name in all + all where await ask(cache, name) != .image(image.checksum) {
            wrongAgain.withLock { $0 += 1 }
        }
        // And the first a thousand times more: a cache that lets an image go once it has been asked for
        // so often (50 times, say) passed (issue 53's fifteenth round).
        for _ in 0..<1_000 where await ask(cache, all[0]) != .image(image.checksum) {
            wrongAgain.withLock { $0 += 1 }
        }
        // Before, an image was downloaded once at most (more is `twice`), or never, if no task reached it.
        let again = zip(all, before).filter { Network.requests(for: $0).received > max($1, 1) }.count
        note(
            "Then these \(names.count) and \(all.count - names.count) more asked for, eight at a time, and all again one after"
                + " another, twice over, the first 1000 times more: "
                + FaultLine.either(
                    again + wrongAgain.current == 0, "none downloaded again.",
                    else: FaultLine(
                        "\(again) downloaded again (`Network.image`)"
                            + (wrongAgain.current > 0 ? ", \(wrongAgain.current) answers not the image" : ""),
                        hint: "\(KeptForGood.words): asked for again, however much later, it"
                            + " is not downloaded again")))
        return faults + again + wrongAgain.current
    }
}
