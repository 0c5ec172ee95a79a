import Foundation

/// A lesson's command line: what it asks for, checked against the lesson, and its usage.
extension Lesson {
    /// The options `arguments` and the environment ask for. Exits where nothing is to play: with the
    /// usage or the page list (status 0), or with what is wrong (status 2).
    func readOptions(_ arguments: [String]) -> LessonOptions {
        let options: LessonOptions
        do {
            options = try LessonOptions.parse(
                arguments, environment: ProcessInfo.processInfo.environment,
                pageCount: pages.count)
        } catch {
            fail("\(error)")
        }
        if options.help {
            print(usage)
            exit(0)
        }
        if let mistake = mismatch(options) { fail(mistake) }
        if options.listPages {
            for (index, page) in pages.enumerated() { print("\(index + 1)\t\(page.title)") }
            exit(0)
        }
        return options
    }

    /// What in `options` this lesson cannot do, the options each being right on their own: a seed for a
    /// lesson that draws no scenario, a schedule without a page that explores schedules. Nil: nothing.
    private func mismatch(_ options: LessonOptions) -> String? {
        if options.seed != nil && !seeded {
            return "--seed is for exercises; this lesson plays the same way on every run"
        }
        guard options.schedule != nil else { return nil }
        let exploring = pages.indices.filter { pages[$0].explores }.map { String($0 + 1) }
        if let page = options.page, pages[page - 1].explores { return nil }
        let which =
            exploring.isEmpty
            ? "no page of this lesson does"
            : "page\(exploring.count == 1 ? "" : "s") \(exploring.joined(separator: ", ")) of this lesson"
        return "--schedule replays a schedule on a page that explores them (\(which)); name the page, e.g. "
            + "\(program) \(exploring.first ?? "N") --schedule AABBBA"
    }

    private var explores: Bool { pages.contains { $0.explores } }

    private var usage: String {
        var lines = [
            heading,
            "usage: \(program) [page] [--speed N] [--step] [--list]"
                + (seeded ? " [--seed S]" : "") + (explores ? " [--schedule S]" : ""),
            "  page        play only this page (1–\(pages.count)); without it every page plays in order",
            "  --speed N   play every delay N times faster (or set RACELAB_SPEED=N); times stay in lesson seconds",
            "  --step      presenter mode: wait for Enter before each page (in a terminal)",
            "  --list      list the pages",
        ]
        if seeded { lines.append("  --seed S    play the scenario of seed S again (each run draws a new one)") }
        if explores {
            lines += [
                "  --schedule S",
                "              on a page that explores schedules, replay schedule S (a letter per step,",
                "              e.g. AABBBA); with --step, one step per Enter",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
