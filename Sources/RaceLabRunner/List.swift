import Foundation

extension Runner {
    public func list() {
        let progress = Progress.load(root: workspace.root)
        var next: ExerciseInfo?
        for lesson in workspace.lessons {
            let pages = lesson.transcripts.count
            print("lesson \(lesson.number)  \(lesson.folder)  \(pages) pages: swift run \(lesson.product)")
            if let exercise = lesson.exercise {
                let state = state(of: exercise, in: progress)
                print("          exercise \(exercise.number): \(state.text)")
                if next == nil && state != .passed { next = exercise }
            }
        }
        print("")
        if let next {
            print(
                "Next: exercise \(next.number), in \(next.folder)/\(next.attendeeFiles.joined(separator: ", ")): swift run racelab exercise \(next.number)"
            )
        } else {
            print("Every exercise has passed.")
        }
    }
}
