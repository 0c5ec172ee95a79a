import Dispatch

/// Where a view sits inside its parent.
public enum Spot: String, Sendable {
    case upperLeft = "upper left"
    case lowerRight = "lower right"
    case center
}

public enum Color: String, Sendable {
    case red, blue, yellow, white
}

/// A stand-in for `UIView` on Linux, where UIKit does not exist. It has the properties the classic
/// animation demo changes; like UIKit it may only be touched on the main queue. Changes made inside
/// `View.animate(withDuration:animations:completion:)` play out over real time; changes made
/// outside one happen at once. Either way it prints what a viewer would see, and when. On the main
/// actor, as `UIView` is.
@MainActor
public final class View {
    public let name: String

    public var position: Spot {
        didSet { record(.position, from: oldValue.rawValue, to: position.rawValue) }
    }
    /// Degrees, clockwise.
    public var rotation: Double {
        didSet { record(.rotation, from: "\(oldValue)", to: "\(rotation)") }
    }
    public var backgroundColor: Color {
        didSet { record(.color, from: oldValue.rawValue, to: backgroundColor.rawValue) }
    }
    public var isHidden: Bool {
        didSet { record(.visibility, from: "\(oldValue)", to: "\(isHidden)") }
    }

    public init(
        _ name: String, position: Spot = .upperLeft, backgroundColor: Color = .white, isHidden: Bool = false
    ) {
        self.name = name
        self.position = position
        self.rotation = 0
        self.backgroundColor = backgroundColor
        self.isHidden = isHidden
    }

    private func record(_ kind: Change.Kind, from old: String, to new: String) {
        dispatchPrecondition(condition: .onQueue(.main))  // UIKit's rule, enforced
        Screen.shared.apply(Change(view: self, old: old, new: new, kind: kind))
    }
}

/// One property change of one view, described the way a viewer would put it.
@MainActor
struct Change {
    enum Kind {
        case position, rotation, color, visibility
    }

    let view: View
    let old: String
    let new: String
    let kind: Kind

    private var oldDisplay: String { display(old) }
    private var newDisplay: String { display(new) }

    private func display(_ value: String) -> String {
        kind == .rotation ? "\(Int(Double(value)?.rounded() ?? 0))°" : value
    }

    /// "box starts moving from upper left to lower right"
    var starting: String {
        switch kind {
        case .position: return "\(view.name) starts moving from \(oldDisplay) to \(newDisplay)"
        case .rotation: return "\(view.name) starts rotating from \(oldDisplay) to \(newDisplay)"
        case .color: return "\(view.name) starts turning from \(oldDisplay) to \(newDisplay)"
        case .visibility: return new == "true" ? "\(view.name) starts fading out" : "\(view.name) starts fading in"
        }
    }

    /// "box is at lower right"
    var finished: String {
        switch kind {
        case .position: return "\(view.name) is at \(newDisplay)"
        case .rotation: return "\(view.name) has rotated to \(newDisplay)"
        case .color: return "\(view.name) is \(newDisplay)"
        case .visibility: return new == "true" ? "\(view.name) is hidden" : "\(view.name) appears"
        }
    }

    /// "box is still rotating: 18° of 45°" at `fraction` of the way.
    func inProgress(_ fraction: Double) -> String {
        switch kind {
        case .rotation:
            let from = Double(old) ?? 0
            let to = Double(new) ?? 0
            let now = from + (to - from) * fraction
            return "\(view.name) is still rotating: \(Int(now.rounded()))° of \(newDisplay)"
        case .position: return "\(view.name) is still moving to \(newDisplay): \(percent(fraction)) of the way"
        case .color: return "\(view.name) is still turning \(newDisplay): \(percent(fraction)) of the way"
        case .visibility: return "\(view.name) is still fading: \(percent(fraction)) of the way"
        }
    }

    private func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
