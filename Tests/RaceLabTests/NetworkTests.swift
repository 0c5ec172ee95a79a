import Foundation
import XCTest

@testable import RaceLabKit

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

    func testAnImageServedFailingFirstFailsThatManyTimesAfterItsLatencyThenArrives() async throws {
        let image = Image.generated(9, size: 16)
        Network.serve(image, as: "test-failing-first.pgm", latency: 0.1, failingFirst: 2)
        for attempt in 1...2 {
            let started = Date()
            do {
                _ = try await Network.image(named: "test-failing-first.pgm")
                XCTFail("request \(attempt) got the image; the first two must fail")
            } catch let error as URLError {
                XCTAssertEqual(error.code, .resourceUnavailable)
                XCTAssertGreaterThanOrEqual(
                    Date().timeIntervalSince(started), 0.09, "a failure comes after the latency")
            }
        }
        let third = try await Network.image(named: "test-failing-first.pgm")
        XCTAssertEqual(third.checksum, image.checksum)
        XCTAssertEqual(Network.requests(for: "test-failing-first.pgm").received, 3)
    }

    func testTheNetworkCountsRequestsAndCancelsBeforeDelivery() async throws {
        Network.serve(.generated(7, size: 16), as: "test-counted.pgm", latency: 0.1)
        _ = try await Network.image(named: "test-counted.pgm")
        _ = try await Network.image(named: "test-counted.pgm")
        XCTAssertEqual(Network.requests(for: "test-counted.pgm").received, 2)
        XCTAssertEqual(
            Network.requests(for: "test-counted.pgm").cancelled, 0, "a delivered request is not a cancelled one")
        Network.serve(.generated(8, size: 16), as: "test-counted-cancel.pgm", latency: 2)
        let download = Task { try await Network.image(named: "test-counted-cancel.pgm") }
        while Network.requests(for: "test-counted-cancel.pgm").received == 0 {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        download.cancel()
        do {
            _ = try await download.value
            XCTFail("a cancelled download delivered its image")
        } catch {
            XCTAssertTrue(error is CancellationError, "a cancel is thrown as CancellationError, not \(error)")
        }
        XCTAssertEqual(Network.requests(for: "test-counted-cancel.pgm").received, 1)
        XCTAssertEqual(Network.requests(for: "test-counted-cancel.pgm").cancelled, 1)
        XCTAssertEqual(Network.requests(for: "never-asked.pgm").received, 0)
    }

    func testPGMRoundTrip() {
        let image = Image.generated(3, size: 12)
        XCTAssertEqual(Image(name: image.name, pgm: image.pgmData), image)
        XCTAssertNil(Image(name: "junk", pgm: Data("P6\n1 1\n255\nabc".utf8)))
    }
}
