import Foundation
import XCTest

@testable import RaceLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The simulated network is a real URLSession: images arrive intact after their latency, a cancel
/// stops the delivery, an unknown name fails.
final class NetworkTests: XCTestCase {
    func testAnImageArrivesIntactAfterItsLatency() {
        let image = Image.generated(5, size: 16)
        Network.serve(image, as: "test-arrives.pgm", latency: 0.2)
        let arrived = expectation(description: "arrived")
        let received = Locked<Image?>(nil)
        let started = Date()
        Network.downloadImage(named: "test-arrives.pgm") { downloaded in
            received.withLock { $0 = downloaded }
            arrived.fulfill()
        }
        wait(for: [arrived], timeout: 10)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.19)
        XCTAssertEqual(received.current?.pixels, image.pixels)
        XCTAssertEqual(received.current?.checksum, image.checksum)
    }

    func testACancelledDownloadNeverDelivers() {
        Network.serve(.generated(6, size: 16), as: "test-cancelled.pgm", latency: 0.5)
        let ended = expectation(description: "ended")
        let received = Locked<Image?>(.generated(1, size: 1))
        let task = Network.downloadImage(named: "test-cancelled.pgm") { downloaded in
            received.withLock { $0 = downloaded }
            ended.fulfill()
        }
        task.cancel()
        wait(for: [ended], timeout: 10)
        XCTAssertNil(received.current)
    }

    func testAnUnknownImageFails() {
        let ended = expectation(description: "ended")
        let received = Locked<Image?>(.generated(1, size: 1))
        Network.downloadImage(named: "no-such-image.pgm") { downloaded in
            received.withLock { $0 = downloaded }
            ended.fulfill()
        }
        wait(for: [ended], timeout: 10)
        XCTAssertNil(received.current)
    }

    func testPGMRoundTrip() {
        let image = Image.generated(3, size: 12)
        XCTAssertEqual(Image(name: image.name, pgm: image.pgmData), image)
        XCTAssertNil(Image(name: "junk", pgm: Data("P6\n1 1\n255\nabc".utf8)))
    }
}
