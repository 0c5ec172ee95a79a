import Foundation
import RaceLab

/// A filter step (DEMOS F1, G4): takes its input from the first dependency that passes an image,
/// computes for real, and passes its output on. Cancelled, or without input, it does nothing.
final class ImageFilterOperation: Operation, ImagePassing, @unchecked Sendable {
    private let transform: @Sendable (Image) -> Image
    private let output = Locked<Image?>(nil)

    var outputImage: Image? { output.current }

    init(_ transform: @escaping @Sendable (Image) -> Image) {
        self.transform = transform
        super.init()
    }

    override func main() {
        let input = dependencies.compactMap { ($0 as? ImagePassing)?.outputImage }.first
        guard !isCancelled, let input else { return }
        sleep(lessonSeconds: 0.5)  // Core Image on a phone takes its time; the stand-in waits as long
        let result = transform(input)
        output.withLock { $0 = result }
    }
}

/// DEMOS G4: one image's pipeline, load (asynchronous, through the network) -> aged photo effect ->
/// vignette -> output on the main queue, on a private queue that starts suspended.
final class ImageProvider {
    let imageName: String
    private let queue = OperationQueue()

    init(imageName: String, completion: @escaping @Sendable (Image) -> Void) {
        self.imageName = imageName
        queue.isSuspended = true
        let load = ImageLoadOperation(imageName: imageName)
        let aged = ImageFilterOperation { $0.aged() }
        let vignette = ImageFilterOperation { $0.vignette() }
        let output = BlockOperation { [unowned vignette] in
            guard let image = vignette.outputImage else { return }
            DispatchQueue.main.async { completion(image) }  // UI work happens on the main queue
        }
        aged.addDependency(load)
        vignette.addDependency(aged)
        output.addDependency(vignette)
        queue.addOperations([load, aged, vignette, output], waitUntilFinished: false)
    }

    func start() { queue.isSuspended = false }
    func cancel() { queue.cancelAllOperations() }
    func wait() { queue.waitUntilAllOperationsAreFinished() }
}
