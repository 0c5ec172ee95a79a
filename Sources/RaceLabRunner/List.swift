import Foundation

extension Runner {
    public func list() {
        let progress = Progress.load(root: workspace.root)
        var next: ExerciseInfo?
        let width = workspace.lessons.map(\.folder.count).max() ?? 0
        for lesson in workspace.lessons {
            let pages = lesson.transcripts.count
            let number = lesson.number < 10 ? " \(lesson.number)" : "\(lesson.number)"
            let folder = lesson.folder.padding(toLength: width, withPad: " ", startingAt: 0)
            print("lesson \(number)  \(folder)  \(pages) pages: swift run \(lesson.product)")
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
