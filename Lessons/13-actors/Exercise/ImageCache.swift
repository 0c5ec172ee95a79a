import RaceLabKit
import Lesson13Support

// Exercise 13: the image cache that downloads once.
//
// This is page 1's image downloader: an actor, so Swift 6 compiles it without a word and
// ThreadSanitizer finds no race in it. But many tasks ask for the same image at once, and each
// finds the cache empty across the `await` and downloads it again (the network counts every
// request). Make it download each image once, however many tasks ask and however many of them
// are cancelled:
// - every request gets the right image; a cancelled one may get it, or a `CancellationError`;
// - one download an image, and a requester's cancel never cancels the download others wait for;
// - the cache keeps every image it downloaded: asked for again, however much later, it is not
//   downloaded again;
// - a download that fails is the answer for every request that waited on it, and is not kept: the
//   next request for that image downloads it again, once for all who ask;
// - no clock: no timeout, expiry, delay or sleep, of any length (no run can wait out every
//   bound, so the check reads your file for one);
// - ThreadSanitizer reports nothing.
// Keep `ImageSource` (Lesson13Support: `image(named:)`, `async throws`, `Sendable`) and `init()`.
// `Network.image(named:)` downloads through RaceLab's network (a real URLSession).
//
// Check your work:  swift run racelab exercise 13      A hint:  swift run racelab hint 13

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        let image = try await Network.image(named: name)
        cache[name] = image
        return image
    }
}
