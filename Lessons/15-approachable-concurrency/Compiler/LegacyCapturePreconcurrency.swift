@preconcurrency import LegacyKit

// The same code, with `@preconcurrency import` (SE-0337): the compiler says nothing at all, and the
// race is still there. It silences what the module cannot yet tell, and makes nothing safe.
final class ViewModel {
    let loader = LegacyLoader()

    func refresh() {
        let loader = self.loader
        Task.detached {
            print(loader.lastValue)
        }
        loader.lastValue = 1
    }
}
// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// with module: LegacyKit from Modules/LegacyKit.swift
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 15 README, "Which Swift")
