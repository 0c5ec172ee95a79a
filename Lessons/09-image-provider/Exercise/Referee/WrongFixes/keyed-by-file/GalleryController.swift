import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: providers kept by file name, so two rows that
// show the same picture share one entry. The lower row's provider replaces the upper row's, which
// goes on uncancelled; when the upper row leaves, the lower row's provider is cancelled while that
// row stays on screen, and the upper row's image lands off screen.
// must fail: output
// verdict leads with: GalleryController.swift:33 because "cancel it when the row"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [String: ImageProvider] = [:]  // by file name; main queue only

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
        providers[files[row]] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        providers.removeValue(forKey: files[row])?.cancel()
    }
}
