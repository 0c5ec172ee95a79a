// Page 1: the image downloader of WWDC 2021's "Protect mutable state with Swift actors", over
// RaceLab's network (a real URLSession; the network counts the requests it receives).
import Foundation
import RaceLabKit

/// What page 1 asks of a downloader: an image by name, however many callers ask at once.
protocol Downloader: Sendable {
    func image(named name: String) async throws -> Image
}

/// The downloader as first written: check the cache, await the download, store it. No data race (an
/// actor), no compiler error; but the `await` lets other calls in, and each finds the cache empty.
actor ImageDownloader: Downloader {
    private var cache: [String: Image] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        let image = try await Network.image(named: name)  // suspends: another call runs on the actor
        cache[name] = image  // every one of them stores its own download
        return image
    }
}

/// The same session's fix: the cache holds the download while it is in flight, and every later caller
/// awaits that one download. The check and the store are one stretch of synchronous code.
actor SharingImageDownloader: Downloader {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] {
            switch cached {
            case .ready(let image): return image
            case .inProgress(let task): return try await task.value
            }
        }
        let task = Task { try await Network.image(named: name) }
        cache[name] = .inProgress(task)
        do {
            let image = try await task.value
            cache[name] = .ready(image)
            return image
        } catch {
            cache[name] = nil
            throw error
        }
    }
}

/// `count` requests for `name` at once, a child task each. Shows each answer when there are few, else
/// how many got the image; returns how many downloads the network received for them.
func requestAtOnce(_ count: Int, _ name: String, from downloader: any Downloader) async -> Int {
    let before = Network.requests(for: name).received
    var checksums: [String] = []
    await withTaskGroup(of: String?.self) { group in
        for number in 1...count {
            group.addTask { await request(number, of: count, name, from: downloader) }
        }
        for await checksum in group { checksum.map { checksums.append($0) } }
    }
    if count > 3 {
        say(
            "\(checksums.count) of \(count) requests got the image"
                + (Set(checksums).count == 1 ? ", checksum \(checksums[0])" : ""))
    }
    return Network.requests(for: name).received - before
}

/// One request; says what it got when there are at most three. Returns the image's checksum.
func request(_ number: Int, of count: Int, _ name: String, from downloader: any Downloader) async -> String? {
    let image = try? await downloader.image(named: name)
    if count <= 3 {
        say("request \(number): " + (image.map { "the image, checksum \($0.checksum)" } ?? "no image"))
    }
    return image?.checksum
}

/// "The network received 3 downloads for 3 requests."
func downloadsLine(_ downloads: Int, _ requests: Int) -> String {
    "The network received \(downloads) download\(downloads == 1 ? "" : "s") for \(requests) requests."
}
