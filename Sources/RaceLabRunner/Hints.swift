import Foundation

extension Runner {
    func hints(_ exercise: ExerciseInfo) -> [String] { keyedHints(exercise).map(\.text) }

    func keyedHints(_ exercise: ExerciseInfo) -> [Hint] {
        parseKeyedHints((try? String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8)) ?? "")
    }

    /// After a failed check, the hint for what it found first, once (hint.md's `for:` lines); else the
    /// next hint the attendee has not seen; once they have seen them all, all of them again.
    public func hint(_ number: Int) throws {
        let exercise = try workspace.exercise(number)
        let keyed = keyedHints(exercise)
        let hints = keyed.map(\.text)
        guard !hints.isEmpty else {
            print("Exercise \(number) has no hints (\(exercise.hint) lists none).")
            return
        }
        let entry = Progress.load(root: workspace.root)[exercise: number]
        let seen = entry.hintsShown
        func show(_ index: Int) {
            print("Hint \(index + 1) of \(hints.count): " + indent(hints[index], by: "  ").dropFirst(2))
        }
        if let failure = entry.lastFailure, entry.keyedHintFor != failure,
            let (index, key) = Self.hintFor(failure, among: keyed)
        {
            print("For what your last check found first (\"\(key)\"):")
            show(index)
            Progress.update(root: workspace.root, print: print) {
                $0[exercise: number].keyedHintFor = failure
                if index == seen { $0[exercise: number].hintsShown = seen + 1 }
            }
            print("")
            print("\(hintAgain) for the next hint in order.")
            return
        }
        if seen >= hints.count {
            for index in hints.indices {
                show(index)
                print("")
            }
            print("That is every hint for exercise \(number).")
            return
        }
        show(seen)
        Progress.update(root: workspace.root, print: print) { $0[exercise: number].hintsShown = seen + 1 }
        print("")
        print(
            seen + 1 < hints.count
                ? "\(hintAgain) for the next hint (\(hints.count - seen - 1) more)."
                : "That was the last hint; \(hintAgain.lowercased()) to see them all.")
    }

    /// The hint for the first line of `failure` that one is for, and the words that matched; where
    /// several are, the one whose words say most (the longest: `Person.name.getter` over `Person.changeName`
    /// in a race between the two).
    static func hintFor(_ failure: String, among hints: [Hint]) -> (Int, String)? {
        for line in failure.split(separator: "\n") {
            let fitting = hints.enumerated().flatMap { index, hint in
                hint.keys.filter { line.range(of: $0, options: .caseInsensitive) != nil }.map { (index, $0) }
            }
            if let best = fitting.max(by: { $0.1.count < $1.1.count }) { return best }
        }
        return nil
    }

    func offerHint(_ exercise: ExerciseInfo) {
        let count = hints(exercise).count
        guard count > 0 else { return }
        let entry = Progress.load(root: workspace.root)[exercise: exercise.number]
        let seen = entry.hintsShown
        let command = "swift run racelab hint \(exercise.number)"
        print("")
        if let failure = entry.lastFailure, entry.keyedHintFor != failure,
            let (index, _) = Self.hintFor(failure, among: keyedHints(exercise))
        {
            print("Stuck? \(command) shows hint \(index + 1) of \(count), the one for what this check found first.")
        } else if seen == 0 {
            print("Stuck? \(command) shows the first of \(count) hints, one at a time.")
        } else if seen < count {
            print("Stuck? \(command) shows hint \(seen + 1) of \(count) (you have seen \(seen)).")
        } else {
            print("You have seen all \(count) hints: \(command) shows them again.")
        }
    }
}
