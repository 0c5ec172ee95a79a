// Lesson 5 — OperationQueue: the printer queue (DEMOS D1, A3).
// Read top to bottom. Each page ends with a timeline: one row per operation, a bar from its start
// to its end on a shared time axis.
import Foundation
import RaceLab

let lesson = Lesson("RaceLab lesson 5: OperationQueue, the printer queue")

/// The article prints seven words, one operation each, and concatenates them in an eighth.
let words = ["Richard", "Of", "York", "Gave", "Battle", "In", "Vain"]

/// Adds the seven word operations and the user-initiated concatenation operation to a printer queue
/// `width` wide (nil: the default), each sleeping 2 s, and waits for all of them.
func runPrinterQueue(width: Int?) -> Timeline {
    let printerQueue = OperationQueue()
    if let width { printerQueue.maxConcurrentOperationCount = width }
    let timeline = Timeline()
    func printing(_ name: String, _ text: String) -> () -> Void {
        {
            timeline.record(name) {
                say("\(name) starts on T\(timeline.threadNumber())")
                sleep(lessonSeconds: 2)
                say("\(name) ends: \(text)")
            }
        }
    }
    for word in words {
        printerQueue.addOperation(printing(word, word))
    }
    let concatenation = BlockOperation(block: printing("concatenation", words.joined(separator: " ")))
    concatenation.qualityOfService = .userInitiated
    printerQueue.addOperation(concatenation)
    printerQueue.waitUntilAllOperationsAreFinished()  // fine in a lesson; never on an app's main queue
    say("all 8 operations done in \(seconds(LessonClock.shared.now))")
    return timeline
}

func show(_ timeline: Timeline) {
    note("")
    for line in timeline.chart() { note(line) }
    note("")
}

lesson.page("Printer queue, default width") { page in
    note("Eight operations of 2 s each on an OperationQueue of default width: all at once, if it can.")
    show(runPrinterQueue(width: nil))
    note("The article measured a little over 2 s: Apple's kernel gives the queue eight threads at once.")
    note("Dispatch on Linux starts as many worker threads as there are cores and adds one about every")
    note("second while they sleep (DEMOS A3), so here the operations start in waves: see the bars.")
    page.done()
}

lesson.page("Printer queue, maxConcurrentOperationCount = 2") { page in
    note("Two at a time: 8 operations x 2 s / 2 = 8 s. The concatenation operation is .userInitiated;")
    note("it was added last, but takes the first free slot.")
    show(runPrinterQueue(width: 2))
    page.done()
}

lesson.page("Printer queue, maxConcurrentOperationCount = 1") { page in
    note("One at a time, a serial queue: 16 s.")
    show(runPrinterQueue(width: 1))
    page.done()
}

lesson.run()
