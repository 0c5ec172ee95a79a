import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: a row whose cell already shows an image gets no
// provider when it appears ("its picture is in the cell already"). That image is from an earlier
// stay: side row 5 comes back after its image came, and no provider is started for it.
// must fail: output
// verdict leads with: GalleryController.swift:23 because "start one each time a"

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
        guard table.images[row] == nil else { return }
        let table = self.table
        let provider = ImageProvider(imageName: files[row]) { image in
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        providers.removeValue(forKey: row)?.cancel()
    }
}
