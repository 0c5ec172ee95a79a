import Foundation
import XCTest

@testable import RaceLabRunner

final class FileWatcherTests: XCTestCase {
    func testNoticesASaveAndNothingElse() throws {
        let path = NSTemporaryDirectory() + "watch-\(UUID().uuidString).swift"
        try "one".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var watcher = FileWatcher(paths: [path])
        XCTAssertFalse(watcher.changed())
        try "two, longer".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.changed())
        XCTAssertFalse(watcher.changed(), "a change is reported once")
        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(watcher.changed(), "a deleted file is a change too")
    }
}
