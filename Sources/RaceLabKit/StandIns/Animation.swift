import Dispatch

extension View {
    /// The stand-in for `UIView.animate(withDuration:animations:completion:)`: the changes made in
    /// `animations` play out over `duration` lesson seconds, then `completion(true)` runs on the main
    /// queue, as in UIKit. On the main actor, as in UIKit.
    public static func animate(
        withDuration duration: Double, animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        dispatchPrecondition(condition: .onQueue(.main))
        let changes = Screen.shared.recording(animations)
        let animation = Screen.shared.begin(changes, duration: duration)
        // Dispatch's own asyncAfter, not the lesson-seconds one: Swift 6 treats a block sent to the main
        // queue by Dispatch itself as the main actor's, which the screen is.
        DispatchQueue.main.asyncAfter(deadline: LessonClock.shared.deadline(after: duration)) {
            Screen.shared.end(animation)
            completion?(true)
            Screen.shared.settleIfStill()
        }
    }
}

/// What is on screen: the animations in flight. Main queue only, like everything in UIKit.
@MainActor
final class Screen {
    static let shared = Screen()

    final class Animation {
        let changes: [Change]
        let start: Double
        let duration: Double

        init(changes: [Change], start: Double, duration: Double) {
            self.changes = changes
            self.start = start
            self.duration = duration
        }

        var end: Double { start + duration }
    }

    private var recorded: [Change]?
    private var inFlight: [Animation] = []
    private var settleWaiters: [@MainActor () -> Void] = []

    /// Runs `body` once no animation is in flight any more (after the completions have run).
    func whenSettled(_ body: @escaping @MainActor () -> Void) {
        settleWaiters.append(body)
        settleIfStill()
    }

    func settleIfStill() {
        guard inFlight.isEmpty else { return }
        let waiters = settleWaiters
        settleWaiters = []
        for waiter in waiters { waiter() }
    }

    func recording(_ animations: () -> Void) -> [Change] {
        recorded = []
        animations()
        defer { recorded = nil }
        return recorded ?? []
    }

    func apply(_ change: Change) {
        if recorded != nil {
            recorded?.append(change)
            return
        }
        say(change.finished)
        describeInFlight()
    }

    func begin(_ changes: [Change], duration: Double) -> Animation {
        let animation = Animation(changes: changes, start: LessonClock.shared.now, duration: duration)
        for change in changes { say("\(change.starting) (\(seconds(duration)))") }
        inFlight.append(animation)
        return animation
    }

    func end(_ animation: Animation) {
        inFlight.removeAll { $0 === animation }
        for change in animation.changes { say(change.finished) }
    }

    /// When something changes at once, say what is still moving: that is what a viewer would notice.
    private func describeInFlight() {
        let now = LessonClock.shared.now
        for animation in inFlight {
            let fraction = min(1, max(0, (now - animation.start) / animation.duration))
            for change in animation.changes {
                note("          …while \(change.inProgress(fraction)), until \(fixed(animation.end, decimals: 2))s")
            }
        }
    }
}

extension Page {
    /// Runs `body` on the main queue once nothing on screen moves any more: page machinery, not part
    /// of the demo (the demo's question is how *your* code knows that). On the main actor.
    @MainActor
    public func whenScreenSettles(_ body: @escaping @MainActor () -> Void) {
        dispatchPrecondition(condition: .onQueue(.main))
        DispatchQueue.main.async { Screen.shared.whenSettled(body) }
    }

    /// Ends the page once nothing on screen moves any more.
    @MainActor
    public func doneWhenScreenSettles() {
        whenScreenSettles { self.done() }
    }
}
