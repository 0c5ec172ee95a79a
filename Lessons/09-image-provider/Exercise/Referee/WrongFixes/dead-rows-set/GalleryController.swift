import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: it cancels, but remembers every row that
// ever left and drops what arrives for it, so a row that comes back never shows its image (hint 3).
// must fail: output
// verdict leads with: GalleryController.swift:24 because "a row that returns needs a new provider"

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

    private var leftRows: Set<Int> = []  // main queue only

    func willDisplay(_ row: Int) {
        let table = self.table
        let provider = ImageProvider(imageName: files[row]) { [weak self] image in
            guard let self, !self.leftRows.contains(row) else { return }
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        leftRows.insert(row)
        providers[row]?.cancel()
        providers[row] = nil
    }
}
