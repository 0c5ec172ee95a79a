import Foundation

/// A step of an operation graph (lessons 7 and 10, exercises 7 and 10): it works `seconds` (lesson
/// seconds) without holding a thread — an asynchronous operation that finishes after a delay — so a
/// graph's timing is the graph's, not the thread pool's (lesson 5 shows what sleeping operations do
/// to the pool on Linux). It says when it starts, which dependencies it waited for, and when it
/// finishes. A `ToolkitOperation`, so lesson 10 can give it conditions and observers; on a plain
/// queue it is an asynchronous operation like any other.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); only `let`s of its own.
open class Step: ToolkitOperation, @unchecked Sendable {
    public let title: String
    public let seconds: Double
    let timeline: Timeline?
    let onStart: @Sendable (String) -> Void
    let onFinish: @Sendable (String) -> Void
    let narrates: Bool

    /// `onStart` and `onFinish` are told the title when the work starts, and when it ends (before the
    /// operation is marked finished, so before any dependent can start). `narrates: false`: no lines.
    public init(
        _ title: String, _ seconds: Double, timeline: Timeline? = nil, narrates: Bool = true,
        onStart: @escaping @Sendable (String) -> Void = { _ in },
        onFinish: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.narrates = narrates
        self.title = title
        self.seconds = seconds
        self.timeline = timeline
        self.onStart = onStart
        self.onFinish = onFinish
        super.init(title)
    }

    /// The titles of the steps this one depends on, in the order they were added.
    public var after: [String] { dependencies.compactMap { ($0 as? Step)?.title } }

    open override func execute() {
        let start = LessonClock.shared.now
        onStart(title)
        let waitedFor = after.isEmpty ? "" : " (ready: \(after.joined(separator: ", ")) finished)"
        if narrates { say("\(title) starts\(waitedFor)") }
        DispatchQueue.global().asyncAfter(lessonSeconds: seconds) {
            if self.narrates { say("\(self.title) finishes") }
            self.timeline?.add(self.title, start: start, end: LessonClock.shared.now)
            self.onFinish(self.title)
            self.finish()
        }
    }
}

extension Operation {
    /// Adds `dependencies` to this operation and returns it: `save.needs(news, schedule)`.
    @discardableResult
    public func needs(_ dependencies: Operation...) -> Self {
        for dependency in dependencies { addDependency(dependency) }
        return self
    }
}
