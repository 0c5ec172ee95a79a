import XCTest

@testable import RaceLabRunner

/// `racelab portability`'s availability check: a toolchain API newer than the package's macOS floor,
/// used where no `#available`/`@available` covers it, would not compile on a Mac.
final class AvailabilityTests: XCTestCase {
    /// A small symbol graph in the toolchain's format: two members of `Task` (one late, one as old as
    /// the module), a late type, a late member with a unique name, and a late overload beside an old one.
    static let graph = """
        {"symbols": [
          {"pathComponents": ["Task", "immediate(name:priority:operation:)"],
           "availability": [{"domain": "macOS", "introduced": {"major": 26}}]},
          {"pathComponents": ["Task", "detached(priority:operation:)"],
           "availability": [{"domain": "macOS", "introduced": {"major": 10, "minor": 15}}]},
          {"pathComponents": ["InlineArray"], "availability": [{"domain": "macOS", "introduced": {"major": 26}}]},
          {"pathComponents": ["TaskGroup", "addImmediateTask(name:operation:)"],
           "availability": [{"domain": "macOS", "introduced": {"major": 26}}]},
          {"pathComponents": ["Task", "name"], "availability": [{"domain": "macOS", "introduced": {"major": 26}}]},
          {"pathComponents": ["Thread", "name"]},
          {"pathComponents": ["Mutex"], "availability": [{"domain": "macOS", "introduced": {"major": 15}}]},
          {"pathComponents": ["_Hidden"], "availability": [{"domain": "macOS", "introduced": {"major": 26}}]}
        ]}
        """

    func apis() throws -> LateAPIs {
        var apis = LateAPIs(floor: MacOSVersion(15))
        XCTAssertTrue(apis.add(symbolGraph: Data(Self.graph.utf8)))
        XCTAssertFalse(apis.add(symbolGraph: Data("not json".utf8)))
        return apis
    }

    func places(_ source: String, declared: Set<String> = []) throws -> [String] {
        availabilityProblems(in: source, file: "A.swift", apis: try apis(), declaredByProject: declared).map(\.place)
    }

    func testTheGraphIsReadAsTheFloorSees() throws {
        let apis = try apis()
        XCTAssertEqual(apis.topLevel.keys.sorted(), ["InlineArray"], "Mutex is macOS 15: at the floor, not after it")
        XCTAssertEqual(apis.qualified.keys.sorted(), ["Task.immediate", "Task.name", "TaskGroup.addImmediateTask"])
        XCTAssertEqual(
            apis.members.keys.sorted(), ["addImmediateTask", "immediate"],
            "Thread.name is old: 'name' alone says nothing")
        XCTAssertEqual(apis.topLevel["InlineArray"]?.introduced, MacOSVersion(26))
    }

    func testAUseOutsideAGuardFails() throws {
        let source = """
            func f() async {
                let task = Task.immediate { print("a") }
                var numbers: InlineArray<3, Int> = [1, 2, 3]
                await withTaskGroup(of: Void.self) { group in group.addImmediateTask { } }
                print(Task.name ?? "")
                let thread = Thread.current.name
            }
            """
        XCTAssertEqual(try places(source), ["A.swift:2", "A.swift:3", "A.swift:4", "A.swift:5"])
        let problem = try XCTUnwrap(
            availabilityProblems(in: source, file: "A.swift", apis: try apis()).first?.problem)
        XCTAssertTrue(
            problem.hasPrefix("Task.immediate is macOS 26.0, after the package's floor (macOS 15.0)"), problem)
        XCTAssertTrue(problem.contains("if #available(macOS 26, *)"), problem)
    }

    func testAGuardOrAnAttributeCoversItsScopeOnly() throws {
        let source = """
            func f() async {
                if #available(macOS 26, *) {
                    _ = Task.immediate { }
                } else {
                    _ = Task.immediate { }
                }
                guard #available(macOS 26, *), true else { return }
                _ = Task.immediate { }
            }
            func g() { _ = Task.immediate { } }
            @available(macOS 26, *)
            struct Late {
                var numbers: InlineArray<2, Int>
                func h() { _ = Task.immediate { } }
            }
            @available(macOS 26.0, *) var stored = 1
            func i() { _ = Task.immediate { } }
            func j() { if #available(macOS 25, *) { _ = Task.immediate { } } }
            """
        XCTAssertEqual(try places(source), ["A.swift:5", "A.swift:10", "A.swift:17", "A.swift:18"])
    }

    /// Layouts the formatter makes, conditions that hold closures, and strings that interpolate.
    func testWrappedLayoutsClosuresInConditionsAndInterpolations() throws {
        let source = """
            @available(macOS 26, *)
            func wrapped(
                in source: String,
                file: String
            ) -> Int {
                _ = Task.immediate { }
                return 1
            }
            func g(xs: [Int]) {
                if #available(macOS 26, *),
                    xs.contains(where: { $0 > 1 })
                {
                    _ = Task.immediate { }
                }
                guard #available(macOS 26, *), xs.contains(where: { $0 > 1 }) else {
                    _ = Task.immediate { }
                    return
                }
                _ = Task.immediate { }
            }
            func h(xs: [Int]) {
                guard let first = xs.first,
                    #available(macOS 26, *)
                else { return }
                _ = Task.immediate { }
            }
            struct S { @available(macOS 26, *) static let x = 1 }
            func i() { _ = Task.immediate { } }
            let text = "\\(flag ? "{" : "")"
            func j() { _ = Task.immediate { } }
            let shown = "\\(Task.immediate { })"
            let generic = Task<Void, Never>.immediate { }
            let qualified: Swift.InlineArray<2, Int> = [1, 2]
            """
        XCTAssertEqual(
            try places(source), ["A.swift:16", "A.swift:28", "A.swift:30", "A.swift:31", "A.swift:32", "A.swift:33"])
        // A line continuation in a multi-line string keeps the lines counted, and CRLF ends lines too.
        let continued = "let a = \"\"\"\n    one \\\n    two\n    \"\"\"\r\nlet b = Task.immediate { }\r\n"
        XCTAssertEqual(try places(continued), ["A.swift:5"])
    }

    func testCommentsStringsLinuxOnlyCodeAndTheProjectsOwnNamesAreNotUses() throws {
        let source = """
            // Task.immediate runs its task at once
            /* InlineArray
               Task.immediate */
            let note = "Task.immediate's first line"
            let more = \"\"\"
                InlineArray<3, Int>
                \"\"\"
            let raw = #"Task.immediate "quoted""#
            #if os(Linux)
                _ = Task.immediate { }
            #endif
            let mine = thing.immediate
            """
        XCTAssertEqual(try places(source), ["A.swift:12"], "only the member alone, as the project does not declare it")
        XCTAssertEqual(try places(source, declared: ["immediate"]), [], "a project of its own `immediate`")
        XCTAssertEqual(
            declaredNames(in: "func immediate() {}\nstruct Span { let x = \"func notMe\" }"),
            ["immediate", "Span", "x"])
    }

    /// The toolchain's own symbol graphs, as `racelab portability` reads them: a planted `Task.immediate`
    /// and `InlineArray` fail, the same under `#available` pass.
    func testTheToolchainsOwnGraphsCatchPlantedUses() throws {
        #if canImport(Darwin)
            throw XCTSkip("on a Mac the compiler checks availability itself")
        #else
            let apis = try ToolchainSymbols.lateAPIs(after: MacOSVersion(15)).get().apis
            XCTAssertEqual(apis.qualified["Task.immediate"]?.introduced, MacOSVersion(26))
            XCTAssertEqual(apis.topLevel["InlineArray"]?.introduced, MacOSVersion(26))
            XCTAssertNil(apis.topLevel["Mutex"], "Synchronization's Mutex is macOS 15: the floor")
            let planted = """
                func f() async {
                    let task = Task.immediate { }
                    let numbers: InlineArray<2, Int> = [1, 2]
                    if #available(macOS 26, *) {
                        let task = Task.immediate { }
                        let numbers: InlineArray<2, Int> = [1, 2]
                    }
                }
                """
            let problems = availabilityProblems(in: planted, file: "Planted.swift", apis: apis)
            XCTAssertEqual(problems.map(\.place), ["Planted.swift:2", "Planted.swift:3"], "\(problems)")
        #endif
    }
}
