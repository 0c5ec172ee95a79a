import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's ninth adversarial round (it passed its run then): a request
// of higher priority than the download under way starts a download of its own, at its priority, so as
// not to wait behind a background download. The task says one download an image, however many ask.
// Rounds 1 and 2 now ask first at low priority, then at high.
// must fail: output
// verdict leads with: ImageCache.swift:26 or ImageCache.swift:16 because "one download an image"

actor ImageCache: ImageSource {
    private var images: [String: Image] = [:]
    private var downloads: [String: (task: Task<Image, Error>, priority: TaskPriority, id: Int)] = [:]
    private var nextID = 0

    func image(named name: String) async throws -> Image {
        if let image = images[name] { return image }
        let priority = Task.currentPriority
        if let running = downloads[name], running.priority.rawValue >= priority.rawValue {
            return try await running.task.value
        }
        nextID += 1
        let id = nextID
        let task = Task<Image, Error>(priority: priority) {
            do {
                let image = try await Network.image(named: name)
                self.images[name] = image
                if self.downloads[name]?.id == id { self.downloads[name] = nil }
                return image
            } catch {
                if self.downloads[name]?.id == id { self.downloads[name] = nil }
                throw error
            }
        }
        downloads[name] = (task, priority, id)
        return try await task.value
    }
}
