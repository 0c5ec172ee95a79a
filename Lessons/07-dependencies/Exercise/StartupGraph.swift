// Exercise 7: wire the conference app's start-up (lesson 7, page 4). Download the settings; then the
// version check; then the news and the schedule, side by side; with the schedule in place, the
// favourites; and save the context last, after everything else. Each step must wait for what it
// needs, directly or through another step, and for nothing it does not need: the check reads your
// graph itself, then runs it with step times drawn from a seed.
// The wiring has begun, and one of its arrows is wrong: with the rest in place it closes a cycle, and
// the start-up never starts. Draw the picture (lesson 7, page 3), and build the whole graph.
// Check it with: swift run racelab exercise 7      Stuck? swift run racelab hint 7

import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {
    steps.versionCheck.addDependency(steps.settings)
    // The version check compares the app's version with the schedule's data format.
    steps.versionCheck.addDependency(steps.schedule)
}
