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
    func printing(_ name: String, _ text: String) -> @Sendable () -> Void {
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

lesson.page("BlockOperation: start() runs it here and now") { page in
    note("A BlockOperation with three execution blocks of 1 s each and a completionBlock, started by")
    note("calling start() ourselves on the main thread instead of adding it to a queue.")
    let timeline = Timeline()
    _ = timeline.threadNumber()  // the main thread is T1
    let completed = DispatchSemaphore(value: 0)
    let operation = BlockOperation()
    for block in 1...3 {
        operation.addExecutionBlock {
            timeline.record("block \(block)") {
                say("block \(block) runs on T\(timeline.threadNumber())")
                sleep(lessonSeconds: 1)
            }
        }
    }
    operation.completionBlock = {
        say("completionBlock runs on T\(timeline.threadNumber())")
        completed.signal()
    }
    say("operation.start()")
    operation.start()
    say("start() returned: it ran synchronously, on the caller's thread")
    completed.wait()
    show(timeline)
    note("On Apple's platforms the execution blocks of one BlockOperation run concurrently (about 1 s).")
    note("Foundation on Linux runs them one after another (3 s), and the completion block afterwards on a")
    note("thread of its own. An operation runs once: start() it or add it to one queue, never both.")
    page.done()
}

lesson.page("Readiness decides, then priority") { page in
    note("A serial queue gets A, B and C, which depend on a login operation on another queue, then D,")
    note("which depends on nothing. Login takes 1 s.")
    let serialQueue = OperationQueue()
    serialQueue.maxConcurrentOperationCount = 1
    let login = BlockOperation {
        sleep(lessonSeconds: 1)
        say("login finished")
    }
    var operations: [Operation] = ["A", "B", "C"].map { name in
        let operation = BlockOperation { say("\(name) runs") }
        operation.addDependency(login)
        return operation
    }
    operations.append(BlockOperation { say("D runs") })
    serialQueue.addOperations(operations, waitUntilFinished: false)
    OperationQueue().addOperation(login)
    serialQueue.waitUntilAllOperationsAreFinished()
    note("D, added fourth, ran first: it was the first to be ready. A, B and C became ready together;")
    note("between operations ready at once, Foundation on Linux keeps no order unless priority says so.")
    note("Now two operations ready at once on a suspended serial queue: .low added first, .veryHigh second.")
    serialQueue.isSuspended = true
    let low = BlockOperation { say(".low runs") }
    low.queuePriority = .low
    let high = BlockOperation { say(".veryHigh runs") }
    high.queuePriority = .veryHigh
    serialQueue.addOperations([low, high], waitUntilFinished: false)
    serialQueue.isSuspended = false
    serialQueue.waitUntilAllOperationsAreFinished()
    note("Between two ready operations, the higher priority goes first.")
    page.done()
}

lesson.page("Filters appending to one array: safely, and waiting for all of them") { page in
    note("Six filter operations blur six images; each completion block makes a thumbnail (0.2 s), then")
    note("appends the result to one shared array. Appends come from several threads at once, so they go")
    note("through a serial queue.")
    let images = (1...6).map { Image.generated($0) }
    let appendQueue = DispatchQueue(label: "racelab.filter.append")
    let filtered = FilteredImages()  // touched only on appendQueue
    let appended = DispatchGroup()
    let queue = OperationQueue()
    for image in images {
        let filter = FilterOperation(image)
        appended.enter()
        filter.completionBlock = { [unowned filter] in
            let output = filter.outputImage!
            sleep(lessonSeconds: 0.2)  // say, a thumbnail is made first
            appendQueue.async {
                filtered.images.append(output)
                appended.leave()
            }
        }
        queue.addOperation(filter)
    }
    queue.waitUntilAllOperationsAreFinished()
    let early = appendQueue.sync { filtered.images.count }
    say("right after waitUntilAllOperationsAreFinished: \(early) of 6 results")
    note("On Linux, completion blocks run after an operation is finished, on a queue of their own: the")
    note("wait can return before they ran (on this run, \(6 - early) were still missing). Wait for the appends:")
    appended.wait()
    let results = appendQueue.sync { filtered.images }
    say("after the appends' group: \(results.count) of 6 results")
    let checksums = results.sorted { $0.name < $1.name }.map { "\($0.name): \($0.checksum)" }
    for line in checksums { note("  \(line)") }
    page.done()
}

lesson.run()
