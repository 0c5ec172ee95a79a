import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a known wrong fix: `all` waits for every image (a semaphore), but `add` appends from
// several threads at once with nothing between them.
// must fail: race FilterResults.add
// verdict leads with: FilterResults.swift:15 because "reads too, must go through the same lock"

final class FilterResults {
    private var images: [Image] = []
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ image: Image) {
        images.append(image)
        arrived.signal()
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { arrived.wait() }
        return images
    }
}
