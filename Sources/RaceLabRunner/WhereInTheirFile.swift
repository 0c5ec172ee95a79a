import Foundation
import RaceLabContract

/// Where in the attendee's own file the driver's account happened: the driver knows what went wrong
/// but not the attendee's code, so the runner finds the lines it speaks of ("another add got in", "a
/// read got in between changeName's writes of firstName and lastName") by reading the file.
extension Runner {
    /// The "where:" lines for one line of the driver's account, in the attendee's files as they are in
    /// `folder` (theirs, or a variant's that `verify` judges).
    func wherePlaces(_ line: String, _ exercise: ExerciseInfo, folder: String) -> [String] {
        attendeeTexts(exercise, folder: folder).flatMap { path, text in
            Self.wherePlacesFound(line, path: path, text: text)
        }
    }

    /// The "where:" lines for one line of the driver's account in one of the attendee's files: what the
    /// finders for its kind of account find, else where the names it puts in backticks are used.
    static func wherePlacesFound(_ line: String, path: String, text: String) -> [String] {
        let found =
            whereAnotherGotIn(line, path: path, text: text) + whereItLetGo(line, path: path, text: text)
            + whereItIsShared(line, path: path, text: text)
            + whereATaskOfItsOwn(line, path: path, text: text)
            + whereItWentOnEarly(line, path: path, text: text)
            + whereItLetsEntriesGo(line, path: path, text: text)
            + whereItCompletedInside(line, path: path, text: text)
            + whereTheScreenWaited(line, path: path, text: text)
        return found.isEmpty ? whereItIsUsed(line, path: path, text: text) : found
    }

    /// For a hang: the lines of the attendee's files that can wait (a `sync`, a `wait`, a lock taken, a
    /// continuation), a hop that waits for the main queue first, three at most, in one line; nil when
    /// there are none.
    func whereItCanWait(_ exercise: ExerciseInfo, folder: String) -> String? {
        // A continuation waits until something resumes it: one that is never resumed hangs its caller.
        let blocking =
            #"\.sync\b|\.wait\(|\bwait\(\)|waitUntilFinished|\.lock\(\)|\.withLock\b|with(Checked|Unsafe)(Throwing)?Continuation"#
        var places: [(first: Bool, text: String)] = []
        for (path, text) in attendeeTexts(exercise, folder: folder) {
            for (index, code) in Self.codeLines(text).enumerated()
            where code.range(of: blocking, options: .regularExpression) != nil {
                let first = code.contains("main.sync")
                places.append((first, "\(path):\(index + 1) `\(code.trimmingCharacters(in: .whitespaces))`"))
            }
        }
        guard !places.isEmpty else { return nil }
        let shown = (places.filter(\.first) + places.filter { !$0.first }).prefix(3).map(\.text)
        return "where your code can wait: " + shown.joined(separator: "; ")
    }

    /// "`computeReport` ran on it   <- compute on another queue": the attendee's lines that use what
    /// the driver put in backticks in what it saw (not in its hint), two at most. A name is found as
    /// a word, not as a parameter's label (`show:`); a snippet by its names in order
    /// (`versionCheck.addDependency(schedule)` finds `steps.versionCheck.addDependency(steps.schedule)`).
    static func whereItIsUsed(_ line: String, path: String, text: String) -> [String] {
        let seen = line.components(separatedBy: faultArrow)[0]
        let patterns: [(String, String?)] = namedInBackticks(seen).map { names in  // and the name, for one name alone
            guard names.count == 1 else { return (names.map { #"\b\#($0)\b"# }.joined(separator: ".*"), nil) }
            // Not a parameter's label (`show:`), nor a stored property's or a type's declaration
            // (`var result`, `struct StillDownloading: Error`): where it is used.
            let declaration = #"(?<!\bvar |\blet |\bstruct |\bclass |\benum |\bactor )"#
            return (declaration + #"\b\#(names[0])\b(?!\s*:)"#, names[0])
        }
        let lines = codeLines(text)
        var said: [String] = []
        for (pattern, name) in patterns {
            // A function's own first line before the lines that call it; a variable's changes before its reads.
            let matching = lines.indices.filter { lines[$0].range(of: pattern, options: .regularExpression) != nil }
            let declared = matching.filter { index in name.map { lines[index].contains("func \($0)(") } ?? false }
            let changed = matching.filter { index in
                name.map {
                    let change =
                        #"\b\#($0)\b(\[[^\]]*\])?\s*[-+*/]?=(?!=)|\b\#($0)\.(append|insert|remove\w*|merge|updateValue)\("#
                    return lines[index].range(of: change, options: .regularExpression) != nil
                } ?? false
            }
            let first = declared + changed.filter { !declared.contains($0) }
            // An account that is not of an empty feed ("feed 3 completed again", "… for its 6 items") is
            // not about the line that completes an empty one (`completion([])`): said after the others.
            let emptyCall = name.map { #"\b\#($0)\(\s*\[\s*\]\s*\)"# }
            let notOfAnEmptyFeed = !seen.contains("empty")
            let empty = matching.filter { index in
                notOfAnEmptyFeed
                    && emptyCall.map { lines[index].range(of: $0, options: .regularExpression) != nil }
                        ?? false
            }
            // Held when it should not be ("held 1 of items no longer shown"): the lines that add put it
            // there, not the one that empties it (`thumbnails = [:]`), said after them.
            let emptying = name.map { #"\b\#($0)\s*=\s*\[\s*:?\s*\]|\b\#($0)\.removeAll\("# }
            let emptied = matching.filter { index in
                seen.contains(HeldNoLonger.words)
                    && emptying.map { lines[index].range(of: $0, options: .regularExpression) != nil } ?? false
            }
            // A `@concurrent` function's lines last too: its `items` is its parameter, not the model's.
            let later = Set(empty).union(emptied).union(concurrentBodies(lines))
            let inOrder = first + matching.filter { !first.contains($0) }
            for index in inOrder.filter({ !later.contains($0) }) + inOrder.filter({ later.contains($0) }) {
                guard said.count < 2 else { return said }
                said.append("where: \(path):\(index + 1), `\(lines[index].trimmingCharacters(in: .whitespaces))`")
            }
        }
        return said
    }

    /// "the two share a store" (`SharedStore`): the declarations in the attendee's file that every
    /// instance shares, a `static` property or a `let` or `var` outside any type, two at most; a lock,
    /// a queue or a semaphore is not a store.
    static func whereItIsShared(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(SharedStore.words) else { return [] }
        let lines = codeLines(text)
        let declaration =
            #"^\s*(@\w+(\([^)]*\))?\s+|(private|fileprivate|internal|public|nonisolated(\(unsafe\))?)\s+)*(let|var)\s"#
        let synchronisation =
            #"=\s*(NSLock|NSRecursiveLock|NSCondition|Mutex|DispatchQueue|DispatchSemaphore|OSAllocatedUnfairLock)\b"#
        var depth = 0
        var found: [String] = []
        for (index, code) in lines.enumerated() {
            let shared =
                code.range(of: #"\bstatic\s+(let|var)\s"#, options: .regularExpression) != nil
                || (depth == 0 && code.range(of: declaration, options: .regularExpression) != nil)
            if shared, code.range(of: synchronisation, options: .regularExpression) == nil, found.count < 2 {
                found.append(
                    "where: \(path):\(index + 1), `\(code.trimmingCharacters(in: .whitespaces))`, is one for every instance"
                )
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        }
        return found
    }

    /// "… downloaded again   <- the cache keeps every image it downloaded" (`KeptForGood`): the lines
    /// that let an entry go (`cache[name] = nil`, or `= … ? … : nil`, `removeValue`, `removeAll`,
    /// `removeFirst`, a count or cost limit), two at most; none when it lets nothing go (then the download's lines are shown).
    /// Those in a `catch` block only where a failure took out more than its entry: elsewhere taking out
    /// a failure is what the task asks.
    static func whereItLetsEntriesGo(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(KeptForGood.words) || line.contains(KeptForGood.inTheList) else { return [] }
        let afterAFailure = line.contains("a failure takes out")
        let lettingGo =
            #"\]\s*=\s*nil\b|\]\s*=\s*[^=\s].*:\s*nil\b|\.remove(Value|All|First|Last|Object|AllObjects)?\(|\b(countLimit|totalCostLimit)\b|\.popFirst\(|\.popLast\("#
        var depth = 0
        var catchDepth: Int?  // the depth a `catch` block's lines are at, while in one
        var found: [(offset: Int, element: String)] = []
        func net(_ code: Substring) -> Int { code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count }
        for (index, code) in codeLines(text).enumerated() {
            let opening = code.range(of: #"\bcatch\b[^{]*\{"#, options: .regularExpression)
            if code.range(of: lettingGo, options: .regularExpression) != nil,
                (catchDepth != nil || opening != nil) == afterAFailure
            {
                found.append((index, code))
            }
            depth += net(code[...])
            // A block that stays open past its line: its lines are at this depth, or deeper.
            if catchDepth == nil, let opening, net(code[opening.lowerBound...]) > 0 { catchDepth = depth }
            if let inside = catchDepth, depth < inside { catchDepth = nil }
        }
        return found.prefix(2).map {
            "where: \(path):\($0.offset + 1), `\($0.element.trimmingCharacters(in: .whitespaces))`, lets an entry go"
        }
    }

    /// "… stored later, by a task of its own": the lines that make a task and keep nothing of it
    /// (`Task { … }`, `Task.detached { … }`, `_ = Task { … }`), two at most. A task kept (`let download =
    /// Task { … }`) is awaited by someone; one made and let go runs whenever it is scheduled.
    static func whereATaskOfItsOwn(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(TaskOfItsOwn.words) else { return [] }
        return tasksMadeAndLetGo(path: path, text: text, most: 2)
    }

    /// "`completion` called inside `load`, before it returned": the lines that call `completion` where
    /// they are, not from a block or task sent elsewhere (`async`, `notify`, `Task`), two at most.
    static func whereItCompletedInside(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(CompletedInside.words) else { return [] }
        return codeLines(text).enumerated().filter { _, code in
            code.range(of: #"\bcompletion\s*\("#, options: .regularExpression) != nil
                && code.range(of: #"\basync\b|\bnotify\b|\bTask\b|asyncAfter"#, options: .regularExpression) == nil
        }.prefix(2).map { "where: \(path):\($0.offset + 1), `\($0.element.trimmingCharacters(in: .whitespaces))`" }
    }

    /// "… on the main actor, where the screen waits": the lines that wait for work sent elsewhere (a
    /// semaphore's or a group's `wait`, a `sync`, a sleep), where the screen stood still, then those that
    /// use what the account names in backticks (`Thumbnail.render`), two at most; never a line of a
    /// `@concurrent` function, which runs off the main actor.
    static func whereTheScreenWaited(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(ScreenWaited.words) else { return [] }
        let lines = codeLines(text)
        let offMain = concurrentBodies(lines)
        let waits = #"\.wait\(|\.sync\s*[({]|Thread\.sleep|\busleep\(|waitUntilFinished"#
        let waited =
            line.contains(ScreenWaited.stoodStill)
            ? lines.indices.filter { lines[$0].range(of: waits, options: .regularExpression) != nil } : []
        // What the account names in backticks, its names in order (`Thumbnail.render`).
        let named = namedInBackticks(line.components(separatedBy: faultArrow)[0])
        let used = lines.indices.filter { index in
            named.contains { names in
                lines[index].range(
                    of: names.map { #"\b\#($0)\b"# }.joined(separator: ".*"), options: .regularExpression)
                    != nil
            }
        }
        let shown = (waited + used.filter { !waited.contains($0) }).filter { !offMain.contains($0) }.prefix(2)
        return shown.map { "where: \(path):\($0 + 1), `\(lines[$0].trimmingCharacters(in: .whitespaces))`" }
    }

    /// The indices of the lines of the file's `@concurrent` functions, which run off any actor: a name
    /// the account speaks of there is a parameter or a local, not the state it means.
    static func concurrentBodies(_ lines: [String]) -> Set<Int> {
        Set(
            lines.indices.filter { lines[$0].contains("@concurrent") }.flatMap { index -> [Int] in
                let declaration = lines[index...].prefix(3).joined(separator: " ")
                guard let found = declaration.range(of: #"\bfunc\s+\w+"#, options: .regularExpression) else {
                    return []
                }
                let name = declaration[found].dropFirst(4).trimmingCharacters(in: .whitespaces)
                return body(ofFunction: name, in: lines) ?? []
            })
    }

    /// The "where:" lines of the first `most` lines of `text` that make a task and keep nothing of it.
    static func tasksMadeAndLetGo(path: String, text: String, most: Int) -> [String] {
        let unkept = #"^\s*(_\s*=\s*)?Task(\.detached)?\s*(\([^)]*\))?\s*\{"#
        return codeLines(text).enumerated().filter { $0.element.range(of: unkept, options: .regularExpression) != nil }
            .prefix(most).map {
                "where: \(path):\($0.offset + 1), `\($0.element.trimmingCharacters(in: .whitespaces))`"
            }
    }

    /// "did add let its caller go on … before the list took it?": the continuations resumed with more of
    /// their block still to run after them, and the tasks made and let go, where the caller goes on
    /// while the work is still to be done.
    static func whereItWentOnEarly(_ line: String, path: String, text: String) -> [String] {
        guard line.contains(WentOnEarly.words) else { return [] }
        let lines = codeLines(text)
        let resumes = lines.indices.filter { index in
            guard lines[index].range(of: #"\.resume\("#, options: .regularExpression) != nil else { return false }
            let next = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return next.map { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("}") } ?? false
        }
        let resumed = resumes.prefix(2).map {
            "where: \(path):\($0 + 1), `\(lines[$0].trimmingCharacters(in: .whitespaces))`, and the work after it is"
                + " still to run"
        }
        return resumed + tasksMadeAndLetGo(path: path, text: text, most: 2 - resumed.count)
    }

    /// The names of each piece of an account in backticks, in order: `computeReport` gives one name,
    /// `versionCheck.addDependency(schedule)` three; a piece with none is left out.
    static func namedInBackticks(_ seen: String) -> [[String]] {
        let pieces = seen.components(separatedBy: "`")
        // A backtick left open after the last pair opens no piece.
        return pieces.indices.filter { $0 % 2 == 1 && $0 < pieces.count - 1 }.map { words(in: pieces[$0][...]) }
            .filter { !$0.isEmpty }
    }

    /// The identifiers in a piece of code, in order.
    static func words(in code: Substring) -> [String] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.filter { !$0.first!.isNumber }.map(String.init)
    }

    /// "another add got in between …": the `await`s in the attendee's `add`, where another call can run
    /// (an actor runs other calls there; a lock let go of to await does the same).
    static func whereAnotherGotIn(_ line: String, path: String, text: String) -> [String] {
        guard let range = line.range(of: #"another (\w+) got in"#, options: .regularExpression) else { return [] }
        let name = String(line[range].split(separator: " ")[1])
        return awaits(inFunction: name, of: text).map {
            "where: the await at \(path):\($0.line), `\($0.code)`: another \(name) can run there"
        }
    }

    /// The lines of `func name(` in `text` that await, with their code.
    static func awaits(inFunction name: String, of text: String) -> [(line: Int, code: String)] {
        let lines = codeLines(text)
        guard let body = body(ofFunction: name, in: lines) else { return [] }
        return body.compactMap { index in
            let code = lines[index]
            guard code.range(of: #"\bawait\b"#, options: .regularExpression) != nil else { return nil }
            return (index + 1, code.trimmingCharacters(in: .whitespaces))
        }
    }

    /// "a read got in between changeName's writes of firstName and lastName": the line where the
    /// attendee's code lets go between the two writes (an unlock, a block's closing brace, an await),
    /// or, when the writes hold together, between two reads of the same pair elsewhere in the file (a
    /// read split in two). Nothing when neither lets go.
    static func whereItLetGo(_ line: String, path: String, text: String) -> [String] {
        guard let (function, first, second) = GotInBetween.parse(line) else { return [] }
        let lines = codeLines(text)
        guard let body = body(ofFunction: function, in: lines) else { return [] }
        func writes(_ name: String) -> [Int] {
            body.filter { lines[$0].range(of: #"\b\#(name)\s*=[^=]"#, options: .regularExpression) != nil }
        }
        if let a = writes(first).first, let b = writes(second).first, a != b,
            let gap = letGo(in: lines, from: min(a, b), after: a < b ? first : second, to: max(a, b))
        {
            let (one, other) = a < b ? (first, second) : (second, first)
            return [
                "where: \(path):\(gap + 1), `\(lines[gap].trimmingCharacters(in: .whitespaces))`, lets go between"
                    + " the write of \(one) at line \(min(a, b) + 1) and the write of \(other) at line \(max(a, b) + 1)"
            ]
        }
        // The writes hold together: a read of the pair in two parts, outside the writer and `init`.
        let elsewhere = Set(body + (Self.body(ofFunction: "init", in: lines) ?? []))
        func reads(_ name: String) -> [Int] {
            lines.indices.filter { index in
                !elsewhere.contains(index)
                    && lines[index].range(of: #"\b\#(name)\b(?!\s*=[^=])"#, options: .regularExpression) != nil
            }
        }
        for a in reads(first) {
            guard let b = reads(second).first(where: { $0 > a && $0 - a <= 12 }),
                let gap = letGo(in: lines, from: a, after: first, to: b)
            else { continue }
            return [
                "where: \(path):\(gap + 1), `\(lines[gap].trimmingCharacters(in: .whitespaces))`, lets go between"
                    + " the read of \(first) at line \(a + 1) and the read of \(second) at line \(b + 1)"
            ]
        }
        return []
    }

    /// The first line from `start` up to (not including) `end` where the code lets another thread in:
    /// an unlock, a signal, a group's leave, an await, or a brace that closes the block the access to
    /// `name` on line `start` is in (on that line itself too: `queue.sync { first = f }`).
    static func letGo(in lines: [String], from start: Int, after name: String, to end: Int) -> Int? {
        var depth = 0
        for index in start..<end {
            var code = Substring(lines[index])
            if index == start, let access = code.range(of: #"\b\#(name)\b"#, options: .regularExpression) {
                code = code[access.upperBound...]
            }
            if index > start,
                code.range(of: #"\bunlock\(|\.signal\(|\.leave\(|\bawait\b"#, options: .regularExpression) != nil
            {
                return index
            }
            for character in code {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1 }
                if depth < 0 { return index }
            }
        }
        return nil
    }

    /// The lines of a file without their comments.
    static func codeLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.components(separatedBy: "//")[0] }
    }

    /// The indices of the lines of `func name(` (or `init(` for "init"), from its first line to its
    /// closing brace, found by counting braces.
    static func body(ofFunction name: String, in lines: [String]) -> [Int]? {
        let opening = name == "init" ? #"\binit\("# : #"\bfunc \#(name)\("#
        guard let start = lines.firstIndex(where: { $0.range(of: opening, options: .regularExpression) != nil })
        else { return nil }
        var depth = 0
        var opened = false
        var found: [Int] = []
        for index in start..<lines.count {
            found.append(index)
            let code = lines[index]
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if code.contains("{") { opened = true }
            if opened && depth <= 0 { break }
        }
        return found
    }
}

extension Runner {
    /// Where the closure a demangled name speaks of is in the attendee's file, found by counting as
    /// Swift numbers closures: "closure #2 in closure #1 in FeedLoader.load(_:completion:)" is the
    /// second closure written directly in the first closure written directly in `load`, in source
    /// order (a brace after `if`, `for`, `else` and the like opens no closure; an implicit closure is
    /// not counted, so a name with one gives nil). TSan names such a closure with no line where the
    /// access or the check it caught has none: a Swift access race's check, an isolation check in the
    /// closure's prologue.
    static func closure(named demangled: String, in text: String) -> (opens: Int, closes: Int)? {
        var name = withoutResumePrefix(demangled) ?? demangled
        var path: [Int] = []
        while let found = name.range(of: #"^closure #\d+ in "#, options: .regularExpression) {
            path.insert(Int(name[found].dropFirst("closure #".count).prefix { $0.isNumber }) ?? 0, at: 0)
            name = String(name[found.upperBound...])
        }
        guard !path.isEmpty, !name.hasPrefix("implicit closure"),
            let function = functionName(name).split(separator: ".").last.map(String.init)
        else { return nil }
        return closure(path: path, inFunction: function, of: text)
    }

    /// The lines (from 1) where the closure at `path` in `func name(` opens and closes; `path` counts
    /// from the function inwards ([1, 2]: the second closure in the function's first).
    static func closure(path: [Int], inFunction name: String, of text: String) -> (opens: Int, closes: Int)? {
        let lines = codeLines(text)
        guard !path.isEmpty, path.allSatisfy({ $0 > 0 }), let body = body(ofFunction: name, in: lines) else {
            return nil
        }
        let statement =
            #"^\s*(if|guard|else|for|while|switch|do|defer|repeat|catch|func|init|case|default|get|set|willSet|didSet)\b"#
        // One entry per open brace: the closure path it opens (nil for a statement's brace), how many
        // closures were written directly in it so far, and the statement's text before it (a closure
        // ends inside a statement, `if let x = a.first(where: { … }) {`, whose text goes on after it).
        var open: [(path: [Int]?, closures: Int, before: String)] = []
        var found: Int?
        for index in body {
            var segment = ""
            for character in lines[index] {
                if character == "{" {
                    if open.isEmpty {
                        open.append(([], 0, ""))  // the function's own body
                    } else {
                        let before = segment.trimmingCharacters(in: .whitespaces)
                        let opensClosure =
                            before.isEmpty || "([,:=".contains(before.last!)
                            || before.range(of: statement, options: .regularExpression) == nil
                        if opensClosure, let parent = open.lastIndex(where: { $0.path != nil }) {
                            open[parent].closures += 1
                            let made = open[parent].path! + [open[parent].closures]
                            open.append((made, 0, segment))
                            if made == path { found = index + 1 }
                        } else {
                            open.append((nil, 0, segment))
                        }
                    }
                    segment = ""
                } else if character == "}" {
                    guard let closing = open.popLast() else { return nil }
                    if closing.path == path, let opens = found { return (opens, index + 1) }
                    segment = closing.path == nil ? "" : closing.before + "{…}"
                } else {
                    segment.append(character)
                }
            }
        }
        return nil
    }
}
