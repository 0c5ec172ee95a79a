import Foundation
import RaceLabContract

/// `racelab explore N`: every schedule of a small scenario, played through the attendee's own file
/// by the schedule explorer. The file is compiled as it is, beside the exercise's scenario
/// (`Exercise/Referee/Explore/main.swift`) and typealiases that make its locks and queues the
/// explorable ones (`ExploredCode` in RaceLabKit), against the TSan build's library.
extension Runner {
    /// Explores exercise `number`'s scenario through the attendee's files (or, for maintainers, a
    /// variant's: `fixture` names `Starter`, `Solution` or a wrong fix). `replay`: `--schedule S`, passed
    /// to the scenario, which draws that one schedule. Its exit status: 0 when every schedule was right,
    /// 1 when one went wrong (or a replay was played), 2 when the file could not be explored.
    public func explore(_ number: Int, fixture: String? = nil, replay: [String] = []) throws -> Int32 {
        let exercise = try workspace.exercise(number)
        let scenario = "\(exercise.referee)/Explore/main.swift"
        guard FileManager.default.fileExists(atPath: "\(workspace.root)/\(scenario)") else {
            let explorable = workspace.lessons.compactMap(\.exercise).filter {
                FileManager.default.fileExists(atPath: "\(workspace.root)/\($0.referee)/Explore/main.swift")
            }.map { String($0.number) }
            print(
                "Exercise \(number) has no scenario for the schedule explorer; \(explorable.count == 1 ? "exercise" : "exercises") \(explorable.joined(separator: " and ")) \(explorable.count == 1 ? "has one" : "have one"). Its driver and ThreadSanitizer judge it: swift run racelab exercise \(number)"
            )
            return 2
        }
        let folder = try fixtureFolder(fixture, of: exercise)
        let texts = attendeeTexts(exercise, folder: folder)
        guard !texts.isEmpty else {
            print("No file of exercise \(number) to explore in \(folder).")
            return 2
        }
        switch ExploredPrimitives.judge(texts) {
        case .unknown(let uses):
            print("The explorer does not know what your code waits with, so it cannot play its schedules:")
            for use in uses { print("  - \(use)") }
            print(
                "It knows NSLock, NSRecursiveLock and DispatchQueue (sync, async, barriers). Your code is judged by the driver and ThreadSanitizer: swift run racelab exercise \(number)"
            )
            return 2
        case .nothing:
            print(
                "Your file takes no lock and uses no queue: the explorer lets another thread in only at the points it has (a delay)."
            )
        case .explorable: break
        }
        guard let bin = try buildAll([exercise.product]) else { return 2 }
        let program = "\(bin)/explore/exercise\(number)\(fixture.map { "-\($0)" } ?? "")"
        guard compileExplored(number, texts: texts, scenario: scenario, bin: bin, into: program) else { return 2 }
        let ran = runProcess(
            program, arguments: ["1"] + replay,
            environment: Self.exploreEnvironment.merging(
                [
                    replayCommandVariable: "swift run racelab explore \(number)"
                        + (fixture.map { " --fixture \($0)" } ?? "")
                ]
            ) { $1 },
            timeout: Self.exploreTimeout,
            outputCap: limits.outputCap, onStdout: { FileHandle.standardOutput.write($0) })
        if ran.timedOut { print("The exploration took more than \(Int(Self.exploreTimeout)) s and was stopped.") }
        if !ran.stderr.isEmpty, ran.ending != .exited(0) {
            for line in ran.stderr.split(separator: "\n").prefix(20) { print("  " + line) }
        }
        let allRight = ran.succeeded && ran.stdout.contains(ExploredAllRight.words)
        if allRight {
            print(
                "The explorer plays interleavings at its points only: whether two threads touch the same memory at once between them is ThreadSanitizer's to say (swift run racelab exercise \(number))."
            )
        }
        return allRight ? 0 : ran.succeeded || ran.ending == .exited(1) ? 1 : 2
    }

    /// The folder of the files to explore: the attendee's, or a variant's.
    func fixtureFolder(_ fixture: String?, of exercise: ExerciseInfo) throws -> String {
        guard let fixture else { return exercise.folder }
        let folder = ["Starter", "Solution"].contains(fixture) ? fixture : "WrongFixes/\(fixture)"
        guard FileManager.default.fileExists(atPath: "\(workspace.root)/\(exercise.referee)/\(folder)") else {
            throw Workspace.Problem(
                description:
                    "exercise \(exercise.number) has no fixture '\(fixture)' (Starter, Solution, or a folder of \(exercise.referee)/WrongFixes)"
            )
        }
        return "\(exercise.referee)/\(folder)"
    }

    /// A page's environment, its lines printed as they are (the runner shows them, reading nothing).
    static var exploreEnvironment: [String: String] {
        var environment = runEnvironment()
        environment.removeValue(forKey: "RACELAB_MARK_LINES")
        return environment
    }

    /// How long an exploration may run, real seconds.
    static let exploreTimeout = 300.0

    /// Compiles the explored program with the toolchain's `swiftc`, against the TSan build in `bin`;
    /// false after printing what went wrong.
    func compileExplored(
        _ number: Int, texts: [(path: String, text: String)], scenario: String, bin: String, into program: String
    )
        -> Bool
    {
        let work = "\(bin)/explore/exercise\(number)-sources"
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let aliases = "\(work)/ExplorablePrimitives.swift"
        try? ExploredPrimitives.aliases.write(toFile: aliases, atomically: true, encoding: .utf8)
        let support = "Lesson\(number)Support"
        let objects = ["RaceLabKit", "RaceLabContract", "RaceLabAtomics", support].flatMap { module -> [String] in
            let folder = "\(bin)/\(module).build"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".o") }
                .map { "\(folder)/\($0)" }
        }
        let arguments =
            [
                "swiftc", "-sanitize=thread", "-swift-version", number >= 12 ? "6" : "5", "-module-name",
                "Explored\(number)", "-I", "\(bin)/Modules", "-Xcc",
                "-fmodule-map-file=\(bin)/RaceLabAtomics.build/module.modulemap", "-o", program,
            ] + texts.map { "\(workspace.root)/\($0.path)" } + [aliases, "\(workspace.root)/\(scenario)"] + objects
        print(
            "Compiling your \(texts.map { ($0.path as NSString).lastPathComponent }.joined(separator: ", ")) for the explorer …"
        )
        let result = runProcess("/usr/bin/env", arguments: arguments, timeout: 300, outputCap: 1 << 20)
        guard case .exited(0) = result.ending else {
            print("It did not compile for the explorer:")
            let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }.prefix(10)
            for line in errors.isEmpty ? result.stderr.split(separator: "\n").suffix(10) : errors {
                print("  " + line.replacingOccurrences(of: workspace.root + "/", with: ""))
            }
            return false
        }
        return true
    }
}

/// What the attendee's code waits with, as far as the explorer is concerned.
enum ExploredPrimitives {
    enum Judgement: Equatable {
        /// Only what the explorer knows, and some of it.
        case explorable
        /// What the explorer does not know, each with where it is used.
        case unknown([String])
        /// No lock or queue at all.
        case nothing
    }

    /// The typealiases compiled beside the attendee's file: a type of its own module shadows
    /// Foundation's and Dispatch's, so `NSLock()` makes an explorable lock, unchanged.
    static let aliases = """
        // Made by racelab explore: the explorable locks and queues stand in for Foundation's and Dispatch's.
        import RaceLabKit
        typealias NSLock = ExplorableNSLock
        typealias NSRecursiveLock = ExplorableRecursiveLock
        typealias NSLocking = ExplorableLocking
        typealias DispatchQueue = ExplorableDispatchQueue

        """

    /// Known to the explorer.
    static let known = ["NSLock", "NSRecursiveLock", "NSLocking", "DispatchQueue"]
    /// Ways of waiting it does not play (yet), and a queue it does not have.
    static let unknown = [
        "DispatchSemaphore", "DispatchGroup", "NSCondition", "NSConditionLock", "Mutex", "OSAllocatedUnfairLock",
        "os_unfair_lock", "pthread_mutex", "pthread_rwlock", "Atomic", "ManagedAtomic", "DispatchWorkItem",
        "OperationQueue", "Thread", "actor", "Task", "async let", "withTaskGroup", "withThrowingTaskGroup",
        "DispatchQueue.main", "main.async", "main.sync", "asyncAfter", "concurrentPerform",
    ]

    static func judge(_ texts: [(path: String, text: String)]) -> Judgement {
        var uses: [String] = []
        var knows = false
        for (path, text) in texts {
            for (index, line) in Runner.codeLines(text).enumerated() {
                if let word = unknown.first(where: { names($0, in: line) }) {
                    uses.append("`\(word)` at \((path as NSString).lastPathComponent):\(index + 1)")
                } else if known.contains(where: { names($0, in: line) }) {
                    knows = true
                }
            }
        }
        if !uses.isEmpty { return .unknown(uses) }
        return knows ? .explorable : .nothing
    }
}
