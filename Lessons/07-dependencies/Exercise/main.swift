// Exercise 7's driver: not yours to edit. Your work is in StartupGraph.swift next to this file.
// Check it with: swift run racelab exercise 7
import RaceLabKit
import Lesson7Support

StartupExercise.makeLesson(wireStartup).run()
