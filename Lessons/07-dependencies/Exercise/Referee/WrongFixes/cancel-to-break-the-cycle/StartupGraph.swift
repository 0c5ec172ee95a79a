// Exercise 7, a known wrong fix: cancelling the version check lets the queue drain (a cancelled
// operation does not wait for its dependencies), but the version check never does its work.
// must fail: output
// verdict leads with: StartupGraph.swift:14 because "it can never start"
import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    // The version check compares the app's version with the schedule's data format.
    steps.versionCheck.addDependency(steps.schedule)
    steps.favorites.addDependency(steps.schedule)
    steps.versionCheck.cancel()
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
