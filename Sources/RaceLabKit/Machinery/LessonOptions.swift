import Foundation

/// What `lessonN [page] [--speed N] [--step] [--list] [--schedule S]` asked for.
public struct LessonOptions: Equatable, Sendable {
    public var page: Int?
    public var speed = 1.0
    public var listPages = false
    public var help = false
    /// Presenter mode: wait for Enter before each page (when stdin is a terminal).
    public var step = false
    /// `--seed S`: the scenario an exercise's driver plays (`Scenario`); nil: a fresh one.
    public var seed: UInt64?
    /// `--schedule S`: on a page that explores schedules, replay this one (`Explorer`), e.g. AABBBA.
    public var schedule: String?

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the command line and `RACELAB_SPEED`; an option on the command line wins.
    public static func parse(
        _ arguments: [String], environment: [String: String], pageCount: Int
    ) throws -> LessonOptions {
        var options = LessonOptions()
        if let text = environment["RACELAB_SPEED"], !text.isEmpty {
            options.speed = try speed(text, from: "RACELAB_SPEED")
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--speed", "-s":
                guard let value = rest.popFirst() else {
                    throw Problem(description: "--speed needs a number, e.g. --speed 4")
                }
                options.speed = try speed(value, from: "--speed")
            case _ where argument.hasPrefix("--speed="):
                options.speed = try speed(String(argument.dropFirst(8)), from: "--speed")
            case "--seed":
                guard let value = rest.popFirst() else {
                    throw Problem(description: "--seed needs a whole number, e.g. --seed 4711")
                }
                guard let seed = UInt64(value), seed > 0 else {
                    throw Problem(description: "--seed must be a whole number from 1 (got '\(value)')")
                }
                options.seed = seed
            case "--schedule":
                guard let value = rest.popFirst(), !value.hasPrefix("-"), !value.filter({ $0 != " " }).isEmpty else {
                    throw Problem(description: "--schedule needs a schedule, a letter per step, e.g. --schedule AABBBA")
                }
                do { _ = try Explorer.parse(value) } catch { throw Problem(description: "--schedule: \(error)") }
                options.schedule = value
            case "--list":
                options.listPages = true
            case "--step":
                options.step = true
            case "--help", "-h":
                options.help = true
            default:
                guard let page = Int(argument) else {
                    throw Problem(description: "unknown argument '\(argument)'; try --help")
                }
                guard (1...pageCount).contains(page) else {
                    throw Problem(description: "there is no page \(page): this lesson has pages 1–\(pageCount)")
                }
                options.page = page
            }
        }
        return options
    }

    private static func speed(_ text: String, from source: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0.1, value <= 100 else {
            throw Problem(description: "\(source) must be a number from 0.1 to 100 (got '\(text)')")
        }
        return value
    }
}
