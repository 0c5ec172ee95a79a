import XCTest

@testable import RaceLabRunner

/// ThreadSanitizer's reports as Apple's platforms print them (atos: demangled names, bare file names,
/// lines without columns, `(image:arch+0x…)`; dladdr's fallback: `<null>`). Most fixtures in
/// TSanReports/darwin/ are real reports copied from public threads, each naming its source in its
/// first lines; two are lesson 3 page 2's own report written in those forms.
final class DarwinReportTests: XCTestCase {
    /// This clone's root: the real project files, for bare names to be looked up in.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func fixture(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/darwin/\(name).stderr", withExtension: "txt"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static let fixtures = [
        "arm64-property-closure", "arm64-access-race", "x86_64-all-null", "x86_64-global", "x86_64-access-race-cut",
        "x86_64-dladdr-mangled-cut", "arm64-null-files-cut", "lesson3-page2-atos", "lesson3-page2-dladdr",
    ]

    func testEveryFixtureNamesItsSourceAndParses() throws {
        for name in Self.fixtures {
            let text = try fixture(name)
            XCTAssertTrue(text.hasPrefix("# source: "), "\(name) names its source first")
            let reports = parseTSanReports(text)
            XCTAssertEqual(reports.count, 1, name)
            for access in reports.first?.accesses ?? [] {
                XCTAssertFalse(access.frames.isEmpty, "\(name): \(access.operation) by \(access.thread) has its frames")
                for frame in access.frames {
                    XCTAssertFalse(frame.module.isEmpty || frame.module.contains(":"), "\(name): the image without its architecture")
                    XCTAssertFalse(frame.symbol.isEmpty, name)
                }
            }
            let accesses = reports.first?.accesses.count ?? 0
            XCTAssertTrue(reports.first?.isComplete == true ? accesses == 2 : accesses >= 1, "\(name): \(accesses) accesses")
        }
    }

    /// A real arm64 report of a closure racing on a class's property (a heap block).
    func testAPropertyRaceInAClosureOnArm64() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("arm64-property-closure")).first)
        XCTAssertTrue(report.isComplete)
        XCTAssertEqual(report.accesses.map(\.operation), ["read", "write"])
        XCTAssertEqual(report.accesses.map(\.thread), ["T2", "main thread"])
        XCTAssertEqual(report.location, "heap block of size 32")
        XCTAssertEqual(
            report.accesses[0].frames[0],
            .init(symbol: "closure #1 in DataTests.test_data_race()", file: "DataTests.swift", line: 69, module: "Tests"))
        XCTAssertEqual(report.accesses[0].frames[2].file, nil, "<null>:73675156 is no line")
        XCTAssertEqual(report.accesses[0].frames[2].symbol, "partial apply for thunk for @callee_guaranteed (@unowned Int) -> ()")
        let project = ProjectFrames(root: "/Users/someone/App", files: ["Tests/DataTests.swift", "App/Model.swift"])
        let race = try XCTUnwrap(describe([report], root: project.root, project: project).first)
        XCTAssertEqual(
            race.description,
            "data race on heap block of size 32: DataTests.test_data_race reads (Tests/DataTests.swift:69) while DataTests.test_data_race writes (Tests/DataTests.swift:69) on another thread")
    }

    /// A real Swift access race, with the app's own prints between its frames.
    func testASwiftAccessRaceWithPrintsInIt() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("arm64-access-race")).first)
        XCTAssertEqual(report.kind, "Swift access race")
        XCTAssertEqual(report.accesses.map(\.operation), ["write", "write"])
        XCTAssertEqual(report.accesses.map { $0.frames.count }, [7, 7], "the interleaved prints are no frames")
        let project = ProjectFrames(root: "/Users/someone/App", files: ["SwiftConcurrency/ActorsBootcamp.swift"])
        let race = try XCTUnwrap(describe([report], root: project.root, project: project).first)
        XCTAssertTrue(report.accesses[0].frames[0].compilerGenerated, "MyDataManager.data.modify <compiler-generated>")
        XCTAssertEqual(race.sides.map(\.function), ["MyDataManager.getRandomData", "MyDataManager.getRandomData"])
        XCTAssertEqual(race.sides.map(\.place), ["SwiftConcurrency/ActorsBootcamp.swift:18", "SwiftConcurrency/ActorsBootcamp.swift:18"])
    }

    /// A real x86_64 report in which TSan could name nothing: it is still one race, said plainly.
    func testAReportOfNothingButNull() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("x86_64-all-null")).first)
        XCTAssertTrue(report.isComplete)
        XCTAssertEqual(report.accesses.map(\.thread), ["T7", "T2"])
        XCTAssertEqual(report.accesses[0].frames.count, 4, "the NSLog line between frames is no frame")
        XCTAssertEqual(report.accesses[0].frames[0], .init(symbol: "<null>", file: nil, line: nil, module: "OCTest"))
        let race = try XCTUnwrap(describe([report], root: "/Users/someone/App", project: ProjectFrames(root: "/Users/someone/App", files: [])).first)
        XCTAssertEqual(race.sides.map(\.function), ["(a frame TSan could not name, in OCTest)", "(a frame TSan could not name, in OCTest)"])
        XCTAssertEqual(race.sides.map(\.place), ["outside the project", "outside the project"])
    }

    /// A real report of a global, with Xcode's "*" marks on the frames that caused it.
    func testAGlobalAndMarkedFrames() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("x86_64-global")).first)
        XCTAssertEqual(report.location, "global 'interned_string::pool()::result'")
        XCTAssertEqual(report.accesses.map { $0.frames.count }, [5, 4], "'  * #0' is a frame")
        XCTAssertEqual(report.accesses[0].frames[0].file, "__hash_table")
        XCTAssertEqual(report.accesses[0].frames[0].line, 2122)
        XCTAssertEqual(report.accesses[0].frames[4], .init(symbol: "main", file: "main.cpp", line: 184, module: "scratch"))
        XCTAssertEqual(report.sections.map(\.heading).filter { $0.hasPrefix("Issue is caused") }.count, 1)
    }

    /// Reports cut off in their threads: what is there parses, and the verdict says they were cut off.
    func testCutOffReportsAndTheirFrames() throws {
        let cut = try XCTUnwrap(parseTSanReports(try fixture("x86_64-access-race-cut")).first)
        XCTAssertFalse(cut.isComplete)
        XCTAssertEqual(
            cut.accesses[0].frames[0],
            .init(symbol: "closure #3 in _urlFromBytes_impl<A, B>(_:baseURL:callback:)", file: "Parser.swift", line: 74, module: "spm-tsancheck"))
        let outcome = judge(
            ProcessResult(ending: .exited(66), stdout: "", stderr: try fixture("x86_64-access-race-cut"), seconds: 1),
            transcript: try Transcript(parsing: "---\n"), root: "/Users/someone/App", cap: 1 << 20)
        XCTAssertTrue(outcome.problems.contains { if case .reportCutOff = $0 { return true } else { return false } }, "\(outcome.problems)")

        let nullLines = try XCTUnwrap(parseTSanReports(try fixture("arm64-null-files-cut")).first)
        XCTAssertEqual(
            nullLines.accesses[0].frames[0],
            .init(symbol: "Unicode.Scalar.isAsciiIdentifierContinue.getter", file: nil, line: nil, module: "IntegrationTests"),
            "<null>:78717160 is neither a file nor a line")

        let mangled = try XCTUnwrap(parseTSanReports(try fixture("x86_64-dladdr-mangled-cut")).first)
        let top = mangled.accesses[0].frames[0]
        XCTAssertEqual(top, .init(symbol: "$s14SwiftCoroutine9FifoQueueV4pushyyxF", file: nil, line: nil, module: "SwiftCoroutine"))
        let project = ProjectFrames(root: "/p", files: [], isProjectModule: { $0 == "SwiftCoroutine" })
        XCTAssertEqual(project.place(of: top), .init(file: nil), "a mangled name of the project's module is the project's")
        XCTAssertNil(ProjectFrames(root: "/p", files: []).place(of: top), "but not of another module")
    }

    /// Lesson 3 page 2's report, as Linux printed it and as atos would print it: one verdict.
    func testALessonPagesDarwinReportIsJudgedAsItsLinuxOne() throws {
        let linuxText = try String(
            contentsOf: try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/lesson3-page2.stderr", withExtension: "txt")), encoding: .utf8)
        let linux = try XCTUnwrap(describe(parseTSanReports(linuxText), root: TSanReportTests.capturedRoot).first)
        // Lesson 3's own sources as they are in this clone; on a Mac, the root is wherever it was cloned.
        let workspace = try Workspace(root: Self.repository)
        let sources = Subject.page(2, of: try XCTUnwrap(workspace.lessons.first { $0.number == 3 })).sources
        XCTAssertGreaterThan(ProjectFrames.sourceFiles(under: Self.repository).filter { $0.hasSuffix("/Person.swift") }.count, 2,
            "Person.swift is a name several files of the project have")
        let project = ProjectFrames(
            root: "/Users/attendee/racelab", files: Freshness.files(root: Self.repository, folders: sources).filter(ProjectFrames.isSource))
        let darwin = try XCTUnwrap(describe(parseTSanReports(try fixture("lesson3-page2-atos")), root: project.root, project: project).first)
        XCTAssertEqual(darwin, linux)
        XCTAssertEqual(
            darwin.description,
            "data race on heap block of size 48: Person.changeName reads (Lessons/03-thread-safety/Person.swift:17) while Person.changeName writes (Lessons/03-thread-safety/Person.swift:17) on another thread")

        // The same verdicts from the judge, which looks bare names up among the program's sources.
        for (stderr, root) in [(linuxText, TSanReportTests.capturedRoot), (try fixture("lesson3-page2-atos"), Self.repository)] {
            let result = ProcessResult(ending: .exited(66), stdout: "", stderr: stderr, seconds: 1)
            let expected = judge(
                result, transcript: try Transcript(parsing: "verdict: race Person.changeName\n---\n"), root: root, cap: 1 << 20, program: sources)
            XCTAssertEqual(expected.problems.count, 0, "\(expected.problems)")
            let clean = judge(result, transcript: try Transcript(parsing: "---\n"), root: root, cap: 1 << 20, program: sources)
            XCTAssertTrue(clean.problems.contains { "\($0)".contains("Person.changeName") }, "\(clean.problems)")
        }

        // dladdr's fallback: mangled names of the lesson's module, no files.
        let dladdr = try XCTUnwrap(describe(parseTSanReports(try fixture("lesson3-page2-dladdr")), root: project.root, project: project).first)
        XCTAssertEqual(dladdr.sides.map(\.function), ["Person.changeName", "Person.changeName"])
        XCTAssertEqual(dladdr.sides.map(\.place), ["in the project, no file printed", "in the project, no file printed"])
        XCTAssertTrue(dladdr.involves("Person.changeName"))
    }

    /// A bare name two of the program's files share is said to be ambiguous, not guessed.
    func testABareNameTwoFilesShare() {
        let project = ProjectFrames(root: "/p", files: ["Lessons/03-a/Person.swift", "Lessons/04-b/Person.swift"])
        let frame = TSanReport.Frame(symbol: "Person.changeName(first:last:)", file: "Person.swift", line: 3, module: "tool")
        XCTAssertEqual(project.place(of: frame), .init(file: nil, ambiguous: ["Lessons/03-a/Person.swift", "Lessons/04-b/Person.swift"]))
        let report = TSanReport(kind: "data race", accesses: [.init(operation: "write", thread: "T1", frames: [frame]), .init(operation: "read", thread: "T2", frames: [frame])])
        XCTAssertEqual(
            describe([report], root: "/p", project: project).first?.sides.first?.place,
            "Person.swift (one of 2 project files of that name: Lessons/03-a/Person.swift, Lessons/04-b/Person.swift):3")
    }

    /// atos may demangle in full, with the module: `race recordVisit()` still names it.
    func testAFullyDemangledNameLosesItsProjectModule() {
        let project = ProjectFrames(root: "/p", files: ["Lessons/12-swift6/main.swift"])
        let frame = TSanReport.Frame(symbol: "lesson12.recordVisit() -> ()", file: "main.swift", line: 5, module: "lesson12")
        let report = TSanReport(kind: "data race", accesses: [.init(operation: "write", thread: "T1", frames: [frame]), .init(operation: "write", thread: "T2", frames: [frame])])
        let race = describe([report], root: "/p", project: project).first
        XCTAssertEqual(race?.sides.first?.function, "recordVisit")
        XCTAssertEqual(race?.involves("recordVisit()"), true)
        XCTAssertEqual(project.withoutModule("Swift.Array.append"), "Swift.Array.append", "not the project's module: kept")
    }

    /// Every lesson and exercise has a main.swift: a bare name is looked up among what the program is
    /// built from (its subject's sources), the runner's own main.swift never among them; a system
    /// library's frame is never the project's.
    func testMainSwiftIsTheProgramsOwn() throws {
        let workspace = try Workspace(root: Self.repository)
        let lesson = try XCTUnwrap(workspace.lessons.first { $0.number == 3 })
        let exercise = try workspace.exercise(3)
        func place(_ subject: Subject) -> String? {
            ProjectFrames(root: Self.repository, program: subject.sources)
                .place(of: .init(symbol: "main", file: "main.swift", line: 3, module: subject.product))?.file
        }
        XCTAssertEqual(place(.page(2, of: lesson)), "Lessons/03-thread-safety/main.swift")
        XCTAssertEqual(place(.exercise(exercise.attendee, of: exercise)), "Lessons/03-thread-safety/Exercise/main.swift")
        for variant in exercise.refereeVariants {
            XCTAssertEqual(place(.exercise(variant, of: exercise)), "\(variant.folder)/main.swift", variant.label)
        }
        XCTAssertEqual(
            ProjectFrames(root: Self.repository, program: Subject.page(2, of: lesson).sources)
                .place(of: .init(symbol: "f", file: "Person.swift", line: 17, module: "lesson3"))?.file,
            "Lessons/03-thread-safety/Person.swift", "one Person.swift among lesson 3's own sources, several in the project")
        let project = ProjectFrames(root: Self.repository)
        XCTAssertEqual(project.place(of: .init(symbol: "main", file: "main.swift", line: 3, module: "lesson3"))?.ambiguous.count ?? 0 > 2, true,
            "without the program's sources, main.swift is ambiguous, and said to be")
        XCTAssertNil(project.place(of: .init(symbol: "f", file: "Lesson.swift", line: 3, module: "libswiftCore.dylib")))

        // The judge, given the program's sources, names top-level code by its file.
        let frame = TSanReport.Frame(symbol: "main", file: "main.swift", line: 3, module: "lesson3")
        let report = TSanReport(kind: "data race", accesses: [.init(operation: "write", thread: "T1", frames: [frame]), .init(operation: "read", thread: "main thread", frames: [frame])])
        let race = describe([report], root: Self.repository, program: Subject.page(2, of: lesson).sources).first
        XCTAssertEqual(race?.sides.first?.function, "top-level code of main.swift")
        XCTAssertEqual(race?.sides.first?.file, "Lessons/03-thread-safety/main.swift")
    }

    /// A system library built elsewhere names its file by a relative path: no file of the project's,
    /// and the symbol stays the symbol (as before Darwin's forms were read).
    func testARelativePathIsNoProjectFile() {
        let frame = parseFrame("    #0 pthread_mutex_lock ../../../../src/libsanitizer/sanitizer_common/sanitizer_common_interceptors.inc:4324 (libtsan.so.2+0x4f7a1)")
        XCTAssertEqual(frame, .init(symbol: "pthread_mutex_lock", file: nil, line: nil, module: "libtsan.so.2"))
        XCTAssertEqual(parseFrame("    #3 __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16 (libc.so.6+0x2724a)")?.symbol, "__libc_start_call_main")
    }
}
