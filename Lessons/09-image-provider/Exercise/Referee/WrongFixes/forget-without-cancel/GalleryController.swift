import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a known wrong fix (hint 2): the row's provider is forgotten, not cancelled. Its
// operations were already on its queue and keep running: the image still arrives, off screen.
// must fail: output
// verdict leads with: GalleryController.swift:31 because "cancel it when the row"

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
        providers[row] = nil
    }
}
