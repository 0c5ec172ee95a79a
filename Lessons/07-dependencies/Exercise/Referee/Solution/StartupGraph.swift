// Exercise 7, a solution: the version check no longer waits for the schedule, which itself waits for
// the version check; every other dependency stays.
import Foundation
import RaceLab
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
