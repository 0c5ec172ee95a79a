import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: one provider per reusable cell, cell = row % 3,
// as if three rows were on screen (lesson 9's page). The second gallery shows five: side row 4 takes
// side row 1's cell, whose provider goes on uncancelled, and side row 5 takes side row 2's.
// must fail: output
// verdict leads with: GalleryController.swift:32 or GalleryController.swift:33 because "cancel it when the row" or "cancel only the provider of the row that left"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var cells: [ImageProvider?] = [nil, nil, nil]  // main queue only

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
        cells[row % cells.count] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        cells[row % cells.count]?.cancel()
        cells[row % cells.count] = nil
    }
}
