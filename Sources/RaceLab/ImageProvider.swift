import Foundation

/// A filter step (DEMOS F1, G4): takes its input from the first dependency that passes an image,
/// computes for real, and passes its output on. It skips its work once `cancelled` says so.
public final class ImageFilterOperation: Operation, ImagePassing, @unchecked Sendable {
    private let transform: @Sendable (Image) -> Image
    private let cancelled: Locked<Bool>
    private let output = Locked<Image?>(nil)

    public var outputImage: Image? { output.current }

    public init(cancelled: Locked<Bool>, _ transform: @escaping @Sendable (Image) -> Image) {
        self.cancelled = cancelled
        self.transform = transform
        super.init()
    }

    public override func main() {
        let input = dependencies.compactMap { ($0 as? ImagePassing)?.outputImage }.first
        guard !isCancelled, !cancelled.current, let input else { return }
        sleep(lessonSeconds: 0.5)  // Core Image on a phone takes its time; the stand-in waits as long
        let result = transform(input)
        output.withLock { $0 = result }
    }
}

/// DEMOS G4 (lesson 9): one image's pipeline, load (asynchronous, through the network) -> aged photo effect ->
/// vignette -> output on the main queue, on a private queue that starts suspended.
public final class ImageProvider {
    public let imageName: String
    private let queue = OperationQueue()
    private let load: ImageLoadOperation
    private let cancelled = Locked(false)

    public init(imageName: String, completion: @escaping @Sendable (Image) -> Void) {
        self.imageName = imageName
        queue.isSuspended = true
        load = ImageLoadOperation(imageName: imageName)
        let aged = ImageFilterOperation(cancelled: cancelled) { $0.aged() }
        let vignette = ImageFilterOperation(cancelled: cancelled) { $0.vignette() }
        let output = BlockOperation { [unowned vignette, cancelled] in
            guard !cancelled.current, let image = vignette.outputImage else { return }
            DispatchQueue.main.async { completion(image) }  // UI work happens on the main queue
        }
        aged.addDependency(load)
        vignette.addDependency(aged)
        output.addDependency(vignette)
        queue.addOperations([load, aged, vignette, output], waitUntilFinished: false)
    }

    public func start() { queue.isSuspended = false }

    /// Cancels the download and makes every later step skip its work. (Not `cancelAllOperations()`:
    /// Foundation on Linux crashes when it finishes a cancelled operation while one it depends on is
    /// still executing, which is exactly the case of a row scrolling away mid-filter.)
    public func cancel() {
        cancelled.withLock { $0 = true }
        load.cancel()
    }

    public func wait() { queue.waitUntilAllOperationsAreFinished() }
}
