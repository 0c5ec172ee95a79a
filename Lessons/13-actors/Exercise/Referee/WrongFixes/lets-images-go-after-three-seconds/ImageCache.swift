import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 40's third adversarial round (it passed 3 of 3 before round 1's
// images were asked for again at the end): a time to live of 3 s "so images stay fresh". The task
// says the cache keeps every image it downloaded, however much later it is asked for again.
// must fail: output
// verdict leads with: ImageCache.swift:28 because "the cache keeps every image it downloaded"

actor ImageCache: ImageSource {
    private enum Entry {
        case loading(Task<Image, Error>)
        case ready(Image, Date)
    }
    private var cache: [String: Entry] = [:]
    private let timeToLive: TimeInterval = 3

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
