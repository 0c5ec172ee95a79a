// swift-tools-version:6.2
// RaceLab: a race-condition teaching playground. No package dependencies: it builds offline with the
// toolchain alone. Swift 6.2 is the floor, declared here so an older toolchain says so in one line:
// lesson 12's compiler verdicts are Swift 6.2's wording (its README). Every target builds in Swift 5
// language mode unless it says otherwise, which the classic (racy) demos need: Swift 6 mode rejects
// them at compile time.
//
// No two targets, products, modules or paths differ only in letter case: macOS's default file system
// (APFS) ignores case, so `RaceLab` beside `racelab` would share one folder there and one build
// product (tayloraswift/swift-package-factory#5, swiftlang/swift-package-manager#7938). The runner
// keeps the name attendees type, `swift run racelab`; the library every lesson imports is
// `RaceLabKit`. scripts/test fails on such a pair (scripts/portability).
//
// Every lesson, exercise and exercise variant target is derived from the folders under Lessons/, so a
// new lesson, exercise or wrong fix touches only its own folder (README, "Writing a lesson page").
// Reading the package's own directory is allowed in the manifest sandbox on macOS too: SwiftPM's
// sandbox profile denies writes and the network, not reads (swift-package-manager,
// Sources/Basics/Sandbox.swift, `macOSSandboxProfile`).
import Foundation
import PackageDescription

/// The plain build (`.build`) and the ThreadSanitizer build (`.build-tsan`) share one module cache. Cold,
/// the compiler first builds Glibc, _Concurrency and the C modules from the toolchain's interfaces (12 s
/// of a 19 s cold build of the RaceLabKit library, measured on a 2-core machine); sanitizer flags do not
/// change those modules, so the second build reuses them. A debug build also indexes as it builds, for
/// an editor; the system's modules (Foundation, Glibc, Dispatch) it leaves out, as Xcode does: they
/// cost a third of a cold `swift run lesson1` (docs/performance.md), and the project's own code is
/// still indexed.
let sharedModuleCache: [SwiftSetting] = [
    .unsafeFlags([
        "-module-cache-path", Context.packageDirectory + "/.build/module-cache",
        "-index-ignore-system-modules", "-index-ignore-clang-modules",
    ])
]

/// The RaceLabKit library compiles in Swift 6 language mode, with complete concurrency
/// checking: its public API says what is `@Sendable` and what runs on the main actor, so a lesson
/// written in Swift 6 mode gets a compile-time error where it would otherwise trap at run time (the
/// Swift 5 lessons build as before; docs/swift6.md).
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// What this build declares. `swift build` and `swift run lessonN` get the house: the library, the
/// runner and its tests, every lesson and every attendee's exercise, and no referee variant (an
/// exercise's starter, solution and wrong fixes: most of the package's programs, which only the
/// runner's `verify`, `stress` and `check --must-fail` run). The runner names what it builds in
/// `RACELAB_BUILD` (RaceLabRunner's Builder): a list of programs, and then only those and the library
/// are declared; or `all`, the house and every variant (scripts/test).
enum Selection {
    case house, all, only(Set<String>)

    init(_ value: String?) {
        switch value {
        case nil, "": self = .house
        case "all": self = .all
        case let list?: self = .only(Set(list.split(separator: ",").map(String.init)))
        }
    }

    /// The library, the runner, its tests and their fixtures.
    var core: Bool { if case .only = self { false } else { true } }

    func declares(_ program: String, variant: Bool) -> Bool {
        switch self {
        case .house: !variant
        case .all: true
        case .only(let names): names.contains(program)
        }
    }
}

let selection = Selection(Context.environment["RACELAB_BUILD"])

var targets: [Target] = [
    // The support library every lesson imports: lesson clock, pages, view/animation stand-ins, watchdog.
    .target(name: "RaceLabKit", dependencies: ["RaceLabContract", "RaceLabAtomics"], swiftSettings: sharedModuleCache + swift6),
    // What the lessons and the runner share, and all the runner needs of RaceLab: the lines a lesson
    // prints for the runner, `Locked`, child processes and the Swift 6 compiler's command line. The
    // runner builds without the lesson library, so a first `swift run racelab` compiles less.
    .target(name: "RaceLabContract", dependencies: ["RaceLabAtomics"], swiftSettings: sharedModuleCache + swift6),
    // Relaxed atomics in C: shared words that ThreadSanitizer sees as atomic but not as ordering.
    .target(name: "RaceLabAtomics"),
]
if selection.core { targets += [
    // The runner: its logic lives in a library so it can be tested; `racelab` is a thin shell.
    .target(name: "RaceLabRunner", dependencies: ["RaceLabContract"], swiftSettings: sharedModuleCache),
    .executableTarget(name: "racelab", dependencies: ["RaceLabRunner"], swiftSettings: sharedModuleCache),
    // A small program that misbehaves on request (races, hangs, crashes, floods); the runner's
    // end-to-end tests run it to prove every verdict can fail.
    .executableTarget(name: "racelab-fixture", dependencies: ["RaceLabKit"], path: "Tests/Fixtures/racelab-fixture",
        swiftSettings: sharedModuleCache),
    // A lesson in Swift 6 mode that uses every part of RaceLab's API that crosses threads or actors:
    // the tests run it to prove that none traps in Swift 6's run-time isolation checks.
    .executableTarget(name: "racelab-swift6-lesson", dependencies: ["RaceLabKit"], path: "Tests/Fixtures/racelab-swift6-lesson",
        swiftSettings: sharedModuleCache + swift6),
    .executableTarget(name: "racelab-swift6-awaiting", dependencies: ["RaceLabKit"], path: "Tests/Fixtures/racelab-swift6-awaiting",
        swiftSettings: sharedModuleCache + swift6),
    .testTarget(name: "RaceLabTests", dependencies: ["RaceLabKit"], swiftSettings: sharedModuleCache),
    .testTarget(
        name: "RaceLabRunnerTests", dependencies: ["RaceLabRunner", "RaceLabKit", "racelab-fixture", "racelab-swift6-lesson", "racelab-swift6-awaiting", "racelab"],
        resources: [.copy("TSanReports"), .copy("BrokenTranscripts")], swiftSettings: sharedModuleCache),
] }

/// `RACELAB_SWIFT6=3 swift build --product lesson3`: lesson 3 alone in Swift 6 language mode, to see
/// what the compiler says of its code (lesson 3's README).
let swift6Lessons = (Context.environment["RACELAB_SWIFT6"] ?? "").split(separator: ",").compactMap { Int($0) }

/// Lessons from 12 on are about Swift 6, and their lesson programs build in its language mode. Their
/// `Compiler/` folders hold code Swift 6 must refuse, checked by
/// `racelab check` with the toolchain's verifier, never built into a target.
let firstSwift6Lesson = 12

/// The lessons about Swift 6.2's approachable concurrency, built with Xcode 26's defaults for a new
/// app target: main-actor isolation by default (SE-0466) and nonisolated async functions that run on
/// their caller's actor (SE-0461). (Xcode's "Default Actor Isolation" and "Approachable Concurrency"
/// build settings; lesson 15's README.) A lesson says so here; a new lesson keeps Swift 6.0's defaults.
let approachableLessons: Set<Int> = [15]
let approachable: [SwiftSetting] = [
    .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// The visible entries of a folder, sorted; none when it does not exist.
func entries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/" + path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()
}

func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: Context.packageDirectory + "/" + path, isDirectory: &folder) && folder.boolValue
}

/// Everything in `path` that is not a Swift source of the target itself: notes, transcripts, the
/// folders of other targets. Only what exists is excluded (SwiftPM warns of an exclude that is not there).
func nonSources(_ path: String) -> [String] {
    entries(path).filter { !$0.hasSuffix(".swift") || isFolder("\(path)/\($0)") }
}

/// Whether the lesson's own Swift files (not its Support's or its exercise's) import its Support library.
/// The lesson program depends on Support only then, so that `swift run lesson1` does not compile
/// lesson 1's exercise driver; exercise programs always do. The runner reads the same
/// (RaceLabRunner's `LessonInfo.lessonImportsSupport`). A lesson file that starts importing it needs
/// the manifest read again once: `swift build --manifest-cache none` (docs/authoring.md).
func importsSupport(_ path: String, _ number: Int) -> Bool {
    entries(path).filter { $0.hasSuffix(".swift") }.contains { file in
        let text = (try? String(contentsOfFile: "\(Context.packageDirectory)/\(path)/\(file)", encoding: .utf8)) ?? ""
        return text.contains("import Lesson\(number)Support")
    }
}

/// A lesson is `Lessons/NN-name/`, with these targets:
/// - `lessonN`: the Swift files of the folder itself, the story read top to bottom;
/// - `LessonNSupport`, when `Support/` exists: the lesson's own code that its exercise needs too (the
///   exercise's driver, and demo code both use), a library the lesson and every exercise variant import;
/// - when `Exercise/` exists: `exerciseN` (the attendee's copy), and from `Exercise/Referee/`
///   `exerciseN-starter`, `exerciseN-solution` and one `exerciseN-wrong-NAME` per folder in
///   `WrongFixes/`. `Referee/` holds what `racelab verify` checks, the solution among them, out of an
///   attendee's way until they look. The driver (`main.swift`) exists once, in `Starter/`: the other
///   variants link to it, and the attendee's copy is checked identical to it.
@MainActor func lesson(_ folder: String) {
    guard let number = Int(folder.prefix(2)), folder.dropFirst(2).hasPrefix("-") else { return }
    let path = "Lessons/\(folder)"
    let swift6Lesson = number >= firstSwift6Lesson
    // From lesson 12 on, an exercise is compiled in Swift 6 mode with its warnings as errors: the
    // task is code the Swift 6 compiler accepts without a word. Not optimised, though -O would let
    // ThreadSanitizer see a read under the wrong lock that -Onone hides (lesson 12's README, exercise 12).
    let defaults = approachableLessons.contains(number) ? approachable : []
    let exerciseMode = swift6Lesson ? swift6 + defaults + [.unsafeFlags(["-warnings-as-errors"])] : []
    let lessonMode = (swift6Lesson || swift6Lessons.contains(number) ? swift6 : []) + defaults
    typealias Program = (name: String, folder: String, settings: [SwiftSetting], variant: Bool, support: Bool)
    var programs: [Program] = [("lesson\(number)", path, lessonMode, false, importsSupport(path, number))]
    let exercise = "\(path)/Exercise"
    if isFolder(exercise) {
        let referee = "\(exercise)/Referee"
        programs.append(("exercise\(number)", exercise, exerciseMode, false, true))
        programs.append(("exercise\(number)-starter", "\(referee)/Starter", exerciseMode, true, true))
        programs.append(("exercise\(number)-solution", "\(referee)/Solution", exerciseMode, true, true))
        for wrong in entries("\(referee)/WrongFixes") where isFolder("\(referee)/WrongFixes/\(wrong)") {
            programs.append(("exercise\(number)-wrong-\(wrong)", "\(referee)/WrongFixes/\(wrong)", exerciseMode, true, true))
        }
    }
    programs = programs.filter { selection.declares($0.name, variant: $0.variant) }
    guard !programs.isEmpty else { return }
    let support = isFolder("\(path)/Support")
    if support && programs.contains(where: \.support) {
        targets.append(.target(
            name: "Lesson\(number)Support", dependencies: ["RaceLabKit"], path: "\(path)/Support",
            // An approachable lesson's Support is the module not yet migrated (its callbacks neither
            // Sendable nor isolated, as an older SDK's or a colleague's), so Swift 5 mode, as lessons 1–11 are.
            swiftSettings: sharedModuleCache + (swift6Lesson && !approachableLessons.contains(number) ? swift6 : [])))
    }
    for (name, folder, settings, _, usesSupport) in programs {
        let dependencies: [Target.Dependency] =
            ["RaceLabKit"] + (support && usesSupport ? [.target(name: "Lesson\(number)Support")] : [])
        targets.append(.executableTarget(
            name: name, dependencies: dependencies, path: folder, exclude: nonSources(folder),
            swiftSettings: sharedModuleCache + settings))
    }
}

entries("Lessons").forEach(lesson)

let package = Package(
    name: "RaceLab",
    // macOS 15: lessons 4 and 12 count with `Mutex` (Synchronization) and lesson 13's explorer runs
    // tasks on an executor of its own (SE-0417 task executor preference), both macOS 15 APIs. async/await
    // alone would need 10.15, but the Swift 6.2 floor means Xcode 26, which itself needs macOS 15.6
    // (developer.apple.com/xcode/system-requirements), so every page runs on every Mac that can build
    // it (README, "On a Mac").
    platforms: [.macOS(.v15)],
    targets: targets,
    swiftLanguageModes: [.v5]
)
