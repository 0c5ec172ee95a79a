import Foundation

/// Tells whether an object is still alive without keeping it so: the lessons' way to show that
/// `deinit` did or did not run. It answers on any thread (a weak reference is read atomically) and
/// hands the object out to none: a probe of an object that is not Sendable shares nothing.
/// @unchecked Sendable: `object` is set in init only, and a weak load is atomic.
public final class LifeProbe: @unchecked Sendable {
    private weak var object: AnyObject?
    public init(_ object: AnyObject) { self.object = object }
    public var isAlive: Bool { object != nil }
}
