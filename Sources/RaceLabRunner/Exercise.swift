import Foundation

/// An exercise: `Lessons/NN-name/Exercise/`, the attendee's copy of the starter, and in `Referee/`
/// the builds `racelab verify` judges. Everything here is read from the folders; the manifest derives
/// the same targets from them, and `racelab verify` checks that the two agree (`Consistency`).
public struct ExerciseInfo {
    public let number: Int
    /// e.g. `Lessons/03-thread-safety/Exercise`
    public let folder: String
    /// The files the attendee edits, relative to the exercise folder: every starter file but main.swift.
    public let attendeeFiles: [String]
    /// The driver: not the attendee's to edit. It exists once, in `Referee/Starter/`; the other variants
    /// link to it and the attendee's copy must be identical to it.
    public let driverFiles = ["main.swift"]

    public var transcript: String { "\(folder)/expected.txt" }
    public var hint: String { "\(folder)/hint.md" }
    /// What `racelab verify` checks, out of an attendee's way: `Starter/` (also what `reset` puts
    /// back), `Solution/` and `WrongFixes/`.
    public var referee: String { "\(folder)/Referee" }
    public var starterFolder: String { "\(referee)/Starter" }

    /// The attendee's own build (`exerciseN`).
    public var attendee: Variant { Variant(exercise: number, role: .attendee, folder: folder) }
    public var starter: Variant { Variant(exercise: number, role: .starter, folder: starterFolder) }
    public var solution: Variant { Variant(exercise: number, role: .solution, folder: "\(referee)/Solution") }
    /// The known wrong fixes, one folder each in `Referee/WrongFixes/`.
    public let wrongFixes: [Variant]
    /// What `racelab verify` judges: the solution, which must pass; the starter and every wrong fix, which must fail.
    public var refereeVariants: [Variant] { [solution, starter] + wrongFixes }
    public var product: String { attendee.product }

    /// A variant folder's own Swift files: all but the driver's main.swift.
    static func attendeeFiles(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
            $0.hasSuffix(".swift") && $0 != "main.swift"
        }.sorted()
    }

    init(root: String, number: Int, folder: String) {
        self.number = number
        self.folder = folder
        attendeeFiles = Self.attendeeFiles(in: "\(root)/\(folder)/Referee/Starter")
        let wrong = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)/Referee/WrongFixes")) ?? []
        wrongFixes = wrong.sorted().filter { !$0.hasPrefix(".") }.map {
            Variant(exercise: number, role: .wrongFix($0), folder: "\(folder)/Referee/WrongFixes/\($0)")
        }
    }
}

/// One build of an exercise: the attendee's, or one the referee keeps.
public struct Variant: Equatable {
    public enum Role: Equatable {
        /// The attendee's files in `Exercise/`: judged by `racelab exercise`, never by `verify`.
        case attendee
        /// What the attendee starts from (and `reset` puts back): must fail as its file documents.
        case starter
        /// A worked solution: must pass.
        case solution
        /// A known wrong fix, named by its folder: must fail as its file documents.
        case wrongFix(String)
    }

    public let exercise: Int
    public let role: Role
    /// Relative to the package root.
    public let folder: String

    /// The executable the manifest makes of the folder.
    public var product: String {
        switch role {
        case .attendee: return "exercise\(exercise)"
        case .starter: return "exercise\(exercise)-starter"
        case .solution: return "exercise\(exercise)-solution"
        case .wrongFix(let name): return "exercise\(exercise)-wrong-\(name)"
        }
    }

    public var label: String {
        switch role {
        case .attendee: return "exercise \(exercise)"
        case .starter: return "exercise \(exercise) starter"
        case .solution: return "exercise \(exercise) solution"
        case .wrongFix(let name): return "exercise \(exercise) wrong fix \(name)"
        }
    }

    /// The starter and the wrong fixes must fail, each as its `// must fail:` line says.
    public var mustFail: Bool {
        switch role {
        case .starter, .wrongFix: return true
        case .attendee, .solution: return false
        }
    }

    /// How it must fail, read from its folder's `// must fail:` line (exactly one), or why that
    /// could not be read. Nil for a variant that must pass.
    func expectedFailures(root: String) -> Result<[ExpectedFailure], Workspace.Problem>? {
        guard mustFail else { return nil }
        let found = ExpectedFailure.documented(in: "\(root)/\(folder)")
        guard let first = found.first else {
            return .failure(
                .init(description: "\(folder) has no '\(ExpectedFailure.marker) …' line saying how it fails"))
        }
        guard found.count == 1 else {
            let places = found.map { "\($0.file):\($0.line)" }.joined(separator: ", ")
            return .failure(
                .init(
                    description:
                        "\(folder) says how it fails more than once (\(places)): keep one '\(ExpectedFailure.marker)' line"
                ))
        }
        return first.failures.mapError { .init(description: "\(folder)/\($0.description)") }
    }
}
