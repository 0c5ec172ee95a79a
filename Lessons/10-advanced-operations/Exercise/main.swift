import Lesson10Support
// Exercise 10's driver: not yours to edit. Your work is in AlertExclusivity.swift next to this file.
// Check it with: swift run racelab exercise 10
import RaceLabKit

AlertsExercise.makeLesson(AlertExclusivity()).run()
