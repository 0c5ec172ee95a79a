import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9: rows that scroll away must not get their images.
//
// The driver (main.swift) scrolls a table of pictures past a window of a few rows: forward, maybe
// past a row, and back again, at moments the run's seed draws. This controller starts an
// ImageProvider (lesson 9) for every row that appears. As written, a row that scrolls away keeps its
// provider running, and its image lands in a cell nobody sees ("<- off screen"), after a download
// nobody needed. Make it right:
// - when a row leaves, stop its provider then, on the main queue: its download and filters, not
//   only its delivery;
// - rows on screen keep theirs and get their images;
// - a row that comes back on screen gets its image again.
//
// Check your work:  swift run racelab exercise 9      A hint:  swift run racelab hint 9

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [Int: ImageProvider] = [:]  // by row; main queue only

    init(table: TableView, files: [String]) {
        self.table = table
        self.files = files
        table.willDisplay = { [unowned self] row in self.willDisplay(row) }
        table.didEndDisplaying = { [unowned self] row in self.didEndDisplaying(row) }
    }

    func willDisplay(_ row: Int) {
        let table = self.table
        let provider = ImageProvider(imageName: files[row]) { image in
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
    }
}
