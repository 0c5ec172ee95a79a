import Foundation

/// The sample's group operation (lesson 10, DEMOS H2): "wrap another NSOperation", or several, on a
/// queue of its own, and finish when they all have. Operations it adds while running (or that its
/// operations produce) join it: that is dynamic composition.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); its errors are `Locked`,
/// the rest `let`.
open class GroupOperation: ToolkitOperation, @unchecked Sendable {
    private let finishing = BlockOperation()
    private let childErrors = Locked<[Error]>([])
    private let internalQueue: ToolkitQueue

    public init(_ name: String, operations: [Operation] = []) {
        let finishing = self.finishing
        let childErrors = self.childErrors
        internalQueue = ToolkitQueue { operation in
            guard operation !== finishing else { return }
            finishing.addDependency(operation)
            (operation as? ToolkitOperation)?.addObserver(
                BlockObserver(finish: { _, errors in
                    childErrors.withLock { $0 += errors }
                }))
        }
        internalQueue.isSuspended = true
        super.init(name)
        finishing.addExecutionBlock { [unowned self] in self.finish(childErrors.current) }
        for operation in operations { addOperation(operation) }
    }

    /// Adds an operation to the group: before it starts, or while it runs (from one of its operations).
    public func addOperation(_ operation: Operation) { internalQueue.addOperation(operation) }

    open override func execute() {
        internalQueue.addOperation(finishing)
        internalQueue.isSuspended = false
    }

    open override func cancel() {
        internalQueue.cancelAllOperations()
        super.cancel()
    }
}
