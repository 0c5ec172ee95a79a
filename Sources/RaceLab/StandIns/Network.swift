import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The lessons' network: a real `URLSession` whose requests for `racelab://images/<name>` are
/// served from memory by `LessonImageProtocol`, each image after its scripted latency. Nothing
/// leaves the machine, cancellation works as on a real network, and the timing is the same on every
/// run.
public enum Network {
    public static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [LessonImageProtocol.self]
        return URLSession(configuration: configuration)
    }()

    /// Puts `image` on the network under `name`, served after `latency` lesson seconds.
    public static func serve(_ image: Image, as name: String, latency: Double) {
        LessonImageProtocol.catalogue.withLock { $0[name] = (latency, image.pgmData) }
    }

    /// Puts `text` on the network under `name` (a page of a fake server's answers, lesson 10).
    public static func serve(text: String, as name: String, latency: Double) {
        LessonImageProtocol.catalogue.withLock { $0[name] = (latency, Data(text.utf8)) }
    }

    private static let reachable = Locked(true)

    /// How many requests for `name` the network has received since the program started, and how many
    /// of them were cancelled before their delivery (lesson 13 counts downloads with it).
    public static func requests(for name: String) -> (received: Int, cancelled: Int) {
        LessonImageProtocol.log.withLock { $0[name] ?? (0, 0) }
    }

    /// Airplane mode: while false, every request fails with `.notConnectedToInternet`.
    public static var isReachable: Bool {
        get { reachable.current }
        set { reachable.withLock { $0 = newValue } }
    }

    /// Downloads the text `name`; `completion` gets it, or why not (on the session's queue).
    @discardableResult
    public static func downloadText(named name: String, completion: @escaping @Sendable (String?, URLError.Code?) -> Void) -> URLSessionDataTask {
        downloadData(named: name) { data, error in completion(data.map { String(decoding: $0, as: UTF8.self) }, error) }
    }

    public static func url(for name: String) -> URL {
        URL(string: "racelab://images/\(name)")!
    }

    /// Downloads the image `name`; `completion` gets nil on an error or a cancel (on the session's
    /// queue, as URLSession calls back). Returns the task, already resumed, for cancelling.
    @discardableResult
    public static func downloadImage(named name: String, completion: @escaping @Sendable (Image?) -> Void) -> URLSessionDataTask {
        download(named: name) { image, _ in completion(image) }
    }

    /// As `downloadImage(named:completion:)`, and also says why no image came: the `URLError` code
    /// (`-999`, `.cancelled`, for a cancelled task).
    @discardableResult
    public static func download(named name: String, completion: @escaping @Sendable (Image?, URLError.Code?) -> Void) -> URLSessionDataTask {
        downloadData(named: name) { data, error in completion(data.flatMap { Image(name: name, pgm: $0) }, error) }
    }

    /// The bytes of `name`, or why not: the `URLError` code, `.badServerResponse` when no data came.
    private static func downloadData(named name: String, completion: @escaping @Sendable (Data?, URLError.Code?) -> Void) -> URLSessionDataTask {
        let task = session.dataTask(with: url(for: name)) { data, _, error in
            if let error {
                return completion(nil, (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code))
            }
            guard let data else { return completion(nil, .badServerResponse) }
            completion(data, nil)
        }
        task.resume()
        return task
    }
}

/// Serves the catalogue's images (as PGM) and texts after their latency; `stopLoading` (a cancel) drops the
/// pending delivery.
public final class LessonImageProtocol: URLProtocol {
    static let catalogue = Locked<[String: (latency: Double, data: Data)]>([:])
    static let log = Locked<[String: (received: Int, cancelled: Int)]>([:])
    private let pending = Locked<DispatchWorkItem?>(nil)

    public override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "racelab" }
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    public override func startLoading() {
        guard Network.isReachable else {
            client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
            return
        }
        guard let url = request.url, let entry = Self.catalogue.current[url.lastPathComponent] else {
            client?.urlProtocol(self, didFailWithError: URLError(.fileDoesNotExist))
            return
        }
        let name = url.lastPathComponent
        Self.log.withLock { $0[name, default: (0, 0)].received += 1 }
        let delivery = DispatchWorkItem { [weak self] in
            guard let self, self.takePending() != nil else { return }  // taken: a cancel now counts for nothing
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
            self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            self.client?.urlProtocol(self, didLoad: entry.data)
            self.client?.urlProtocolDidFinishLoading(self)
        }
        pending.withLock { $0 = delivery }
        DispatchQueue.global().asyncAfter(deadline: LessonClock.shared.deadline(after: entry.latency), execute: delivery)
    }

    /// The delivery not yet made, now taken: whoever takes it (the delivery or a cancel) acts on it.
    private func takePending() -> DispatchWorkItem? {
        pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }

    public override func stopLoading() {
        // Still pending: cancelled before its delivery. (URLSession may call this after a delivery too.)
        guard let delivery = takePending() else { return }
        delivery.cancel()
        if let name = request.url?.lastPathComponent { Self.log.withLock { $0[name, default: (0, 0)].cancelled += 1 } }
    }
}
