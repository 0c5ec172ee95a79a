import Foundation
import RaceLab

/// DEMOS E4: downloads an image by name through the lessons' network, keeps it as `outputImage`,
/// finishes, and hands it to `completion`.
final class ImageLoadOperation: AsyncOperation, @unchecked Sendable {
    let imageName: String
    let completion: @Sendable (Image?) -> Void
    private let output = Locked<Image?>(nil)

    var outputImage: Image? { output.current }

    init(imageName: String, completion: @escaping @Sendable (Image?) -> Void) {
        self.imageName = imageName
        self.completion = completion
        super.init()
    }

    override func main() {
        Network.downloadImage(named: imageName) { image in
            self.output.withLock { $0 = image }
            self.state = .finished
            self.completion(image)
        }
    }
}
