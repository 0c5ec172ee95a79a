// Lesson 9's hand-off, as the classic provider makes it, in Swift 6 language mode: the download's
// completion handler, on URLSession's queue, shows the image in a gallery that belongs to the main
// actor. Page 8 shows what the compiler says; `racelab check 12` has the toolchain's verifier confirm
// the comments below.
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor final class Gallery {
    private(set) var shown: [String] = []

    func show(_ name: String) {  // expected-note {{calls to instance method 'show' from outside of its actor context are implicitly asynchronous}}
        shown.append(name)
    }
}

func load(_ url: URL, into gallery: Gallery) {
    URLSession.shared.dataTask(with: url) { _, _, _ in
        gallery.show(url.lastPathComponent)  // expected-error {{call to main actor-isolated instance method 'show' in a synchronous nonisolated context}}
    }.resume()
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
