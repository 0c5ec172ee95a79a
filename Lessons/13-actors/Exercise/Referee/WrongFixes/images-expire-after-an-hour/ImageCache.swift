import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's twelfth adversarial round (helper-29, it passed 5 of 5):
// `lets-images-go-after-three-seconds` with an hour to live. No run lasts an hour, so every image
// asked for again is still there; the task says the cache keeps every image, however much later it
// is asked for, and no run can wait out every expiry, so the runner reads the file for a clock.
// must fail: output
// verdict leads with: ImageCache.swift:15 because "however much later"

actor ImageCache: ImageSource {
    private enum Entry {
        case loading(Task<Image, Error>)
        case ready(Image, Date)
    }
    private var cache: [String: Entry] = [:]
    private let timeToLive: TimeInterval = 3600

    func image(named name: String) async throws -> Image {
        switch cache[name] {
        case .ready(let image, let stored) where Date().timeIntervalSince(stored) < timeToLive:
            return image
        case .loading(let task):
            return try await task.value
        default:
            let task = Task<Image, Error> {
                do {
                    let image = try await Network.image(named: name)
                    self.cache[name] = .ready(image, Date())
                    return image
                } catch {
                    self.cache[name] = nil
                    throw error
                }
            }
            cache[name] = .loading(task)
            return try await task.value
        }
    }
}
