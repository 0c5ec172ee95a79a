import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: the row's provider is forgotten on the main
// queue but cancelled on a global queue, "to keep scrolling smooth": whether the work has stopped
// when anyone looks is luck, and until then it goes on for a row nobody sees.
// must fail: output
// verdict leads with: GalleryController.swift:32 because "stop it there, on the" or "cancel it when the row"

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
        // cancelAllOperations() can take a moment: keep it off the main queue so scrolling stays smooth.
        DispatchQueue.global(qos: .utility).async {
            provider.cancel()
        }
    }
}
