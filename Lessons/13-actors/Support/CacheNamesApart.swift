import RaceLabKit

extension CacheExercise {
    /// After round 1: two images whose names differ only in case, each asked for by two tasks at once,
    /// then each once more: every request gets the image of the name it asked for. A
    /// cache that files names as one (`name.lowercased()`) hands one image for both (adversarial round 7).
    static func namesApartByCase(_ cache: any ImageSource) async -> Int {
        let images = [Image.generated(12), Image.generated(13)]
        let names = ["Case-\(images[0].checksum).pgm", "case-\(images[0].checksum).pgm"]
        for (image, name) in zip(images, names) { Network.serve(image, as: name, latency: 0.25) }
        note("Then two images whose names differ only in case, each asked for by two tasks at once, then once more")
        let first = await withTaskGroup(of: (Int, Answer).self, returning: [(Int, Answer)].self) { group in
            for which in [0, 1, 0, 1] { group.addTask { (which, await ask(cache, names[which])) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        var answers = first
        for which in [0, 1] { answers.append((which, await ask(cache, names[which]))) }
        let wrong = answers.filter { which, answer in answer != .image(images[which].checksum) }
        // Only the answers are judged here: two downloads of one name while its requests overlapped is
        // round 4's to say, with its cause (adversarial round 7's fresh clone: a split check and store
        // led here, under this round's hint).
        if let (which, answer) = wrong.first {
            let said = "a request for \(names[which]) got \(answer), not its image (checksum \(images[which].checksum))"
            if answer == .image(images[1 - which].checksum) {
                FaultLine(
                    said + ", the other name's: does `image(named:)` file two names that differ only in case as one?",
                    hint: "a name is the image's own, letter for letter: \"Cat.jpg\" is not \"cat.jpg\""
                ).note()
            } else {
                FaultLine(said, hint: "each request gets the image it asked for").note()
            }
            return 1
        }
        note("Each request got the image of its own name.")
        return 0
    }
}
