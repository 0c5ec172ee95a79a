import Foundation
import RaceLabKit
import Lesson9Support

// Exercise 9, a wrong fix from an adversarial round: providers numbered as they start, and a leaving
// row's provider cancelled only if it started after the last one that delivered ("they deliver in
// the order they started"). Download times differ: the second gallery's side row 5 delivers first,
// and rows 1-4, started before it, leave still loading when the gallery closes.
// must fail: output
// verdict leads with: GalleryController.swift:36 because "cancel it when the row"

final class GalleryController {
    let table: TableView
    let files: [String]
    private var providers: [Int: (provider: ImageProvider, number: Int)] = [:]  // by row; main queue only
    private var started = 0, deliveredUpTo = 0  // main queue only

    init(table: TableView, files: [String]) {
        self.table = table
        self.files = files
        table.willDisplay = { [unowned self] row in self.willDisplay(row) }
        table.didEndDisplaying = { [unowned self] row in self.didEndDisplaying(row) }
    }

    func willDisplay(_ row: Int) {
        started += 1
        let (number, table) = (started, self.table)
        let provider = ImageProvider(imageName: files[row]) { [weak self] image in
            if let self { deliveredUpTo = max(deliveredUpTo, number) }
            table.show(image, in: row)
        }
        providers[row] = (provider, number)
        provider.start()
    }

    func didEndDisplaying(_ row: Int) {
        guard let entry = providers.removeValue(forKey: row) else { return }
        if entry.number > deliveredUpTo { entry.provider.cancel() }
    }
}
