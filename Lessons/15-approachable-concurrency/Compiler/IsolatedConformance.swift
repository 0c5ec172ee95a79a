// A main-actor type (the module's default) conforming to a protocol that is not isolated: Swift
// 6.2 infers the conformance main-actor isolated (SE-0470), so it can be used only on the main actor.
nonisolated protocol Thumbnailing {
    func thumbnail() -> String
}

final class Photo: Thumbnailing {
    let title: String
    init(title: String) { self.title = title }
    func thumbnail() -> String { "[\(title)]" }
}

nonisolated func thumbnails<T: Thumbnailing>(of items: [T]) -> [String] {
    items.map { $0.thumbnail() }
}

// Used on the main actor: accepted.
func showThumbnails(_ photos: [Photo]) {
    print(thumbnails(of: photos))
}

// Used from a background task: refused, the conformance is the main actor's.
func thumbnailsInTheBackground(_ photos: [Photo]) {
    Task.detached {
        print(thumbnails(of: photos))  // expected-error {{main actor-isolated conformance of 'Photo' to 'Thumbnailing' cannot be used in nonisolated context}}
    }
}

// The fix: a conformance that is not isolated, and a requirement that touches only what is safe
// off the main actor (a `let` of a Sendable type).
final class Sketch: nonisolated Thumbnailing {
    let title: String
    init(title: String) { self.title = title }
    nonisolated func thumbnail() -> String { "<\(title)>" }
}

func sketchesInTheBackground(_ sketches: [Sketch]) {
    Task.detached {
        print(thumbnails(of: sketches))
    }
}
// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 15 README, "Which Swift")
