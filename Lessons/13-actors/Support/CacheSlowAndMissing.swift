import Dispatch
import RaceLabKit

extension CacheExercise {
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
                    try? await Task.sleep(lessonSeconds: Double(request))
                    return await ask(cache, name)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = answers.filter { $0 != .image(image.checksum) }.count
        let downloads = Network.requests(for: name).received
        let start = "Beside the rounds, a slow image (5 s), asked for by \(count) tasks a second apart: "
        if wrong == 0, downloads == 1 { return (0, start + "every request got it; one download.") }
        return (
            wrong + (downloads == 1 ? 0 : 1),
            FaultLine(
                start + "\(wrong) requests did not get it, and the network received \(downloads) downloads",
                hint: "however long a download takes, the others wait for it"
            ).text
        )
    }

    /// Round 3: three requests for an image not on the network yet fail (an error, not an image); once
    /// it is served, a request must download it.
    static func failureNotKept(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3-\(image.checksum).pgm"
        note(
            "Round 3: three requests at once for an image not on the network yet, then one alone; then it is"
                + " served, and one more")
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
            // None: the code answered from an earlier failure it kept. More than one: it tried again.
            FaultLine(
                tries == 0
                    ? "a lone request for the missing image, with nothing in flight, was answered without asking the"
                        + " network: an earlier failure was kept"
                    : "a lone request for the missing image made the network receive \(tries) downloads",
                hint: tries == 0
                    ? "a failed download must not stay in the cache: the next request downloads again"
                    : "one download a request: a failure is the answer, not a reason to try again"
            ).note()
            faults += 1
        }
        Network.serve(image, as: name, latency: 0.25)
        let later = await ask(cache, name)
        if later != .image(image.checksum) {
            FaultLine(
                "once the image was served, a request got \(later)",
                hint: "a failed download must not stay in the cache"
            ).note()
            faults += 1
        }
        if faults == 0 { note("The requests failed while the image was missing; once served, it was downloaded.") }
        return faults
    }
}
