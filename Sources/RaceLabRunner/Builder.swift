import Foundation

/// Builds products with ThreadSanitizer in their own scratch folder, so the normal `.build` stays as
/// it is. Everything at once when that works; one product at a time when it does not, so that an
/// attendee's exercise that does not compile breaks only itself.
public struct Builder {
    public let root: String
    public let scratch: String

    public init(root: String, scratch: String = ".build-tsan") {
        self.root = root
        self.scratch = "\(root)/\(scratch)"
    }

    public struct Outcome {
        public var succeeded: Bool
        public var seconds: Double
        /// The compiler's errors, each with the lines it printed under it.
        public var errors: [String]
        public var log: String
    }

    /// The same options as every other build of `.build-tsan` (scripts/test's among them), so that none
    /// rebuilds what another built. (Its index is made: on Linux, SwiftPM finds the unit tests by it.)
    private var swiftArguments: [String] { ["--sanitize=thread", "--scratch-path", scratch] }

    /// The environment of every `swift` it runs. The manifest derives its targets from the folders
    /// under Lessons/, but SwiftPM caches a manifest's evaluation by its text and its environment, not
    /// by the folders it read: a new wrong fix's folder went unseen (measured: `dump-package` listed 5
    /// targets of exercise 6 where 7 folders were, until the cache was bypassed). The folders' layout
    /// in the environment makes any change to it a new cache key. `programs`: what the manifest
    /// declares besides the library (`RACELAB_BUILD` in Package.swift); nil, everything, the referee
    /// variants included.
    func environment(declaring programs: [String]? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["RACELAB_LESSONS_LAYOUT"] = Self.layout(of: "\(root)/Lessons")
        environment["RACELAB_BUILD"] = programs.map { $0.sorted().joined(separator: ",") } ?? "all"
        return environment
    }

    /// FNV-1a over the sorted paths of everything under `folder` (names, not contents), and which
    /// lessons import their Support: what the manifest reads to make its targets.
    static func layout(of folder: String) -> String {
        let paths = ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
        var hash = FNV1a()
        hash.add(paths.joined(separator: "\n").utf8)
        let root = (folder as NSString).deletingLastPathComponent
        for name in paths where !name.contains("/") {
            guard let number = Int(name.prefix { $0.isNumber }) else { continue }
            if LessonInfo.importsSupport(root: root, folder: "Lessons/\(name)", number: number) { hash.add(name.utf8) }
        }
        return hash.hex
    }

    /// Builds `programs` and the library they need, nothing else: the manifest declares only them
    /// (`RACELAB_BUILD`), so one `swift build` builds them all. A plain build declares no referee
    /// variant, and `verify 3` has no use for lesson 14.
    /// `progress`: shown SwiftPM's output as it comes, for a build an attendee waits for.
    public func build(_ programs: [String], progress: BuildProgress? = nil) -> Outcome {
        progress?.start()
        defer { progress?.finish() }
        let result = runProcess(
            "/usr/bin/env", arguments: ["swift", "build"] + swiftArguments,
            environment: environment(declaring: programs),
            directory: root, timeout: 1800, outputCap: 32 << 20, gentle: true, onStdout: progress?.feed)
        let log = result.stdout + result.stderr
        return Outcome(succeeded: result.succeeded, seconds: result.seconds, errors: Self.errors(in: log), log: log)
    }

    /// Whether RaceLab's library has been built here before: if not, this build compiles it too, and
    /// takes longer than the ones after it.
    public var isFirstBuild: Bool {
        !FileManager.default.fileExists(atPath: "\(scratch)/debug/Modules/RaceLabKit.swiftmodule")
    }

    /// Where the built programs are.
    public func binPath() -> String? {
        let result = runProcess(
            "/usr/bin/env", arguments: ["swift", "build", "--show-bin-path"] + swiftArguments,
            environment: environment(),
            directory: root, timeout: 120, outputCap: 1 << 20)
        let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.succeeded && !path.isEmpty ? path.split(separator: "\n").last.map(String.init) : nil
    }

    /// The names of the targets the manifest declares when it declares everything (`swift package
    /// dump-package`), or nil when it could not be read.
    /// `environment`: another build's (a test's), in place of the one that declares everything.
    public func declaredTargets(environment: [String: String]? = nil) -> Set<String>? {
        let result = runProcess(
            "/usr/bin/env", arguments: ["swift", "package", "dump-package", "--scratch-path", scratch],
            environment: environment ?? self.environment(),
            directory: root, timeout: 120, outputCap: 8 << 20)
        guard result.succeeded,
            let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let targets = json["targets"] as? [[String: Any]]
        else { return nil }
        return Set(targets.compactMap { $0["name"] as? String })
    }

    /// "file:line:col: error: …" lines with the source excerpt the compiler prints below each.
    static func errors(in log: String) -> [String] {
        var errors: [String] = []
        var current: [String]?
        for line in log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains(": error: ") {
                if let current { errors.append(current.joined(separator: "\n")) }
                current = [line]
            } else if current != nil, line.contains("|"), current!.count < 8 {
                current!.append(line)
            } else if let done = current {
                errors.append(done.joined(separator: "\n"))
                current = nil
            }
        }
        if let current { errors.append(current.joined(separator: "\n")) }
        var seen = Set<String>()
        return errors.filter { seen.insert($0).inserted }
    }
}
