// Exercise 7, a known wrong fix: the cycle is gone, but "to be safe" the schedule now waits for the
// news, which it does not need: the start-up runs one step after another, slower than the talk's graph.
// must fail: output
// verdict leads with: StartupGraph.swift:13 because "which it does not need"
import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.news)  // one after the other, to be safe
    steps.favorites.addDependency(steps.schedule)
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
