import Foundation

/// Tells whether an object is still alive without keeping it so: the lessons' way to show that
/// `deinit` did or did not run.
public final class LifeProbe: @unchecked Sendable {
    public private(set) weak var object: AnyObject?
    public init(_ object: AnyObject) { self.object = object }
    public var isAlive: Bool { object != nil }
}
