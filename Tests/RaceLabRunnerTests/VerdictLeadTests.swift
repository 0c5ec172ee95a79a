import Foundation
import RaceLabKit
import RaceLabContract
import XCTest

@testable import RaceLabRunner

/// Verdicts that say where and why: the driver's account pointed at the attendee's line, a race told
/// with its reason, and `// verdict leads with:` holding a variant's verdict to both.
final class VerdictLeadTests: ExerciseWorkspaceTestCase {
    let path = "Lessons/03-thread-safety/Exercise/Person.swift"
    let torn =
        "3 names read were torn: " + GotInBetween.writes("a read", function: "changeName", "firstName", "lastName")

    func person(changeName: String, name: String) -> String {
        """
        class Person {
            private var firstName = ""
            private var lastName = ""
            private let lock = NSLock()
            private let queue = DispatchQueue(label: "p", attributes: .concurrent)

            init(firstName: String, lastName: String) {
                self.firstName = firstName
                self.lastName = lastName
            }

            func changeName(firstName: String, lastName: String) {
        \(changeName)
            }

            var name: String {
        \(name)
            }
        }
        """
    }

    func testTheDriversWordsForASplitSectionReadBack() throws {
        let parsed = try XCTUnwrap(GotInBetween.parse(torn + "   <- hold one lock"))
        XCTAssertEqual([parsed.function, parsed.first, parsed.second], ["changeName", "firstName", "lastName"])
        XCTAssertNil(GotInBetween.parse("3 names read were torn: a read got in between the two writes of a rename"))
        XCTAssertNil(GotInBetween.parse("Every name read was whole."))
    }

    /// The lock let go between the two writes (exercise 3's split critical section), a barrier block
    /// closed between them, a read taken in two parts: each pointed at the line that lets go.
    func testWhereASplitSectionLetsGoIsTheAttendeesLine() {
        let lockedApart = person(
            changeName: """
                    lock.lock()
                    self.firstName = firstName
                    lock.unlock()
                    randomDelay(upTo: 1.0)
                    lock.lock()
                    self.lastName = lastName
                    lock.unlock()
                """, name: "        lock.withLock { \"\\(firstName) \\(lastName)\" }")
        XCTAssertEqual(
            Runner.whereItLetGo(torn, path: path, text: lockedApart),
            [
                "where: \(path):15, `lock.unlock()`, lets go between the write of firstName at line 14 and the write of lastName at line 18"
            ])
        let barriersApart = person(
            changeName: """
                    queue.async(flags: .barrier) { self.firstName = firstName }  // one barrier {
                    queue.async(flags: .barrier) { self.lastName = lastName }
                """, name: "        queue.sync { \"\\(firstName) \\(lastName)\" }")
        XCTAssertEqual(
            Runner.whereItLetGo(torn, path: path, text: barriersApart),
            [
                "where: \(path):13, `queue.async(flags: .barrier) { self.firstName = firstName }`, lets go between the write of firstName at line 13 and the write of lastName at line 14"
            ], "the block closes on the write's own line (a comment's brace is not code)")
        let readApart = person(
            changeName: """
                    lock.lock()
                    defer { lock.unlock() }
                    self.firstName = firstName
                    self.lastName = lastName
                """,
            name: """
                        lock.lock()
                        let first = firstName
                        lock.unlock()
                        lock.lock()
                        let last = lastName
                        lock.unlock()
                        return first + " " + last
                """)
        XCTAssertEqual(
            Runner.whereItLetGo(torn, path: path, text: readApart),
            [
                "where: \(path):22, `lock.unlock()`, lets go between the read of firstName at line 21 and the read of lastName at line 24"
            ])
        // Right, and the starter with no lock at all: nothing lets go in between, so nothing is said.
        let whole = person(
            changeName: """
                    lock.lock()
                    self.firstName = firstName
                    randomDelay(upTo: 1.0)
                    self.lastName = lastName
                    lock.unlock()
                """, name: "        lock.withLock { \"\\(firstName) \\(lastName)\" }")
        XCTAssertEqual(Runner.whereItLetGo(torn, path: path, text: whole), [])
        let starter = person(
            changeName: "        self.firstName = firstName\n        self.lastName = lastName",
            name: "        \"\\(firstName) \\(lastName)\"")
        XCTAssertEqual(Runner.whereItLetGo(torn, path: path, text: starter), [])
        XCTAssertEqual(Runner.whereItLetGo("3 names read were torn", path: path, text: lockedApart), [])
    }

    func testARaceToldToAnAttendeeSaysWhyOnItsSecondLine() throws {
        var race = RaceDescription(
            kind: "data race",
            sides: [
                .init(function: "Person.changeName", operation: "write", file: path, line: 23),
                .init(function: "Person.name.getter", operation: "read", file: path, line: 29),
            ])
        race.forAttendee = true
        let lines = try runner().explain(.unexpectedRace(race, count: 1)).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("\(path):29"), lines[0])
        XCTAssertEqual(lines[1], Runner.whyARace)
        let besideAMutex = try runner().explain(.unexpectedRace(race, count: 1), besideAMutex: true)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(besideAMutex[1], Runner.whyARaceBesideAMutex, "a Mutex TSan cannot see may be what ordered them")
        XCTAssertFalse(besideAMutex.joined().contains("nothing ordered these two accesses"))
        race.forAttendee = false
        XCTAssertFalse(
            try runner().explain(.unexpectedRace(race, count: 1)).contains("why:"), "a page's race, for its author")
    }

    func testARaceIsToldWithTheAttendeesSideFirst() {
        let driver = RaceDescription.Side(
            function: "CounterExercise.play", operation: "read", file: "Lessons/04/Support/X.swift", line: 47)
        let theirs = RaceDescription.Side(function: "Counter.increment", operation: "write", file: "\(path)", line: 13)
        let folder = (path as NSString).deletingLastPathComponent
        guard
            case .unexpectedRace(let race, _) = Runner.theirsFirst(
                .unexpectedRace(RaceDescription(kind: "data race", sides: [driver, theirs]), count: 1), in: folder)
        else { return XCTFail() }
        XCTAssertEqual(race.sides.map(\.function), ["Counter.increment", "CounterExercise.play"])
        guard
            case .unexpectedRace(let kept, _) = Runner.theirsFirst(
                .unexpectedRace(RaceDescription(kind: "data race", sides: [theirs, driver]), count: 1), in: folder)
        else { return XCTFail() }
        XCTAssertEqual(kept.sides.map(\.function), ["Counter.increment", "CounterExercise.play"])
    }

    /// A race on a driver's hand-over mark (exercise 2: texts counted with a relaxed atomic, captured) is
    /// told at the attendee's line below the mark in its stack, in their terms; an ordinary race is not one.
    func testARaceOnAHandoverMarkIsToldWhereTheirCodePassedTheValueOn() throws {
        let root = TSanReportTests.capturedRoot
        let race = try XCTUnwrap(
            describe(parseTSanReports(try capturedStderr("exercise2-handover.stderr")), root: root).first)
        XCTAssertTrue(race.isOnAHandover, "\(race)")
        let folder = "Lessons/02-dispatch-groups/Exercise"
        guard case .unexpectedRace(var told, _) = Runner.theirsFirst(.unexpectedRace(race, count: 1), in: folder)
        else { return XCTFail() }
        XCTAssertEqual(told.sides.map(\.operation), ["read", "write"])
        XCTAssertEqual(told.sides[0].file, "\(folder)/FeedLoader.swift")
        XCTAssertEqual(told.sides[0].line, 24, "the line that called completion, below the driver's frames")
        XCTAssertNil(told.sides[1].file, "the callback's side has no line of theirs: the driver gave the text")
        told.forAttendee = true
        XCTAssertTrue(
            told.description.hasPrefix(
                "data race on a hand-over: your code passed on, at \(folder)/FeedLoader.swift:24, a value"),
            told.description)
        let ordinary = try XCTUnwrap(
            describe(parseTSanReports(try capturedStderr("exercise3-starter.stderr")), root: root).first)
        XCTAssertFalse(ordinary.isOnAHandover, "a race in the attendee's code is told as it is")
    }

    func testAVerdictLeadIsReadAndHeldToTheFirstTwoLines() throws {
        let lead = try XCTUnwrap(VerdictLead(parsing: #" Person.swift:24 because "hold one lock""#))
        XCTAssertEqual(lead, VerdictLead(place: "Person.swift:24", because: "hold one lock"))
        XCTAssertNil(VerdictLead(parsing: "Person.swift:24, hold one lock"), "no 'because' and quotes")
        XCTAssertNil(VerdictLead(parsing: #"Person.swift because "hold one lock""#), "no line")
        let told = [
            "  - 3 names read were torn   <- hold one lock across the rename",
            "      where: Lessons/03/Exercise/Person.swift:24, `lock.unlock()`, lets go",
            "  - Person.swift:99 because hold one lock, on a third line: too late",
        ]
        XCTAssertNil(lead.missing(from: told))
        XCTAssertEqual(lead.missing(from: [told[0], told[2]]), "the place Person.swift:24")
        XCTAssertEqual(lead.missing(from: [told[1]]), "the reason \"hold one lock\"")
        XCTAssertEqual(
            lead.missing(from: ["  - where: Person.swift:245 and OldPerson.swift:24, hold one lock"]),
            "the place Person.swift:24", "another line, another file")
        XCTAssertEqual(lead.missing(from: []), "the place Person.swift:24 and the reason \"hold one lock\"")
        let either = try XCTUnwrap(VerdictLead(parsing: #"Person.swift:26  or Person.swift:28 because "x""#))
        XCTAssertEqual(either.place, "Person.swift:26 or Person.swift:28")
        XCTAssertNil(either.missing(from: ["race at Person.swift:28", "x"]))
        XCTAssertNotNil(either.missing(from: ["race at Person.swift:27", "x"]))
        let twoWays = try XCTUnwrap(VerdictLead(parsing: #"A.swift:3 because "same lock" or "store the sum""#))
        XCTAssertEqual(twoWays.because, #"same lock" or "store the sum"#)
        XCTAssertNil(twoWays.missing(from: ["at A.swift:3", "store the sum first"]))
        XCTAssertNil(twoWays.missing(from: ["at A.swift:3: the same lock"]))
        XCTAssertEqual(twoWays.missing(from: ["at A.swift:3: neither"]), #"the reason "same lock" or "store the sum""#)
    }

    /// `verify` fails a variant that fails as documented when its verdict loses the line or the reason,
    /// and when what it should lead with cannot be read.
    func testVerifyFailsAVariantWhoseVerdictLosesItsLineOrReason() throws {
        let runner = try runner()
        let outcome = RunOutcome(problems: [.output(.init())], races: [], seconds: 1, stdout: "")
        let lead = VerdictLead(place: "Person.swift:24", because: "hold one lock")
        func judged(_ lines: [String], _ documented: Result<VerdictLead?, Workspace.Problem> = .success(nil))
            -> Bool
        {
            runner.reportFails(
                "exercise 3 wrong fix x", .success([.output]), outcome,
                lead: .init(documented: documented.map { $0 ?? lead }, verdict: { _ in lines }, hint: { _ in 2 }))
        }
        let right = ["  - torn   <- hold one lock", "      where: X/Person.swift:24, `lock.unlock()`"]
        printed = []
        XCTAssertTrue(judged(right))
        XCTAssertTrue(
            printed.last?.contains("its verdict leading with Person.swift:24 and the reason") == true, "\(printed)")
        printed = []
        XCTAssertFalse(judged(["  - torn   <- hold one lock", "      where: X/Person.swift, `lock.unlock()`"]))
        XCTAssertEqual(
            printed.first,
            "FAIL  exercise 3 wrong fix x fails as documented, but the first two lines of its verdict lack the place Person.swift:24:"
        )
        XCTAssertFalse(judged(["  - torn", right[1]]), "the reason lost")
        XCTAssertFalse(judged(right, .failure(.init(description: "x says what its verdict leads with more than once"))))
        // A run the driver said was off in its timing is held to its lead, unless the machine was
        // measured busy while it ran (what led may then be the machine's doing).
        var off = RunOutcome(
            problems: [.output(.init())], races: [], seconds: 1, stdout: TimingWasOff.mark + "a frame came 1.2 s late")
        func judgedOff(_ lines: [String]) -> Bool {
            runner.reportFails(
                "exercise 9 wrong fix x", .success([.output]), off,
                lead: .init(documented: .success(lead), verdict: { _ in lines }))
        }
        XCTAssertFalse(judgedOff(["  - late"]), "timing off, the machine not measured: held")
        off.machineLateness = 0.02
        XCTAssertFalse(judgedOff(["  - late"]), "timing off on a quiet machine: held")
        printed = []
        XCTAssertTrue(judgedOff(right), "held, and said to be")
        XCTAssertTrue(
            printed.last?.contains("the reason (the driver said its timing was off; this machine fell 0.02 s behind)")
                == true, "\(printed)")
        off.machineLateness = 1.5
        printed = []
        XCTAssertTrue(judgedOff(["  - late"]))
        XCTAssertTrue(
            printed.last?.contains(
                "not held to its lead (the driver said its timing was off, and this machine fell 1.50 s behind)")
                == true, "\(printed)")
        // A run whose contention round fell short lost its lead to a later round's account: not held
        // to it (verify runs it again alone first), and said so; with its contention whole, held.
        var short = RunOutcome(
            problems: [.output(.init())], races: [], seconds: 1,
            stdout: ContentionFellShort.mark + "4 of the 60 overlaps the round aims for")
        let shortLead = Runner.VariantLead(documented: .success(lead), verdict: { _ in ["  - late"] })
        XCTAssertTrue(runner.leadLostShortOfContention(short, shortLead), "run again alone")
        XCTAssertFalse(
            runner.leadLostShortOfContention(short, .init(documented: .success(lead), verdict: { _ in right })),
            "its lead kept: not run again")
        printed = []
        XCTAssertTrue(runner.reportFails("exercise 13 wrong fix x", .success([.output]), short, lead: shortLead))
        XCTAssertTrue(
            printed.last?.contains("not held to its lead (its contention round fell short on this machine)") == true,
            "\(printed)")
        short.stdout = "all rounds contended"
        XCTAssertFalse(runner.leadLostShortOfContention(short, shortLead))
        XCTAssertFalse(
            runner.reportFails("exercise 13 wrong fix x", .success([.output]), short, lead: shortLead),
            "contention whole: held to its lead")
        // verify --verdicts: the two lines under the PASS.
        runner.showsVerdicts = true
        printed = []
        XCTAssertTrue(judged(right))
        XCTAssertEqual(printed.suffix(2), right.map { "      | \($0)" })
        XCTAssertEqual(runner.verdictRows.last?.lead, .held(lead), "its row for the referee notes' table")
        XCTAssertEqual(runner.verdictRows.last?.hint, 2, "with the hint it keys")
        runner.showsVerdicts = false
        // With no lead documented, only the failure is judged.
        XCTAssertTrue(
            runner.reportFails(
                "exercise 3 wrong fix x", .success([.output]), outcome,
                lead: .init(documented: .success(nil), verdict: { _ in [] })))
    }

    func testAVariantSaysWhatItsVerdictLeadsWithOnceAndReadably() throws {
        let folder = "Lessons/03-thread-safety/Exercise/Referee/WrongFixes/split"
        try package.write(
            "// verdict leads with: Person.swift:24 because \"hold one lock\"\nclass Person {}\n",
            to: "\(folder)/Person.swift")
        XCTAssertEqual(
            try VerdictLead.documented(in: "\(root)/\(folder)").get(),
            VerdictLead(place: "Person.swift:24", because: "hold one lock"))
        try package.write("// verdict leads with: Person.swift:24 hold one lock\n", to: "\(folder)/Person.swift")
        XCTAssertThrowsError(try VerdictLead.documented(in: "\(root)/\(folder)").get())
        try package.write(
            "// verdict leads with: A.swift:1 because \"x\"\n// Verdict leads with: A.swift:2 because \"y\"\n",
            to: "\(folder)/Person.swift")
        XCTAssertThrowsError(try VerdictLead.documented(in: "\(root)/\(folder)").get())
        try package.write("class Person {}\n", to: "\(folder)/Person.swift")
        XCTAssertNil(try VerdictLead.documented(in: "\(root)/\(folder)").get())
    }
}

/// Where a driver's words and a hang point in the attendee's file.
final class WhereInTheirFileTests: ExerciseWorkspaceTestCase {
    let path = "Lessons/03-thread-safety/Exercise/Person.swift"

    func testANameInBackticksIsPointedAtWhereTheAttendeeUsesIt() {
        let screen = """
            // `computeReport` in a comment is not code
            func tapped(report number: Int, show: @escaping (String) -> Void) {
                let report = computeReport(number)
                show(report)
            }
            """
        XCTAssertEqual(
            Runner.whereItIsUsed(
                "The main queue stalled, as `computeReport` ran on it   <- use `DispatchQueue.global`", path: path,
                text: screen),
            ["where: \(path):3, `let report = computeReport(number)`"], "the hint's names are not looked for")
        XCTAssertEqual(
            Runner.whereItIsUsed("The `show` of tap 1 got a placeholder", path: path, text: screen),
            ["where: \(path):4, `show(report)`"], "a parameter's label is not a use")
        XCTAssertEqual(Runner.whereItIsUsed("No names here", path: path, text: screen), [])
        XCTAssertEqual(
            Runner.whereItIsUsed(
                "a request failed: it threw `Busy()`", path: path,
                text: "struct Busy {}\nfunc image() throws {\n    throw Busy()\n}"),
            ["where: \(path):3, `throw Busy()`"], "a type's declaration is not a use")
        XCTAssertEqual(
            Runner.whereItIsUsed(
                "`items` was empty when done was called", path: path,
                text: "func refresh() {\n    service.loadFeed { items in\n        self.items = items\n    }\n}"),
            [
                "where: \(path):3, `self.items = items`", "where: \(path):2, `service.loadFeed { items in`",
            ], "where it is changed first")
        let graph = """
            steps.versionCheck.addDependency(steps.settings)
            steps.schedule.addDependency(steps.versionCheck)
            steps.versionCheck.addDependency(steps.schedule)
            """
        XCTAssertEqual(
            Runner.whereItIsUsed(
                "version check waits for schedule, which it does not need (`versionCheck.addDependency(schedule)`)",
                path: path, text: graph),
            ["where: \(path):3, `steps.versionCheck.addDependency(steps.schedule)`"], "a snippet: its names in order")
        let loader = """
            guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }
            if last { DispatchQueue.main.async { completion(copy) } }
            """
        XCTAssertEqual(
            Runner.whereItIsUsed(
                "feed 217's `completion` got 1362 texts for its 1362 items: 7 of its own missing", path: path,
                text: loader),
            [
                "where: \(path):2, `if last { DispatchQueue.main.async { completion(copy) } }`",
                "where: \(path):1, `guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }`",
            ], "a feed with items: the empty feed's completion last")
        XCTAssertEqual(
            Runner.whereItIsUsed("feed 3 completed again: `completion` called twice", path: path, text: loader).first,
            "where: \(path):2, `if last { DispatchQueue.main.async { completion(copy) } }`",
            "a feed not said to be empty: its completion first")
        XCTAssertEqual(
            Runner.whereItIsUsed("the empty feed's `completion` was called twice", path: path, text: loader).first,
            "where: \(path):1, `guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }`",
            "an empty feed's account keeps the file's order")
        let model = """
            self.thumbnails = [:]
            for item in items {
                Task { @MainActor in self.thumbnails[item.id] = await drawThumbnail(for: item) }
            }
            """
        XCTAssertEqual(
            Runner.whereItIsUsed("`thumbnails` held 1 \(HeldNoLonger.words) (story-2)", path: path, text: model).first,
            "where: \(path):3, `Task { @MainActor in self.thumbnails[item.id] = await drawThumbnail(for: item) }`",
            "what is held that should not be: the line that adds first, not the one that empties")
        XCTAssertEqual(
            Runner.whereItIsUsed("`thumbnails` was missing one", path: path, text: model).first,
            "where: \(path):1, `self.thumbnails = [:]`", "another account keeps the file's order")
        XCTAssertEqual(
            Runner.namedInBackticks("`a.b(c)` then `d` and an open `e"), [["a", "b", "c"], ["d"]],
            "a backtick left open names nothing")
    }

    /// The main actor kept from the screen: the lines that wait or draw on it, not a `@concurrent` function's.
    func testTheScreenWaitedPointsAtTheMainActorsLinesNotAConcurrentFunctions() {
        let model = """
            func refresh() {
                if cheap {
                    drawn = [item.id: Thumbnail.render(item)]
                } else {
                    drawn = await drawThumbnails(for: answer)
                }
                let finished = DispatchSemaphore(value: 0)
                finished.wait()
            }
            @concurrent
            nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
                items.map { Thumbnail.render($0) }
            }
            """
        XCTAssertEqual(
            Runner.wherePlacesFound(
                "`Thumbnail.render` drew 16 thumbnails on the main actor (quick1-106 first), \(ScreenWaited.words) while"
                    + " it draws   <- draw the thumbnails off the main actor", path: path, text: model),
            ["where: \(path):3, `drawn = [item.id: Thumbnail.render(item)]`"], "not the @concurrent function's line")
        XCTAssertEqual(
            Runner.wherePlacesFound(
                "\(ScreenWaited.stoodStill) for 1.1 s during refresh 6: the main actor was busy, \(ScreenWaited.words)"
                    + " (drawing with `Thumbnail.render` on it, or waiting for work sent elsewhere?)", path: path,
                text: model),
            [
                "where: \(path):8, `finished.wait()`", "where: \(path):3, `drawn = [item.id: Thumbnail.render(item)]`",
            ], "the wait first where the screen stood still")
        XCTAssertEqual(
            Runner.whereTheScreenWaited("`Thumbnail.render` drew 1 thumbnail", path: path, text: model), [],
            "another account is not this finder's")
        let shown = """
            @concurrent
            nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
                for item in items { render(item) }
            }
            func show(_ answer: [FeedItem]) {
                if number > shown { items = answer }
            }
            """
        XCTAssertEqual(
            Runner.whereItIsUsed("`items` was [] when `done` was called", path: path, text: shown),
            [
                "where: \(path):6, `if number > shown { items = answer }`",
                "where: \(path):3, `for item in items { render(item) }`",
            ], "the model's `items` first, a @concurrent function's parameter last")
    }

    /// "the two share a store": a `static` property, or a declaration outside any type; not a lock.
    func testAStoreTwoInstancesShareIsFoundInTheAttendeesFile() {
        let shared = "a second controller holds 3 events: \(SharedStore.words) (a `static` one?)   <- share nothing"
        let global = """
            import Foundation
            private let lock = NSLock()
            private var lists: [ObjectIdentifier: [Event]] = [:]
            final class FavoriteEventsController {
                private let catalog: Catalog
                var events: [Event] { lock.withLock { lists[ObjectIdentifier(catalog)] ?? [] } }
            }
            """
        XCTAssertEqual(
            Runner.whereItIsShared(shared, path: path, text: global),
            ["where: \(path):3, `private var lists: [ObjectIdentifier: [Event]] = [:]`, is one for every instance"],
            "outside the type, and not the lock")
        let onTheType =
            "final class C {\n    @MainActor private static var storedEvents: [Event] = []\n    let catalog: Catalog\n}"
        XCTAssertEqual(
            Runner.whereItIsShared(shared, path: path, text: onTheType),
            ["where: \(path):2, `@MainActor private static var storedEvents: [Event] = []`, is one for every instance"])
        XCTAssertEqual(Runner.whereItIsShared("3 events are missing", path: path, text: global), [], "not said")
        XCTAssertEqual(
            Runner.whereItIsShared(shared, path: path, text: "final class C {\n    var events: [Event] = []\n}"), [])
    }

    /// "downloaded again   <- the cache keeps every image it downloaded": the lines that let an entry
    /// go, not the failure's own taking out in a `catch`; that one where a failure took out more.
    func testAnEntryLetGoIsFoundWhereTheDriverSaysAnImageWasNotKept() {
        let again =
            "2500 downloaded again (`Network.image`)   <- \(KeptForGood.words): asked for again, however much later"
        let evicting = """
            actor ImageCache {
                func image(named name: String) async throws -> Image {
                    let task = Task { try await Network.image(named: name) }
                    order.append(name)
                    if order.count > 1_000 { cache[order.removeFirst()] = nil }
                    do {
                        return try await task.value
                    } catch {
                        cache[name] = nil
                        throw error
                    }
                }
            }
            """
        XCTAssertEqual(
            Runner.whereItLetsEntriesGo(again, path: path, text: evicting),
            ["where: \(path):5, `if order.count > 1_000 { cache[order.removeFirst()] = nil }`, lets an entry go"],
            "the eviction, not the failure's taking out")
        let keepsAll = evicting.replacingOccurrences(
            of: "if order.count > 1_000 { cache[order.removeFirst()] = nil }", with: "")
        XCTAssertEqual(Runner.whereItLetsEntriesGo(again, path: path, text: keepsAll), [], "a catch alone: nothing")
        let emptied = "image 1 was downloaded again   <- a failure takes out only its own entry: \(KeptForGood.words)"
        XCTAssertEqual(
            Runner.whereItLetsEntriesGo(
                emptied, path: path,
                text: keepsAll.replacingOccurrences(
                    of: "cache[name] = nil", with: "cache.removeAll()")),
            ["where: \(path):9, `cache.removeAll()`, lets an entry go"], "after a failure: the catch's")
        XCTAssertEqual(
            Runner.whereItLetsEntriesGo(
                emptied, path: path, text: "do { x() } catch { cache = [:] }\nstore.removeAll()"), [],
            "a catch closed on its line ends there")
        XCTAssertEqual(
            Runner.whereItLetsEntriesGo(
                again, path: path,
                text: "cache[name] = left > 1 ? .ready(image, left - 1) : nil\nif cache[name] == nil { return }"),
            ["where: \(path):1, `cache[name] = left > 1 ? .ready(image, left - 1) : nil`, lets an entry go"],
            "an entry let go on a condition; not a comparison")
        XCTAssertEqual(Runner.whereItLetsEntriesGo("3 images missing", path: path, text: evicting), [], "not said")
        XCTAssertEqual(
            Runner.whereItLetsEntriesGo(
                "the list held 16 of them   <- \(KeptForGood.inTheList)", path: path,
                text: "storedEvents.append(event)\nif storedEvents.count > 16 { storedEvents.removeFirst() }"),
            ["where: \(path):2, `if storedEvents.count > 16 { storedEvents.removeFirst() }`, lets an entry go"],
            "exercise 12's list: its words too")
    }

    func testACompletionCalledWhereItIsIsFoundWhereTheDriverSaysItCameInsideLoad() {
        let said = "feed 214: \(CompletedInside.words)   <- complete later, once load has returned"
        let loader = """
            func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
                if let result { DispatchQueue.main.async { completion(result) } }
                group.notify(queue: .main) { completion(texts) }
                if let inline {
                    completion(inline)
                }
            }
            """
        XCTAssertEqual(
            Runner.whereItCompletedInside(said, path: path, text: loader), ["where: \(path):5, `completion(inline)`"],
            "the call made where it is, not the ones sent to the main queue")
        XCTAssertEqual(
            Runner.whereItCompletedInside("feed 2 completed again", path: path, text: loader), [], "not said")
    }

    func testATaskMadeAndLetGoIsFoundWhereTheDriverSaysWorkWasLeftToOne() {
        let said = "the image was not in the cache yet (stored later, \(TaskOfItsOwn.words)?)   <- store it first"
        let cache = """
            actor ImageCache {
                private var inFlight: [String: Task<Image, Error>] = [:]
                func image(named name: String) async throws -> Image {
                    let download = Task { try await Network.image(named: name) }
                    let image = try await download.value
                    Task { self.store(image, as: name) }
                    _ = Task.detached(priority: .low) { await self.tidy() }
                    return image
                }
            }
            """
        XCTAssertEqual(
            Runner.whereATaskOfItsOwn(said, path: path, text: cache),
            [
                "where: \(path):6, `Task { self.store(image, as: name) }`",
                "where: \(path):7, `_ = Task.detached(priority: .low) { await self.tidy() }`",
            ], "not the task kept, nor the type that names Task")
        XCTAssertEqual(Runner.whereATaskOfItsOwn("downloaded twice", path: path, text: cache), [], "not said")
    }

    func testAContinuationResumedBeforeItsWorkIsFoundWhereTheDriverSaysACallWentOnEarly() {
        let said = "`add`(Session 101) returned before its event was in the list   <- did add \(WentOnEarly.words) it?"
        let controller = """
            final class C {
                func add(_ event: Event) async {
                    await withCheckedContinuation { continuation in
                        queue.async {
                            continuation.resume()  // the caller goes on
                            self.lock.withLock { self.list.append(event) }
                        }
                    }
                }
                func remove(_ event: Event) async {
                    await withCheckedContinuation { continuation in
                        queue.async {
                            self.lock.withLock { self.list.removeAll { $0 == event } }
                            continuation.resume()

                        }
                    }
                }
            }
            """
        XCTAssertEqual(
            Runner.whereItWentOnEarly(said, path: path, text: controller),
            ["where: \(path):5, `continuation.resume()`, and the work after it is still to run"],
            "not the resume that comes last in its block")
        let tasked = "func add(_ e: Event) async {\n    Task { await self.append(e) }\n}"
        XCTAssertEqual(
            Runner.whereItWentOnEarly(said, path: path, text: tasked),
            ["where: \(path):2, `Task { await self.append(e) }`"])
        XCTAssertEqual(Runner.whereItWentOnEarly("it is missing", path: path, text: controller), [], "not said")
    }

    func testAFunctionIsPointedAtItsOwnLineFirstAndASummaryDropsItsEcho() {
        let gallery = """
            init() {
                table.didEndDisplaying = { row in self.didEndDisplaying(row) }
            }
            func didEndDisplaying(_ row: Int) {
            }
            """
        XCTAssertEqual(
            Runner.whereItIsUsed("row 0 left, but `didEndDisplaying` did not cancel it", path: path, text: gallery)
                .first,
            "where: \(path):4, `func didEndDisplaying(_ row: Int) {`")
        XCTAssertEqual(
            Runner.withoutEchoes([
                "The gallery is not right yet. First: row 5 shows no image   <- start one",
                "[19.73s] row 5 shows no image   <- start one", "[20.00s] row 6 shows no image   <- start one",
            ]),
            [
                "The gallery is not right yet. First: row 5 shows no image   <- start one",
                "[20.00s] row 6 shows no image   <- start one",
            ])
        XCTAssertEqual(
            Runner.withoutEchoes(["[ 1.30s] gave 0 images   <- wait", "[ 7.82s] gave 0 images   <- wait"]),
            ["[ 1.30s] gave 0 images   <- wait"], "two rounds that saw the same: the first stays, not neither")
    }

    func testAClosureTSanNamesWithoutALineIsFoundAsSwiftNumbersClosures() throws {
        let loader = """
            final class FeedLoader {
                func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
                    if let first = items.first(where: { $0.title.isEmpty }) { print(first) } else { print("none") }
                    for item in items {
                        DispatchQueue.global().async(group: group) {
                            item.fetch { text in
                                texts.append(text)
                            }
                            lock.withLock { count += 1 }
                        }
                    }
                    group.notify(queue: .main) {
                        completion(texts)
                        print("done")
                    }
                }
            }
            """
        func found(_ name: String) -> [Int]? { Runner.closure(named: name, in: loader).map { [$0.opens, $0.closes] } }
        XCTAssertEqual(found("closure #1 in FeedLoader.load(_:completion:)"), [3, 3], "first(where:)'s, in an if")
        XCTAssertEqual(
            found("closure #2 in FeedLoader.load(_:completion:)"), [5, 10], "in a for loop, still the function's")
        XCTAssertEqual(found("closure #1 in closure #2 in FeedLoader.load(_:completion:)"), [6, 8])
        XCTAssertEqual(found("closure #2 in closure #2 in FeedLoader.load(_:completion:)"), [9, 9])
        XCTAssertEqual(
            found("closure #3 in FeedLoader.load(_:completion:)"), [12, 15], "an else's brace is no closure")
        XCTAssertNil(found("closure #4 in FeedLoader.load(_:completion:)"))
        XCTAssertNil(found("implicit closure #1 in closure #2 in FeedLoader.load(_:completion:)"))
        XCTAssertNil(found("closure #1 in FeedLoader.reload()"), "no such function")
        XCTAssertEqual(
            Runner.closure(
                named: "(1) suspend resume partial function for closure #1 in FeedLoader.load(_:completion:)",
                in: loader)?.opens, 3)

        // A Swift access race's side: TSan gives the closure but no line; the one line of its body is
        // taken, or the line it opens on, said so.
        try package.write(loader, to: "Lessons/02-dispatch-groups/Exercise/FeedLoader.swift")
        func side(_ symbol: String) -> RaceDescription.Side? {
            let frame = TSanReport.Frame(
                symbol: symbol, file: root + "/Lessons/02-dispatch-groups/Exercise/FeedLoader.swift", line: nil,
                module: "exercise2")
            let access = TSanReport.Access(operation: "modifying access", thread: "thread T5", frames: [frame])
            var report = TSanReport(kind: "Swift access race")
            report.accesses = [access, access]
            // A name that is not mangled is kept as it is.
            return describe([report], root: root).first?.sides.first
        }
        let one = side("closure #1 in closure #2 in FeedLoader.load(_:completion:)")
        XCTAssertEqual(one?.line, 7)
        XCTAssertEqual(one?.place, "Lessons/02-dispatch-groups/Exercise/FeedLoader.swift:7")
        let more = side("closure #3 in FeedLoader.load(_:completion:)")
        XCTAssertEqual(
            more?.place, "Lessons/02-dispatch-groups/Exercise/FeedLoader.swift:12, in the closure it opens")
        XCTAssertEqual(
            side("FeedLoader.load(_:completion:)")?.place,
            "Lessons/02-dispatch-groups/Exercise/FeedLoader.swift:2, in the function it opens")
        XCTAssertNil(side("FeedLoader.reload()")?.line, "no such function: no line made up")
        try package.write(
            "final class Results {\n    private var images: [Image] = []\n    func add(_ image: Image) {\n"
                + "        images.append(image)\n        arrived.signal()\n    }\n}\n",
            to: "Lessons/02-dispatch-groups/Exercise/FeedLoader.swift")
        XCTAssertEqual(side("Results.add(_:)")?.line, 4, "the one line of the body that uses a var")
        XCTAssertNil(side("FeedLoader.count.getter")?.line)
    }

    func testAHangSaysWhereTheAttendeesCodeCanWaitAndDropsTheStopLine() throws {
        try package.write(
            "func a() {\n    state.sync {\n        DispatchQueue.main.sync { show() }\n    }\n}\n", to: path)
        let runner = try runner()
        let exercise = try runner.workspace.exercise(3)
        XCTAssertEqual(
            runner.whereItCanWait(exercise, folder: exercise.folder),
            "where your code can wait: \(path):3 `DispatchQueue.main.sync { show() }`; \(path):2 `state.sync {`",
            "a wait for the main queue first")
        try package.write(
            "func a() async {\n    await withCheckedContinuation { waiters.append($0) }\n}\n", to: path)
        XCTAssertEqual(
            runner.whereItCanWait(exercise, folder: exercise.folder),
            "where your code can wait: \(path):2 `await withCheckedContinuation { waiters.append($0) }`",
            "a continuation never resumed")
        try package.write("let semaphore = DispatchSemaphore(value: 1)\nfunc a() { go() }\n", to: path)
        XCTAssertNil(runner.whereItCanWait(exercise, folder: exercise.folder), "a declaration waits for nothing")
        var stopLine = OutputMismatch()
        stopLine.actual = "Page 1" + PageStop.middle + "30.0 s" + PageStop.end
        let other = OutputMismatch()
        let problems = Runner.withoutConsequences([
            .pageNeverFinished(page: 1, limit: "30.0 s"), .output(stopLine), .output(other),
        ])
        XCTAssertEqual(problems.count, 2, "the stop line is the hang's consequence; other output is not")
        XCTAssertEqual(Runner.withoutConsequences([.output(stopLine)]).count, 1, "no hang, nothing folded")
    }
}

/// The referee notes' tables of verdicts by mistake class, as `verify --verdicts` prints them.
final class VerdictTableTests: XCTestCase {
    func testARowIsTheFixtureItsTwoLinesAndItsLead() throws {
        let lead = VerdictLead(place: "Person.swift:24", because: "hold one lock")
        let lines = [
            "  - torn `name` | twice   <- hold one lock",
            "      where: Lessons/03-thread-safety/Exercise/Referee/WrongFixes/lock-apart/Person.swift:24, `lock.unlock()`",
            "  - a third line",
        ]
        let row = try XCTUnwrap(VerdictRow(label: "exercise 3 wrong fix lock-apart", lines: lines, lead: .held(lead)))
        XCTAssertEqual(row.exercise, 3)
        XCTAssertEqual(
            row.markdown,
            #"| `lock-apart` | torn 'name' \| twice   <- hold one lock / where: …/Person.swift:24, 'lock.unlock()' | Person.swift:24 because "hold one lock" | – |"#
        )
        XCTAssertEqual(VerdictRow(label: "exercise 12 starter", lines: [], lead: .none)?.fixture, "Starter/")
        XCTAssertNil(VerdictRow(label: "lesson 3 page 2", lines: [], lead: .none), "a broken page has no row")
        var late = try XCTUnwrap(
            VerdictRow(label: "exercise 3 starter", lines: ["x"], lead: .notHeld(lead, why: "busy")))
        late.hint = 1
        XCTAssertTrue(
            late.markdown.hasSuffix(
                "| named (Person.swift:24 because \"hold one lock\"), not held in this run: busy | 1 |"),
            late.markdown)
        let tables = VerdictRow.tables([row, late])
        XCTAssertEqual(tables[1], "Exercise 3: 1 of 2 verdicts held to their lead; 1 of 2 key a hint.")
        XCTAssertEqual(tables.suffix(2), [late.markdown, row.markdown], "the starter first")
    }
}

/// What `racelab explore` can play of an attendee's file.
final class ExploredPrimitivesTests: XCTestCase {
    func testTheExplorerNamesWhatItDoesNotKnowAndPlaysWhatItDoes() {
        let path = "Lessons/03-thread-safety/Exercise/Person.swift"
        XCTAssertEqual(ExploredPrimitives.judge([(path, "let lock = NSLock()\nlock.lock()")]), .explorable)
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "let queue = DispatchQueue(label: \"p\")\n// a Mutex would do\n")]),
            .explorable, "a comment is not code")
        XCTAssertEqual(
            ExploredPrimitives.judge([
                (path, "let q = DispatchQueue(label: \"p\")\nlet c = NSCondition()")
            ]),
            .unknown(["`NSCondition` at Person.swift:2"]))
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "let g = DispatchGroup()\ng.notify(queue: .main) { done() }")]),
            .explorable, "a group on threads is played")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "let s = DispatchSemaphore(value: 1)\ns.wait()")]), .explorable,
            "a semaphore on threads is played")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "let s = DispatchSemaphore(value: 1)")], kind: .tasks),
            .unknown(["`DispatchSemaphore` at Person.swift:1"]), "in a task it blocks the thread: not played")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "DispatchQueue.main.async { show() }")]), .explorable,
            "the main queue is a serial queue of the run's own")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "dispatchPrecondition(condition: .onQueue(.main))")]),
            .unknown(["`dispatchPrecondition` at Person.swift:1"]), "the explorer's threads are not the main thread")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "let timer = DispatchSource.makeTimerSource(queue: .main)")]),
            .unknown(["`DispatchSource` at Person.swift:1"]), "a timer fires on Dispatch's queues, not the run's")
        XCTAssertEqual(ExploredPrimitives.judge([(path, "var value = 0")]), .nothing)
        // Synchronization's Mutex and RaceLabKit's Locked have explorable stand-ins too.
        XCTAssertEqual(ExploredPrimitives.judge([(path, "let names = Mutex((\"a\", \"b\"))")]), .explorable)
        XCTAssertEqual(ExploredPrimitives.judge([(path, "let names = Locked((\"a\", \"b\"))")]), .explorable)
        XCTAssertTrue(ExploredPrimitives.aliases.contains("typealias Mutex<Value> = ExplorableMutex<Value>"))
    }

    /// A scenario of tasks plays actors and awaits, and names what runs away from its executor.
    func testAScenarioOfTasksPlaysActorsAndNamesTheMainActor() {
        XCTAssertEqual(ExploredPrimitives.Kind(scenario: "page.exploreTheirTasks(of: \"two adds\""), .tasks)
        XCTAssertEqual(ExploredPrimitives.Kind(scenario: "page.exploreTheirCode(of: \"two renames\""), .threads)
        let path = "Lessons/12-swift6/Exercise/FavoriteEventsController.swift"
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "actor FavoriteEventsController {")], kind: .tasks), .explorable)
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "actor FavoriteEventsController {")]),
            .unknown(["`actor` at FavoriteEventsController.swift:1"]),
            "threads do not play actors")
        XCTAssertEqual(
            ExploredPrimitives.judge([(path, "final class C {\n@MainActor func add() {}")], kind: .tasks),
            .unknown(["`MainActor` at FavoriteEventsController.swift:2"]))
        XCTAssertEqual(ExploredPrimitives.judge([(path, "var list: [Event] = []")], kind: .tasks), .explorable)
    }
}
