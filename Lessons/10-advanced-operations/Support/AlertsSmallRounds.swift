import Foundation
import RaceLabKit

extension AlertsExercise {
    /// The toolkit reports an operation finished a moment after it has finished: an alert added in
    /// between may skip waiting for it, but must still be recorded as the last of its category, so
    /// that the next alert waits for it.
    static func reportedLate(_ exclusivity: Exclusivity) -> Bool {
        let category = ["reported late"]
        let (done, between, next) = (BlockOperation {}, BlockOperation(), BlockOperation())
        exclusivity.added(done, categories: category)
        done.start()  // finished now; the report comes after the next alert is added
        exclusivity.added(between, categories: category)
        exclusivity.finished(done, categories: category)
        exclusivity.added(next, categories: category)
        let waits = ancestors(of: [next, between])[0].nonzeroBitCount == 1
        note(
            "An alert added after the last had finished, before that was reported: "
                + FaultLine.either(
                    waits, "the next still waits for it.",
                    else: FaultLine(
                        "the next does not wait for it (`added`)",
                        hint: "record every new operation as the last of its categories")))
        for operation in [between, next] { exclusivity.finished(operation, categories: category) }
        return waits
    }

    /// An alert of one category added after a video alert (both categories) waits for it: the last of
    /// each category is kept, not the last of each set of categories.
    static func sharedCategory(_ exclusivity: Exclusivity) -> Bool {
        let (videoAlert, alert) = (BlockOperation(), BlockOperation())
        exclusivity.added(videoAlert, categories: ["shared alert", "shared video"])
        exclusivity.added(alert, categories: ["shared alert"])
        let waits = alert.dependencies.contains(videoAlert)
        note(
            "An alert added after a video alert: "
                + FaultLine.either(
                    waits, "it waits for it.",
                    else: FaultLine(
                        "it does not wait for it (`added`)",
                        hint: "keep the last operation of each category, not of each set of categories")))
        exclusivity.finished(videoAlert, categories: ["shared alert", "shared video"])
        exclusivity.finished(alert, categories: ["shared alert"])
        return waits
    }

    /// An alert that stays around all along: added as the page begins, in a category of its own, and
    /// never reported finished. The next alert of its category, added at least 5 s of real time later
    /// (however long the rounds took), must still wait for it: how long an alert has been around says
    /// nothing of whether it has been dismissed (an adversarial round's "surely dismissed after 2 s"
    /// passed before). A threshold longer than the run cannot be told from a right answer (README).
    struct LongLived {
        static let round = "the long-lived alert"
        static let category = ["long-lived alert"]
        static let age = 5.0
        let exclusivity: Exclusivity
        let first = BlockOperation()
        let since = Date()

        init(_ exclusivity: Exclusivity) {
            self.exclusivity = exclusivity
            exclusivity.added(first, categories: Self.category)
        }

        func nextWaits() -> Bool {
            let left = Self.age - Date().timeIntervalSince(since)
            if left > 0 { Thread.sleep(forTimeInterval: left) }
            let next = BlockOperation()
            let age = Date().timeIntervalSince(since)
            exclusivity.added(next, categories: Self.category)
            let waits = next.dependencies.contains(first)
            note(
                "An alert added \(fixed(age, decimals: 1)) s of real time after the last of its category, still"
                    + " around: "
                    + FaultLine.either(
                        waits, "it waits for it.",
                        else: FaultLine(
                            "it does not wait for it (`added`)",
                            hint: "an alert still around is the last of its category, however long ago it came")))
            for operation in [first, next] { exclusivity.finished(operation, categories: Self.category) }
            return waits
        }
    }
}
