// Exercise 7: wire the conference app's start-up (lesson 7, page 4). Download the settings; then the
// version check; then the news and the schedule; with the schedule in place, the favourites; and save
// the context last, after everything else. As given, the start-up never starts: one dependency too
// many closes a cycle. Find it (draw the picture), and make every step run, each after what it needs.
// Check it with: swift run racelab exercise 7      Stuck? swift run racelab hint 7
//
// As given, this file is wrong, and the referee proves it (racelab verify):
// The starter's cycle (version check <-> schedule): the queue never finishes; the watchdog stops it.
// must fail: output

import Foundation
import RaceLab
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    steps.news.addDependency(steps.versionCheck)
    steps.schedule.addDependency(steps.versionCheck)
    // The version check compares the app's version with the schedule's data format.
    steps.versionCheck.addDependency(steps.schedule)
    steps.favorites.addDependency(steps.schedule)
    for step in [steps.settings, steps.versionCheck, steps.news, steps.schedule, steps.favorites] {
        steps.saveContext.addDependency(step)
    }
}
