import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: the completion drops an image whose row is
// off screen. Nothing lands off screen, but the download and the filters still run for a row that
// left (hint 1): hidden, not stopped.
// must fail: output
// verdict leads with: GalleryController.swift:33 because "cancel it when the row"

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
            guard table.visible.contains(row) else { return }
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        providers[row] = nil
    }
}
