// Exercise 7, a solution: the talk's graph. The version check waits for the settings only (the
// starter's arrow to the schedule closed a cycle once the schedule waited for the version check);
// the save waits for every other step.

import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    steps.favorites.addDependency(steps.schedule)
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
