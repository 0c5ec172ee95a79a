import Dispatch
import RaceLabKit

extension CacheExercise {
    /// Round 3, again: an image whose first download fails, and the request that started that download
    /// is cancelled during it, while 2 to 4 more wait for it; then, once they have their answers, one
    /// more request, alone. The others start the moment the network has received the download, so the
    /// first request is the one that started it. A cache right by the task downloads twice: whoever is
    /// still waiting when the download fails takes it out. A cache in which only the request that
    /// started a download takes its failure out keeps this one, and answers the lone request with it.
    static func failureAfterStarterCancelled(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3b-\(image.checksum).pgm"
        let (waiters, latency) = (scenario.int(in: 2...4), scenario.seconds(in: 0.5...1.0, step: 0.25))
        let cancelAfter = scenario.seconds(in: 0.05...latency * 0.4, step: 0.05)
        Network.serve(image, as: name, latency: latency, failingFirst: 1, failingWith: failures.cancelled)
        note(
            "Round 3, again: an image whose first download fails; the request that started it is cancelled during"
                + " it, while \(waiters) more wait for it; then one more, alone")
        let starter = Task { await ask(cache, name) }
        // The network has received the download: the first request is the one that started it.
        let sent = DispatchTime.now().uptimeNanoseconds
        while Network.requests(for: name).received == 0, DispatchTime.now().uptimeNanoseconds - sent < 5_000_000_000 {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        let clock = LessonClock.shared
        let start = clock.now
        let answeredAt = Task {
            await withTaskGroup(of: Double.self, returning: [Double].self) { group in
                for _ in 0..<waiters {
                    group.addTask {
                        _ = await ask(cache, name)
                        return clock.now - start
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try? await Task.sleep(lessonSeconds: cancelAfter)
        let cancelledAt = clock.now - start
        starter.cancel()
        _ = await starter.value
        let failedAt = await answeredAt.value.min() ?? .infinity
        let lone = await ask(cache, name)
        let downloads = Network.requests(for: name).received
        if cancelledAt >= failedAt {
            ContentionFellShort.say(
                "round 3's first request was cancelled \(seconds(cancelledAt)) into its download, after it had")
            note("failed: this machine was too busy to cancel it in the download's flight.")
        }
        var faults = 0
        if downloads != 2 || lone != .image(image.checksum) {
            FaultLine(
                downloads == 1
                    ? "the download failed after the request that started it was cancelled, and no request asked the"
                        + " network again (`Network.image`): the failure was kept, and a request alone after it got \(lone)"
                    : "the network received \(downloads) downloads (`Network.image`): the one that failed, and"
                        + " \(downloads - 1) after it; a request alone after them got \(lone)",
                hint: downloads == 1
                    ? "a cancelled request may leave before its download ends: whoever is still waiting when it"
                        + " fails takes it out of the cache"
                    : "after a failure, one new download, and the image for the request that made it"
            ).note()
            faults += 1
        }
        if faults == 0 {
            note(
                "The failed download was taken out, though the request that started it was cancelled: one download after it."
            )
        }
        return faults
    }
}
