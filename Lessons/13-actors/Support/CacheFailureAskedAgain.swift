import RaceLabKit

extension CacheExercise {
    /// Round 3, a third time: one request, alone, for an image whose first download fails; the same
    /// task asks again the moment its failure comes back. Meanwhile the global executor's jobs are held
    /// and let go in reverse (`GlobalJobStagger`), an order it may choose: the request's return goes
    /// before any task the cache started on its way out. A cache that takes the failure out before it
    /// throws answers the second request with a new download; one that leaves it to a task of its own
    /// (`Task.detached { await self.forget(name) }`) answers it with the same failure.
    static func failureAskedAgainAtOnce(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3c-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: scenario.seconds(in: 0.25...0.5, step: 0.25), failingFirst: 1)
        note(
            "Round 3, a third time: one request for an image whose first download fails; it asks again the"
                + " moment its failure comes back")
        GlobalJobStagger.hold(.reversed)
        let first = await ask(cache, name)
        let again = await ask(cache, name)
        GlobalJobStagger.hold(nil)
        let downloads = Network.requests(for: name).received
        guard case .failed = first, again == .image(image.checksum), downloads == 2 else {
            FaultLine(
                again == first
                    ? "a request that got a failure and asked again at once got the same failure: the failed"
                        + " download was still in the cache when its failure was thrown (`throw`)"
                    : "a request alone got \(first), and asking again at once, \(again), in \(downloads)"
                        + " downloads (`Network.image`): the first fails, the second brings the image",
                hint: "take a failed download out before you throw its failure, not later in a task of its own"
            ).note()
            return 1
        }
        note(
            "The request that asked again the moment its failure came back got the image: one download after the failure."
        )
        return 0
    }
}
