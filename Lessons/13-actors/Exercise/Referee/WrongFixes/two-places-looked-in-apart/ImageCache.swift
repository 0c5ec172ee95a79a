import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (issue 40; it passed 2 of 3 runs): the images
// downloaded in a locked store read without an actor hop, and the downloads in flight in the actor.
// A request that finds no image in the store hops to the actor, and there looks for a download in
// flight only: if the download ended, its image stored and its entry taken out while the request
// hopped, it downloads the image again. Round 5's eight tasks ask again the moment a download ends.
// must fail: output
// verdict leads with: ImageCache.swift:33 because "check for the download in flight"

// @unchecked Sendable: `images` is read and written under `lock`.
private final class Downloaded: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: Image] = [:]

    func image(_ name: String) -> Image? { lock.withLock { images[name] } }
    func store(_ image: Image, as name: String) { lock.withLock { images[name] = image } }
}

actor ImageCache: ImageSource {
    private nonisolated let downloaded = Downloaded()
    private var inFlight: [String: Task<Image, Error>] = [:]

    nonisolated func image(named name: String) async throws -> Image {
        if let image = downloaded.image(name) { return image }
        return try await download(name)
    }

    private func download(_ name: String) async throws -> Image {
        if let task = inFlight[name] { return try await task.value }
        let task = Task { try await Network.image(named: name) }
        inFlight[name] = task
        defer { inFlight[name] = nil }
        let image = try await task.value
        downloaded.store(image, as: name)
        return image
    }
}
