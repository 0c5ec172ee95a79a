import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: when row n appears, it cancels row n - 3,
// as if the table always moved one row through a window of three. A jump, another window or a
// scroll back leaves rows running that left.
// must fail: output
// verdict leads with: GalleryController.swift:24 because "cancel only the provider of"

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
        if let old = providers.removeValue(forKey: row - 3) { old.cancel() }
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
