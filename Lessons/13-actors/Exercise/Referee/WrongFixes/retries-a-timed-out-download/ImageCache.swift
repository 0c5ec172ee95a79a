import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifteenth adversarial round (it passed while every failed
// download failed with `.resourceUnavailable`): a download that fails with an error taken for passing
// (a timeout, a lost connection, being offline) is tried again before its waiters hear of it. The
// task says a failure is the answer for every request that waited on it, whatever the error.
// must fail: output
// verdict leads with: ImageCache.swift:36 because "a failure is the answer for those who waited on it"

actor ImageCache: ImageSource {
    private enum Entry {
        case loading(id: Int, task: Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: Entry] = [:]
    private var nextID = 0
    private static let transient: Set<URLError.Code> = [.timedOut, .networkConnectionLost, .notConnectedToInternet]

    func image(named name: String) async throws -> Image {
        switch cache[name] {
        case .ready(let image)?:
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
                let image: Image
                do {
                    image = try await Network.image(named: name)
                } catch let error as URLError where Self.transient.contains(error.code) {
                    image = try await Network.image(named: name)  // a dropped connection: try once more
                }
                self.cache[name] = .ready(image)
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
