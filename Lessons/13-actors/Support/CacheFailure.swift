import Dispatch
import RaceLabKit

extension CacheExercise {
    /// Round 3: an image whose first download fails after its latency. Many requests made at once
    /// share that download, and each asks again the moment its failure comes back, so new requests
    /// arrive while the failed download's waiters are still resuming; then one more request, alone.
    /// A cache right by the task downloads twice: the download that failed, and one after it for all
    /// who asked again. Kept, the failure answers everyone after it (one download); tried again, its
    /// waiters get the image; an entry taken out by a waiter that is not its own lets a request after
    /// it download a third time. Before it all, another image is downloaded, and asked for again after:
    /// a failure that takes out more than its own entry downloads it again.
    static func failureNotKept(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3-\(image.checksum).pgm"
        let (count, latency) = (scenario.int(in: 16...32), scenario.seconds(in: 0.5...1.0, step: 0.25))
        let held = Image.generated(scenario.int(in: 3...5))
        let heldName = "round3-held-\(held.checksum).pgm"
        Network.serve(held, as: heldName, latency: scenario.seconds(in: 0.25...0.5, step: 0.25))
        Network.serve(image, as: name, latency: latency, failingFirst: 1, failingWith: failures.roundThree)
        note(
            "Round 3: one image downloaded first; then \(count) requests at once for an image whose first"
                + " download fails; each asks again as soon as its failure comes back; then one more, alone;"
                + " then the first image again")
        let heldFirst = await ask(cache, heldName)
        typealias Asked = (first: Answer, askedAt: Double, answeredAt: Double, again: Answer)
        let asked = await withTaskGroup(of: Asked.self, returning: [Asked].self) { group in
            for _ in 0..<count {
                group.addTask {
                    let askedAt = LessonClock.shared.now
                    let first = await ask(cache, name)
                    let answeredAt = LessonClock.shared.now
                    return (first, askedAt, answeredAt, await ask(cache, name))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let lone = await ask(cache, name)
        let downloads = Network.requests(for: name).received
        // Every first request made before any answer came back shared the download that failed; on a
        // machine too busy to make them all in its flight, the later ones may have started the next.
        let firstAnswer = asked.map(\.answeredAt).min() ?? 0
        let (firstAsked, lastAsked) = (asked.map(\.askedAt).min() ?? 0, asked.map(\.askedAt).max() ?? 0)
        if lastAsked >= firstAnswer {
            ContentionFellShort.say(
                "round 3's last first request was made \(seconds(lastAsked - firstAsked)) after its first, after an")
            note("answer had come back: this machine was too busy to make them at once.")
        }
        var faults = 0
        let shared = asked.filter { $0.askedAt < firstAnswer }
        let notFailed = shared.filter { if case .failed = $0.first { false } else { true } }
        // A failure of the cache's own making, not the download's (adversarial round 5: the waiters got an
        // error the cache made up, the starter the download's).
        let otherFailure = shared.filter { if case .failed = $0.first { $0.first != downloadFailure } else { false } }
        // An image that came back within 1.5 latencies came from a download begun while the failing one
        // was under way (a retry begins after the failure, a latency in): two requests made together
        // each started one, so the check for the download in flight and its store are apart.
        let together = notFailed.filter { $0.answeredAt - $0.askedAt < latency * 1.5 }
        if let answer = together.first?.first {
            FaultLine(
                "\(together.count) of the \(shared.count) requests made at once for an image whose download failed got"
                    + " \(answer), from a second download started while the first was still under way"
                    + " (`Network.image`)",
                hint: "check for the download in flight and store yours in one stretch of code, with no lock let"
                    + " go and no await between them"
            ).note()
            faults += 1
        } else if let answer = notFailed.first?.first {
            FaultLine(
                "\(notFailed.count) of the \(shared.count) requests that shared the download that failed got \(answer),"
                    + " not its failure: it was downloaded again (`Network.image`)",
                hint: "a failure is the answer for those who waited on it, not a reason to try again"
            ).note()
            faults += 1
        } else if case .failed(let error)? = otherFailure.first?.first {
            // The error's name, for where the attendee's file makes it: `downloadFailed` of "downloadFailed(…)".
            let made = error.prefix { $0 != "(" }
            FaultLine(
                "\(otherFailure.count) of the \(shared.count) requests that shared the download that failed got"
                    + " `\(made)`, an error of the cache's own, not the download's, \(downloadFailure)",
                hint: "a download's failure is the answer for every request that waited on it: throw its own error"
            ).note()
            faults += 1
        }
        if downloads != 2, together.isEmpty {  // downloads made together are said above
            FaultLine(
                downloads == 1
                    ? "after the download failed, no request asked the network again (`Network.image`): the failure was kept"
                    : "the network received \(downloads) downloads (`Network.image`): the one that failed, and \(downloads - 1) after it",
                hint: downloads == 1
                    ? "a failed download must not stay in the cache: the next request downloads again"
                    : "after a failure, one new download for all who ask: take an entry out only while it is"
                        + " still the failed download's own"
            ).note()
            faults += 1
        }
        let wrongAgain = asked.filter {
            switch $0.again {
            case .image(image.checksum), .failed: false
            default: true
            }
        }
        if let answer = wrongAgain.first?.again {
            FaultLine(
                "a request made again after the failure got \(answer)",
                hint: "each request gets its image, or the failure of the download it shared"
            ).note()
            faults += 1
        }
        if lone != .image(image.checksum) {
            FaultLine(
                "once the image could be downloaded, a request alone got \(lone)",
                hint: "a failed download must not stay in the cache"
            ).note()
            faults += 1
        }
        let heldAgain = await ask(cache, heldName)
        let heldDownloads = Network.requests(for: heldName).received
        if heldFirst != .image(held.checksum) || heldAgain != .image(held.checksum) || heldDownloads != 1 {
            FaultLine(
                heldDownloads > 1
                    ? "an image downloaded before the failure was downloaded again after it (\(heldDownloads)"
                        + " downloads): the failure took out more than its own entry (in a `catch`?)"
                    : "the image downloaded before the failure got \(heldFirst), then \(heldAgain)",
                hint: "a failure takes out only its own entry: \(KeptForGood.words)"
            ).note()
            faults += 1
        }
        if faults == 0 {
            note(
                "Every request that shared the failed download got its failure; one download after it, for all;"
                    + " the image held before it still held.")
        }
        return faults
    }
}
