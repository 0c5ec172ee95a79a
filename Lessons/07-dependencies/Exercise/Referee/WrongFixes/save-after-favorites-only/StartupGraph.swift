// Exercise 7, a wrong fix from an adversarial round: the save waits for the favourites only, which
// wait for everything but the news. With the news quick, the start-up comes out in the right order;
// with it slow, the context is saved before the news is in. "Last, after everything else."
// must fail: output
// verdict leads with: StartupGraph.swift:11 because "which it needs: it may start before"

import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    steps.favorites.addDependency(steps.schedule)
    steps.saveContext.addDependency(steps.favorites)
}
