import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (it passed 10 of 10 while no download took
// longer than a second): a request that finds a download in flight waits a second for it, then starts
// its own. Beside the rounds, a slow image takes 4 s of real time, and it is downloaded again. (A
// longer wait still passes: the driver cannot wait out every constant; the exercise's README says so.)
// must fail: output
// verdict leads with: ImageCache.swift:30 because "a failure is the answer for those who waited" or "after a failure, one new download"

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]
    private var inFlight: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        if let running = inFlight[name] {
            let timer = Task {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                return true
            }
            Task {
                _ = try? await running.value
                timer.cancel()
            }
            if (try? await timer.value) != true, let image = try? await running.value {
                return image  // it arrived in time
            }
        }
        let task = Task { try await Network.image(named: name) }
        inFlight[name] = task
        do {
            let image = try await task.value
            cache[name] = image
            if inFlight[name] == task { inFlight[name] = nil }
            return image
        } catch {
            if inFlight[name] == task { inFlight[name] = nil }
            throw error
        }
    }
}
