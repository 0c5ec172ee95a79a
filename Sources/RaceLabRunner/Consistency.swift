import Foundation

extension Runner {
    /// Where the lessons' folders, the manifest's targets and the copies disagree (empty when they
    /// agree): a variant with no target, a lesson or exercise target with no folder, a driver that is
    /// not the starter's, a variant without the attendee's files, a variant that must fail without (or
    /// with more than one) `// must fail:` line, a solution with one. `declared`: the manifest's targets
    /// (nil: SwiftPM could not say, and the targets are not compared).
    func consistencyProblems(_ lessons: [LessonInfo], declared: Set<String>?) -> [String] {
        let root = workspace.root
        var problems: [String] = []
        var expected: Set<String> = []
        for lesson in lessons {
            expected.insert(lesson.product)
            if let support = lesson.supportTarget { expected.insert(support) }
            guard let exercise = lesson.exercise else { continue }
            let driver = FileManager.default.contents(atPath: "\(root)/\(exercise.starterFolder)/main.swift")
            if driver == nil {
                problems.append("\(exercise.starterFolder)/main.swift is missing: it is the exercise's driver")
            }
            for variant in [exercise.attendee] + exercise.refereeVariants {
                expected.insert(variant.product)
                let folder = "\(root)/\(variant.folder)"
                guard FileManager.default.fileExists(atPath: folder) else {
                    problems.append("\(variant.label): \(variant.folder) is missing")
                    continue
                }
                if variant.role != .starter, let driver,
                    FileManager.default.contents(atPath: "\(folder)/main.swift") != driver
                {
                    let fix =
                        variant.role == .attendee
                        ? "racelab reset \(exercise.number) puts it back"
                        : "link it: ln -sf \(variant.role == .solution ? "../" : "../../")Starter/main.swift \(variant.folder)/main.swift"
                    problems.append(
                        "\(variant.label): \(variant.folder)/main.swift is not the driver in \(exercise.starterFolder) (\(fix))"
                    )
                }
                let files = ExerciseInfo.attendeeFiles(in: folder)
                if variant.role != .attendee, files != exercise.attendeeFiles {
                    problems.append(
                        "\(variant.label): has \(files.joined(separator: ", ")), the starter has \(exercise.attendeeFiles.joined(separator: ", "))"
                    )
                }
                if variant.role == .starter {
                    problems += Self.refereeWords(in: folder, files: files).map { "\(variant.label): \($0)" }
                }
                switch variant.expectedFailures(root: root) {
                case .failure(let problem)?: problems.append("\(variant.label): \(problem)")
                case nil where variant.role == .solution && !ExpectedFailure.documented(in: folder).isEmpty:
                    problems.append(
                        "\(variant.label): a solution must pass, but \(variant.folder) has a '\(ExpectedFailure.marker)' line"
                    )
                default: break
                }
                // What a verdict leads with is said of a variant that fails, readably, once.
                switch VerdictLead.documented(in: folder) {
                case .failure(let problem): problems.append("\(variant.label): \(problem)")
                case .success(_?) where !variant.mustFail:
                    problems.append(
                        "\(variant.label): a solution passes, and has no verdict, but \(variant.folder) has a '\(VerdictLead.marker)' line"
                    )
                default: break
                }
            }
        }
        guard let declared else { return problems }
        for name in expected.sorted() where !declared.contains(name) {
            problems.append(
                "\(name) has a folder but no target in the package (Package.swift derives them from Lessons/)")
        }
        let numbers = Set(lessons.map(\.number))
        for name in declared.sorted() where !expected.contains(name) {
            // A lesson or exercise target of these lessons that no folder accounts for.
            let digits = name.drop { !$0.isNumber }.prefix { $0.isNumber }
            let ours =
                name.hasPrefix("lesson") || name.hasPrefix("exercise")
                || (name.hasPrefix("Lesson") && name.hasSuffix("Support"))
            if ours, let number = Int(digits), numbers.contains(number) {
                problems.append("target \(name) has no folder under Lessons/ that makes it")
            }
        }
        return problems
    }

    /// The starter's Swift files are what the attendee edits, so they speak of the task only: a line
    /// that names the referee or says how the starter must fail belongs in `must-fail.txt`.
    static func refereeWords(in folder: String, files: [String]) -> [String] {
        files.flatMap { file -> [String] in
            let text = (try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                let lowered = line.lowercased()
                guard
                    lowered.contains("referee") || lowered.contains(ExpectedFailure.marker)
                        || lowered.contains(VerdictLead.marker)
                else { return nil }
                return
                    "\(file):\(index + 1) speaks of the referee, and the attendee's copy must not: move it to \(ExpectedFailure.starterFile)"
            }
        }
    }
}
