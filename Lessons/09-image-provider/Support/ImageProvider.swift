import Foundation
import RaceLabKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tells what each step of an `ImageProvider` did, when someone wants to know (lesson 9, page 2).
public typealias ImageStepReport = @Sendable (String) -> Void

/// A filter step (DEMOS F1, G4): the article's abstract `ImageTakeOperation` and its filter subclasses
/// in one class that takes a transform. It takes its input from
/// the first dependency that passes an image, computes for real, and passes its output on. A cancel
/// makes it skip its work, or drop its result if the cancel came while it worked.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; its output is `Locked`, the
/// rest `let`.
public final class ImageFilterOperation: Operation, ImagePassing, @unchecked Sendable {
    public let step: String
    private let transform: @Sendable (Image) -> Image
    private let report: ImageStepReport?
    private let output = Locked<Image?>(nil)

    public var outputImage: Image? { output.current }

    public init(_ step: String, report: ImageStepReport? = nil, _ transform: @escaping @Sendable (Image) -> Image) {
        self.step = step
        self.report = report
        self.transform = transform
        super.init()
    }

    public override func start() {
        // Foundation starts a cancelled operation too, and its start() then skips main().
        if isCancelled { report?("\(step): cancelled before it started, skipped") }
        super.start()
    }

    public override func main() {
        guard let input = dependencies.compactMap({ ($0 as? ImagePassing)?.outputImage }).first else {
            report?("\(step): no input image, skipped")
            return
        }
        sleep(lessonSeconds: 0.5)  // Core Image on a phone takes its time; the stand-in waits as long
        let result = transform(input)
        if isCancelled {
            report?("\(step): cancelled while it worked, result dropped")
            return
        }
        output.withLock { $0 = result }
    }
}

/// The article's `ImageOutputOperation`: hands its dependency's image to a closure on the main queue,
/// unless it was cancelled.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; only `let`s.
public final class ImageOutputOperation: Operation, @unchecked Sendable {
    private let completion: @Sendable (Image) -> Void
    private let report: ImageStepReport?

    public init(report: ImageStepReport? = nil, completion: @escaping @Sendable (Image) -> Void) {
        self.completion = completion
        self.report = report
        super.init()
    }

    public override func start() {
        if isCancelled { report?("output: cancelled, nothing delivered") }
        super.start()
    }

    public override func main() {
        guard let image = dependencies.compactMap({ ($0 as? ImagePassing)?.outputImage }).first else {
            report?("output: no image to deliver")
            return
        }
        let completion = completion
        DispatchQueue.main.async { completion(image) }  // UI work happens on the main queue
    }
}

/// DEMOS G4 (lesson 9): one image's pipeline on a private queue that starts suspended, as the article
/// builds it: load (asynchronous, through the network) -> filter (a blur, the article's tilt-shift
/// stand-in) -> post-process (the "aged" photo effect and a vignette) -> output on the main queue.
/// `cancel()` is the article's: `cancelAllOperations()`.
public final class ImageProvider {
    public let imageName: String
    private let record: ProviderRecord
    private let queue = OperationQueue()
    private let load: ImageLoadOperation
    private let steps: [Operation]  // kept, not only queued: see cancel()

    /// `report`: told what each step does with a cancel (the download's URLSession error, each
    /// skipped step); nil to stay quiet.
    public init(imageName: String, report: ImageStepReport? = nil, completion: @escaping @Sendable (Image) -> Void) {
        self.imageName = imageName
        let record = ProviderRecord.made()
        self.record = record
        queue.isSuspended = true
        load = ImageLoadOperation(imageName: imageName) { _, failure in
            if let failure {
                report?(
                    "download: ended with URLSession error \(failure.rawValue)\(failure == .cancelled ? " (cancelled)" : "")"
                )
            }
        }
        let filter = ImageFilterOperation("filter", report: report) { $0.blurred() }
        let postProcess = ImageFilterOperation("post-process", report: report) { $0.aged().vignette() }
        let output = ImageOutputOperation(report: report) { image in
            record.delivered.value = 1
            completion(image)
        }
        filter.addDependency(load)
        postProcess.addDependency(filter)
        output.addDependency(postProcess)
        steps = [load, filter, postProcess, output]
        queue.addOperations(steps, waitUntilFinished: false)
    }

    public func start() { queue.isSuspended = false }

    /// The article's cancel, and a workaround for Foundation on Linux (lesson 9, page 4): a cancelled
    /// step starts and finishes at once, even while a step it depends on still runs, and that step
    /// keeps only an unretained pointer to it; if the cancelled step is released first, the step it
    /// depends on crashes when it finishes. So the provider keeps itself, and with it every step,
    /// until the last one has finished, even if its owner forgets it right after this call.
    public func cancel() {
        if isOnMainQueue { record.cancelledOnMain.value = 1 }
        record.cancelled.value = 1
        queue.cancelAllOperations()
        Thread.detachNewThread { [self] in wait() }
    }

    /// Waits for every step, and for the download's callback (after a cancel it comes a moment
    /// after the load operation has finished).
    public func wait() {
        queue.waitUntilAllOperationsAreFinished()
        load.waitForCallback()
    }
}

/// What became of each provider made for a picture, kept after the provider is gone: exercise 9's
/// referee asks, when a row has left, whether its providers were cancelled (their work stopped) or
/// had delivered already. A provider that is only forgotten keeps working, and its record says so.
public final class ProviderRecord: Sendable {
    /// 1 once `cancel()` was called.
    public let cancelled = RelaxedWord()
    /// 1 once `cancel()` was called on the main queue, where the table says a row left.
    public let cancelledOnMain = RelaxedWord()
    /// 1 once the provider handed its image to its completion (on the main queue).
    public let delivered = RelaxedWord()

    private static let all = Locked<[ProviderRecord]>([])

    static func made() -> ProviderRecord {
        let record = ProviderRecord()
        all.withLock { $0.append(record) }
        return record
    }

    /// How many providers were made so far.
    static var count: Int { all.current.count }

    /// The providers made since `count` was `start`, oldest first.
    static func made(since start: Int) -> [ProviderRecord] { Array(all.current.dropFirst(start)) }
}
