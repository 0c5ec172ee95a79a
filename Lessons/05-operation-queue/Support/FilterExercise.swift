import Foundation
import RaceLab

/// What exercise 5's driver needs of the attendee's `FilterResults`.
public protocol FilterCollecting: AnyObject {
    /// Called from completion blocks: several threads, any time.
    func add(_ image: Image)
    /// Called once all operations are finished: returns the `count` images, waiting for any still
    /// on their way.
    func all(count: Int) -> [Image]
}

/// Exercise 5's driver, which is not the attendee's to edit: eight filter operations whose
/// completion blocks make a thumbnail (0.2 s) and then hand the result to `FilterResults`.
public enum FilterExercise {
    public static func makeLesson(_ make: @escaping () -> FilterCollecting) -> Lesson {
        let lesson = Lesson("RaceLab exercise 5: collect the filters' results safely, and all of them", seeded: true)
        lesson.page("Eight filters, one FilterResults") { page in
            let results = make()
            let queue = OperationQueue()
            let completions = DispatchGroup()  // the driver's own: only to end the page after the last add
            for number in 1...8 {
                let image = Image.generated(number)
                let filter = BlockOperation {}
                let output = Locked<Image?>(nil)
                filter.addExecutionBlock { output.withLock { $0 = image.blurred() } }
                completions.enter()
                filter.completionBlock = {
                    sleep(lessonSeconds: 0.2)  // the thumbnail
                    results.add(output.current!)
                    completions.leave()
                }
                queue.addOperation(filter)
            }
            queue.waitUntilAllOperationsAreFinished()
            say("all 8 operations are finished; asking FilterResults for 8 images")
            let images = results.all(count: 8)
            say("FilterResults gave \(images.count) of 8 images")
            for image in images.sorted(by: { $0.name.count == $1.name.count ? $0.name < $1.name : $0.name.count < $1.name.count }) {
                note("  \(image.name): \(image.checksum)")
            }
            // Before the page ends, every completion block must have made its `add`: a process that
            // exits first would take an unfinished race with it, unreported. (After `all` returned,
            // so this wait helps no answer.)
            Watchdog.wait(for: completions, upTo: 5, "the completion blocks' add calls")
            page.done()
        }
        return lesson
    }
}
