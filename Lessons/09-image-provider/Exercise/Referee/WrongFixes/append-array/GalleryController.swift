import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: providers in an array that grows by `append`
// as rows first appear, the index taken for the row ("rows appear one after another from the top").
// The second gallery opens at its row 1, so every index is one off: a leaving row cancels the
// provider of the row below it, and side row 1's provider is never cancelled.
// must fail: output
// verdict leads with: GalleryController.swift:33 because "cancel it when the row"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [ImageProvider] = []  // "providers[row]"; main queue only

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
        if row < providers.count { providers[row] = provider } else { providers.append(provider) }
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        if row < providers.count { providers[row].cancel() }
    }
}
