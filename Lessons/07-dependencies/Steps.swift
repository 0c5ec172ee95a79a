// The operations of lesson 7's pages beside RaceLab's Step: the article's image filters, a step that
// checks its dependencies, and the WWDC app's modal alerts.
import Foundation
import RaceLabKit

/// The article's filter steps (DEMOS F1): an image operation takes its input from the first
/// dependency that passes one on, when it was given none (it "chooses the first such dependent
/// operation and extracts his own inputImage", in the article's words).
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; its output is `Locked`, its
/// input a `let`.
class ImageTakeOperation: Operation, ImagePassing, @unchecked Sendable {
    private let input: Image?
    private let output = Locked<Image?>(nil)
    var outputImage: Image? { output.current }

    init(inputImage: Image? = nil) {
        input = inputImage
        super.init()
    }

    /// The first dependency that passes an image on, when none was given.
    var source: ImagePassing? {
        input == nil ? dependencies.lazy.compactMap { $0 as? ImagePassing }.first { $0.outputImage != nil } : nil
    }

    var inputImage: Image? { input ?? source?.outputImage }

    /// The filter itself: subclasses say what they do to the picture.
    func filter(_ image: Image) -> Image { image }

    override func main() {
        guard let image = inputImage else {
            say("\(name ?? "filter"): no input image from any dependency")
            return
        }
        let result = filter(image)
        output.withLock { $0 = result }
        say("\(name ?? "filter") done, from the image of \(source.map { "\(type(of: $0))" } ?? "its input")")
    }
}

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own.
final class TiltShiftOperation: ImageTakeOperation, @unchecked Sendable {
    /// Tilt-shift: the top and bottom thirds blurred (three passes), the middle band sharp.
    override func filter(_ image: Image) -> Image {
        let blurred = image.blurred().blurred().blurred()
        var pixels = image.pixels
        for y in 0..<image.height where y < image.height / 3 || y >= 2 * image.height / 3 {
            for x in 0..<image.width { pixels[y * image.width + x] = blurred.pixels[y * image.width + x] }
        }
        return Image(name: image.name, width: image.width, height: image.height, pixels: pixels)
    }
}

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own.
final class VignetteOperation: ImageTakeOperation, @unchecked Sendable {
    override func filter(_ image: Image) -> Image { image.vignette() }
}

/// A Step that checks its dependencies first: if one was cancelled, it does nothing.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own.
final class CheckingStep: Step, @unchecked Sendable {
    override func execute() {
        guard let cancelled = dependencies.first(where: \.isCancelled) else { return super.execute() }
        say("\(title) starts, sees that \(cancelled.name ?? "a dependency") was cancelled, and does nothing")
        finish()
    }
}

/// A modal alert on screen for 1 s (an operation, as in the WWDC app), counting how many are on
/// screen at once in `onScreen`.
func alert(_ number: Int, onScreen: Locked<(now: Int, most: Int)>) -> Step {
    Step(
        "alert \(number)", 1, narrates: false,
        onStart: { _ in
            let now = onScreen.withLock { counts -> Int in
                counts.now += 1
                counts.most = max(counts.most, counts.now)
                return counts.now
            }
            say("alert \(number) appears (\(now) on screen)")
        },
        onFinish: { _ in
            onScreen.withLock { $0.now -= 1 }
            say("alert \(number) dismissed")
        })
}
