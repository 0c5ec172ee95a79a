import LegacyKit

// A view model (the main actor's, by this module's default) hands its legacy loader to a detached
// task, which reads it while the main actor may write it. Region-based isolation refuses it.
final class ViewModel {
    let loader = LegacyLoader()

    func refresh() {
        let loader = self.loader
        Task.detached {  // expected-error {{passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure}}
            print(loader.lastValue)  // expected-note {{closure captures 'loader' which is accessible to main actor-isolated code}}
        }
        loader.lastValue = 1
    }
}
// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// with module: LegacyKit from Modules/LegacyKit.swift
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 15 README, "Which Swift")
