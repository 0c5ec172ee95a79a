/// What one check of an exercise said, in a form `watch` compares with the check before: coarsely, so
/// that the same mistake checked again says the same, however the race fell.
enum ExerciseVerdict: Equatable {
    case passed
    /// The driver was edited: nothing was checked.
    case driverEdited
    /// An attendee's file is missing or empty: nothing was checked.
    case missingOrEmpty
    /// The exercise does not compile: its first three errors.
    case doesNotCompile(firstErrors: [String])
    /// It built, but the runner could not find where.
    case noBinPath
    /// It ran and did not pass: what was wrong, a key for each problem.
    case failed([ProblemKey])

    /// A run's verdict.
    init(_ outcome: RunOutcome) {
        self = outcome.passed ? .passed : .failed(outcome.problems.map(ProblemKey.init))
    }

    /// A problem, coarsely: a race by the functions on its sides, an output or timing mismatch by the
    /// transcript line it parted at, anything else by its kind and the start of what it says.
    enum ProblemKey: Equatable {
        /// The functions on the race's sides, sorted.
        case race(functions: [String])
        /// 0 when the mismatch has no transcript line.
        case output(transcriptLine: Int)
        case timing(transcriptLine: Int)
        /// The problem's first 60 characters.
        case other(FailureKind, start: Substring)

        init(_ problem: CheckProblem) {
            switch problem {
            case .unexpectedRace(let race, _): self = .race(functions: race.sides.map(\.function).sorted())
            case .output(let mismatch): self = .output(transcriptLine: mismatch.transcriptLine ?? 0)
            case .timing(let mismatch): self = .timing(transcriptLine: mismatch.transcriptLine ?? 0)
            default: self = .other(problem.kind, start: problem.description.prefix(60))
            }
        }
    }
}
