// Exercise 7, a known wrong fix (hint 2): the whole graph, built on top of the starter's arrow from
// the version check to the schedule. With the schedule waiting for the version check, that closes a
// cycle: the version check, the schedule and everything after them never start.
// must fail: output
// verdict leads with: StartupGraph.swift:14 because "it can never start"

import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    // The version check compares the app's version with the schedule's data format.
    steps.versionCheck.addDependency(steps.schedule)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    steps.favorites.addDependency(steps.schedule)
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
