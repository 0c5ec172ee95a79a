import Foundation
import Lesson13Support
import RaceLabKit

// Exercise 13, a wrong fix from issue 53's fifth adversarial round (it passed 5 of 5): right in every
// other way, but the images are kept in an `NSCache`, which keeps an entry only as long as it likes
// (Apple's throws entries out when memory runs short). Linux's never forgets without a limit, so no
// round can show it: the runner names the promise the task does not take, at the line that uses it.
// must fail: output
// verdict leads with: ImageCache.swift:19 because "the cache keeps every image it downloaded"

/// An image, as `NSCache` keeps objects.
private final class Kept: Sendable {
    let image: Image
    init(_ image: Image) { self.image = image }
}

actor ImageCache: ImageSource {
    private let images = NSCache<NSString, Kept>()
    private var downloads: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let kept = images.object(forKey: name as NSString) { return kept.image }
        if let download = downloads[name] { return try await download.value }
        // On the actor: the download is taken out, and its image kept, before anyone awaiting it resumes.
        let download = Task {
            defer { downloads[name] = nil }
            let image = try await Network.image(named: name)
            images.setObject(Kept(image), forKey: name as NSString)
            return image
        }
        downloads[name] = download
        return try await download.value
    }
}
