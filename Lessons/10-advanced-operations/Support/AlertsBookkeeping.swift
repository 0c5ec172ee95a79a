import Foundation
import RaceLabKit

/// Round 0 of exercise 10: the attendee's bookkeeping, called directly with operations that never
/// run, each check a round of its own (the list below), every one played whatever the ones before it
/// found.
extension AlertsExercise {
    /// Round 0's rounds, in the order they play: bursts recorded at once, then recorded while older
    /// ones finish (AlertsBursts.swift), two categories at once and a newer video
    /// (AlertsTwoCategories.swift), an operation reported finished late and a category shared by two
    /// operations (AlertsSmallRounds.swift), alerts dismissed as they appear
    /// (AlertsFinishTheNewest.swift).
    static func bookkeeping(_ exclusivity: Exclusivity) -> [Round] {
        let bursts = Bursts(exclusivity)
        return [
            Round("bursts recorded at once", orStuck: bursts.play),
            Round("recorded while older ones finish", orStuck: bursts.recordWhileFinishing),
            Round("two categories at once", orStuck: { twoCategories(exclusivity) }),
            Round("a newer video") { newerVideo(exclusivity) },
            Round("reported late") { reportedLate(exclusivity) },
            Round("a shared category") { sharedCategory(exclusivity) },
            Round("dismissed as they appear", orStuck: { finishTheNewest(exclusivity) }),
        ]
    }

    /// Whether every operation waits, directly or through others, for all of `operations` before it in
    /// some order: then the numbers of operations each waits for are 0, 1, 2… all different.
    static func isTotallyOrdered(_ operations: [Operation]) -> Bool {
        let counts = ancestors(of: operations).map { $0.nonzeroBitCount }
        return Set(counts).count == operations.count
    }

    /// Whether some of `operations` wait for each other, directly or not: none of them can ever run.
    static func hasCycle(_ operations: [Operation]) -> Bool {
        ancestors(of: operations).enumerated().contains { node, bits in bits.contains(node) }
    }

    /// For each of `operations`, which of them it waits for, directly or not (dependencies outside
    /// the list are not followed), as bits.
    static func ancestors(of operations: [Operation]) -> [Bits] {
        let index = Dictionary(uniqueKeysWithValues: operations.enumerated().map { (ObjectIdentifier($1), $0) })
        let direct = operations.map { $0.dependencies.compactMap { index[ObjectIdentifier($0)] } }
        var memo = [Bits?](repeating: nil, count: operations.count)
        var visiting = Set<Int>()
        func of(_ node: Int) -> Bits {
            if let known = memo[node] { return known }
            var bits = Bits(count: operations.count)
            guard visiting.insert(node).inserted else { return bits }  // a cycle: stop here
            for parent in direct[node] {
                bits.insert(parent)
                bits.formUnion(of(parent))
            }
            visiting.remove(node)
            memo[node] = bits
            return bits
        }
        return operations.indices.map(of)
    }

    /// A set of small integers, for `ancestors(of:)`.
    struct Bits {
        private var words: [UInt64]
        init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }
        mutating func insert(_ bit: Int) { words[bit / 64] |= 1 << UInt64(bit % 64) }
        mutating func formUnion(_ other: Bits) { for i in words.indices { words[i] |= other.words[i] } }
        func contains(_ bit: Int) -> Bool { words[bit / 64] & (1 << UInt64(bit % 64)) != 0 }
        var nonzeroBitCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
    }
}
