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
        guard let (scenario, kind) = scenario(of: exercise) else {
            let explorable = workspace.lessons.compactMap(\.exercise).filter {
                scenario(of: $0) != nil
            }.map { String($0.number) }
            print(
                "Exercise \(number) has no scenario for the schedule explorer; \(explorable.count == 1 ? "exercise" : "exercises") \(explorable.dropLast().joined(separator: ", "))\(explorable.count > 1 ? " and " : "")\(explorable.last ?? "") \(explorable.count == 1 ? "has one" : "have one"). Its driver and ThreadSanitizer judge it: swift run racelab exercise \(number)"
            )
            return 2
        }
        let folder = try fixtureFolder(fixture, of: exercise)
        let texts = attendeeTexts(exercise, folder: folder)
        guard !texts.isEmpty else {
            print("No file of exercise \(number) to explore in \(folder).")
            return 2
        }
        switch ExploredPrimitives.judge(texts, kind: kind) {
        case .unknown(let uses):
            print("The explorer does not know what your code waits with, so it cannot play its schedules:")
            for use in uses { print("  - \(use)") }
            print(
                "It knows \(kind.knows). Your code is judged by the driver and ThreadSanitizer: swift run racelab exercise \(number)"
            )
            return 2
        case .nothing:
            print(
                "Your file takes no lock and uses no queue: the explorer can let another thread in only where the exercise's own code pauses, if it does."
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
        // A scenario in parts is wrong when any part found a wrong schedule, right when every part was.
        let someWrong = ran.succeeded && ran.stdout.contains(ExploredAllRight.someWrong)
        let allRight = ran.succeeded && ran.stdout.contains(ExploredAllRight.words) && !someWrong
        if allRight { print(kind.notPlayed(number)) }
        // Nothing judged: the explorer could not go on, or had no point to play at.
        if !someWrong,
            ran.stdout.contains(ExploredAllRight.stopped) || ran.stdout.contains(ExploredAllRight.nothingPlayed)
        {
            print(
                "So the explorer cannot judge this code: the driver and ThreadSanitizer do (swift run racelab exercise \(number))."
            )
            return 2
        }
        return allRight ? 0 : ran.succeeded || ran.ending == .exited(1) ? 1 : 2
    }

    /// `racelab explore N --briefly`: what `racelab exercise N` adds to a verdict ThreadSanitizer saw
    /// nothing in, for the attendee's files or a `fixture`'s. Exit status 1 when a schedule went wrong,
    /// 0 when none did (with as many preemptions as it played: `ExploredBriefly.playedMark`), 2 when the files
    /// could not be explored.
    public func exploreBriefly(_ number: Int, fixture: String? = nil) throws -> Int32 {
        let exercise = try workspace.exercise(number)
        let folder = try fixtureFolder(fixture, of: exercise)
        guard let bin = try buildAll([exercise.product]) else { return 2 }
        let told = exploredBriefly(exercise, folder: folder, bin: bin)
        switch told {
        case .found(let lines):
            for line in lines { print(line) }
            return 1
        case .allRight(let preemptions):
            print(
                "No schedule of the scenario with \(ExploredBriefly.atMost(preemptions)) goes wrong: a verdict adds nothing."
            )
            return 0
        case .notExplored(let why), .couldNotPlay(let why):
            print("Not explored: \(why).")
            return 2
        }
    }

    /// What a brief exploration told.
    enum ToldBriefly: Equatable {
        case found([String])
        /// No schedule with at most `preemptions` went wrong.
        case allRight(preemptions: Int)
        /// Not for the explorer: no scenario, or files that wait with what it does not play.
        case notExplored(String)
        /// Files it should have played and could not: they did not compile for it, or it could not go on.
        case couldNotPlay(String)

        var lines: [String] { if case .found(let lines) = self { lines } else { [] } }
    }

    /// For a failed check ThreadSanitizer saw nothing in: the simplest wrong schedule the explorer finds
    /// through the attendee's files (`folder`: theirs, or a variant's), with at most one preemption (two in
    /// a small scenario, `exploreTheirCode(brieflyUpTo:)`), in
    /// a few lines; nothing when the exercise has no scenario, the files wait with what the explorer
    /// does not know, they do not compile for it, or no such schedule goes wrong.
    func exploredBriefly(_ exercise: ExerciseInfo, folder: String, bin: String) -> ToldBriefly {
        guard let (scenario, kind) = scenario(of: exercise) else {
            return .notExplored("exercise \(exercise.number) has no scenario for the explorer")
        }
        let texts = attendeeTexts(exercise, folder: folder)
        guard !texts.isEmpty else { return .notExplored("no file to explore in \(folder)") }
        guard ExploredPrimitives.judge(texts, kind: kind) == .explorable else {
            return .notExplored("the files take no lock the explorer plays, or wait with what it does not know")
        }
        let ticker = buildProgress?()
        ticker?.start("playing your code's schedules through the explorer")
        defer { ticker?.finish() }
        // One program for each folder: `verify` explores several variants side by side.
        var folderHash = FNV1a()
        folderHash.add(folder.utf8)
        let program = "\(bin)/explore/exercise\(exercise.number)-briefly-\(folderHash.hex)"
        guard compileExplored(exercise.number, texts: texts, scenario: scenario, bin: bin, into: program, quiet: true)
        else { return .couldNotPlay("the files did not compile for the explorer") }
        let ran = runProcess(
            program, arguments: ["1"],
            environment: Self.exploreEnvironment.merging([ExploredBriefly.variable: "1"]) { $1 },
            timeout: Self.exploreTimeout, outputCap: limits.outputCap)
        let printed = ran.stdout.split(separator: "\n")
        let lines = printed.compactMap { line -> String? in
            line.hasPrefix(ExploredBriefly.mark) ? String(line.dropFirst(ExploredBriefly.mark.count)) : nil
        }
        // A part of the scenario that found a wrong schedule tells, whatever another part did.
        guard ran.succeeded, !lines.isEmpty || !ran.stdout.contains(ExploredAllRight.stopped) else {
            // Its own words where it stopped ("no wrong schedule in the first 600 it ran"), not the process's.
            let stopped = printed.last { $0.hasPrefix(ExploredAllRight.stopped) }.map {
                "it stopped, \($0.dropFirst(ExploredAllRight.stopped.count))"
            }
            return .couldNotPlay(
                ran.succeeded ? stopped ?? "the explorer could not go on" : "the exploration ended \(ran.ending)")
        }
        guard !lines.isEmpty else {
            let played = printed.lazy.compactMap { line -> Int? in
                line.hasPrefix(ExploredBriefly.playedMark)
                    ? Int(line.dropFirst(ExploredBriefly.playedMark.count)) : nil
            }.last
            return .allRight(preemptions: played ?? ExploredBriefly.preemptionBound)
        }
        return .found(
            lines + ["  Drawn step by step, each step with its line: swift run racelab explore \(exercise.number)"])
    }

    /// The exercise's scenario for the explorer (`Exercise/Referee/Explore/main.swift`), and whether it
    /// plays threads or tasks; nil when it has none.
    func scenario(of exercise: ExerciseInfo) -> (path: String, kind: ExploredPrimitives.Kind)? {
        let path = "\(exercise.referee)/Explore/main.swift"
        guard let text = try? String(contentsOfFile: "\(workspace.root)/\(path)", encoding: .utf8) else { return nil }
        return (path, ExploredPrimitives.Kind(scenario: text))
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
        _ number: Int, texts: [(path: String, text: String)], scenario: String, bin: String, into program: String,
        quiet: Bool = false
    )
        -> Bool
    {
        let work = "\(program)-sources"
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let aliases = "\(work)/ExplorablePrimitives.swift"
        try? ExploredPrimitives.aliases.write(toFile: aliases, atomically: true, encoding: .utf8)
        let support = "Lesson\(number)Support"
        let objects = ["RaceLabKit", "RaceLabContract", "RaceLabAtomics", support].flatMap {
            Self.objects(of: $0, bin: bin)
        }
        let arguments =
            [
                "swiftc", "-sanitize=thread", "-swift-version", number >= 12 ? "6" : "5", "-module-name",
                "Explored\(number)", "-I", "\(bin)/Modules", "-Xcc",
                "-fmodule-map-file=\(bin)/RaceLabAtomics.build/module.modulemap", "-o", program,
            ] + texts.map { "\(workspace.root)/\($0.path)" } + [aliases, "\(workspace.root)/\(scenario)"] + objects
        if !quiet {
            print(
                "Compiling your \(texts.map { ($0.path as NSString).lastPathComponent }.joined(separator: ", ")) for the explorer …"
            )
        }
        let result = runProcess("/usr/bin/env", arguments: arguments, timeout: 300, outputCap: 1 << 20)
        guard case .exited(0) = result.ending else {
            if quiet { return false }
            print("It did not compile for the explorer:")
            let errors = Builder.errors(in: result.stderr).map {
                $0.replacingOccurrences(of: workspace.root + "/", with: "")
            }
            for line in Self.compileErrorsShown(errors, yours: texts.map(\.path)) { print(line) }
            if errors.isEmpty { print(indent(String(result.stderr.suffix(3000)))) }
            return false
        }
        return true
    }
}

extension Runner {
    /// The object files of `module`'s build in `bin`, to link an explored program with: for a Swift
    /// module, those its output file map names (SwiftPM writes it anew with each build of the module, so
    /// the object of a source since deleted, left in the folder, is not linked); else every object in
    /// the folder.
    static func objects(of module: String, bin: String) -> [String] {
        let folder = "\(bin)/\(module).build"
        if let data = FileManager.default.contents(atPath: "\(folder)/output-file-map.json"),
            let map = try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]]
        {
            return map.values.compactMap { $0["object"] }.sorted()
        }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".o") }
            .sorted().map { "\(folder)/\($0)" }
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
        // Made by racelab explore: the explorable locks and queues stand in for Foundation's, Dispatch's,
        // Synchronization's and RaceLabKit's, and a task whose waiters each go on at a point for Swift's.
        import RaceLabKit
        typealias NSLock = ExplorableNSLock
        typealias NSRecursiveLock = ExplorableRecursiveLock
        typealias NSLocking = ExplorableLocking
        typealias DispatchQueue = ExplorableDispatchQueue
        typealias DispatchGroup = ExplorableDispatchGroup
        typealias DispatchSemaphore = ExplorableSemaphore
        typealias Mutex<Value> = ExplorableMutex<Value>
        typealias Locked<Value> = ExplorableLocked<Value>
        typealias Task<Success: Sendable, Failure: Error> = ExplorableTask<Success, Failure>

        """

    /// What a scenario runs the attendee's code on: threads (`exploreTheirCode`), whose points are locks
    /// and queue blocks, or tasks (`exploreTheirTasks`), whose points are the scenario's awaits.
    enum Kind {
        case threads, tasks

        init(scenario text: String) { self = text.contains("exploreTheirTasks") ? .tasks : .threads }

        /// What an all-right exploration did not play, and who judges it.
        func notPlayed(_ number: Int) -> String {
            switch self {
            case .threads:
                "The explorer plays interleavings at its points only: whether two threads touch the same memory at once between them is ThreadSanitizer's to say (swift run racelab exercise \(number))."
            case .tasks:
                "The explorer lets another task in only at the points it named: an await elsewhere (on another actor, a continuation) runs on without one, so a fault there is the driver's to find, and a data race ThreadSanitizer's (swift run racelab exercise \(number))."
            }
        }

        /// What the explorer plays, as the attendee is told when their code uses something else.
        var knows: String {
            switch self {
            case .threads:
                "NSLock, NSRecursiveLock, Mutex, Locked, DispatchSemaphore, DispatchGroup and DispatchQueue (sync, async, barriers, the main queue)"
            case .tasks:
                "actors, async functions, Task and task groups on the explorer's executor, and NSLock, NSRecursiveLock, Mutex and Locked"
            }
        }
    }

    /// Known to the explorer.
    static let known = [
        "NSLock", "NSRecursiveLock", "NSLocking", "DispatchQueue", "DispatchSemaphore", "DispatchGroup", "Mutex",
        "Locked",
    ]
    /// What tasks may not use in the explorer: ways of waiting it does not play, and what runs away
    /// from its executor (the main actor, a queue or a thread, real time). A detached task is played:
    /// its jobs are global ones, and `ExplorableTask.detached` gives it the run's task-locals.
    static let unknownToTasks = [
        "DispatchSemaphore", "DispatchGroup", "NSCondition", "NSConditionLock", "MainActor", "Task.sleep", "Task.yield",
        "DispatchQueue", "Thread", "OperationQueue", "asyncAfter", "ContinuousClock",
    ]
    /// Ways of waiting it does not play (yet), and a queue it does not have.
    static let unknown = [
        "NSCondition", "NSConditionLock", "OSAllocatedUnfairLock",
        "os_unfair_lock", "pthread_mutex", "pthread_rwlock", "Atomic", "ManagedAtomic", "DispatchWorkItem",
        "OperationQueue", "Thread", "actor", "Task", "async let", "withTaskGroup", "withThrowingTaskGroup",
        "asyncAfter", "concurrentPerform", "DispatchSource",
        // The explorer's threads are not the main thread: a check for it would trap there.
        "dispatchPrecondition", "isMainThread",
    ]

    static func judge(_ texts: [(path: String, text: String)], kind: Kind = .threads) -> Judgement {
        var uses: [String] = []
        var knows = kind == .tasks  // every await of the scenario's is a point
        for (path, text) in texts {
            for (index, line) in Runner.codeLines(text).enumerated() {
                if let word = (kind == .tasks ? unknownToTasks : unknown).first(where: { names($0, in: line) }) {
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
