import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: a leaving row's provider is cancelled only while
// its cell shows no image ("a cell with a picture has a provider that is done"). A cell keeps the
// image of an earlier stay: side row 5, whose image came before it first left, comes back and leaves
// again with its new image on the way, and that provider goes on.
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
            table.show(image, in: row)
        }
        providers[row] = provider
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        guard let provider = providers.removeValue(forKey: row) else { return }
        if table.images[row] == nil { provider.cancel() }
    }
}
