import Foundation

/// A condition of the WWDC 2015 sample's toolkit (lesson 10, DEMOS H1): a way for an operation "to
/// express how it generates dependencies, how it defines mutual exclusivity, and also how it extends
/// the concept of readiness".
public protocol OperationCondition: Sendable {
    /// The category for mutual exclusivity; nil when operations with this condition may run together.
    var exclusivityCategory: String? { get }
    /// An operation that must finish first, made for `operation` (the login before a save); or nil.
    func dependency(for operation: ToolkitOperation) -> Operation?
    /// Decides, once every dependency has finished, whether `operation` may run; calls `completion`
    /// with nil, or with the error that cancels the operation. It may answer on any thread, later.
    func evaluate(for operation: ToolkitOperation, completion: @escaping @Sendable (Error?) -> Void)
}

extension OperationCondition {
    public var exclusivityCategory: String? { nil }
    public func dependency(for operation: ToolkitOperation) -> Operation? { nil }
    public func evaluate(for operation: ToolkitOperation, completion: @escaping @Sendable (Error?) -> Void) {
        completion(nil)
    }
}

/// "Only one of these particular kind of operations can be running at a time": operations with
/// `MutuallyExclusive<Alert>` run one after another, whatever queue each is on.
public struct MutuallyExclusive<Category>: OperationCondition {
    public let exclusivityCategory: String?

    /// The category's name is made here, once: naming a type takes the Swift runtime's locks, which
    /// ThreadSanitizer counts as synchronisation between the threads that add operations.
    public init() { exclusivityCategory = "MutuallyExclusive<\(Category.self)>" }
}

/// Why a condition failed, as the operation's errors list it.
public struct ConditionFailed: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The network must be reachable (RaceLab's simulated one: `Network.isReachable`). Like a real
/// reachability check, the answer comes later, on another thread: after `latency` lesson seconds.
public struct ReachabilityCondition: OperationCondition {
    public let latency: Double

    public init(latency: Double = 0.25) { self.latency = latency }

    public func evaluate(for operation: ToolkitOperation, completion: @escaping @Sendable (Error?) -> Void) {
        DispatchQueue.global().asyncAfter(lessonSeconds: latency) {
            completion(Network.isReachable ? nil : ConditionFailed("network not reachable"))
        }
    }
}
