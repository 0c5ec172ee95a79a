import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a known wrong fix: the appends are locked (safe), and `all` waits "long enough" for the
// images still on their way: a fixed second. When a thumbnail takes longer, images are missing; when
// they are all quick, `all` waits for nothing. One round or the other shows it, whatever the wait.
// must fail: output
// verdict leads with: FilterResults.swift:21 because "all(count:) must wait for every image" or "return as soon as the last image is in"

final class FilterResults {
    private var images: [Image] = []
    private let lock = NSLock()

    func add(_ image: Image) {
        lock.lock()
        images.append(image)
        lock.unlock()
    }

    func all(count: Int) -> [Image] {
        sleep(lessonSeconds: 1.0)  // the thumbnails take about 0.2 s
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
