import Foundation

/// A racy page's outcome blocks, and the endings they combine into.
extension Transcript {
    /// Every outcome block, in the order written.
    public var outcomes: [Outcome] {
        func collect(_ steps: [Step]) -> [Outcome] {
            steps.flatMap { step -> [Outcome] in
                guard case .outcomes(let list) = step else { return [] }
                return list.flatMap { [$0] + collect($0.steps) }
            }
        }
        return collect(steps)
    }

    /// The transcript as plain step lists, one per combination of outcomes (a transcript without
    /// outcome blocks has one), legal endings first.
    var alternatives: [(steps: [Step], outcomes: [Outcome])] {
        func expand(_ steps: ArraySlice<Step>) -> [([Step], [Outcome])] {
            guard let first = steps.first else { return [([], [])] }
            let rest = expand(steps.dropFirst())
            guard case .outcomes(let list) = first else { return rest.map { ([first] + $0.0, $0.1) } }
            var result: [([Step], [Outcome])] = []
            for outcome in list {
                for inner in expand(outcome.steps[...]) {
                    for tail in rest where result.count <= Self.maximumAlternatives {
                        result.append((inner.0 + tail.0, [outcome] + inner.1 + tail.1))
                    }
                }
            }
            return result
        }
        let all = expand(steps[...])
        return all.filter { !$0.1.contains { $0.kind == .forbidden } }
            + all.filter { $0.1.contains { $0.kind == .forbidden } }
    }
}
