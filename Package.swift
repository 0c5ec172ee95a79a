// swift-tools-version:5.9
// RaceLab: a race-condition teaching playground. No package dependencies: it builds offline with the
// toolchain alone. Tools version 5.9 keeps every target in Swift 5 language mode, which the classic
// (racy) demos need: Swift 6 mode rejects them at compile time.
import PackageDescription

/// The plain build (`.build`) and the ThreadSanitizer build (`.build-tsan`) share one module cache. Cold,
/// the compiler first builds Glibc, _Concurrency and the C modules from the toolchain's interfaces (12 s
/// of a 19 s cold build of the RaceLab library, measured on a 2-core machine); sanitizer flags do not
/// change those modules, so the second build reuses them.
let sharedModuleCache: [SwiftSetting] = [
    .unsafeFlags(["-module-cache-path", Context.packageDirectory + "/.build/module-cache"])
]

var targets: [Target] = [
    // The support library every lesson imports: lesson clock, pages, view/animation stand-ins, watchdog.
    .target(name: "RaceLab", dependencies: ["RaceLabAtomics"], swiftSettings: sharedModuleCache),
    // Relaxed atomics in C: shared words that ThreadSanitizer sees as atomic but not as ordering.
    .target(name: "RaceLabAtomics"),
    // The runner: its logic lives in a library so it can be tested; `racelab` is a thin shell.
    .target(name: "RaceLabRunner", dependencies: ["RaceLab"], swiftSettings: sharedModuleCache),  // shares its Locked
    .executableTarget(name: "racelab", dependencies: ["RaceLabRunner"], swiftSettings: sharedModuleCache),
    // A small program that misbehaves on request (races, hangs, crashes, floods); the runner's
    // end-to-end tests run it to prove every verdict can fail.
    .executableTarget(name: "racelab-fixture", dependencies: ["RaceLab"], path: "Tests/Fixtures/racelab-fixture",
        swiftSettings: sharedModuleCache),
    .testTarget(name: "RaceLabTests", dependencies: ["RaceLab"], swiftSettings: sharedModuleCache),
    .testTarget(
        name: "RaceLabRunnerTests", dependencies: ["RaceLabRunner", "racelab-fixture", "racelab"],
        resources: [.copy("TSanReports"), .copy("BrokenTranscripts")], swiftSettings: sharedModuleCache),
]

/// `RACELAB_SWIFT6=3 swift build --product lesson3`: lesson 3 alone in Swift 6 language mode (the
/// RaceLab library stays in Swift 5 mode), to see what the compiler says of its code (lesson 3's README).
let swift6Lessons = (Context.environment["RACELAB_SWIFT6"] ?? "").split(separator: ",").compactMap { Int($0) }

/// A lesson is `Lessons/NN-name/`: its executable `lessonN` and, when it has one, its exercise
/// `exerciseN` (the attendee's copy) with `exerciseN-starter` and `exerciseN-solution` beside it,
/// and one `exerciseN-wrong-NAME` per known wrong fix in `Exercise/Referee/WrongFixes/NAME/`. `Referee/` holds
/// what `racelab verify` checks, the solution among them, out of an attendee's way until they look.
func lesson(_ number: Int, _ folder: String, exercise: Bool = false, wrongFixes: [String] = []) {
    let path = "Lessons/\(folder)"
    targets.append(.executableTarget(
        name: "lesson\(number)", dependencies: ["RaceLab"], path: path,
        exclude: ["README.md", "transcripts"] + (exercise ? ["Exercise"] : []),
        swiftSettings: sharedModuleCache + (swift6Lessons.contains(number) ? [.unsafeFlags(["-swift-version", "6"])] : [])))
    guard exercise else { return }
    targets.append(.executableTarget(
        name: "exercise\(number)", dependencies: ["RaceLab"], path: "\(path)/Exercise",
        exclude: ["Referee", "hint.md", "expected.txt"], swiftSettings: sharedModuleCache))
    for variant in ["Starter", "Solution"] {
        targets.append(.executableTarget(
            name: "exercise\(number)-\(variant.lowercased())", dependencies: ["RaceLab"],
            path: "\(path)/Exercise/Referee/\(variant)", swiftSettings: sharedModuleCache))
    }
    for wrong in wrongFixes {
        targets.append(.executableTarget(
            name: "exercise\(number)-wrong-\(wrong)", dependencies: ["RaceLab"], path: "\(path)/Exercise/Referee/WrongFixes/\(wrong)",
            swiftSettings: sharedModuleCache))
    }
}

lesson(1, "01-queues", exercise: true, wrongFixes: [
    "main-async-still-blocks", "global-queue-shown-there", "concurrent-out-of-order",
])
lesson(2, "02-dispatch-groups")
lesson(3, "03-thread-safety", exercise: true, wrongFixes: [
    "lock-around-write-only", "barrier-write-unguarded-read", "sync-read-plain-async-write",
    "serial-write-unguarded-read", "sync-inside-own-queue", "ignores-renames",
])
lesson(4, "04-synchronization", exercise: true, wrongFixes: [
    "lock-around-increment-only", "atomic-property", "async-increment-plain-read",
])
lesson(5, "05-operation-queue", exercise: true, wrongFixes: ["gate-without-wait", "wait-without-gate", "poll-without-lock"])
lesson(6, "06-async-operations", exercise: true, wrongFixes: ["finish-before-result", "finish-in-main"])
lesson(7, "07-dependencies", exercise: true, wrongFixes: [
    "no-dependencies", "removed-the-wrong-edge", "cancel-to-break-the-cycle", "schedule-after-news",
])
lesson(8, "08-cancellation", exercise: true, wrongFixes: ["check-once-before-loop", "own-flag-without-lock"])
lesson(10, "10-advanced-operations", exercise: true, wrongFixes: [
    "chain-without-lock", "lock-in-added-only", "finish-forgets-the-newer", "wait-for-the-first-only",
    "one-line-for-every-category", "first-category-only",
])
lesson(11, "11-object-lifecycle", exercise: true, wrongFixes: [
    "weak-self-unregister-in-deinit", "invalidate-without-flag", "flag-without-unregister", "unregister-again-in-deinit",
    "weak-flag-never-unregisters", "unregister-async-in-deinit",
])
lesson(9, "09-image-provider", exercise: true, wrongFixes: ["forget-without-cancel"])

let package = Package(
    name: "RaceLab",
    products: [.library(name: "RaceLab", targets: ["RaceLab"])],
    targets: targets
)
