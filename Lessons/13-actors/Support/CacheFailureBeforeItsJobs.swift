import RaceLabKit

extension CacheExercise {
    /// Round 3, a fourth time: one request for an image whose first download fails at once, while the
    /// global jobs sent with the request are held and let go last first, 0.3 s of real time apart: a job
    /// the cache starts beside the download (a detached task that parks the request's continuation) runs
    /// well after the download's failure came back, an order the global executor may choose. A request
    /// parked after the failure is never answered: the driver waits 3 s of real time for it (adversarial
    /// round 4: a continuation registered through `Task.detached` passed every run). Then it asks again.
    static func failureBeforeTheCachesOwnJobs(_ scenario: inout Scenario, _ cache: any ImageSource) async -> Int {
        let image = Image.generated(scenario.int(in: 7...9))
        let name = "round3d-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: 0, failingFirst: 1, failingWith: failures.beforeItsJobs)
        note(
            "Round 3, a fourth time: one request for an image whose first download fails at once, while the"
                + " tasks the cache starts run late; then it asks again")
        // Held from the request on, for the window of the jobs the cache starts with the download (the
        // actor itself, which runs the download's task, and a task of its own), last sent first: the
        // download's own hops go at once after, so its failure comes back long before the other job.
        let first = await returned(within: 3) {
            GlobalJobStagger.hold(.reversed, spacing: 0.3, windows: 1)
            return await ask(cache, name)
        }
        GlobalJobStagger.hold(nil)
        let again = first == nil ? nil : await returned(within: 3) { await ask(cache, name) }
        let downloads = Network.requests(for: name).received
        guard case .failed = first, again == .image(image.checksum), downloads == 2 else {
            FaultLine(
                first == nil
                    ? "a request whose download failed at once was never answered (3 s): was its continuation"
                        + " (`withCheckedThrowingContinuation`) parked after the failure had come back, where nothing"
                        + " resumes it?"
                    : "a request alone got \(first!), and asking again, \(again.map(\.description) ?? "no answer"),"
                        + " in \(downloads) downloads (`Network.image`): the first fails, the second brings the image",
                hint:
                    "park a request's continuation in the same actor turn that checks for the image, not in a task of its own"
            ).note()
            return 1
        }
        note("The request whose download failed at once got the failure, and asking again, the image.")
        return 0
    }
}
