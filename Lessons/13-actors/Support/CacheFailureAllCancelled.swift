import RaceLabKit

extension CacheExercise {
    /// Round 3, a fifth time: an image whose first download fails, and every request for it (2 or 3) is
    /// cancelled during that download; once the download is over, one more request, alone, must get the
    /// image from a new download. A failure no request stayed to take out is not kept either
    /// (adversarial round 5: cancelled requests that left at once, taking nothing out, kept it, and the
    /// next request got the old failure).
    static func failureAllCancelled(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3e-\(image.checksum).pgm"
        let (count, latency) = (scenario.int(in: 2...3), scenario.seconds(in: 0.5...1.0, step: 0.25))
        let cancelAfter = scenario.seconds(in: 0.1...latency * 0.4, step: 0.05)
        Network.serve(image, as: name, latency: latency, failingFirst: 1, failingWith: failures.allCancelled)
        note(
            "Round 3, a fifth time: an image whose first download fails, and every request for it (\(count))"
                + " cancelled during that download; then one more, alone")
        let start = LessonClock.shared.now
        let requests = (0..<count).map { _ in Task { await ask(cache, name) } }
        try? await Task.sleep(lessonSeconds: cancelAfter)
        for request in requests { request.cancel() }
        for request in requests { _ = await request.value }
        // The download is over (failed, or cancelled by a cache that no one waited on any more).
        let over = latency + 0.25 - (LessonClock.shared.now - start)
        if over > 0 { try? await Task.sleep(lessonSeconds: over) }
        let lone = await ask(cache, name)
        let downloads = Network.requests(for: name).received
        guard lone == .image(image.checksum) else {
            FaultLine(
                "every request for an image was cancelled during its download, which then failed; a request alone"
                    + " after it got \(lone), in \(downloads) downloads (`Network.image`): the failure was kept",
                hint: "a failed download must not stay in the cache, even when every request for it was cancelled:"
                    + " the download's own task can take it out"
            ).note()
            return 1
        }
        note("After the cancelled requests and the failure, a request alone got the image from a new download.")
        return 0
    }
}
