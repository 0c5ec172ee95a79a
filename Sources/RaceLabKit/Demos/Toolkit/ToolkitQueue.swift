import Foundation

/// Keeps operations of one category from running at the same time: "make the second alert operation
/// dependent on the first one… like a singly linked list back in time".
public protocol Exclusivity: AnyObject, Sendable {
    /// Called as `operation` goes on a queue (from any thread).
    func added(_ operation: Operation, categories: [String])
    /// Called when `operation` finishes, before anything that depends on it can start.
    func finished(_ operation: Operation, categories: [String])
}

/// The sample's exclusivity controller: the last operation of each category, under a lock.
/// @unchecked Sendable: `last` is `Locked`.
public final class ExclusivityController: Exclusivity, @unchecked Sendable {
    public static let shared = ExclusivityController()
    private let last = Locked<[String: Operation]>([:])

    public init() {}

    public func added(_ operation: Operation, categories: [String]) {
        last.withLock { last in
            for category in categories {
                if let previous = last[category] { operation.addDependency(previous) }
                last[category] = operation
            }
        }
    }

    public func finished(_ operation: Operation, categories: [String]) {
        last.withLock { last in
            for category in categories where last[category] === operation { last[category] = nil }
        }
    }
}

/// The sample's queue (lesson 10): as it adds a `ToolkitOperation` it adds the dependencies its
/// conditions make, chains it behind the last operation of its exclusivity categories, puts the
/// evaluation of its conditions before it, and adds whatever it produces.
/// @unchecked Sendable: only `let`s of Sendable types; OperationQueue keeps its own state under its lock.
open class ToolkitQueue: OperationQueue, @unchecked Sendable {
    public let exclusivity: Exclusivity
    let willAdd: @Sendable (Operation) -> Void

    /// `willAdd` hears of every operation added, the produced ones too (a group operation counts them).
    public init(
        exclusivity: Exclusivity = ExclusivityController.shared,
        willAdd: @escaping @Sendable (Operation) -> Void = { _ in }
    ) {
        self.exclusivity = exclusivity
        self.willAdd = willAdd
        super.init()
    }

    open override func addOperation(_ operation: Operation) {
        willAdd(operation)
        guard let operation = operation as? ToolkitOperation else { return super.addOperation(operation) }
        operation.addObserver(BlockObserver(produce: { [weak self] _, produced in self?.addOperation(produced) }))
        let categories = operation.conditions.compactMap(\.exclusivityCategory)
        if !categories.isEmpty {
            exclusivity.added(operation, categories: categories)
            operation.addObserver(
                BlockObserver(finish: { [exclusivity] operation, _ in
                    exclusivity.finished(operation, categories: categories)
                }))
        }
        if !operation.conditions.isEmpty {
            let made = operation.conditions.compactMap { $0.dependency(for: operation) }
            let evaluation = ConditionEvaluation(operation)
            for dependency in made + operation.dependencies { evaluation.addDependency(dependency) }
            operation.addDependency(evaluation)
            for dependency in made { addOperation(dependency) }
            super.addOperation(evaluation)
        }
        super.addOperation(operation)
    }

    open override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations { addOperation(operation) }
        if wait { for operation in operations { operation.waitUntilFinished() } }
    }
}
