import Foundation

/// Which options each command takes: anything else on its command line is an error, never ignored.
private let optionsTaken: [String: Set<String>] = [
    "check": ["--speed", "--jobs", "--must-fail"], "verify": ["--speed", "--jobs", "--seed", "--verdicts"],
    "stress": ["--speed", "--jobs", "--seed"],
    "exercise": ["--speed", "--seed"], "watch": ["--speed", "--seed"], "page": ["--speed"], "reset": ["--yes"],
    "tsan": ["--speed", "--raw"], "explore": ["--schedule", "--fixture", "--briefly"], "hint": [], "list": [],
    "portability": [],
    "help": [], "--help": [], "-h": [],
]

/// Parses `racelab`'s command line and runs the command; returns the exit status.
public func racelabMain(_ arguments: [String], directory: String = FileManager.default.currentDirectoryPath) -> Int32 {
    var line = CommandLineWords(arguments)
    let speedGiven: Double?
    let jobs: Int
    let mustFail: [ExpectedFailure]?
    let seed: UInt64?
    let schedule: String?
    let fixture: String?
    do {
        speedGiven = try line.value(
            "--speed", { Double($0).flatMap { (0.1...100).contains($0) ? $0 : nil } },
            else: "--speed needs a number from 0.1 to 100")
        jobs =
            try line.value(
                "--jobs", { Int($0).flatMap { (1...16).contains($0) ? $0 : nil } },
                else: "--jobs needs a whole number from 1 to 16") ?? defaultJobs
        mustFail = try line.value(
            "--must-fail", ExpectedFailure.list,
            else: "--must-fail needs how the page must fail: \(ExpectedFailure.syntax)")
        seed = try line.value(
            "--seed", { UInt64($0).flatMap { $0 >= 1 ? $0 : nil } },
            else: "--seed needs the whole number a verdict named, e.g. --seed 4711")
        schedule = try line.value(
            "--schedule", { $0.allSatisfy(\.isLetter) && !$0.isEmpty ? $0 : nil },
            else: "--schedule needs the letters of a schedule, e.g. --schedule AABAB")
        fixture = try line.value("--fixture", { $0.isEmpty ? nil : $0 }, else: "--fixture needs a fixture's name")
    } catch {
        return usageError("\(error)")
    }
    let confirmed = line.flag("--yes")
    let raw = line.flag("--raw")
    let showVerdicts = line.flag("--verdicts")
    let briefly = line.flag("--briefly")
    // A page an attendee watches plays as `swift run lessonN` plays it; checks run faster.
    let speed = speedGiven ?? (line.words.first == "tsan" ? 1 : 4)
    let speedIsExplicit = speedGiven != nil
    let words = line.words
    let given = line.given
    guard let command = words.first else {
        // `racelab` alone leads the attendee through the exercises.
        if let unused = given.first(where: { !["--speed", "--seed"].contains($0) }) {
            return usageError("racelab alone does not take \(unused)")
        }
        do {
            let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
            runner.speedIsExplicit = speedIsExplicit
            runner.seed = seed
            runner.buildProgress = BuildProgress.onStandardOutput
            try runner.lead()
            return 0
        } catch {
            FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
            return 2
        }
    }
    guard let taken = optionsTaken[command] ?? (command == "stress" ? [] : nil) else {
        let commands = optionsTaken.keys.filter { !$0.hasPrefix("-") }.sorted()
        if let meant = nearestCommand(to: command, among: commands) {
            FileHandle.standardError.write(
                Data(
                    "racelab: unknown command '\(command)': did you mean '\(meant)'? (racelab help lists them)\n".utf8)
            )
            return 2
        }
        return usageError("unknown command '\(command)'")
    }
    if let unused = given.first(where: { !taken.contains($0) }) {
        return usageError("\(command) does not take \(unused)")
    }
    if command != "page", let unknown = words.dropFirst().first(where: { $0.hasPrefix("--") }) {
        return usageError("\(command): unknown option \(unknown)")
    }
    /// The runner the options ask for (an option a command does not take was refused above).
    func runner() throws -> Runner {
        let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
        runner.speedIsExplicit = speedIsExplicit
        runner.jobs = jobs
        runner.seed = seed
        runner.showsVerdicts = showVerdicts
        return runner
    }
    /// Runs a command; a problem it throws (no package here, a target that does not exist) exits 2.
    func exitStatus(_ command: () throws -> Int32) -> Int32 {
        do {
            return try command()
        } catch {
            FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
            return 2
        }
    }
    if command == "check" {
        return exitStatus { try runner().check(try Target.parse(Array(words.dropFirst())), mustFail: mustFail) ? 0 : 1 }
    }
    if command == "stress" {
        var rest = Array(words.dropFirst())
        var runs = 20
        if let first = rest.first, let number = Int(first) {
            guard number >= 1, number <= 10_000 else {
                return usageError("stress: the number of runs is from 1 to 10000")
            }
            runs = number
            rest.removeFirst()
        }
        return exitStatus { try runner().stress(runs, try Target.parse(rest)) ? 0 : 1 }
    }
    if command == "tsan" {
        let targets: [Target]
        do { targets = try Target.parse(Array(words.dropFirst())) } catch { return usageError("\(error)") }
        guard targets.count == 1, case .lesson = targets[0] else {
            return usageError("tsan takes one lesson page, e.g. racelab tsan 3:2")
        }
        return exitStatus {
            let runner = try runner()
            runner.buildProgress = BuildProgress.onStandardOutput
            return try runner.tsan(targets[0], raw: raw) ? 0 : 1
        }
    }
    if command == "page" {
        guard words.count >= 3 else {
            return usageError(
                "page takes a program and its transcript, e.g. racelab page .build-tsan/debug/lesson3 Lessons/03-thread-safety/transcripts/page2.txt 2"
            )
        }
        return exitStatus {
            try runner().page(
                words[1], transcript: words[2], arguments: Array(words.dropFirst(3)), directory: directory) ? 0 : 1
        }
    }
    let numbers = words.dropFirst().map { Int($0) }
    guard !numbers.contains(nil) else {
        return usageError("'\(words.dropFirst().joined(separator: " "))': lesson numbers are whole numbers, e.g. 3")
    }
    let lessons = numbers.compactMap { $0 }
    switch command {
    case "list", "portability", "help", "--help", "-h":
        guard lessons.isEmpty else { return usageError("\(command) takes no lesson numbers") }
    case "exercise", "hint", "reset", "watch", "explore":
        guard lessons.count == 1 else {
            return usageError("\(command) takes one exercise number, e.g. racelab \(command) 3")
        }
    default: break
    }
    if ["help", "--help", "-h"].contains(command) {
        Swift.print(usage)
        return 0
    }
    return exitStatus {
        let runner = try runner()
        if ["exercise", "watch"].contains(command) { runner.buildProgress = BuildProgress.onStandardOutput }
        switch command {
        case "verify": return try runner.verify(lessons) ? 0 : 1
        case "list":
            runner.list()
            return 0
        case "portability": return runner.portability() ? 0 : 1
        case "exercise": return try runner.exercise(lessons[0]) ? 0 : 1
        case "watch": try runner.watch(lessons[0])
        case "explore":
            if briefly { return try runner.exploreBriefly(lessons[0], fixture: fixture) }
            return try runner.explore(lessons[0], fixture: fixture, replay: schedule.map { ["--schedule", $0] } ?? [])
        case "hint":
            try runner.hint(lessons[0])
            return 0
        default: return try runner.reset(lessons[0], confirmed: confirmed, ask: { readLine() }) ? 0 : 1
        }
    }
}

/// The command line's words, from which options are taken, each at most once, before the command runs.
private struct CommandLineWords {
    private(set) var words: [String]
    /// The options taken, to check that the command takes them.
    private(set) var given: [String] = []
    /// `page` passes what follows its program and transcript to the program: options count before them only.
    private let optionsEnd: Int

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) {
        words = arguments
        optionsEnd = arguments.first == "page" ? min(arguments.count, 3) : arguments.count
    }

    /// Takes `name` and the value after it; nil when it is not given. Throws `message` when the value
    /// is missing or does not parse.
    mutating func value<T>(_ name: String, _ parse: (String) -> T?, else message: String) throws -> T? {
        guard let index = words[..<min(optionsEnd, words.count)].firstIndex(of: name) else { return nil }
        guard index + 1 < words.count, let value = parse(words[index + 1]) else { throw Problem(description: message) }
        words.removeSubrange(index...index + 1)
        given.append(name)
        return value
    }

    /// Takes the option `name`, which has no value; whether it was given.
    mutating func flag(_ name: String) -> Bool {
        guard let index = words[..<min(optionsEnd, words.count)].firstIndex(of: name) else { return false }
        words.remove(at: index)
        given.append(name)
        return true
    }
}
