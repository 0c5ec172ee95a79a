import RaceLabKit

extension CacheExercise {
    /// Round 3, a third time: one request, alone, at low priority, for an image whose first download
    /// fails; the moment its failure comes back, it asks again from a task of higher priority (a screen
    /// the user looks at, after a prefetch). Meanwhile the global executor's jobs are held and let go in
    /// reverse (`GlobalJobStagger`), an order it may choose: the second request goes before any task
    /// the cache started on its way out, and reaches the actor while such a task's job still waits
    /// there, which an actor runs after the higher-priority request (Swift's runtime, `Actor.cpp`:
    /// a default actor's jobs go by priority). A cache that takes the failure out before it throws
    /// answers the second request with a new download; one that leaves it to a task of its own
    /// (`Task.detached { await self.forget(name) }`, or `Task { self.forget(name) }` on the actor)
    /// answers it with the same failure (adversarial rounds 4 and 6).
    static func failureAskedAgainAtOnce(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3c-\(image.checksum).pgm"
        Network.serve(
            image, as: name, latency: scenario.seconds(in: 0.25...0.5, step: 0.25), failingFirst: 1,
            failingWith: failures.askedAgain)
        note(
            "Round 3, a third time: one request for an image whose first download fails; the moment its"
                + " failure comes back, a request at higher priority asks again")
        let (first, again) = await GlobalJobStagger.lowThenHighAtOnce(
            { await ask(cache, name) }, then: { _ in await ask(cache, name) })
        let downloads = Network.requests(for: name).received
        guard case .failed = first, again == .image(image.checksum), downloads == 2 else {
            FaultLine(
                again == first
                    ? "a request that asked again at once, at a higher priority, got the same failure: the failed"
                        + " download was still in the cache when its failure was thrown (`throw`)"
                    : "a request alone got \(first), and asking again at once, \(again), in \(downloads)"
                        + " downloads (`Network.image`): the first fails, the second brings the image",
                hint:
                    "take a failed download out before you throw its failure, not later in a task of its own: an actor runs a request of higher priority first"
            ).note()
            return 1
        }
        note(
            "The request at higher priority that asked again the moment the failure came back got the image: one download after the failure."
        )
        return 0
    }

    /// Round 1, again: one request, alone, at low priority, for a new image; the moment its image comes
    /// back, it asks again from a task of higher priority, while the global executor's jobs are held and
    /// let go in reverse, as in round 3's third time. A cache that stores the image before it returns it
    /// answers from the cache; one that leaves the store to a task of its own, once the download's entry
    /// is gone, downloads it again: the second request reaches the actor while that task's job still
    /// waits there, and goes first.
    static func imageAskedAgainAtOnce(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round1b-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: scenario.seconds(in: 0.25...0.5, step: 0.25))
        note(
            "Round 1, again: one request for a new image; the moment its image comes back, a request at higher"
                + " priority asks again")
        let (first, again) = await GlobalJobStagger.lowThenHighAtOnce(
            { await ask(cache, name) }, then: { _ in await ask(cache, name) })
        let downloads = Network.requests(for: name).received
        guard first == .image(image.checksum), again == first, downloads == 1 else {
            FaultLine(
                first == .image(image.checksum) && again == first
                    ? "a request that asked again the moment the first got its image, at a higher priority, downloaded it"
                        + " again (\(downloads) downloads): the image was not in the cache yet when the first request"
                        + " returned it (stored later, \(TaskOfItsOwn.words)?)"
                    : "a request alone got \(first), and asking again at once, \(again), in \(downloads) downloads"
                        + " (`Network.image`): one download, and both get the image",
                hint: "store the image before you return it, not later in a task of its own: an actor runs a request of"
                    + " higher priority first"
            ).note()
            return 1
        }
        note("The request at higher priority that asked again the moment the image came back got it from the cache.")
        return 0
    }
}
