import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: it cancels half a lesson second after the
// row leaves, in case it comes back. Until then the download and the filters run for nobody.
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
        guard let provider = providers[row] else { return }
        DispatchQueue.main.asyncAfter(lessonSeconds: 0.5) {
            provider.cancel()
            if self.providers[row] === provider { self.providers[row] = nil }
        }
    }
}
