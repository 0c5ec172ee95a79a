import Dispatch
import RaceLabKit

/// A stand-in for `UITableView` on Linux: rows scroll through a window, and the table tells its
/// delegate when a row is about to appear (`willDisplay`) and when it has left (`didEndDisplaying`),
/// on the main queue, as UIKit does. Each row's cell shows an image once one is set.
public final class TableView {
    public let rows: [String]
    public private(set) var visible: Range<Int> = 0..<0
    /// What each row's cell shows; main queue only.
    public private(set) var images: [Image?]
    /// Rows on screen whose cell got an image since the row last appeared; main queue only.
    public private(set) var shownSinceAppearing: Set<Int> = []
    /// Images set in rows that were off screen; main queue only.
    public private(set) var offScreenShows: [Int] = []
    /// The image providers made while each row was told it appears (exercise 9's referee asks them
    /// what became of them); main queue only.
    public private(set) var providers: [Int: [ProviderRecord]] = [:]
    /// Rows on screen for which a provider was made as they last appeared; main queue only.
    public private(set) var appearedWithProvider: Set<Int> = []
    public var willDisplay: (Int) -> Void = { _ in }
    public var didEndDisplaying: (Int) -> Void = { _ in }

    /// What a row is called in what the table says: "row" ("row 3 (Venice) appears"), or another
    /// table's name for its rows ("side row").
    public let rowName: String

    public init(rows: [String], rowName: String = "row") {
        self.rows = rows
        self.rowName = rowName
        images = Array(repeating: nil, count: rows.count)
    }

    /// "row 3 (Venice)".
    public func label(_ row: Int) -> String { "\(rowName) \(row) (\(rows[row]))" }

    /// Scrolls so that `window` is on screen: rows that leave end displaying, rows that come appear.
    public func scroll(to window: Range<Int>) {
        dispatchPrecondition(condition: .onQueue(.main))
        let old = visible
        visible = window.clamped(to: 0..<rows.count)
        for row in old where !visible.contains(row) {
            say("\(label(row)) scrolls away")
            shownSinceAppearing.remove(row)
            didEndDisplaying(row)
        }
        for row in visible where !old.contains(row) {
            say("\(label(row)) appears")
            let before = ProviderRecord.count
            willDisplay(row)
            let made = ProviderRecord.made(since: before)
            providers[row, default: []] += made
            if made.isEmpty { appearedWithProvider.remove(row) } else { appearedWithProvider.insert(row) }
        }
    }

    /// Puts `image` into `row`'s cell, as a cell's image view would show it.
    public func show(_ image: Image, in row: Int) {
        dispatchPrecondition(condition: .onQueue(.main))
        images[row] = image
        if visible.contains(row) { shownSinceAppearing.insert(row) } else { offScreenShows.append(row) }
        let onScreen = visible.contains(row) ? "" : "   <- off screen: nobody sees it"
        say("\(label(row)) shows its image\(onScreen)")
    }

    /// One line per row: what its cell ends up showing.
    public var summary: [String] {
        rows.indices.map { row in
            "row \(row) \(rows[row].padding(toLength: 16, withPad: " ", startingAt: 0)) "
                + (images[row].map { "image, checksum \($0.checksum)" } ?? "placeholder")
        }
    }
}
