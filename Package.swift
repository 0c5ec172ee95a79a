// swift-tools-version:5.9
// RaceLab: a race-condition teaching playground. No package dependencies: it builds offline with the
// toolchain alone. Tools version 5.9 keeps every target in Swift 5 language mode, which the classic
// (racy) demos need: Swift 6 mode rejects them at compile time.
import PackageDescription

var targets: [Target] = [
    // The support library every lesson imports: lesson clock, pages, view/animation stand-ins, watchdog.
    .target(name: "RaceLab"),
    // The runner: its logic lives in a library so it can be tested; `racelab` is a thin shell.
    .target(name: "RaceLabRunner", dependencies: ["RaceLab"]),  // shares its Locked
    .executableTarget(name: "racelab", dependencies: ["RaceLabRunner"]),
    // A small program that misbehaves on request (races, hangs, crashes, floods); the runner's
    // end-to-end tests run it to prove every verdict can fail.
    .executableTarget(name: "racelab-fixture", path: "Tests/Fixtures/racelab-fixture"),
    .testTarget(name: "RaceLabTests", dependencies: ["RaceLab"]),
    .testTarget(
        name: "RaceLabRunnerTests", dependencies: ["RaceLabRunner", "racelab-fixture"],
        resources: [.copy("TSanReports"), .copy("BrokenTranscripts")]),
]

/// A lesson is `Lessons/NN-name/`: its executable `lessonN` and, when it has one, its exercise
/// `exerciseN` (the attendee's copy) with `exerciseN-starter` and `exerciseN-solution` beside it.
func lesson(_ number: Int, _ folder: String, exercise: Bool = false) {
    let path = "Lessons/\(folder)"
    targets.append(.executableTarget(
        name: "lesson\(number)", dependencies: ["RaceLab"], path: path,
        exclude: ["README.md", "transcripts"] + (exercise ? ["Exercise"] : [])))
    guard exercise else { return }
    targets.append(.executableTarget(
        name: "exercise\(number)", dependencies: ["RaceLab"], path: "\(path)/Exercise",
        exclude: ["Starter", "Solution", "hint.md", "expected.txt"]))
    for variant in ["Starter", "Solution"] {
        targets.append(.executableTarget(
            name: "exercise\(number)-\(variant.lowercased())", dependencies: ["RaceLab"],
            path: "\(path)/Exercise/\(variant)"))
    }
}

lesson(2, "02-dispatch-groups")
lesson(3, "03-thread-safety", exercise: true)
lesson(5, "05-operation-queue", exercise: true)
lesson(6, "06-async-operations", exercise: true)
lesson(8, "08-cancellation", exercise: true)
lesson(9, "09-image-provider", exercise: true)

let package = Package(
    name: "RaceLab",
    products: [.library(name: "RaceLab", targets: ["RaceLab"])],
    targets: targets
)
