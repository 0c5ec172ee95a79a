// Exercise 10's driver: not yours to edit. Your work is in AlertExclusivity.swift next to this file.
// Check it with: swift run racelab exercise 10
import RaceLabKit
import Lesson10Support

AlertsExercise.makeLesson(AlertExclusivity()).run()
