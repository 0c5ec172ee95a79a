import Foundation

/// What `racelab stress` and `racelab check` run: a lesson (every page), one page, or (stress only) an
/// exercise (its solution, which must pass, and its starter and wrong fixes, which must fail as documented).
public enum Target: Equatable, CustomStringConvertible {
    case lesson(Int, page: Int?)
    case exercise(Int)

    /// `3`, `3:2`, `exercise 3`: the words after the run count.
    public static func parse(_ words: [String]) throws -> [Target] {
        var targets: [Target] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "exercise" {
                guard let next = rest.popFirst(), let number = Int(next) else {
                    throw Workspace.Problem(
                        description: "'exercise' needs its number, e.g. racelab stress 20 exercise 3")
                }
                targets.append(.exercise(number))
                continue
            }
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let lesson = Int(parts[0]) else {
                throw Workspace.Problem(
                    description: "'\(word)' is not a target: a lesson (3), a page (3:2) or an exercise (exercise 3)")
            }
            if parts.count == 2 {
                guard let page = Int(parts[1]) else {
                    throw Workspace.Problem(description: "'\(word)': a page is a number, e.g. 3:2")
                }
                targets.append(.lesson(lesson, page: page))
            } else {
                targets.append(.lesson(lesson, page: nil))
            }
        }
        return targets
    }

    public var description: String {
        switch self {
        case .lesson(let lesson, nil): return "lesson \(lesson)"
        case .lesson(let lesson, let page?): return "lesson \(lesson) page \(page)"
        case .exercise(let number): return "exercise \(number)"
        }
    }
}
