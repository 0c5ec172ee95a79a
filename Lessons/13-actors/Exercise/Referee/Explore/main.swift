// Exercise 13's scenario for the schedule explorer (`swift run racelab explore 13`): two requests for
// one image, and a download that fails, as tasks the explorer runs one job at a time. Their file is
// compiled beside this one; its `Network` is the one below, whose download is a point the explorer
// schedules (RaceLab's network answers from URLSession's threads, which the explorer does not run).
import RaceLabKit
import Lesson13Support

/// The network of this scenario: each download a point, placed at the attendee's line that awaits it;
/// the first download of "dog.jpg" fails. Counted afresh for each run (`reset`).
enum Network {
    // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
    private static let downloads = RaceLabKit.Locked<[String: Int]>([:])

    static func reset() { downloads.withLock { $0 = [:] } }
    static func count(_ name: String) -> Int { downloads.current[name] ?? 0 }

    static func image(named name: String, file: StaticString = #fileID, line: UInt = #line) async throws -> Image {
        let number = downloads.withLock { counts -> Int in
            counts[name, default: 0] += 1
            return counts[name]!
        }
        await Interleaving.suspend(ExploredCode.label("the download of \(name)", file, line))
        if name == "dog.jpg" && number == 1 { throw DownloadFailed() }
        return .generated(name == "dog.jpg" ? 2 : 1)
    }
}

/// The server's bad moment.
struct DownloadFailed: Error {}

let right = "cat.jpg downloaded once for A and B; dog.jpg failed once, then was downloaded again for C"

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
    page.done()
}
lesson.run()
