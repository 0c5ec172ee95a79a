import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An operation that passes an image on: the next operation takes its input from the first
/// dependency that is one (DEMOS F1; the article's `ImagePass` protocol, named as Swift names a
/// capability).
public protocol ImagePassing: Operation {
    var outputImage: Image? { get }
}

/// DEMOS E4 (lesson 6, page 7): downloads an image by name through the lessons' network, keeps it as
/// `outputImage`, finishes, and hands it to `completion` with, when no image came, the reason
/// (`.cancelled`, -999, after a cancel). Cancelling it cancels the download.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); its output and task are
/// `Locked`, the rest `let`.
public final class ImageLoadOperation: AsyncOperation, ImagePassing, @unchecked Sendable {
    public let imageName: String
    let completion: @Sendable (Image?, URLError.Code?) -> Void
    private let output = Locked<Image?>(nil)
    private let task = Locked<URLSessionDataTask?>(nil)

    public var outputImage: Image? { output.current }

    public init(imageName: String, completion: @escaping @Sendable (Image?, URLError.Code?) -> Void = { _, _ in }) {
        self.imageName = imageName
        self.completion = completion
        super.init()
    }

    private let callback = DispatchGroup()

    public override func main() {
        callback.enter()
        let download = Network.download(named: imageName) { image, failure in
            self.output.withLock { $0 = image }
            self.state = .finished
            self.completion(image, failure)
            self.callback.leave()
        }
        task.withLock { $0 = download }
        if isCancelled { download.cancel() }  // a cancel that came before the task existed
    }

    /// Cancelling finishes the operation at once (AsyncOperation does so), and the download calls
    /// back a moment later with URLError -999. Finishing at once matters on Linux: lesson 9, page 4.
    public override func cancel() {
        super.cancel()
        task.withLock { $0?.cancel() }
    }

    /// Waits until the download has called back, if it was started: after a cancel, the operation
    /// is finished before that.
    public func waitForCallback() { callback.wait() }
}
