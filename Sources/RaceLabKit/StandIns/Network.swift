import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The lessons' network: a real `URLSession` whose requests for `racelab://images/<name>` are
/// served from memory by `LessonImageProtocol`, each image after its scripted latency. Nothing
/// leaves the machine, cancellation works as on a real network, and the timing is the same on every
/// run.
///
/// Each request has a session of its own. swift-corelibs-foundation reads a session's task registry
/// in the protocol client's callbacks, which must "**only** be accessed on the owning session's work
/// queue" (`Sources/FoundationNetworking/URLSession/TaskRegistry.swift`); a protocol that delivers
/// later, from another queue, reads it while other tasks are added and removed, and with 200
/// downloads at once that crashed in `URLSession.behaviour(for:)` (2 of 20 loaded runs of exercise
/// 13's solution). A session of one task has no other tasks. (Delivering inside `startLoading`, on
/// the work queue, instead races corelibs' own `cancel()`, which calls the client after the task may
/// have completed: "Trying to access a behaviour for a task that in not in the registry", 1 of 20
/// loaded runs of exercise 9's solution.)
public enum Network {
    private static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [LessonImageProtocol.self]
        return URLSession(configuration: configuration)
    }

    /// Puts `image` on the network under `name`, served after `latency` lesson seconds. With
    /// `failingFirst`, that many of the requests it receives first fail after the same latency (with
    /// `failure`: by default `.resourceUnavailable`, a server's bad moment), and the ones after them get
    /// the image.
    public static func serve(
        _ image: Image, as name: String, latency: Double, failingFirst: Int = 0,
        failingWith failure: URLError.Code = .resourceUnavailable
    ) {
        LessonImageProtocol.catalogue.withLock { $0[name] = (latency, image.pgmData, failingFirst, failure) }
    }

    /// Puts `text` on the network under `name` (a page of a fake server's answers, lesson 10).
    public static func serve(text: String, as name: String, latency: Double) {
        LessonImageProtocol.catalogue.withLock { $0[name] = (latency, Data(text.utf8), 0, .resourceUnavailable) }
    }

    private static let reachable = Locked(true)

    /// Airplane mode: while false, every request fails with `.notConnectedToInternet`.
    public static var isReachable: Bool {
        get { reachable.current }
        set { reachable.withLock { $0 = newValue } }
    }

    /// How many requests for `name` the network has received since the program started, and how many
    /// of them ended cancelled (URLSession's -999), before their delivery (lesson 13 counts downloads).
    public static func requests(for name: String) -> (received: Int, cancelled: Int) {
        log.withLock { $0[name] ?? (0, 0) }
    }
    private static let log = Locked<[String: (received: Int, cancelled: Int)]>([:])

    /// Downloads the text `name`; `completion` gets it, or why not (on the session's queue).
    @discardableResult
    public static func downloadText(
        named name: String, completion: @escaping @Sendable (String?, URLError.Code?) -> Void
    ) -> URLSessionDataTask {
        downloadData(named: name) { data, error in completion(data.map { String(decoding: $0, as: UTF8.self) }, error) }
    }

    public static func url(for name: String) -> URL {
        URL(string: "racelab://images/\(name)")!
    }

    /// Downloads the image `name`; `completion` gets nil on an error or a cancel (on the session's
    /// queue, as URLSession calls back). Returns the task, already resumed, for cancelling.
    @discardableResult
    public static func downloadImage(named name: String, completion: @escaping @Sendable (Image?) -> Void)
        -> URLSessionDataTask
    {
        download(named: name) { image, _ in completion(image) }
    }

    /// As `downloadImage(named:completion:)`, and also says why no image came: the `URLError` code
    /// (`-999`, `.cancelled`, for a cancelled task).
    @discardableResult
    public static func download(named name: String, completion: @escaping @Sendable (Image?, URLError.Code?) -> Void)
        -> URLSessionDataTask
    {
        downloadData(named: name) { data, error in completion(data.flatMap { Image(name: name, pgm: $0) }, error) }
    }

    /// The bytes of `name`, or why not: the `URLError` code, `.badServerResponse` when no data came.
    /// The task's session is let go once the task ends (`finishTasksAndInvalidate`).
    private static func downloadData(
        named name: String, completion: @escaping @Sendable (Data?, URLError.Code?) -> Void
    ) -> URLSessionDataTask {
        log.withLock { $0[name, default: (0, 0)].received += 1 }
        let session = makeSession()
        let task = session.dataTask(with: url(for: name)) { data, _, error in
            if let error {
                let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
                if code == .cancelled { log.withLock { $0[name, default: (0, 0)].cancelled += 1 } }
                return completion(nil, code)
            }
            guard let data else { return completion(nil, .badServerResponse) }
            completion(data, nil)
        }
        task.resume()
        session.finishTasksAndInvalidate()
        return task
    }
}

/// Serves the catalogue's images (as PGM) and texts after their latency; `stopLoading` (a cancel) drops the
/// pending delivery.
public final class LessonImageProtocol: URLProtocol {
    static let catalogue = Locked<[String: (latency: Double, data: Data, failing: Int, failure: URLError.Code)]>(
        [:])
    private let pending = Locked<DispatchWorkItem?>(nil)

    public override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "racelab" }
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    public override func startLoading() {
        guard Network.isReachable else {
            client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
            return
        }
        // One of the entry's failures, if it has any left, taken in the same critical section as the read.
        let name = request.url?.lastPathComponent ?? ""
        let found = Self.catalogue.withLock { catalogue -> (latency: Double, data: Data?, failure: URLError.Code)? in
            guard let entry = catalogue[name] else { return nil }
            guard entry.failing > 0 else { return (entry.latency, entry.data, entry.failure) }
            catalogue[name]?.failing -= 1
            return (entry.latency, nil, entry.failure)
        }
        guard let url = request.url, let entry = found else {
            client?.urlProtocol(self, didFailWithError: URLError(.fileDoesNotExist))
            return
        }
        let delivery = DispatchWorkItem { [handedOver = HandedOver(loader: self)] in
            guard let self = handedOver.loader else { return }
            guard let data = entry.data else {
                self.client?.urlProtocol(self, didFailWithError: URLError(entry.failure))
                return
            }
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
            self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            self.client?.urlProtocol(self, didLoad: data)
            self.client?.urlProtocolDidFinishLoading(self)
        }
        pending.withLock { $0 = delivery }
        DispatchQueue.global().asyncAfter(
            deadline: LessonClock.shared.deadline(after: entry.latency), execute: delivery)
    }

    public override func stopLoading() {
        pending.withLock { $0?.cancel() }
    }

    /// The protocol, as its delivery block holds it. A URLProtocol is not Sendable (Foundation marks
    /// the conformance unavailable), and the block crosses to a global queue. Neither SDK checks that
    /// today (`DispatchWorkItem.init(qos:flags:block:)` takes a block that is not `@Sendable`, on Linux
    /// and in the macOS 15 and 26 SDKs' Dispatch interface), but should one start to, a plain capture
    /// of `self` would stop building there alone. `@unchecked Sendable` because the handover is safe:
    /// after `startLoading` has scheduled the delivery, the block is the only code that touches the
    /// protocol (`stopLoading` only cancels the work item, under its lock), and it holds the protocol
    /// weakly, as the capture did.
    private struct HandedOver: @unchecked Sendable {
        weak var loader: LessonImageProtocol?
    }
}
