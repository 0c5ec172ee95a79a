// Exercise 13, a wrong fix from issue 53's sixteenth round (it passed 2 of 2 runs): at most 64 requests
// share a download; a 65th that comes while it is in flight starts a download of its own "to spread the
// load". One download an image, however many tasks ask: after round 5, 300 ask at once for one image.
// must fail: output
// verdict leads with: ImageCache.swift:21 because "however many ask"
import RaceLabKit
import Lesson13Support

actor ImageCache: ImageSource {
    private let maxSharing = 64
    private var images: [String: Image] = [:]
    private var tasks: [String: (task: Task<Image, Error>, sharing: Int)] = [:]

    func image(named name: String) async throws -> Image {
        if let image = images[name] { return image }
        let task: Task<Image, Error>
        if let running = tasks[name], running.sharing < maxSharing {
            task = running.task
            tasks[name] = (task, running.sharing + 1)
        } else {
            task = Task { try await Network.image(named: name) }
            if tasks[name] == nil { tasks[name] = (task, 1) }
        }
        do {
            let image = try await task.value
            images[name] = image
            if tasks[name]?.task == task { tasks[name] = nil }
            return image
        } catch {
            if tasks[name]?.task == task { tasks[name] = nil }
            throw error
        }
    }
}
