import Foundation

/// Which options each command takes: anything else on its command line is an error, never ignored.
private let optionsTaken: [String: Set<String>] = [
    "check": ["--speed", "--jobs", "--must-fail"], "verify": ["--speed", "--jobs", "--seed"], "stress": ["--speed", "--jobs", "--seed"],
    "exercise": ["--speed", "--seed"], "watch": ["--speed", "--seed"], "page": ["--speed"], "reset": ["--yes"],
    "hint": [], "list": [], "help": [], "--help": [], "-h": [],
]

/// Parses `racelab`'s command line and runs the command; returns the exit status.
public func racelabMain(_ arguments: [String], directory: String = FileManager.default.currentDirectoryPath) -> Int32 {
    var words = arguments
    var speed = 4.0
    var speedIsExplicit = false
    var confirmed = false
    var given: [String] = []
    // `page` passes what follows its program and transcript to the program: options count before them only.
    let optionsEnd = words.first == "page" ? min(words.count, 3) : words.count
    if let index = words[..<optionsEnd].firstIndex(of: "--speed") {
        guard index + 1 < words.count, let value = Double(words[index + 1]), value >= 0.1, value <= 100 else {
            return usageError("--speed needs a number from 0.1 to 100")
        }
        speed = value
        speedIsExplicit = true
        words.removeSubrange(index...index + 1)
        given.append("--speed")
    }
    var jobs = defaultJobs
    if let index = words[..<min(optionsEnd, words.count)].firstIndex(of: "--jobs") {
        guard index + 1 < words.count, let value = Int(words[index + 1]), value >= 1, value <= 16 else {
            return usageError("--jobs needs a whole number from 1 to 16")
        }
        jobs = value
        words.removeSubrange(index...index + 1)
        given.append("--jobs")
    }
    var mustFail: [ExpectedFailure]?
    if let index = words[..<min(optionsEnd, words.count)].firstIndex(of: "--must-fail") {
        guard index + 1 < words.count, let value = ExpectedFailure.list(words[index + 1]) else {
            return usageError("--must-fail needs how the page must fail: \(ExpectedFailure.syntax)")
        }
        mustFail = value
        words.removeSubrange(index...index + 1)
        given.append("--must-fail")
    }
    var seed: UInt64?
    if let index = words[..<min(optionsEnd, words.count)].firstIndex(of: "--seed") {
        guard index + 1 < words.count, let value = UInt64(words[index + 1]), value >= 1 else {
            return usageError("--seed needs the whole number a verdict named, e.g. --seed 4711")
        }
        seed = value
        words.removeSubrange(index...index + 1)
        given.append("--seed")
    }
    if let index = words[..<min(optionsEnd, words.count)].firstIndex(of: "--yes") {
        confirmed = true
        words.remove(at: index)
        given.append("--yes")
    }
    guard let command = words.first else {
        Swift.print(usage)
        return 2
    }
    guard let taken = optionsTaken[command] ?? (command == "stress" ? [] : nil) else {
        return usageError("unknown command '\(command)'")
    }
    if let unused = given.first(where: { !taken.contains($0) }) {
        return usageError("\(command) does not take \(unused)")
    }
    if command != "page", let unknown = words.dropFirst().first(where: { $0.hasPrefix("--") }) {
        return usageError("\(command): unknown option \(unknown)")
    }
    if command == "check" {
        do {
            let targets = try Target.parse(Array(words.dropFirst()))
            let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
            runner.speedIsExplicit = speedIsExplicit
            runner.jobs = jobs
            return try runner.check(targets, mustFail: mustFail) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
            return 2
        }
    }
    if command == "stress" {
        var rest = Array(words.dropFirst())
        var runs = 20
        if let first = rest.first, let number = Int(first) {
            guard number >= 1, number <= 10_000 else { return usageError("stress: the number of runs is from 1 to 10000") }
            runs = number
            rest.removeFirst()
        }
        do {
            let targets = try Target.parse(rest)
            let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
            runner.speedIsExplicit = speedIsExplicit
            runner.jobs = jobs
            runner.seed = seed
            return try runner.stress(runs, targets) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
            return 2
        }
    }
    if command == "page" {
        guard words.count >= 3 else { return usageError("page takes a program and its transcript, e.g. racelab page .build-tsan/debug/lesson3 Lessons/03-thread-safety/transcripts/page2.txt 2") }
        do {
            let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
            return runner.page(words[1], transcript: words[2], arguments: Array(words.dropFirst(3)), directory: directory) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
            return 2
        }
    }
    let numbers = words.dropFirst().map { Int($0) }
    guard !numbers.contains(nil) else { return usageError("'\(words.dropFirst().joined(separator: " "))': lesson numbers are whole numbers, e.g. 3") }
    let lessons = numbers.compactMap { $0 }
    switch command {
    case "list", "help", "--help", "-h":
        guard lessons.isEmpty else { return usageError("\(command) takes no lesson numbers") }
    case "exercise", "hint", "reset", "watch":
        guard lessons.count == 1 else { return usageError("\(command) takes one exercise number, e.g. racelab \(command) 3") }
    default: break
    }
    if ["help", "--help", "-h"].contains(command) {
        Swift.print(usage)
        return 0
    }
    do {
        let runner = Runner(workspace: try Workspace.find(from: directory), speed: speed)
        runner.speedIsExplicit = speedIsExplicit
        runner.jobs = jobs
        runner.seed = seed
        switch command {
        case "verify": return try runner.verify(lessons) ? 0 : 1
        case "list":
            runner.list()
            return 0
        case "exercise": return try runner.exercise(lessons[0]) ? 0 : 1
        case "watch": try runner.watch(lessons[0])
        case "hint":
            try runner.hint(lessons[0])
            return 0
        default: return try runner.reset(lessons[0], confirmed: confirmed, ask: { readLine() }) ? 0 : 1
        }
    } catch {
        FileHandle.standardError.write(Data("racelab: \(error)\n".utf8))
        return 2
    }
}
