// Page 6: isolated conformances (SE-0470). A type of this module is the main actor's, and so is its
// conformance to a protocol that is not: the conformance can be used on the main actor only.
import RaceLabKit

nonisolated protocol Thumbnailing {
    func thumbnail() -> String
}

/// The main actor's, as everything in this module: its conformance is inferred main-actor isolated.
final class Photo: Thumbnailing {
    let title: String
    init(title: String) { self.title = title }
    func thumbnail() -> String { "[\(title)]" }
}

/// The fix: a conformance that is not isolated, whose requirement touches only what is safe anywhere
/// (a `let` of a Sendable type).
final class Sketch: nonisolated Thumbnailing {
    let title: String
    init(title: String) { self.title = title }
    nonisolated func thumbnail() -> String { "<\(title)>" }
}

nonisolated func thumbnails<T: Thumbnailing>(of items: [T]) -> [String] {
    items.map { $0.thumbnail() }
}
