import Dispatch
import Foundation

/// Plays a lesson's pages one after another on the main actor, each under its time limit.
struct LessonPlayer: Sendable {
    struct Page: Sendable {
        let title: String
        let explores: Bool
        let body: @MainActor @Sendable (RaceLabKit.Page) -> Void
    }

    let pages: [Page]
    let stepping: Bool
    let pageTimeLimit: Double
    let seed: UInt64
    let replay: RaceLabKit.Page.Replay?
    /// Said after the last page (`LessonEnding`).
    let ending: [String]

    /// Plays the first of `remaining` (page numbers), and the rest after it.
    @MainActor
    func play(_ remaining: ArraySlice<Int>) {
        guard let number = remaining.first else {
            ending.forEach(writeLine)
            exit(0)
        }
        let title = pages[number - 1].title
        if stepping {
            writeLine("")
            writeLine("(press Enter for page \(number): \(title))")
            _ = readLine()
        }
        writeLine("")
        writeLine("== Page \(number) of \(pages.count): \(title) ==")
        LessonClock.shared.restart()
        let scenario = Scenario(seed: seed, stream: UInt64(number))
        let page = RaceLabKit.Page(number: number, title: title, scenario: scenario, replay: replay) {
            self.play(remaining.dropFirst())
        }
        let limit = pageTimeLimit
        DispatchQueue.global().asyncAfter(lessonSeconds: limit) {
            guard !page.isEnded else { return }
            writeLine(PageStop.line(page: number, limit: limit))
            exit(PageStop.status)
        }
        pages[number - 1].body(page)
    }
}
