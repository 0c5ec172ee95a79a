/// Optimal DPOR's sequences and wakeup trees (Abdulla, Aronis, Jonsson and Sagonas, "Optimal dynamic
/// partial order reduction", POPL 2014, sections 5 and 6; "Source sets", JACM 2017, section 6.2).
/// A sequence is steps to take from one state, each a thread and what its step touches; a wakeup tree
/// holds the sequences still to explore from a state, ordered, sharing their common starts.
extension Explorer {
    /// One step of a sequence: its thread, what the step touches, and of that the locks the run saw it
    /// take and let go (a page's footprint may name a lock its own way).
    struct Event: Equatable {
        var thread: Int
        var footprint: Footprint
        var locks: Footprint

        /// Two steps whose order matters: one thread's, or conflicting.
        func depends(on other: Event) -> Bool {
            thread == other.thread || footprint.conflicts(with: other.footprint)
        }
    }

    /// Which steps of a sequence happen before which: a thread's steps in order, and of two steps that
    /// depend on each other the earlier first, transitively.
    struct EventOrder {
        private(set) var events: [Event] = []
        /// before[i]: the steps that happen before step i, a bit each.
        private var before: [[UInt64]] = []

        init(_ events: [Event] = []) {
            for event in events { append(event) }
        }

        mutating func append(_ event: Event) {
            var set = [UInt64](repeating: 0, count: events.count / 64 + 1)
            for earlier in events.indices where events[earlier].depends(on: event) {
                set[earlier / 64] |= 1 << UInt64(earlier % 64)
                for (word, bits) in before[earlier].enumerated() { set[word] |= bits }
            }
            events.append(event)
            before.append(set)
        }

        func happensBefore(_ earlier: Int, _ later: Int) -> Bool {
            earlier < later && before[later][earlier / 64] & (1 << UInt64(earlier % 64)) != 0
        }

        /// Whether some step before `later` happens before it.
        func hasPredecessor(_ later: Int) -> Bool { (0..<later).contains { happensBefore($0, later) } }
    }

    /// The threads that can begin `sequence` (its initials): those whose first step in it has no
    /// step of it before that it depends on.
    static func initials(of sequence: [Event]) -> [Int] {
        let order = EventOrder(sequence)
        var seen: Set<Int> = []
        var initials: [Int] = []
        for (index, event) in sequence.enumerated() where seen.insert(event.thread).inserted {
            if !order.hasPredecessor(index) { initials.append(event.thread) }
        }
        return initials
    }

    /// Whether `event`, taken before `sequence`, leaves it free: no step of it happens after `event`.
    static func isIndependent(_ event: Event, of sequence: [Event]) -> Bool {
        let order = EventOrder([event] + sequence)
        return !sequence.indices.contains { order.happensBefore(0, $0 + 1) }
    }

    /// What of `sequence` is left to take after `start`, when `start` can begin a run that `sequence`
    /// could begin too, up to the order of independent steps (`start ~ sequence` in the paper): each
    /// step of `start` is either one that can begin what is left (and is taken from it), or
    /// independent of all of it. Nil when `start` goes where `sequence` cannot.
    static func leftover(of sequence: [Event], after start: [Event]) -> [Event]? {
        var left = sequence
        for step in start {
            if initials(of: left).contains(step.thread),
                let index = left.firstIndex(where: { $0.thread == step.thread })
            {
                left.remove(at: index)
            } else if !isIndependent(step, of: left) {
                return nil
            }
        }
        return left
    }

    /// The sequences still to explore from a state, as a tree: its branches in the order to explore.
    struct WakeupTree {
        var branches: [WakeupBranch] = []
        var isEmpty: Bool { branches.isEmpty }

        /// A chain of one branch a step.
        init(_ sequence: ArraySlice<Event> = []) {
            if let first = sequence.first {
                branches = [WakeupBranch(event: first, tree: WakeupTree(sequence.dropFirst()))]
            }
        }

        init(branches: [WakeupBranch]) { self.branches = branches }

        /// Adds `sequence` unless a sequence of the tree already leads where it does: the first node, in
        /// post-order (a node's branches before it, left to right), whose path can begin a run that
        /// `sequence` begins. A leaf there: nothing to add. Otherwise what is left of `sequence` after
        /// that path becomes the node's last branch (optimal DPOR's insert).
        mutating func insert(_ sequence: [Event]) {
            _ = insert(sequence, below: [], isRoot: true)
        }

        private mutating func insert(_ sequence: [Event], below path: [Event], isRoot: Bool) -> Bool {
            for index in branches.indices {
                let branch = branches[index]
                if branches[index].tree.insert(sequence, below: path + [branch.event], isRoot: false) {
                    return true
                }
            }
            guard let left = Explorer.leftover(of: sequence, after: path) else { return false }
            if isRoot || !isEmpty, !left.isEmpty {
                let chain = WakeupTree(left[...])
                branches += chain.branches
            }
            return true
        }
    }

    struct WakeupBranch {
        var event: Event
        var tree: WakeupTree
    }
}
