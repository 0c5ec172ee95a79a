import Foundation

/// What a lesson says after its last page, when it was played whole: its exercise and the lesson after
/// it, so that nobody is left at the last page wondering what now. Read from the lesson's folder, beside
/// the main.swift the lesson was built from (`#filePath`): the exercise's first line states its task,
/// the next lesson's README its title. Nothing is said when that folder is not there to read.
enum LessonEnding {
    /// `mainFile`: the lesson's main.swift, e.g. `/…/Lessons/03-thread-safety/main.swift`.
    static func lines(mainFile: String) -> [String] {
        let folder = URL(fileURLWithPath: mainFile).deletingLastPathComponent()
        let lessons = folder.deletingLastPathComponent()
        guard lessons.lastPathComponent == "Lessons", let number = lessonNumber(folder.lastPathComponent) else {
            return []
        }
        let inLessons = "Lessons/\(folder.lastPathComponent)"
        var lines = ["", "== End of lesson \(number) =="]
        if let (file, task) = exercise(in: folder) {
            lines.append("Next: exercise \(number), \(task) (in \(inLessons)/Exercise/\(file)):")
            lines.append("  swift run racelab exercise \(number)     or swift run racelab, which leads the way")
        }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: lessons.path)) ?? []).sorted()
        if let next = folders.first(where: { lessonNumber($0) == number + 1 }) {
            let readme =
                (try? String(contentsOf: lessons.appendingPathComponent("\(next)/README.md"), encoding: .utf8)) ?? ""
            let title = readme.split(separator: "\n").first.map { $0.drop { $0 == "#" || $0 == " " } }.map(String.init)
            lines.append("Then \(title ?? "lesson \(number + 1)"): swift run lesson\(number + 1)")
        } else {
            lines.append("That was the last lesson.")
        }
        return lines
    }

    /// 3 for `03-thread-safety`.
    static func lessonNumber(_ name: String) -> Int? {
        let digits = name.prefix { $0.isNumber }
        return digits.isEmpty || !name.dropFirst(digits.count).hasPrefix("-") ? nil : Int(digits)
    }

    /// The attendee's file of the lesson's exercise and its task, from its first line:
    /// "// Exercise 3: make Person thread-safe." gives "make Person thread-safe".
    static func exercise(in folder: URL) -> (file: String, task: String)? {
        let exercise = folder.appendingPathComponent("Exercise")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: exercise.path)) ?? [])
            .filter { $0.hasSuffix(".swift") && $0 != "main.swift" }.sorted()
        guard let file = files.first,
            let text = try? String(contentsOf: exercise.appendingPathComponent(file), encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("// Exercise ") }),
            let colon = line.firstIndex(of: ":")
        else { return nil }
        var task = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let end = task.range(of: ". ") { task = String(task[..<end.lowerBound]) }
        if task.hasSuffix(".") { task.removeLast() }
        return (file, task)
    }
}
