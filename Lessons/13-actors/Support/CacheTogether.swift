import Dispatch
import RaceLabKit

extension CacheExercise {
    /// Round 4: the first two requests for an image made at the same instant, by two threads in
    /// `Lockstep`, each running the cache's code on itself until it first waits (`InlineExecutor`),
    /// step after step with a new image each step. A check and a store split in two (two critical
    /// sections, or an `await` between them) lets both requests find nothing, and both download: the
    /// network's count says so. Until 60 steps met within 20 µs, at least 0.1 s and at most 1.5 s of
    /// real time, 400 steps at most; then every answer is awaited (4 s of real time at most) and judged.
    static func together(_ cache: any ImageSource) async -> Int {
        let image = Image.generated(12)
        let name = { @Sendable (step: Int) in "round4-\(step)-\(image.checksum).pgm" }
        note("Round 4: two requests for a new image at the same instant, image after image")
        let executors = [InlineExecutor(), InlineExecutor()]
        let answers = Locked<[Int: [Answer]]>([:])
        let answered = DispatchGroup()
        let round = Lockstep(
            steps: 400, goal: 60, atLeast: 0.1, atMost: 1.5, meetWithin: 20_000,
            prepare: { step in
                Network.serve(image, as: name(step), latency: 0)
                return true
            },
            call: { thread, step in
                answered.enter()
                executors[thread].start({ await ask(cache, name(step)) }) { answer in
                    answers.withLock { $0[step, default: []].append(answer) }
                    answered.leave()
                }
                return true
            })
        _ = await round.done.emptied()
        guard await answered.emptied(within: 4) else {
            FaultLine(
                "of \(round.played * 2) requests made two at a time, \(round.played * 2 - answers.current.values.joined().count)"
                    + " had no answer 4 s after the last",
                hint: "every request gets its image, however many ask at once"
            ).note()
            return 1
        }
        let given = answers.current
        let wrong = (0..<round.played).compactMap { step in
            given[step, default: []].first { $0 != .image(image.checksum) }
        }
        let twice = (0..<round.played).filter { Network.requests(for: name($0)).received != 1 }.count
        if let answer = wrong.first {
            FaultLine(
                "two requests for a new image made at the same instant: \(wrong.count) of them got no image or the"
                    + " wrong one, as \(answer)",
                hint: "every request gets its image, however many ask at once"
            ).note()
        }
        if twice > 0 {
            FaultLine(
                "two requests for a new image, made at the same instant: for \(twice) of the \(round.played) images the"
                    + " network did not receive one download (`Network.image`)",
                hint: "check for the download in flight and store yours in one stretch of code, with no lock let"
                    + " go and no await between them"
            ).note()
        }
        guard wrong.isEmpty, twice == 0 else { return wrong.count + twice }
        note(
            "\(round.played) images, their two requests made at the same instant (\(round.overlapped) within 20 µs of each"
                + " other): one download an image.")
        round.sayIfShort(unseen: "a check and a store split in two")
        return 0
    }
}
