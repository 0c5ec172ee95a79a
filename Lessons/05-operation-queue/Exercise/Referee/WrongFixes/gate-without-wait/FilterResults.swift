import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a known wrong fix: the appends go through a serial queue (safe), but `all` does not
// wait for the images still on their way: the completion blocks run after the queue says finished.
// must fail: output
// verdict leads with: FilterResults.swift:18 or FilterResults.swift:14 because "all(count:) must wait for every image" or "let all(count:) go only once the image is in"

final class FilterResults {
    private var images: [Image] = []
    private let appendQueue = DispatchQueue(label: "exercise5.append")

    func add(_ image: Image) {
        appendQueue.async { self.images.append(image) }
    }

    func all(count: Int) -> [Image] {
        appendQueue.sync { images }
    }
}
