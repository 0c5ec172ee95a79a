import Foundation
import RaceLabKit

/// DEMOS C6: an operation that blurs one image. Its output is read by its completion block.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; `outputImage` is set in
/// `main()`, read by the completion block after it.
final class FilterOperation: Operation, @unchecked Sendable {
    let inputImage: Image
    var outputImage: Image?

    init(_ image: Image) {
        inputImage = image
        super.init()
    }

    override func main() {
        outputImage = inputImage.blurred()
    }
}

/// The shared results of page 6. Not thread-safe by itself: the page touches it only on its serial
/// append queue. That promise is what `@unchecked Sendable` states (the compiler cannot check it),
/// so the operations on that queue may hold it.
/// @unchecked Sendable: `images` is touched only on page 6's serial append queue.
final class FilteredImages: @unchecked Sendable {
    var images: [Image] = []
}
