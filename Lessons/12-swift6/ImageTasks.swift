// Page 8: lesson 9's four-image provider as tasks. Each picture is one async function: the download
// (the same URLSession data task lesson 9's provider starts), the filter, the post-process; four run at
// once as `async let`s. The gallery that shows them belongs to the main actor, so each hand-off to it
// is an `await`, where lesson 9's output operation sent a block to the main queue.
import Foundation
import RaceLabKit

#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux
#endif

/// Lesson 9's four pictures: file, title, and how long the network takes to deliver it.
let pictures: [(file: String, title: String, latency: Double)] = [
    ("eiffel_tower.jpg", "Eiffel Tower", 2), ("venice.jpg", "Venice", 9),
    ("scottish_castle.jpg", "Scottish castle", 3), ("arctic_02.jpg", "Arctic", 3.5),
]

/// Serves the four pictures as lesson 9 does, so that their checksums are lesson 9's.
func servePictures() {
    for (number, picture) in pictures.enumerated() {
        Network.serve(.generated(number + 2), as: picture.file, latency: picture.latency)
    }
}

/// The gallery on screen: main-actor state, so every call from a task is an `await` that hops there.
@MainActor final class Gallery {
    private(set) var shown: [Int] = []

    func show(_ image: Image, number: Int) {
        dispatchPrecondition(condition: .onQueue(.main))  // the main actor runs on the main queue
        shown.append(number)
        say(
            "image \(number), \(pictures[number - 1].title): \(image.width) x \(image.height), checksum \(image.checksum), shown on the main actor"
        )
    }
}

/// A lesson-time pause that holds no thread; it throws at once when the task is cancelled.
func pause(lessonSeconds: Double) async throws {
    try await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(lessonSeconds) * 1e9))
}

/// One picture through lesson 9's steps: download, filter (a blur, 0.5 s), post-process (the aged
/// look and a vignette, 0.5 s), then to the gallery. A cancel ends it at the step it is in.
func provide(_ number: Int, to gallery: Gallery) async {
    let picture = pictures[number - 1]
    var step = "download"
    do {
        let image = try await Network.image(named: picture.file)  // RaceLab: a continuation, a cancellation handler
        step = "filter"
        try await pause(lessonSeconds: 0.5)
        let filtered = image.blurred()
        step = "post-process"
        try await pause(lessonSeconds: 0.5)
        await gallery.show(filtered.aged().vignette(), number: number)
    } catch is CancellationError {
        say(
            "image \(number), \(picture.title): cancelled in its \(step)"
                + (step == "download" ? " (its data task cancelled: URLSession's -999)" : ""))
    } catch {
        say("image \(number), \(picture.title): \(step) failed: \(error)")
    }
}

/// The four at once, as `async let`s; returns the numbers the gallery showed, in the order shown.
@MainActor func provideFour(_ gallery: Gallery) async -> [Int] {
    async let eiffel: Void = provide(1, to: gallery)
    async let venice: Void = provide(2, to: gallery)
    async let castle: Void = provide(3, to: gallery)
    async let arctic: Void = provide(4, to: gallery)
    _ = await (eiffel, venice, castle, arctic)
    return gallery.shown
}
