import Foundation

/// The RaceLab package on disk: its lessons, their transcripts and exercises.
public struct Workspace {
    public let root: String
    public let lessons: [LessonInfo]

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Finds the package from `directory` or one of its parents.
    public static func find(from directory: String) throws -> Workspace {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let lessons = url.appendingPathComponent("Lessons").path
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: lessons)
            {
                return try Workspace(root: url.path)
            }
            if url.path == "/" { break }
            url.deleteLastPathComponent()
        }
        throw Problem(
            description:
                "no RaceLab package here: run racelab inside the folder you cloned (it has Package.swift and Lessons/)")
    }

    public init(root: String) throws {
        self.root = root
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/Lessons")) ?? []
        lessons = folders.compactMap { LessonInfo(root: root, folder: $0) }.sorted { $0.number < $1.number }
    }

    public func lesson(_ number: Int) throws -> LessonInfo {
        guard let lesson = lessons.first(where: { $0.number == number }) else {
            throw Problem(
                description:
                    "there is no lesson \(number); lessons here: \(lessons.map { String($0.number) }.joined(separator: ", "))"
            )
        }
        return lesson
    }

    public func exercise(_ number: Int) throws -> ExerciseInfo {
        let numbers = lessons.compactMap { $0.exercise?.number }.map(String.init).joined(separator: ", ")
        guard lessons.contains(where: { $0.number == number }) else {
            throw Problem(description: "there is no exercise \(number); exercises here: \(numbers)")
        }
        guard let exercise = try lesson(number).exercise else {
            throw Problem(description: "lesson \(number) has no exercise; exercises here: \(numbers)")
        }
        return exercise
    }
}

public struct LessonInfo {
    public let number: Int
    /// Relative to the root, e.g. `Lessons/03-thread-safety`.
    public let folder: String
    public var product: String { "lesson\(number)" }
    /// `LessonNSupport`, the library the manifest makes of `Support/` when the lesson has one.
    public let supportTarget: String?
    /// Page number → transcript path relative to the root.
    public let transcripts: [Int: String]
    public let exercise: ExerciseInfo?

    /// The lesson's own Swift files import its Support library: only then is the lesson program built
    /// from it (Package.swift's `importsSupport`, the same rule).
    public let lessonImportsSupport: Bool

    static func importsSupport(root: String, folder: String, number: Int) -> Bool {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? []).filter {
            $0.hasSuffix(".swift") && !$0.hasPrefix(".")
        }
        return files.contains { file in
            ((try? String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8)) ?? "")
                .contains("import Lesson\(number)Support")
        }
    }

    /// The pages to run: `page` alone (when it has a transcript), or every page with one.
    func pages(_ page: Int?) throws -> [Int] {
        guard let page else { return transcripts.keys.sorted() }
        guard transcripts[page] != nil else {
            throw Workspace.Problem(
                description:
                    "lesson \(number) has no page \(page) with a transcript; pages: \(transcripts.keys.sorted().map(String.init).joined(separator: ", "))"
            )
        }
        return [page]
    }

    init?(root: String, folder name: String) {
        guard let number = Int(name.prefix { $0.isNumber }), name.dropFirst(2).hasPrefix("-") else { return nil }
        self.number = number
        folder = "Lessons/\(name)"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)/transcripts")) ?? []
        var transcripts: [Int: String] = [:]
        for file in files where file.hasPrefix("page") && file.hasSuffix(".txt") {
            if let page = Int(file.dropFirst(4).dropLast(4)) { transcripts[page] = "\(folder)/transcripts/\(file)" }
        }
        self.transcripts = transcripts
        supportTarget =
            FileManager.default.fileExists(atPath: "\(root)/\(folder)/Support") ? "Lesson\(number)Support" : nil
        lessonImportsSupport = Self.importsSupport(root: root, folder: folder, number: number)
        let exerciseFolder = "\(folder)/Exercise"
        exercise =
            FileManager.default.fileExists(atPath: "\(root)/\(exerciseFolder)/expected.txt")
            ? ExerciseInfo(root: root, number: number, folder: exerciseFolder) : nil
    }
}
