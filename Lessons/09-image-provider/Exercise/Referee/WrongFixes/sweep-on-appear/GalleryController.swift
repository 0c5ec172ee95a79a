import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: didEndDisplaying does nothing; willDisplay
// first cancels every provider whose row is off screen. The stop waits for the next row to appear,
// not for the row to leave: when the keyboard hides a row and none appears, nothing stops it.
// must fail: output
// verdict leads with: GalleryController.swift:37 because "cancel it when the row leaves"

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
        // Tidy up first: whatever is not on screen any more does not need its image.
        for (other, provider) in providers where other != row && !self.table.visible.contains(other) {
            provider.cancel()
            providers[other] = nil
        }
        let table = self.table
        let provider = ImageProvider(imageName: files[row]) { image in
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        // Nothing to do here: the next willDisplay sweeps the rows that are gone.
    }
}
