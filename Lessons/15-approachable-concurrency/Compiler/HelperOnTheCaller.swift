// A nonisolated async helper in a module with Swift 6.2's defaults: SE-0461 makes it
// `nonisolated(nonsending)`, so it runs on its caller's actor. Called from the main actor with a
// value of the main actor's, it is accepted as it is.
nonisolated final class Bitmap {
    var pixels: [UInt8]
    init(pixels: [UInt8]) { self.pixels = pixels }
}

nonisolated func checksum(of bitmap: Bitmap) async -> Int {
    bitmap.pixels.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
}

// `@concurrent` sends it to the global concurrent executor, off the main actor: the bitmap, which
// is not Sendable and still the gallery's, would be used there and here at once. Refused.
@concurrent nonisolated func checksumOffTheMainActor(of bitmap: Bitmap) async -> Int {
    bitmap.pixels.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
}

final class Gallery {
    var bitmap = Bitmap(pixels: [1, 2, 3])

    func refresh() async {
        print(await checksum(of: bitmap))
        print(await checksumOffTheMainActor(of: bitmap))  // expected-error {{sending 'self.bitmap' risks causing data races}}
        // expected-note@-1 {{sending main actor-isolated 'self.bitmap' to @concurrent global function 'checksumOffTheMainActor(of:)' risks causing data races between @concurrent and main actor-isolated uses}}
    }
}
// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 15 README, "Which Swift")
