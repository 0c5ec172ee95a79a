import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: a row that leaves cancels its provider only if
// it started less than 1.5 s (of real time) ago; an older one is "almost done" and is let finish, so
// its image lands in a cell nobody sees. The second gallery's row, on screen for 1.75 s or more
// before it closes with its image on the way, shows it.
// must fail: output
// verdict leads with: GalleryController.swift:33 because "cancel it when the row"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [Int: (provider: ImageProvider, started: Date)] = [:]  // by row; main queue only

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
        providers[row] = (provider, Date())
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        guard let entry = providers.removeValue(forKey: row) else { return }
        if Date().timeIntervalSince(entry.started) < 1.5 { entry.provider.cancel() }
    }
}
