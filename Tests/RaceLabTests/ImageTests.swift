import XCTest

@testable import RaceLabKit

final class ImageTests: XCTestCase {
    func testGeneratedImagesAreDeterministicAndDistinct() {
        XCTAssertEqual(Image.generated(3), Image.generated(3))
        XCTAssertNotEqual(Image.generated(3).checksum, Image.generated(4).checksum)
        XCTAssertEqual(Image.generated(2, size: 8).pixels.count, 64)
    }

    func testBlurAveragesNeighbours() {
        let image = Image(name: "dot", width: 3, height: 3, pixels: [0, 0, 0, 0, 90, 0, 0, 0, 0])
        let blurred = image.blurred()
        XCTAssertEqual(blurred.pixels[4], 10, "the centre: 90 / 9")
        XCTAssertEqual(blurred.pixels[0], 22, "a corner: 90 / 4")
        XCTAssertNotEqual(blurred.checksum, image.checksum)
    }

    func testChecksumIsEightHexDigits() {
        XCTAssertEqual(Image(name: "empty", width: 0, height: 0, pixels: []).checksum, "811c9dc5")
    }

    func testAgedAndVignetteByHand() {
        let flat = Image(name: "flat", width: 3, height: 3, pixels: [UInt8](repeating: 100, count: 9))
        XCTAssertEqual(flat.aged().pixels[0], 106, "40 + 100 * 0.7, grain -4 at (0, 0)")
        let vignetted = flat.vignette()
        XCTAssertEqual(vignetted.pixels[4], 100, "the centre keeps its value")
        XCTAssertEqual(vignetted.pixels[0], 40, "a corner keeps 40 %")
    }
}
