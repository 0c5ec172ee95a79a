// Page 7: page 1's two downloaders again, for the schedule explorer (lesson 14). The same code, with
// two differences the explorer needs: each actor runs on the explorer's executor (SE-0392's custom
// actor executors), and the download is a point the explorer schedules, not RaceLab's network, whose
// answer comes from URLSession's threads, which the explorer does not run.
import RaceLabKit

/// Counts the downloads of a run. Touched only by the explorer's tasks, which run one job at a time
/// on the explorer's thread.
/// @unchecked Sendable: touched only by the explorer's tasks, one job at a time on its thread.
final class ExploredNetwork: @unchecked Sendable {
    private(set) var downloads = 0

    func download(_ name: String) async -> String {
        downloads += 1
        let number = downloads
        await Interleaving.suspend("the download")  // the network takes its time: a point
        Interleaving.record("the download lands")
        return "\(name) (download \(number))"
    }
}

/// What page 7 asks of both downloaders: made on the explorer's executor, an image by name.
protocol ExploredDownloader: Actor {
    init(on executor: ExplorerExecutor, network: ExploredNetwork)
    func image(named name: String) async -> String
}

/// Two requests for one image to a downloader of type `kind`; the outcome is how many downloads.
func twoRequests(to kind: any ExploredDownloader.Type) -> (Explorer.TaskProgram) -> Void {
    { program in
        let network = ExploredNetwork()
        let downloader = kind.init(on: program.executor, network: network)
        for _ in 1...2 {
            program.task("image(named:)") {
                _ = await downloader.image(named: "sad_cat.jpg")
            }
        }
        program.outcome { "\(network.downloads) download\(network.downloads == 1 ? "" : "s")" }
    }
}

/// Page 1's `ImageDownloader`: check the cache, await the download, store it.
actor ExploredImageDownloader: ExploredDownloader {
    nonisolated let executor: ExplorerExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let network: ExploredNetwork
    private var cache: [String: String] = [:]

    init(on executor: ExplorerExecutor, network: ExploredNetwork) {
        self.executor = executor
        self.network = network
    }

    func image(named name: String) async -> String {
        if let cached = cache[name] {
            Interleaving.record("finds the image")
            return cached
        }
        Interleaving.record("cache empty: downloads")
        let image = await network.download(name)  // suspends: another call runs on the actor
        Interleaving.record("stores its download")
        cache[name] = image
        return image
    }
}

/// Page 1's `SharingImageDownloader`: the download in flight is kept in the cache, as a Task.
actor ExploredSharingImageDownloader: ExploredDownloader {
    private enum CacheEntry {
        case inProgress(Task<String, Never>)
        case ready(String)
    }
    nonisolated let executor: ExplorerExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let network: ExploredNetwork
    private var cache: [String: CacheEntry] = [:]

    init(on executor: ExplorerExecutor, network: ExploredNetwork) {
        self.executor = executor
        self.network = network
    }

    func image(named name: String) async -> String {
        if let cached = cache[name] {
            switch cached {
            case .ready(let image):
                Interleaving.record("finds the image")
                return image
            case .inProgress(let task):
                Interleaving.record("finds the download in flight: awaits it")
                return await task.value
            }
        }
        Interleaving.record("cache empty: starts the download's Task, awaits it")
        // On the explorer's executor too (SE-0417): with a plain Task { }, `download` (nonisolated)
        // ran on the global pool, and the explorer stopped, saying that a task awaits something it
        // does not schedule (measured, 3 runs of 3).
        let task = Task(executorPreference: executor) { [network] in await network.download(name) }
        cache[name] = .inProgress(task)
        let image = await task.value
        cache[name] = .ready(image)
        return image
    }
}
