// Exercise 9, a wrong fix from an adversarial round: afraid of lesson 9 page 4's crash, it cancels a
// row's provider only the first time that row leaves. A row that came back and leaves again keeps
// its new provider running: its image lands off screen.
// must fail: output
// verdict leads with: GalleryController.swift:34 because "cancel it when the row"

import Foundation
import RaceLabKit
import Lesson9Support

final class GalleryController {
    let table: TableView
    let files: [String]

    init(table: TableView, files: [String]) {
        self.table = table
        self.files = files
        table.willDisplay = { [unowned self] row in self.willDisplay(row) }
        table.didEndDisplaying = { [unowned self] row in self.didEndDisplaying(row) }
    }

    private var providers: [Int: ImageProvider] = [:]  // by row; main queue only
    private var cancelledRows: Set<Int> = []  // never cancel a row twice (lesson 9, page 4)

    func willDisplay(_ row: Int) {
        let table = self.table
        let provider = ImageProvider(imageName: files[row]) { image in
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        guard !cancelledRows.contains(row) else { return }
        cancelledRows.insert(row)
        providers.removeValue(forKey: row)?.cancel()
    }
}
