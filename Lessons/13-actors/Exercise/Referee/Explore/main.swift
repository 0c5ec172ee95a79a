// Exercise 13's scenario for the schedule explorer (`swift run racelab explore 13`), in three parts, as
// tasks the explorer runs one job at a time: two requests for one image and a download that fails; a
// request cancelled beside another; and a failure that several requests wait on, one of them
// cancelled, and ask after. Their file is compiled beside this one; its `Network` is the one below,
// whose download is a point the explorer schedules (RaceLab's network answers from URLSession's
// threads, which the explorer does not run).
import RaceLabKit
import Lesson13Support

/// The network of this scenario: each download a point, placed at the attendee's line that awaits it;
/// the first download of "dog.jpg" fails; a cancelled one stops. Counted afresh for each run (`reset`).
enum Network {
    // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
    private static let downloads = RaceLabKit.Locked<[String: Int]>([:])
    /// The downloads not cancelled: a cache may cancel one nobody waits for any more.
    private static let uncancelled = RaceLabKit.Locked<[String: Int]>([:])

    static func reset() {
        downloads.withLock { $0 = [:] }
        uncancelled.withLock { $0 = [:] }
    }
    static func count(_ name: String) -> Int { downloads.current[name] ?? 0 }
    static func countUncancelled(_ name: String) -> Int { uncancelled.current[name] ?? 0 }

    static func image(named name: String, file: StaticString = #fileID, line: UInt = #line) async throws -> Image {
        let number = downloads.withLock { counts -> Int in
            counts[name, default: 0] += 1
            return counts[name]!
        }
        await Interleaving.suspend(ExploredCode.label("the download of \(name)", file, line))
        // A download cancelled stops, as URLSession's does.
        try Task.checkCancellation()
        uncancelled.withLock { $0[name, default: 0] += 1 }
        if name == "dog.jpg" && number == 1 { throw DownloadFailed() }
        return .generated(name == "dog.jpg" ? 2 : 1)
    }
}

/// The server's bad moment.
struct DownloadFailed: Error {}

let right = "cat.jpg downloaded once for A and B; dog.jpg failed once, then was downloaded again for C"
let cancelRight = "B got the image, downloaded once"
let failureRight = "B's and C's second asks got the image; dog.jpg downloaded at most twice"

/// A request in a task of its own, cancelled at a point: before it asks, while it waits, or after.
/// Whatever it gets (the image, a `CancellationError`) is right.
@Sendable func cancelled(asking cache: ImageCache, for name: String) async {
    // Swift's own task: this scenario's await of it is no point.
    let request = _Concurrency.Task {
        await Interleaving.suspend("the request's start")
        return try await cache.image(named: name)
    }
    await Interleaving.suspend("the cancel")
    Interleaving.cancel(request)
    _ = try? await request.value
}

let lesson = Lesson("RaceLab: your ImageCache, explored")
lesson.page("Every schedule of two requests for one image and a failure, through your ImageCache.swift", explores: true)
{ page in
    note("Tasks A and B ask one cache for cat.jpg. Task C asks for dog.jpg, whose first download fails, and")
    note("then asks again. cat.jpg must be downloaded once and reach A and B; C's first ask must fail, and")
    note("its second get the image, from a second download: a failure is not kept.")
    page.exploreTheirTasks(of: "two requests and a failure", points: "each download", bad: { $0 != right }) {
        program in
        Network.reset()
        let cache = ImageCache()
        let got = RaceLabKit.Locked<[String: String]>([:])
        for task in ["A", "B"] {
            program.task("image(named: cat.jpg)") {
                let image = try? await cache.image(named: "cat.jpg")
                got.withLock { $0[task] = image == nil ? "no image" : "the image" }
            }
        }
        program.task("dog.jpg, then again") {
            let first = try? await cache.image(named: "dog.jpg")
            let second = try? await cache.image(named: "dog.jpg")
            got.withLock {
                $0["C1"] = first == nil ? "no image" : "the image"
                $0["C2"] = second == nil ? "no image" : "the image"
            }
        }
        program.outcome {
            let (cats, dogs, got) = (Network.count("cat.jpg"), Network.count("dog.jpg"), got.current)
            if cats != 1 { return "cat.jpg downloaded \(cats) times" }
            if got["A"] != "the image" || got["B"] != "the image" {
                return "A got \(got["A"] ?? "nothing"), B \(got["B"] ?? "nothing")"
            }
            if got["C1"] != "no image" { return "C's first ask got an image though its download failed" }
            if got["C2"] != "the image" {
                return "C's second ask got no image: the failure was kept (dog.jpg downloaded \(dogs) times)"
            }
            return dogs == 2 ? right : "dog.jpg downloaded \(dogs) times"
        }
    }

    note("")
    note("A request in a task of its own is cancelled at a point the explorer places (before it asks, while")
    note("it waits, or after): task A's, for cat.jpg. Task B asks for cat.jpg too, and must get the image,")
    note("downloaded once (a download nobody waits for may be cancelled): A's cancel never cancels the")
    note("download B waits for.")
    page.exploreTheirTasks(
        of: "a cancelled request beside another", points: "each download, the cancel",
        bad: {
            $0 != cancelRight
        }
    ) { program in
        Network.reset()
        let cache = ImageCache()
        let got = RaceLabKit.Locked<String?>(nil)
        program.task("cat.jpg, cancelled") { await cancelled(asking: cache, for: "cat.jpg") }
        program.task("image(named: cat.jpg)") {
            let image = try? await cache.image(named: "cat.jpg")
            got.withLock { $0 = image == nil ? "no image" : "the image" }
        }
        program.outcome {
            let cats = Network.countUncancelled("cat.jpg")
            if got.current != "the image" { return "B got \(got.current ?? "nothing"): A's cancel reached it" }
            return cats == 1 ? cancelRight : "cat.jpg downloaded \(cats) times"
        }
    }

    note("")
    note("dog.jpg's first download fails while requests wait on it: task A's, in a task of its own, is")
    note("cancelled at a point the explorer places; tasks B and C ask, then ask again. The failure is not")
    note("kept: B's and C's second asks get the image, and dog.jpg is downloaded at most twice.")
    page.exploreTheirTasks(
        of: "requests around a failure", points: "each download, the cancel",
        bad: {
            $0 != failureRight
        }
    ) { program in
        Network.reset()
        let cache = ImageCache()
        let seconds = RaceLabKit.Locked<[String: String]>([:])
        program.task("dog.jpg, cancelled") { await cancelled(asking: cache, for: "dog.jpg") }
        for task in ["B", "C"] {
            program.task("dog.jpg, then again") {
                _ = try? await cache.image(named: "dog.jpg")
                let second = try? await cache.image(named: "dog.jpg")
                seconds.withLock { $0[task] = second == nil ? "no image" : "the image" }
            }
        }
        program.outcome {
            let (dogs, seconds) = (Network.count("dog.jpg"), seconds.current)
            for task in ["B", "C"] where seconds[task] != "the image" {
                return "\(task)'s second ask got \(seconds[task] ?? "nothing"): the failure was kept"
            }
            return dogs <= 2 ? failureRight : "dog.jpg downloaded \(dogs) times"
        }
    }
    page.done()
}
lesson.run()
