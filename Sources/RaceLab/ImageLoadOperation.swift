import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An operation that passes an image on: the next operation takes its input from the first
/// dependency that is one (DEMOS F1).
public protocol ImagePassing: Operation {
    var outputImage: Image? { get }
}

/// DEMOS E4 (lesson 6, page 7): downloads an image by name through the lessons' network, keeps it as
/// `outputImage`, finishes, and hands it to `completion`. Cancelling it cancels the download.
public final class ImageLoadOperation: AsyncOperation, ImagePassing, @unchecked Sendable {
    public let imageName: String
    let completion: @Sendable (Image?) -> Void
    private let output = Locked<Image?>(nil)
    private let task = Locked<URLSessionDataTask?>(nil)

    public var outputImage: Image? { output.current }

    public init(imageName: String, completion: @escaping @Sendable (Image?) -> Void = { _ in }) {
        self.imageName = imageName
        self.completion = completion
        super.init()
    }

    public override func main() {
        let download = Network.downloadImage(named: imageName) { image in
            self.output.withLock { $0 = image }
            self.state = .finished
            self.completion(image)
        }
        task.withLock { $0 = download }
    }

    public override func cancel() {
        task.withLock { $0?.cancel() }
        super.cancel()
    }
}
