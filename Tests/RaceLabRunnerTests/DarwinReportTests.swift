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
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "TSanReports/darwin/\(name).stderr", withExtension: "txt"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static let fixtures = [
        "arm64-property-closure", "arm64-access-race", "x86_64-all-null", "x86_64-global", "x86_64-access-race-cut",
        "x86_64-dladdr-mangled-cut", "arm64-null-files-cut", "lesson3-page2-atos", "lesson3-page2-dladdr",
        "exercise12-starter-after-await-atos",
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
                    XCTAssertFalse(
                        frame.module.isEmpty || frame.module.contains(":"),
                        "\(name): the image without its architecture")
                    XCTAssertFalse(frame.symbol.isEmpty, name)
                }
            }
            let accesses = reports.first?.accesses.count ?? 0
            XCTAssertTrue(
                reports.first?.isComplete == true ? accesses == 2 : accesses >= 1, "\(name): \(accesses) accesses")
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
            .init(
                symbol: "closure #1 in DataTests.test_data_race()", file: "DataTests.swift", line: 69, module: "Tests"))
        XCTAssertEqual(report.accesses[0].frames[2].file, nil, "<null>:73675156 is no line")
        XCTAssertEqual(
            report.accesses[0].frames[2].symbol, "partial apply for thunk for @callee_guaranteed (@unowned Int) -> ()")
        let project = ProjectFrames(root: "/Users/someone/App", files: ["Tests/DataTests.swift", "App/Model.swift"])
        let race = try XCTUnwrap(describe([report], root: project.root, project: project).first)
        XCTAssertEqual(
            race.description,
            "data race on heap block of size 32: DataTests.test_data_race reads (Tests/DataTests.swift:69) while DataTests.test_data_race writes (Tests/DataTests.swift:69) on another thread"
        )
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
        XCTAssertEqual(
            race.sides.map(\.place),
            ["SwiftConcurrency/ActorsBootcamp.swift:18", "SwiftConcurrency/ActorsBootcamp.swift:18"])
    }

    /// A real x86_64 report in which TSan could name nothing: it is still one race, said plainly.
    func testAReportOfNothingButNull() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("x86_64-all-null")).first)
        XCTAssertTrue(report.isComplete)
        XCTAssertEqual(report.accesses.map(\.thread), ["T7", "T2"])
        XCTAssertEqual(report.accesses[0].frames.count, 4, "the NSLog line between frames is no frame")
        XCTAssertEqual(report.accesses[0].frames[0], .init(symbol: "<null>", file: nil, line: nil, module: "OCTest"))
        let race = try XCTUnwrap(
            describe(
                [report], root: "/Users/someone/App", project: ProjectFrames(root: "/Users/someone/App", files: [])
            ).first)
        XCTAssertEqual(
            race.sides.map(\.function),
            ["(a frame TSan could not name, in OCTest)", "(a frame TSan could not name, in OCTest)"])
        XCTAssertEqual(race.sides.map(\.place), ["outside the project", "outside the project"])
    }

    /// A real report of a global, with Xcode's "*" marks on the frames that caused it.
    func testAGlobalAndMarkedFrames() throws {
        let report = try XCTUnwrap(parseTSanReports(try fixture("x86_64-global")).first)
        XCTAssertEqual(report.location, "global 'interned_string::pool()::result'")
        XCTAssertEqual(report.accesses.map { $0.frames.count }, [5, 4], "'  * #0' is a frame")
        XCTAssertEqual(report.accesses[0].frames[0].file, "__hash_table")
        XCTAssertEqual(report.accesses[0].frames[0].line, 2122)
        XCTAssertEqual(
            report.accesses[0].frames[4], .init(symbol: "main", file: "main.cpp", line: 184, module: "scratch"))
        XCTAssertEqual(report.sections.map(\.heading).filter { $0.hasPrefix("Issue is caused") }.count, 1)
    }

    /// Reports cut off in their threads: what is there parses, and the verdict says they were cut off.
    func testCutOffReportsAndTheirFrames() throws {
        let cut = try XCTUnwrap(parseTSanReports(try fixture("x86_64-access-race-cut")).first)
        XCTAssertFalse(cut.isComplete)
        XCTAssertEqual(
            cut.accesses[0].frames[0],
            .init(
                symbol: "closure #3 in _urlFromBytes_impl<A, B>(_:baseURL:callback:)", file: "Parser.swift", line: 74,
                module: "spm-tsancheck"))
        let outcome = judge(
            ProcessResult(ending: .exited(66), stdout: "", stderr: try fixture("x86_64-access-race-cut"), seconds: 1),
            transcript: try Transcript(parsing: "---\n"), root: "/Users/someone/App", cap: 1 << 20)
        XCTAssertTrue(
            outcome.problems.contains { if case .reportCutOff = $0 { return true } else { return false } },
            "\(outcome.problems)")

        let nullLines = try XCTUnwrap(parseTSanReports(try fixture("arm64-null-files-cut")).first)
        XCTAssertEqual(
            nullLines.accesses[0].frames[0],
            .init(
                symbol: "Unicode.Scalar.isAsciiIdentifierContinue.getter", file: nil, line: nil,
                module: "IntegrationTests"),
            "<null>:78717160 is neither a file nor a line")

        let mangled = try XCTUnwrap(parseTSanReports(try fixture("x86_64-dladdr-mangled-cut")).first)
        let top = mangled.accesses[0].frames[0]
        XCTAssertEqual(
            top, .init(symbol: "$s14SwiftCoroutine9FifoQueueV4pushyyxF", file: nil, line: nil, module: "SwiftCoroutine")
        )
        let project = ProjectFrames(root: "/p", files: [], isProjectModule: { $0 == "SwiftCoroutine" })
        XCTAssertEqual(
            project.place(of: top), .init(file: nil), "a mangled name of the project's module is the project's")
        XCTAssertNil(ProjectFrames(root: "/p", files: []).place(of: top), "but not of another module")
    }

    /// Lesson 3 page 2's report, as Linux printed it and as atos would print it: one verdict.
    func testALessonPagesDarwinReportIsJudgedAsItsLinuxOne() throws {
        let linuxText = try capturedStderr("lesson3-page2.stderr")
        let linux = try XCTUnwrap(describe(parseTSanReports(linuxText), root: TSanReportTests.capturedRoot).first)
        // Lesson 3's own sources as they are in this clone; on a Mac, the root is wherever it was cloned.
        let workspace = try Workspace(root: Self.repository)
        let sources = Subject.page(2, of: try XCTUnwrap(workspace.lessons.first { $0.number == 3 })).sources
        XCTAssertGreaterThan(
            ProjectFrames.sourceFiles(under: Self.repository).filter { $0.hasSuffix("/Person.swift") }.count, 2,
            "Person.swift is a name several files of the project have")
        let project = ProjectFrames(
            root: "/Users/attendee/racelab",
            files: Freshness.files(root: Self.repository, folders: sources).filter(ProjectFrames.isSource))
        let darwin = try XCTUnwrap(
            describe(parseTSanReports(try fixture("lesson3-page2-atos")), root: project.root, project: project).first)
        XCTAssertEqual(darwin, linux)
        XCTAssertEqual(
            darwin.description,
            "data race on heap block of size 48: Person.changeName reads (Lessons/03-thread-safety/Person.swift:17) while Person.changeName writes (Lessons/03-thread-safety/Person.swift:17) on another thread"
        )

        // The same verdicts from the judge, which looks bare names up among the program's sources.
        for (stderr, root) in [
            (linuxText, TSanReportTests.capturedRoot), (try fixture("lesson3-page2-atos"), Self.repository),
        ] {
            let result = ProcessResult(ending: .exited(66), stdout: "", stderr: stderr, seconds: 1)
            let expected = judge(
                result, transcript: try Transcript(parsing: "verdict: race Person.changeName\n---\n"), root: root,
                cap: 1 << 20, program: sources)
            XCTAssertEqual(expected.problems.count, 0, "\(expected.problems)")
            let clean = judge(
                result, transcript: try Transcript(parsing: "---\n"), root: root, cap: 1 << 20, program: sources)
            XCTAssertTrue(clean.problems.contains { "\($0)".contains("Person.changeName") }, "\(clean.problems)")
        }

        // dladdr's fallback: mangled names of the lesson's module, no files.
        let dladdr = try XCTUnwrap(
            describe(parseTSanReports(try fixture("lesson3-page2-dladdr")), root: project.root, project: project).first)
        XCTAssertEqual(dladdr.sides.map(\.function), ["Person.changeName", "Person.changeName"])
        XCTAssertEqual(
            dladdr.sides.map(\.place), ["in the project, no file printed", "in the project, no file printed"])
        XCTAssertTrue(dladdr.involves("Person.changeName"))
    }

    /// An async function's code after an `await` is a function of its own to atos: "(1) suspend resume
    /// partial function for FavoriteEventsController.add(_:)". The race is named as `add`, at its file
    /// and line, as Linux's report of the same race names it.
    func testARaceAfterAnAwaitIsNamedAsItsFunction() throws {
        let linuxText = try capturedStderr("exercise12-starter.stderr")
        let linux = try XCTUnwrap(describe(parseTSanReports(linuxText), root: TSanReportTests.capturedRoot).first)
        let starter = "Lessons/12-swift6/Exercise/Referee/Starter"
        let files = [
            "\(starter)/FavoriteEventsController.swift", "\(starter)/main.swift",
            "Lessons/12-swift6/Support/Catalog.swift",
        ]
        let project = ProjectFrames(root: "/Users/attendee/racelab", files: files)
        let darwin = try XCTUnwrap(
            describe(
                parseTSanReports(try fixture("exercise12-starter-after-await-atos")), root: project.root,
                project: project
            ).first)
        for race in [linux, darwin] {
            XCTAssertEqual(
                race.sides.map(\.function), ["FavoriteEventsController.add", "FavoriteEventsController.add"])
            XCTAssertEqual(
                race.sides.map(\.file),
                ["\(starter)/FavoriteEventsController.swift", "\(starter)/FavoriteEventsController.swift"])
            XCTAssertEqual(race.sides.first?.line, 43)
        }
        XCTAssertEqual(darwin.sides.last?.line, 45, "Darwin's report names the line after the await")
        XCTAssertTrue(darwin.involves("FavoriteEventsController.add"))
    }

    /// A bare name the program does not settle: at most three candidates and a count.
    func testAnAmbiguousBareNameListsAtMostThreeCandidates() throws {
        let project = ProjectFrames(root: Self.repository)
        XCTAssertGreaterThan(project.files.filter { $0.hasSuffix("/Person.swift") }.count, 3)
        let race = try XCTUnwrap(
            describe(parseTSanReports(try fixture("lesson3-page2-atos")), root: project.root, project: project).first)
        let text = race.description
        XCTAssertTrue(text.contains("Person.swift (one of "), text)
        XCTAssertTrue(
            text.range(
                of: #"project files of that name: [^,()]+, [^,()]+, [^,()]+ and \d+ more\)"#,
                options: .regularExpression) != nil, text)
        XCTAssertEqual(
            ambiguity(["a/P.swift", "b/P.swift"]), "one of 2 project files of that name: a/P.swift, b/P.swift")
    }

    /// `racelab page` knows no lesson: the program's own debug information names the files it was built
    /// from, so a Darwin report of lesson 3 page 2 names lesson 3's Person.swift, as `check` does.
    func testAProgramRunAloneIsNarrowedByItsDebugInformation() throws {
        let lesson3 = builtProgram("lesson3")
        let named = try XCTUnwrap(ProjectFrames(root: Self.repository, namedIn: lesson3), "lesson3 names its sources")
        XCTAssertEqual(named.files.filter { $0.hasSuffix("/Person.swift") }, ["Lessons/03-thread-safety/Person.swift"])
        XCTAssertTrue(named.files.contains("Sources/RaceLabKit/Machinery/Lesson.swift"), "the library it links")
        XCTAssertNil(ProjectFrames(root: "/nowhere/racelab", namedIn: lesson3), "built elsewhere: nothing to narrow by")
        let result = ProcessResult(
            ending: .exited(66), stdout: "", stderr: try fixture("lesson3-page2-atos"), seconds: 1)
        let outcome = judge(
            result, transcript: try Transcript(parsing: "---\n"), root: Self.repository, cap: 1 << 20,
            executable: lesson3)
        let said = outcome.problems.map(\.description).joined(separator: "\n")
        XCTAssertTrue(said.contains("Lessons/03-thread-safety/Person.swift:17"), said)
        XCTAssertFalse(said.contains("project files of that name"), said)
    }
}
