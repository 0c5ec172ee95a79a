import Foundation

extension Runner {
    func hints(_ exercise: ExerciseInfo) -> [String] {
        parseHints((try? String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8)) ?? "")
    }

    /// The next hint the attendee has not seen; once they have seen them all, all of them again.
    public func hint(_ number: Int) throws {
        let exercise = try workspace.exercise(number)
        let hints = hints(exercise)
        guard !hints.isEmpty else {
            print("Exercise \(number) has no hints (\(exercise.hint) lists none).")
            return
        }
        let seen = Progress.load(root: workspace.root)[exercise: number].hintsShown
        func show(_ index: Int) {
            print("Hint \(index + 1) of \(hints.count): " + indent(hints[index], by: "  ").dropFirst(2))
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

    func offerHint(_ exercise: ExerciseInfo) {
        let count = hints(exercise).count
        guard count > 0 else { return }
        let seen = Progress.load(root: workspace.root)[exercise: exercise.number].hintsShown
        let command = "swift run racelab hint \(exercise.number)"
        print("")
        if seen == 0 {
            print("Stuck? \(command) shows the first of \(count) hints, one at a time.")
        } else if seen < count {
            print("Stuck? \(command) shows hint \(seen + 1) of \(count) (you have seen \(seen)).")
        } else {
            print("You have seen all \(count) hints: \(command) shows them again.")
        }
    }
}
