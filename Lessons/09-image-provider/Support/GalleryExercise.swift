import Foundation
import RaceLab

/// What exercise 9's driver needs of the attendee's `GalleryController`.
public protocol GalleryControlling: AnyObject {
    init(table: TableView, files: [String])
}

/// Exercise 9's driver, which is not the attendee's to edit: lesson 9's scrolling table (rows 0-2,
/// then 3-5 at 3.5 s, then 5-7 at 7 s) run by the attendee's controller. The latencies differ from
/// lesson 9's so that every image would land at least 1 s before or after a scroll: the verdict
/// depends on which comes first, and a busy machine must not flip it (with lesson 9's, the Eiffel
/// Tower landed 0.5 s before its row left, and once in 30 loaded runs at 12x it landed after).
public enum GalleryExercise {
    static let rows: [(title: String, file: String, latency: Double)] = [
        ("Eiffel Tower", "ex9_eiffel_tower.jpg", 1.5), ("Venice", "ex9_venice.jpg", 9),
        ("Scottish castle", "ex9_scottish_castle.jpg", 4), ("Arctic-02", "ex9_arctic_02.jpg", 3.5),
        ("Eiffel Tower", "ex9_eiffel_tower.jpg", 1.5), ("Arctic-16", "ex9_arctic_16.jpg", 2),
        ("Arctic-15", "ex9_arctic_15.jpg", 2), ("Arctic-12", "ex9_arctic_12.jpg", 2),
    ]

    public static func makeLesson(_ make: @escaping (TableView, [String]) -> GalleryControlling) -> Lesson {
        for (number, row) in rows.enumerated() {
            Network.serve(.generated(number + 2), as: row.file, latency: row.latency)
        }
        let lesson = Lesson("RaceLab exercise 9: rows that scroll away must not get their images", seeded: true)
        lesson.page("Eight rows scroll past") { page in
            let table = TableView(rows: rows.map(\.title))
            let controller = make(table, rows.map(\.file))
            table.scroll(to: 0..<3)
            DispatchQueue.main.asyncAfter(lessonSeconds: 3.5) { table.scroll(to: 3..<6) }
            DispatchQueue.main.asyncAfter(lessonSeconds: 7) { table.scroll(to: 5..<8) }
            DispatchQueue.main.asyncAfter(lessonSeconds: 11) {
                withExtendedLifetime(controller) {}
                note("What each cell ends up showing:")
                for line in table.summary { note("  \(line)") }
                page.done()
            }
        }
        return lesson
    }
}
