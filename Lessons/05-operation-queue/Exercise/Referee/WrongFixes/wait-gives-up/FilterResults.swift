import Foundation
import RaceLab
import Lesson5Support

// Exercise 5, a known wrong fix (from an adversarial round, written without the driver): the appends
// are locked and a semaphore counts the arrivals, but each wait gives up after half a second and goes
// on as if the image had come. A thumbnail slower than that is left out.
// must fail: output

final class FilterResults {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var images: [Image] = []

    func add(_ image: Image) {
        lock.lock()
        images.append(image)
        lock.unlock()
        arrived.signal()
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { _ = arrived.wait(timeout: .now() + 0.5) }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
