// Exercise 7, a known wrong fix: the cycle is broken at the other edge: the schedule no longer waits
// for the version check, so it runs first, before the settings are even downloaded.
// must fail: output
// verdict leads with: StartupGraph.swift:13 because "which it does not need"
import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    // The version check compares the app's version with the schedule's data format.
    steps.versionCheck.addDependency(steps.schedule)
    steps.favorites.addDependency(steps.schedule)
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
