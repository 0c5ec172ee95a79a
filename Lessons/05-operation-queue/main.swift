// Lesson 5 — OperationQueue: the printer queue (DEMOS D1, A3).
// Read top to bottom. Each page ends with a timeline: one row per operation, a bar from its start
// to its end on a shared time axis.
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 5: OperationQueue, the printer queue")

/// The article prints seven words, one operation each, and concatenates them in an eighth.
let words = ["Richard", "Of", "York", "Gave", "Battle", "In", "Vain"]

/// Adds the seven word operations and (unless told not to) the user-initiated concatenation operation
/// to a printer queue `width` wide (nil: the default), each sleeping 2 s, and waits for all of them.
func runPrinterQueue(width: Int?, concatenation withConcatenation: Bool = true) -> Timeline {
    LessonClock.shared.restart()  // each run's times start at 0
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
    if withConcatenation {
        let concatenation = BlockOperation(block: printing("concatenation", words.joined(separator: " ")))
        concatenation.qualityOfService = .userInitiated
        printerQueue.addOperation(concatenation)
    }
    printerQueue.waitUntilAllOperationsAreFinished()  // fine in a lesson; never on an app's main queue
    say("all \(withConcatenation ? 8 : 7) operations done in \(seconds(LessonClock.shared.now))")
    return timeline
}

func show(_ timeline: Timeline) {
    note("")
    for line in timeline.chart() { note(line) }
    note("")
}

lesson.page("Printer queue, default width") { page in
    note("The article's first experiment: the seven word operations of 2 s each on an OperationQueue of")
    note("default width, all at once if it can (the concatenation joins them on page 2).")
    let timeline = runPrinterQueue(width: nil, concatenation: false)
    show(timeline)
    let startedAtOnce = timeline.recorded.filter { $0.start < 0.25 }
    let later = timeline.recorded.filter { $0.start >= 0.25 }.map { seconds($0.start) }
    let threads = Set(timeline.recorded.map(\.thread)).count
    note(
        "Measured: \(startedAtOnce.count) of the 7 operations started at once; this machine has \(ProcessInfo.processInfo.activeProcessorCount) cores."
    )
    note("Later starts: \(later.isEmpty ? "none" : later.joined(separator: ", ")); \(threads) threads in all.")
    note("The article: \"The total execution time of all 7 operations is slightly more than 2 seconds\":")
    if later.isEmpty {
        note("there, all of them ran at once. Here too: every blocked operation had a thread at once.")
    } else {
        note("there, all of them ran at once. Here the rest waited for a thread: sleeping operations block")
        note("theirs, and the pool did not give more at once (README: how Dispatch grows its pool, on Linux")
        note("and on a Mac). See the bars.")
    }
    page.done()
}

lesson.page("Printer queue, maxConcurrentOperationCount = 2") { page in
    note("The seven word operations, two at a time: they start in pairs, and the 7th starts alone in the")
    note("fourth pair: a little over 8 s, as the article measured.")
    show(runPrinterQueue(width: 2, concatenation: false))
    note("Now the eighth, the .userInitiated concatenation, added last: it starts at the first")
    note("opportunity, at 2 s, ahead of the words added before it, and the whole still takes 8 s.")
    show(runPrinterQueue(width: 2))
    page.done()
}

lesson.page("Printer queue, maxConcurrentOperationCount = 1") { page in
    note("One at a time, a serial queue: 16 s.")
    show(runPrinterQueue(width: 1))
    note("The .userInitiated concatenation, added last, now runs last: the article's \"priorities do not")
    note("work\". The open-source Foundation (Linux's) turns an operation's quality of service into its")
    note("priority only when the queue is wider than one (README); a serial queue runs equals in the order")
    note("added.")
    page.done()
}

lesson.page("BlockOperation: start() runs it here and now") { page in
    note("A BlockOperation with three execution blocks of 1 s each and a completionBlock, started by")
    note("calling start() ourselves on the main queue instead of adding it to a queue.")
    let timeline = Timeline()
    _ = timeline.threadNumber()  // the caller's thread is T1
    let completed = DispatchSemaphore(value: 0)
    let completionThread = Locked(0)
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
        let thread = timeline.threadNumber()
        completionThread.withLock { $0 = thread }
        say("completionBlock runs on T\(thread)")
        completed.signal()
    }
    say("operation.start()")
    operation.start()
    say("start() returned: it ran synchronously, the caller waited for every block")
    completed.wait()
    show(timeline)
    let blocks = timeline.recorded.filter { $0.name.hasPrefix("block") }
    let span = (blocks.map(\.end).max() ?? 0) - (blocks.map(\.start).min() ?? 0)
    let threads = Set(blocks.map(\.thread)).sorted().map { "T\($0)" }
    let onThreads =
        threads.count == 1
        ? "on \(threads[0])" : "on \(threads.dropLast().joined(separator: ", ")) and \(threads.last!)"
    let byStart = blocks.sorted { $0.start < $1.start }
    let inTurn = zip(byStart, byStart.dropFirst()).allSatisfy { earlier, later in later.start >= earlier.end - 0.1 }
    if inTurn {
        note(
            "Measured: the three blocks took \(seconds(span)) together, one after another \(onThreads). Apple documents"
        )
        note("BlockOperation as running its blocks concurrently (README), so they could take about 1 s together;")
        note("this Foundation ran them in turn.")
    } else {
        note("Measured: the three blocks took \(seconds(span)) together, side by side \(onThreads): concurrently, as")
        note("Apple documents BlockOperation (README).")
    }
    let ownThread = !blocks.map(\.thread).contains(completionThread.current) && completionThread.current != 1
    note(
        "The completion block ran \(ownThread ? "on a thread of its own" : "on T\(completionThread.current)"), after the operation finished."
    )
    note("An operation runs once: start() it or add it to one queue, never both.")
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
    let ran = Locked<[String]>([])
    var operations: [Operation] = ["A", "B", "C"].map { name in
        let operation = BlockOperation {
            say("\(name) runs")
            ran.withLock { $0.append(name) }
        }
        operation.addDependency(login)
        return operation
    }
    operations.append(BlockOperation { say("D runs") })
    serialQueue.addOperations(operations, waitUntilFinished: false)
    OperationQueue().addOperation(login)
    serialQueue.waitUntilAllOperationsAreFinished()
    let order = ran.current.joined(separator: ", ")
    note("D, added fourth, ran first: it was the first to be ready. A, B and C became ready together, and")
    note(
        "ran: \(order) (\(order == "A, B, C" ? "the order added, this run" : "not the order added")). The article: \"If all of these"
    )
    note("characteristics are equal, then the operations are sent to execute in the order in which they were")
    note("queued.\" Foundation on Linux makes a finished operation's dependents ready one at a time, in the")
    note("order of a Set it keeps them in, and the first made ready takes the serial queue's one slot")
    note("(README). Do not count on an order between operations that become ready at once.")
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

/// Runs `read` on the serial `queue`, in line behind the operations already added, and returns its result.
func inLine<Value>(on queue: OperationQueue, _ read: @escaping () -> Value) -> Value {
    let value = Locked<Value?>(nil)
    queue.addOperations([BlockOperation { value.withLock { $0 = read() } }], waitUntilFinished: true)
    return value.current!
}

lesson.page("Filters appending to one array: safely, and waiting for all of them") { page in
    note("Six filter operations blur six images on a filter queue. Each completion block first makes a")
    note("thumbnail (a 0.2 s sleep here: it stands in for real work, and widens a window that is always")
    note("there), then appends the result to one shared array. Appends come from several threads at")
    note("once, so they go through a serial OperationQueue, the article's appendQueue.")
    let images = (1...6).map { Image.generated($0) }
    let appendQueue = OperationQueue()
    appendQueue.maxConcurrentOperationCount = 1  // serial
    let filtered = FilteredImages()  // touched only by appendQueue's operations
    let appended = DispatchGroup()
    let filterQueue = OperationQueue()
    for image in images {
        let filter = FilterOperation(image)
        appended.enter()
        filter.completionBlock = { [unowned filter] in
            let output = filter.outputImage!
            sleep(lessonSeconds: 0.2)  // say, a thumbnail is made first
            appendQueue.addOperation {
                filtered.images.append(output)
                appended.leave()
            }
        }
        filterQueue.addOperation(filter)
    }
    filterQueue.waitUntilAllOperationsAreFinished()
    let early = inLine(on: appendQueue) { filtered.images.count }
    say("right after filterQueue.waitUntilAllOperationsAreFinished(): \(early) of 6 results")
    if early < 6 {
        note("The wait returned before every completion block had appended. Apple documents only that a")
        note("completion block runs once its operation is finished, in a context it does not guarantee, and")
        note("promises no wait for it; Foundation on Linux wakes the waiters first and then starts the block")
        note("on a global queue (README). So do not count on the wait: wait for")
    } else {
        note("This run every completion block had appended before the wait returned; nothing promises that")
        note("(Apple guarantees no context for completion blocks; on Linux they start after the waiters")
        note("wake: README), and on most runs the array is short here. So do not count on the wait: wait for")
    }
    note("the appends themselves (here a group they leave):")
    appended.wait()
    let results = inLine(on: appendQueue) { filtered.images }
    say("after the appends' group: \(results.count) of 6 results")
    let checksums = results.sorted { $0.name < $1.name }.map { "\($0.name): \($0.checksum)" }
    for line in checksums { note("  \(line)") }
    page.done()
}

lesson.run()
