import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: providers kept by picture, as lesson 9's page
// does it, and a row that leaves cancels every provider of its picture. When the same picture is
// in a row that stays on screen, that row's image is cancelled too.
// must fail: output
// verdict leads with: GalleryController.swift:35 because "cancel only the provider of"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [String: [ImageProvider]] = [:]  // by picture, like the lesson's table; main queue only

    init(table: TableView, files: [String]) {
        self.table = table
        self.files = files
        table.willDisplay = { [unowned self] row in self.willDisplay(row) }
        table.didEndDisplaying = { [unowned self] row in self.didEndDisplaying(row) }
    }

    func willDisplay(_ row: Int) {
        let table = self.table
        let file = files[row]
        let provider = ImageProvider(imageName: file) { image in
            table.show(image, in: row)
        }
        providers[file, default: []].append(provider)
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        let file = files[row]
        for provider in providers[file] ?? [] { provider.cancel() }
        providers[file] = nil
    }
}
