// What a lesson in Swift 6 mode may not do with RaceLab, in the compiler's words. `Swift6Tests`
// type-checks this file with `swiftc -typecheck -swift-version 6 -Xfrontend -verify`: each error and
// note written in a comment below must be reported where it stands, and nothing else may be (notes
// the compiler attaches inside RaceLab's own files aside). Every mistake here
// would otherwise compile and trap at run time (SIGILL in Swift 6's isolation check) or race: the
// library's API says where each closure runs, and the compiler holds a lesson to it.
import Dispatch
import Foundation
import RaceLabKit

/// Top-level state belongs to the main actor.
var tally = 0  // expected-note 2 {{mutation of this var is only permitted within the actor}}

let lesson = Lesson("RaceLab lesson 6007: mistakes")

lesson.page("finish runs its work on a thread of its own, off the main actor") { page in
    page.finish {
        tally += 1  // expected-error {{main actor-isolated var 'tally' can not be mutated from a nonisolated context}}
    }
}

lesson.page("a fetch calls back on a global queue") { page in
    fetch("news", latency: 1) { _ in
        tally += 1  // expected-error {{main actor-isolated var 'tally' can not be mutated from a nonisolated context}}
        page.done()
    }
}

/// A view belongs to the main actor, as a UIView does.
func makeViewElsewhere() -> View {  // expected-note {{add '@MainActor' to make global function 'makeViewElsewhere()' part of global actor 'MainActor'}}
    View("box")  // expected-error {{call to main actor-isolated initializer 'init(_:position:backgroundColor:isHidden:)' in a synchronous nonisolated context}}
}

/// Waiting for the screen is the main actor's business too.
func endWhenSettled(_ page: Page) {  // expected-note {{add '@MainActor' to make global function 'endWhenSettled' part of global actor 'MainActor'}}
    page.doneWhenScreenSettles()  // expected-error {{call to main actor-isolated instance method 'doneWhenScreenSettles()' in a synchronous nonisolated context}}
}

/// `Locked` shares only what is safe to hand out: a class instance would leave the lock unguarded.
final class Score {  // expected-note {{class 'Score' does not conform to the 'Sendable' protocol}}
    var points = 0
}
func shareScore() {
    let score = Locked(Score())
    Thread.detachNewThread {
        score.withLock { $0.points += 1 }  // expected-error {{capture of 'score' with non-Sendable type 'Locked<Score>' in a '@Sendable' closure}}
    }
}
