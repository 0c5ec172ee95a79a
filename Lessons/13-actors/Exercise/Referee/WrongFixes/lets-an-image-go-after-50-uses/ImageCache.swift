import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifteenth adversarial round (it passed while no image was
// asked for more than a few times): an image served 50 times is let go, "to refresh it", and the
// next request downloads it again. The task says the cache keeps every image it downloaded.
// must fail: output
// verdict leads with: ImageCache.swift:22 because "the cache keeps every image it downloaded"

actor ImageCache: ImageSource {
    private enum Entry {
        case loading(id: Int, task: Task<Image, Error>)
        case ready(Image, servesLeft: Int)
    }
    private var cache: [String: Entry] = [:]
    private var nextID = 0
    private let servesPerDownload = 50

    func image(named name: String) async throws -> Image {
        switch cache[name] {
        case .ready(let image, let servesLeft)?:
            cache[name] = servesLeft > 1 ? .ready(image, servesLeft: servesLeft - 1) : nil
            return image
        case .loading(_, let task)?:
            return try await task.value
        case nil:
            break
        }
        let id = nextID
        nextID += 1
        let task = Task { () async throws -> Image in
            do {
                let image = try await Network.image(named: name)
                self.cache[name] = .ready(image, servesLeft: self.servesPerDownload)
                return image
            } catch {
                if case .loading(let current, _)? = self.cache[name], current == id {
                    self.cache[name] = nil
                }
                throw error
            }
        }
        cache[name] = .loading(id: id, task: task)
        return try await task.value
    }
}
