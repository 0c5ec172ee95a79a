import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5: collect the filters' results safely, and all of them.
//
// The driver (main.swift) runs a few filter operations. Each completion block makes a thumbnail and
// then calls `add` with its image: from several threads at once, and after the queue already says
// every operation is finished (on Linux, completion blocks run later). Then the driver calls
// `all(count:)` with the number of filters and expects every image, each once, as soon as the last
// one is in. How many filters and how long each thumbnail takes vary from run to run (the verdict
// names the run's seed); at the end, threads also call `add` all at once. As written, `add` races
// (ThreadSanitizer reports it) and `all` returns whatever has arrived so far. Fix both in this file.
//
// Check your work:  swift run racelab exercise 5      A hint:  swift run racelab hint 5

final class FilterResults {
    private var images: [Image] = []

    func add(_ image: Image) {
        images.append(image)
    }

    func all(count: Int) -> [Image] {
        images
    }
}
