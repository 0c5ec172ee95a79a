import RaceLabKit

extension CacheExercise {
    /// After round 5: a new image asked for by 300 tasks at once, its download (2 lesson s) in flight
    /// meanwhile: one download, however many ask. A cache that lets at most 64 requests share a download
    /// and starts another for the rest passed every round (issue 53's sixteenth round), where no round had
    /// more than a few requests waiting on one download. On an image of its own, so that a cache that
    /// downloads again after so many uses is not asked for it more than the others.
    static func crowd(_ cache: any ImageSource) async -> Int {
        let count = 300
        let image = Image.generated(12)
        let name = "crowd-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: 2)
        note("Then \(count) tasks ask at once for one new image")
        let answers = await withTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            for _ in 0..<count { group.addTask { await ask(cache, name) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = answers.filter { $0 != .image(image.checksum) }.count
        let downloads = Network.requests(for: name).received
        if wrong == 0, downloads == 1 {
            note("Every one of the \(count) got it; one download.")
            return 0
        }
        FaultLine(
            "\(count) requests at once for one image: " + (wrong == 0 ? "" : "\(wrong) did not get it, and ")
                + "the network received \(downloads) downloads (`Network.image`) while its requests overlapped",
            hint: "one download an image, however many ask at once"
        ).note()
        return wrong + (downloads == 1 ? 0 : 1)
    }
}
