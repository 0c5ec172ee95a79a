import Foundation

/// What one check runs and judges: a lesson page, an exercise variant, or (for lesson authors, with
/// `racelab page`) any built program. It carries what the check needs to know about it, so that
/// nothing decides by a path's shape what is being checked.
public struct Subject {
    public enum Kind: Equatable {
        case page(lesson: Int, page: Int)
        case exercise(Variant)
        /// A program given by its path: `racelab page`.
        case program
    }

    public let kind: Kind
    /// "lesson 3 page 2", "exercise 3 wrong fix lock-around-write-only".
    public let label: String
    /// The product's name in the build folder, or, for `.program`, its path.
    public let product: String
    public let arguments: [String]
    /// The transcript's path, relative to the package root (or absolute).
    public let transcript: String
    /// What the product is built from, relative to the package root: the freshness check refuses to
    /// judge a program older than any of these (`Freshness`).
    public let sources: [SourceFolder]

    /// A folder of sources; `recursive`: its subfolders too (a lesson's own folder holds other
    /// targets' folders, so only its top level counts).
    public struct SourceFolder: Equatable {
        public var path: String
        public var recursive: Bool
    }

    /// The library every lesson links.
    static let library = [
        SourceFolder(path: "Sources/RaceLabKit", recursive: true),
        SourceFolder(path: "Sources/RaceLabContract", recursive: true),
        SourceFolder(path: "Sources/RaceLabAtomics", recursive: true),
    ]

    public static func page(_ number: Int, of lesson: LessonInfo) -> Subject {
        Subject(
            kind: .page(lesson: lesson.number, page: number), label: "lesson \(lesson.number) page \(number)",
            product: lesson.product,
            arguments: [String(number)],
            transcript: lesson.transcripts[number] ?? "\(lesson.folder)/transcripts/page\(number).txt",
            sources: [SourceFolder(path: lesson.folder, recursive: false)]
                + (lesson.lessonImportsSupport ? [SourceFolder(path: "\(lesson.folder)/Support", recursive: true)] : [])
                + library)
    }

    public static func exercise(_ variant: Variant, of exercise: ExerciseInfo) -> Subject {
        let lessonFolder = (exercise.folder as NSString).deletingLastPathComponent
        return Subject(
            kind: .exercise(variant), label: variant.label, product: variant.product, arguments: [],
            transcript: exercise.transcript,
            sources: [
                SourceFolder(path: variant.folder, recursive: false),
                SourceFolder(path: "\(lessonFolder)/Support", recursive: true),
            ]
                + library)
    }

    public static func program(_ path: String, arguments: [String], transcript: String) -> Subject {
        Subject(kind: .program, label: path, product: path, arguments: arguments, transcript: transcript, sources: [])
    }

    /// The banner the program must print first (checked by the runner, not the transcript).
    public var banner: Banner {
        switch kind {
        case .page(let lesson, _): return Banner(heading: "RaceLab lesson \(lesson): ")
        case .exercise(let variant): return Banner(heading: "RaceLab exercise \(variant.exercise): ")
        case .program: return Banner(heading: "RaceLab ", onlyIfPrinted: true)
        }
    }

    public var variant: Variant? {
        if case .exercise(let variant) = kind { return variant }
        return nil
    }

    /// The path of the program to run.
    func program(bin: String) -> String {
        kind == .program ? product : "\(bin)/\(product)"
    }

    /// How it runs. An exercise's code is the attendee's (or stands for it): work it leaves in flight
    /// may race before the end, and its own debugging prints are let be; when an attendee waits for
    /// the verdict, the run stops at ThreadSanitizer's first report.
    func limits(_ base: RunLimits, attendeeWaiting: Bool) -> RunLimits {
        guard variant != nil else { return base }
        var limits = base
        limits.exitPause = 300
        limits.ownLinesAllowed = true
        // An attendee's prints for debugging, once per call of a driver's contention round: thousands of
        // lines, not a flood (a loop that prints forever still reaches the cap within a second).
        limits.outputCap = max(limits.outputCap, 1 << 20)
        limits.stopAtFirstReport = attendeeWaiting
        limits.catchTraps = true
        return limits
    }
}
