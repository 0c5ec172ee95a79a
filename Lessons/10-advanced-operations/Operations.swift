// The operations of lesson 10's pages, built on RaceLab's toolkit (Sources/RaceLabKit/Demos/Toolkit)
// and its Step (work that takes a while): a download, a paged query, an alert, and the condition
// that makes an operation's dependency for it.
import Foundation
import RaceLabKit
import Lesson10Support

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// "This save favorite operation knows that it requires permission to run, so it is automatically
/// going to generate" its dependency: a condition that makes an operation of its own.
struct Requires: OperationCondition {
    let make: @Sendable () -> Operation
    func dependency(for operation: ToolkitOperation) -> Operation? { make() }
}

/// Logging in, then the user info (is it a developer account?): the user info requires the login.
func userInfo() -> Step {
    let info = Step("user info", 0.5)
    info.addCondition(Requires { Step("login", 0.5) })
    return info
}

/// Downloads a text from RaceLab's network; cancelling it cancels the request.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); its task and result are
/// `Locked`, the rest `let`.
final class Download: ToolkitOperation, @unchecked Sendable {
    let file: String
    private let task = Locked<URLSessionDataTask?>(nil)
    private let result = Locked<String?>(nil)
    var text: String? { result.current }

    let alertOnFailure: String?

    /// `alertOnFailure`: when the download fails, it produces an alert with that message.
    init(_ file: String, alertOnFailure: String? = nil) {
        self.file = file
        self.alertOnFailure = alertOnFailure
        super.init("download \(file)")
    }

    override func execute() {
        let started = Network.downloadText(named: file) { text, error in
            guard !self.isCancelled else { return self.finish() }  // already finished by the cancel
            self.result.withLock { $0 = text }
            if error != nil, let message = self.alertOnFailure { self.produce(Alert(message)) }
            self.finish(error.map { [ConditionFailed("URLError \($0.rawValue)")] } ?? [])
        }
        task.withLock { $0 = started }
    }

    /// Finishes first (with the canceller's reason), then stops the request, whose callback then
    /// finds the operation cancelled.
    override func cancel() {
        super.cancel()
        task.withLock { $0?.cancel() }
    }
}

/// A modal alert, on screen for `seconds`: one of a kind at a time, with `MutuallyExclusive<Alert>`.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own.
final class Alert: Step, @unchecked Sendable {
    init(_ message: String, _ seconds: Double = 0.5, timeline: Timeline? = nil) {
        super.init(message, seconds, timeline: timeline)
        addCondition(MutuallyExclusive<Alert>())
    }
}

/// Prints a finished operation's ending: done, or why not.
let reportsFinish = BlockObserver(finish: { operation, errors in
    let why = errors.map { "\($0)" }.joined(separator: "; ")
    say(
        errors.isEmpty
            ? "\(operation.name!) finished"
            : "\(operation.name!) finished with errors: \(why)\(operation.didStart ? "" : " (it never started)")")
})

/// The talk's fetch favourites: one query at a time against the paged server, "and semi-recursively
/// call this execute query operation" while the answer carries a cursor.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); what it fetched is
/// `Locked`.
final class FetchFavorites: GroupOperation, @unchecked Sendable {
    private let fetched = Locked((favorites: [String](), queries: 0))
    var favorites: [String] { fetched.current.favorites }
    var queries: Int { fetched.current.queries }

    init() { super.init("fetch favorites") }

    override func execute() {
        executeQuery(page: 1)
        super.execute()
    }

    /// A query for one page; its answer adds the next query to the group, or ends it.
    private func executeQuery(page: Int) {
        let query = Download("favorites-\(page)")
        query.addObserver(
            BlockObserver(finish: { [self] query, errors in
                let lines = ((query as? Download)?.text ?? "").split(separator: "\n").map(String.init)
                let records = lines.filter { !$0.hasPrefix("cursor") && $0 != "end" }
                fetched.withLock {
                    $0.favorites += records
                    $0.queries += 1
                }
                if let cursor = lines.last, cursor.hasPrefix("cursor"), errors.isEmpty {
                    say("query \(page): \(records.count) favourites, and a cursor: more to fetch")
                    executeQuery(page: page + 1)
                } else {
                    say("query \(page): \(records.count) favourites, no cursor: that's all of them")
                }
            }))
        addOperation(query)
    }
}
