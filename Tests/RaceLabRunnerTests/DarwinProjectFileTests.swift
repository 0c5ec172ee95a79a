import XCTest

@testable import RaceLabRunner

/// Which file of the project a Darwin report's frame names: a bare file name, a demangled name, the
/// program's own main.swift, a relative path.
final class DarwinProjectFileTests: XCTestCase {
    /// A bare name two of the program's files share is said to be ambiguous, not guessed.
    func testABareNameTwoFilesShare() {
        let project = ProjectFrames(root: "/p", files: ["Lessons/03-a/Person.swift", "Lessons/04-b/Person.swift"])
        let frame = TSanReport.Frame(
            symbol: "Person.changeName(first:last:)", file: "Person.swift", line: 3, module: "tool")
        XCTAssertEqual(
            project.place(of: frame),
            .init(file: nil, ambiguous: ["Lessons/03-a/Person.swift", "Lessons/04-b/Person.swift"]))
        let report = TSanReport(
            kind: "data race",
            accesses: [
                .init(operation: "write", thread: "T1", frames: [frame]),
                .init(operation: "read", thread: "T2", frames: [frame]),
            ])
        XCTAssertEqual(
            describe([report], root: "/p", project: project).first?.sides.first?.place,
            "Person.swift (one of 2 project files of that name: Lessons/03-a/Person.swift, Lessons/04-b/Person.swift):3"
        )
    }

    /// atos may demangle in full, with the module: `race recordVisit()` still names it.
    func testAFullyDemangledNameLosesItsProjectModule() {
        let project = ProjectFrames(root: "/p", files: ["Lessons/12-swift6/main.swift"])
        let frame = TSanReport.Frame(
            symbol: "lesson12.recordVisit() -> ()", file: "main.swift", line: 5, module: "lesson12")
        let report = TSanReport(
            kind: "data race",
            accesses: [
                .init(operation: "write", thread: "T1", frames: [frame]),
                .init(operation: "write", thread: "T2", frames: [frame]),
            ])
        let race = describe([report], root: "/p", project: project).first
        XCTAssertEqual(race?.sides.first?.function, "recordVisit")
        XCTAssertEqual(race?.involves("recordVisit()"), true)
        XCTAssertEqual(
            project.withoutModule("Swift.Array.append"), "Swift.Array.append", "not the project's module: kept")
    }

    /// The usage names the exercises `explore` takes: exactly those with a scenario.
    func testTheUsageNamesEveryExerciseTheExplorerTakes() throws {
        let runner = Runner(workspace: try Workspace(root: DarwinReportTests.repository), print: { _ in })
        let explorable = runner.workspace.lessons.compactMap(\.exercise).filter { runner.scenario(of: $0) != nil }
        XCTAssertFalse(explorable.isEmpty)
        let named = explorable.map { String($0.number) }.joined(separator: ", ")
        XCTAssertTrue(usage.contains("your exercise N (\(named))"), "explore's line names \(named)")
    }

    /// Every lesson and exercise has a main.swift: a bare name is looked up among what the program is
    /// built from (its subject's sources), the runner's own main.swift never among them; a system
    /// library's frame is never the project's.
    func testMainSwiftIsTheProgramsOwn() throws {
        let workspace = try Workspace(root: DarwinReportTests.repository)
        let lesson = try XCTUnwrap(workspace.lessons.first { $0.number == 3 })
        let exercise = try workspace.exercise(3)
        func place(_ subject: Subject) -> String? {
            ProjectFrames(root: DarwinReportTests.repository, program: subject.sources)
                .place(of: .init(symbol: "main", file: "main.swift", line: 3, module: subject.product))?.file
        }
        XCTAssertEqual(place(.page(2, of: lesson)), "Lessons/03-thread-safety/main.swift")
        XCTAssertEqual(
            place(.exercise(exercise.attendee, of: exercise)), "Lessons/03-thread-safety/Exercise/main.swift")
        for variant in exercise.refereeVariants {
            XCTAssertEqual(place(.exercise(variant, of: exercise)), "\(variant.folder)/main.swift", variant.label)
        }
        XCTAssertEqual(
            ProjectFrames(root: DarwinReportTests.repository, program: Subject.page(2, of: lesson).sources)
                .place(of: .init(symbol: "f", file: "Person.swift", line: 17, module: "lesson3"))?.file,
            "Lessons/03-thread-safety/Person.swift",
            "one Person.swift among lesson 3's own sources, several in the project")
        let project = ProjectFrames(root: DarwinReportTests.repository)
        XCTAssertEqual(
            project.place(of: .init(symbol: "main", file: "main.swift", line: 3, module: "lesson3"))?.ambiguous.count
                ?? 0 > 2, true,
            "without the program's sources, main.swift is ambiguous, and said to be")
        XCTAssertNil(project.place(of: .init(symbol: "f", file: "Lesson.swift", line: 3, module: "libswiftCore.dylib")))

        // The judge, given the program's sources, names top-level code by its file.
        let frame = TSanReport.Frame(symbol: "main", file: "main.swift", line: 3, module: "lesson3")
        let report = TSanReport(
            kind: "data race",
            accesses: [
                .init(operation: "write", thread: "T1", frames: [frame]),
                .init(operation: "read", thread: "main thread", frames: [frame]),
            ])
        let race = describe([report], root: DarwinReportTests.repository, program: Subject.page(2, of: lesson).sources)
            .first
        XCTAssertEqual(race?.sides.first?.function, "top-level code of main.swift")
        XCTAssertEqual(race?.sides.first?.file, "Lessons/03-thread-safety/main.swift")
    }

    /// A system library built elsewhere names its file by a relative path: no file of the project's,
    /// and the symbol stays the symbol (as before Darwin's forms were read).
    func testARelativePathIsNoProjectFile() {
        let frame = parseFrame(
            "    #0 pthread_mutex_lock ../../../../src/libsanitizer/sanitizer_common/sanitizer_common_interceptors.inc:4324 (libtsan.so.2+0x4f7a1)"
        )
        XCTAssertEqual(frame, .init(symbol: "pthread_mutex_lock", file: nil, line: nil, module: "libtsan.so.2"))
        XCTAssertEqual(
            parseFrame(
                "    #3 __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16 (libc.so.6+0x2724a)")?
                .symbol, "__libc_start_call_main")
    }
}
