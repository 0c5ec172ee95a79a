// Lesson 10 — Advanced operations (DEMOS H1–H4; WWDC 2015 "Advanced NSOperations"): the talk's
// toolkit of conditions, observers and composition, then the race its sample code had. Read top to
// bottom; Operations.swift holds the page's operations, RaceLab's Demos/Toolkit the toolkit, and
// SampleOperation.swift the sample's racy design (page 10).
import Foundation
import RaceLabKit
import Lesson10Support

// Page 10 plays rounds for up to 36 s of real time before it gives up on its race: 200 lesson s (50 s
// at the runner's 4x) leaves room for its last round.
let lesson = Lesson("RaceLab lesson 10: advanced operations", pageTimeLimit: 200)

lesson.page("An operation that generates its own dependencies: save a favourite") { page in
    note("WWDC 2015: the \"save favorite\" operation \"is automatically going to generate two dependencies,")
    note("the one to check that you are a developer and the other to guarantee that we have access to your")
    note("iCloud account\"; the developer check (user info) \"generates its own dependency to make sure you are")
    note("logged in\". The page adds one operation, save favorite; its conditions, and theirs, make the other")
    note("three:")
    let save = Step("save favorite", 0.25)
    save.addCondition(Requires { userInfo() })
    save.addCondition(Requires { Step("iCloud account", 0.75) })
    let queue = ToolkitQueue()
    queue.addOperation(save)
    page.finish {
        save.waitUntilFinished()
        note("One line of code per requirement: remove the condition and the login is gone everywhere.")
    }
}

lesson.page("A condition that fails: the network is not reachable") { page in
    note("A reachability condition: \"we only want to execute this operation if you are actually connected")
    note("to the network\". It asks the network, whose answer comes 0.25 s later on another thread: readiness,")
    note("evaluated asynchronously. In airplane mode the operation is \"never able to become fully ready\": the")
    note("condition cancels it with an error, and it finishes without starting. Then the network comes back.")
    Network.serve(text: "WWDC sessions", as: "sessions.txt", latency: 0.5)
    Network.isReachable = false
    say("airplane mode on")
    let first = Download("sessions.txt")
    first.addCondition(ReachabilityCondition())
    first.addObserver(reportsFinish)
    let queue = ToolkitQueue()
    queue.addOperation(first)
    page.finish {
        first.waitUntilFinished()
        Network.isReachable = true
        say("airplane mode off")
        let second = Download("sessions.txt")
        second.addCondition(ReachabilityCondition())
        second.addObserver(reportsFinish)
        queue.addOperation(second)
        second.waitUntilFinished()
        note("The second download got \"\(second.text ?? "nothing")\".")
    }
}

lesson.page("Observers: did start, did produce another operation, did finish") { page in
    note("An observer hears of an operation's start, its end, and any operation it produces: \"if an")
    note("operation decides that it failed and it wants to show an alert, it can produce or generate an")
    note("alert operation\". The schedule is not on the server; its download fails and produces an alert:")
    let download = Download("schedule.txt", alertOnFailure: "alert: the schedule could not be downloaded")
    download.addObserver(
        BlockObserver(
            start: { say("observer: \($0.name!) did start") },
            produce: { say("observer: \($0.name!) did produce \($1.name!)") },
            finish: { operation, errors in
                say(
                    "observer: \(operation.name!) did finish, errors: \(errors.map { "\($0)" }.joined(separator: "; "))"
                )
            }))
    let queue = ToolkitQueue()
    queue.addOperation(download)
    page.finish {
        download.waitUntilFinished()
        queue.waitUntilAllOperationsAreFinished()
        note("The queue that ran the download added the alert it produced; nobody else had to know.")
    }
}

lesson.page("A timeout observer cancels an operation that runs too long") { page in
    note("\"By simply adding a timeout observer to an operation, that observer is going to watch to make")
    note("sure that the operation completes within whatever time interval you specified\". Two downloads")
    note("with a 1 s timeout: news.txt takes 0.5 s, videos.txt 2 s.")
    Network.serve(text: "news", as: "news.txt", latency: 0.5)
    Network.serve(text: "videos", as: "videos.txt", latency: 2)
    let downloads = [Download("news.txt"), Download("videos.txt")]
    let queue = ToolkitQueue()
    for download in downloads {
        download.addObserver(TimeoutObserver(seconds: 1))
        download.addObserver(reportsFinish)
        queue.addOperation(download)
    }
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        note(
            "videos.txt was cancelled at 1 s, its request with it: cancelled \(downloads[1].isCancelled), text \(downloads[1].text ?? "none")."
        )
    }
}

lesson.page("The network activity indicator: a retain count") { page in
    note("\"When it begins, it's going to increment a sort of retain count on the activity indicator")
    note("spinner in the status bar, and then when the operation ends, it's going to decrement\". Three")
    note("downloads, started 0.5 s apart, of 2 s, 2 s and 0.5 s:")
    let files = [("a.txt", 2.0), ("b.txt", 2.0), ("c.txt", 0.5)]
    let queue = ToolkitQueue()
    let downloads = files.map { Download($0.0) }
    for (index, (file, latency)) in files.enumerated() {
        Network.serve(text: file, as: file, latency: latency)
        downloads[index].addObserver(NetworkObserver())
        DispatchQueue.global().asyncAfter(lessonSeconds: 0.5 * Double(index)) { queue.addOperation(downloads[index]) }
    }
    page.finish {
        for download in downloads { download.waitUntilFinished() }
        note(
            "Nobody managed the spinner: shown with the first start, hidden with the last end (\(NetworkActivityIndicator.shared.running) running)."
        )
    }
}

lesson.page("A group operation: import is a download, then a parse") { page in
    note("\"A generic import data operation… it's going to wrap another NSOperation, and this operation is")
    note("simply going to perform the download… And then it's going to create a second operation to parse")
    note("whatever was downloaded and make it dependent on the download\". The rest of the app sees one")
    note("operation, import, on a queue of its own; the table shows the sessions after it:")
    Network.serve(
        text: "101 What's New in Swift\n226 Advanced NSOperations\n718 Building Responsive Apps", as: "sessions.csv",
        latency: 0.5)
    let download = Download("sessions.csv")
    let sessions = Locked<[String]>([])
    let parse = BlockOperation {
        sessions.withLock { $0 = (download.text ?? "").split(separator: "\n").map(String.init) }
        say("parse: \(sessions.current.count) sessions")
    }
    parse.name = "parse"
    parse.addDependency(download)
    let importData = GroupOperation("import", operations: [download, parse])
    importData.addObserver(reportsFinish)
    let showTable = BlockOperation {
        say("table shows \(sessions.current.count) sessions, the first: \(sessions.current.first ?? "none")")
    }
    showTable.addDependency(importData)
    let queue = ToolkitQueue()
    queue.addOperations([showTable, importData], waitUntilFinished: false)
    page.finish {
        queue.waitUntilAllOperationsAreFinished()
        note("Where the data comes from, its format, how errors are handled: one place, inside import.")
    }
}

lesson.page("Dynamic composition: fetch the favourites page by page") { page in
    note("\"We are going to keep on executing query operations until we have received a response that")
    note("that's all of them\". The fake server answers 4 favourites a page and a cursor while there are")
    note("more. Fetch favourites is a group; each answer with a cursor adds the next query to it:")
    let pages = [["101", "102", "103", "104"], ["201", "202", "203", "204"], ["301", "302"]]
    for (index, favorites) in pages.enumerated() {
        let cursor = index + 1 < pages.count ? "cursor \(index + 2)" : "end"
        Network.serve(text: (favorites + [cursor]).joined(separator: "\n"), as: "favorites-\(index + 1)", latency: 0.25)
    }
    let fetch = FetchFavorites()
    fetch.addObserver(reportsFinish)
    let queue = ToolkitQueue()
    queue.addOperation(fetch)
    page.finish {
        fetch.waitUntilFinished()
        note(
            "\(fetch.favorites.count) favourites in \(fetch.queries) queries; the page only ever added fetch favourites."
        )
    }
}

lesson.page("A block operation joins the chain: leave feedback only after login") { page in
    note("\"By putting the perform segue call inside of a block operation, we can guarantee that we will")
    note("never present the login sheet [the talk means the feedback screen] until after you have logged")
    note("in.\" The segue is a block in a BlockOperation that needs the user info, which requires the login:")
    let info = userInfo()
    let segue = BlockOperation { say("perform segue: the feedback screen is presented") }
    segue.addDependency(info)
    let queue = ToolkitQueue()
    queue.addOperations([segue, info], waitUntilFinished: false)
    page.finish {
        segue.waitUntilFinished()
        note("A plain block, with every feature of an operation: here, its dependencies.")
    }
}

lesson.page("Modal alerts are mutually exclusive; a video is not an alert") { page in
    note("MutuallyExclusive<Alert>: \"only one of these particular kind of operations can be running at a")
    note("time\". The queue does what the talk did by hand: \"make the second alert operation dependent on")
    note("the first one… like a singly linked list back in time\". Three alerts of 0.5 s on two queues and a")
    note("video of 1.25 s (MutuallyExclusive<Video>), added together: the alerts come one at a time, and the")
    note("video plays beside them.")
    let timeline = Timeline()
    let alerts = (1...3).map { Alert("alert \($0)", 0.5, timeline: timeline) }
    let video = Step("video", 1.25, timeline: timeline)
    video.addCondition(MutuallyExclusive<Video>())
    let queue1 = ToolkitQueue()
    let queue2 = ToolkitQueue()
    queue1.addOperation(alerts[0])
    queue2.addOperation(alerts[1])
    queue1.addOperation(alerts[2])
    queue2.addOperation(video)
    page.finish {
        for operation in alerts + [video] { operation.waitUntilFinished() }
        note("")
        for line in timeline.chart(perSecond: 4) { note(line) }
        let shown = timeline.recorded.filter { $0.name.hasPrefix("alert") }.sorted { $0.start < $1.start }
        let overlaps = zip(shown, shown.dropFirst()).filter { $1.start + 0.001 < $0.end }.count
        note("Alerts that overlapped the one before: \(overlaps).")
    }
}

/// A category of its own for mutual exclusivity.
enum Video {}

lesson.page("The sample's own race: two threads in isReady (racy on purpose)") { page in
    note("The talk's sample code, as pluralsight/PSOperations carried it from 2015, evaluated an operation's")
    note("conditions inside its isReady getter: read the state under a lock; if pending, evaluate, which")
    note("sets the state under the lock again. Its users found the race (PSOperations issue 6): \"two threads")
    note("are in the getter for Operation.ready at the same time… Both threads end up in evaluateConditions\".")
    note("Here, 500 operations in a chain (each needs the one before, as mutual exclusivity makes them), while")
    note("another thread adds 3000 more to the same queue; Foundation asks isReady from several threads.")
    note("Up to twenty rounds of that (none begun after 36 s of real time), until one shows the race:")
    page.finish {
        var (evaluatedTwice, gotStuck) = (false, false)
        // A round takes about 3 s of real time on one core under ThreadSanitizer, and 2 s on two busy
        // cores: twenty could run past the page's time limit there, so none begins after 36 s. (A bound
        // of 20 s left two busy cores without the race in 3 of 20 runs.)
        let started = Date()
        for round in 1...20 {
            let queue = SampleQueue()
            let operations = enqueueLoad(on: queue) { SampleOperation($0) }
            let finished = waitWhileFinishing(operations)
            let twice = operations.filter { $0.evaluations.current > 1 }
            let stuck = operations.filter { !$0.isFinished }
            if twice.isEmpty && finished {
                if round == 20 || Date().timeIntervalSince(started) > 36 {
                    note(
                        "\(round) round\(round == 1 ? "" : "s") of \(operations.count) operations: every one evaluated once, and all finished."
                    )
                    break
                }
                continue
            }
            note(
                "Round \(round): conditions evaluated more than once: \(twice.count) of \(operations.count) operations."
            )
            if let first = SampleOperation.invalidTransitions.current.first {
                note("The sample's assert would have stopped the app at the first invalid transition: \(first).")
            }
            if let first = stuck.first {
                let never =
                    stuck.count == 1
                    ? "1 operation never finished:" : "\(stuck.count) operations never finished; the first:"
                note("\(never) \(first.title), state \(first.state), super.isReady \(first.dependenciesFinished).")
            }
            (evaluatedTwice, gotStuck) = (!twice.isEmpty, !stuck.isEmpty || !finished)
            break
        }
        note("Every access to the state is locked: ThreadSanitizer has nothing to report.")
        if evaluatedTwice {
            note("Evaluated twice (PSOperations issue 6): two threads in isReady both read \"pending\" before")
            note("either wrote \"evaluating\". The check and the act are two critical sections; only the state")
            note("machine notices.")
        }
        if gotStuck {
            note("Stuck (PSOperations issue 93, \"even though super.isReady == true\"): the operation's readiness")
            note("changed after the queue last asked isReady, and the queue never acted on the change: it waits")
            note("forever.")
        }
        if !evaluatedTwice && !gotStuck {
            note("The race is between the check (\"pending?\") and the act (\"evaluating\"); this time no round")
            note("showed it.")
        }
    }
}

lesson.page("The fix: conditions evaluated in an operation of their own") { page in
    note("The fix proposed in tomwilsn/Operative pull request 52 (2016), which PSOperations issue 93 (2017)")
    note("points to: leave isReady to Foundation. The queue puts an evaluation operation before each")
    note("operation with conditions; it runs once, when its dependencies have finished. RaceLab's toolkit")
    note("does this.")
    note("The same load: 500 in a chain, 3000 added from another thread, each with a condition.")
    page.finish {
        var once = 0
        var finished = 0
        for _ in 1...4 {
            let queue = ToolkitQueue()
            let operations = enqueueLoad(on: queue) { name -> ToolkitOperation in
                let operation = ToolkitOperation(name)
                operation.addCondition(AnswersAtOnce())
                return operation
            }
            guard waitWhileFinishing(operations) else { break }
            once += operations.filter { $0.conditionEvaluations == 1 }.count
            finished += operations.filter(\.isFinished).count
        }
        note(
            "Four rounds: conditions evaluated exactly once for \(once) of 14000 operations; \(finished) of 14000 finished."
        )
    }
}

/// Page 11's condition: it answers on another thread at once, as the sample's evaluations on page 10 do.
struct AnswersAtOnce: OperationCondition {
    func evaluate(for operation: ToolkitOperation, completion: @escaping @Sendable (Error?) -> Void) {
        DispatchQueue.global().async { completion(nil) }
    }
}

/// Page 10's load, on `queue`: 500 operations made by `make`, each needing the one before, added on
/// this thread, while a thread of its own adds 3000 more. Returns them all.
func enqueueLoad<Made: Operation>(on queue: OperationQueue, _ make: (String) -> Made) -> [Made] {
    let chain = (1...500).map { make("op \($0)") }
    for (previous, operation) in zip(chain, chain.dropFirst()) { operation.addDependency(previous) }
    let others = (1...3000).map { make("other \($0)") }
    let othersAdded = DispatchGroup()
    othersAdded.enter()
    Thread.detachNewThread {
        for operation in others { queue.addOperation(operation) }
        othersAdded.leave()
    }
    for operation in chain { queue.addOperation(operation) }
    othersAdded.wait()
    return chain + others
}

/// Waits for `operations` to finish while they make progress; after 2 real seconds in which none
/// finished, the queue is stuck (a busy machine slows 3500 operations down, but does not stop them).
func waitWhileFinishing(_ operations: [Operation]) -> Bool {
    var finished = -1
    while true {
        let now = operations.filter(\.isFinished).count
        if now == operations.count { return true }
        if now == finished {
            say(
                "watchdog: none of the \(operations.count - now) unfinished operations finished in 2 s of real time; the queue would wait forever"
            )
            return false
        }
        finished = now
        Thread.sleep(forTimeInterval: 2)
    }
}

lesson.run()
