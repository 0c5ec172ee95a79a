// Exercise 14's driver: not yours to edit. Your work is in Schedules.swift next to this file.
// Check it with: swift run racelab exercise 14
import RaceLabKit
import Lesson14Support

ScheduleExercise.makeLesson([withdrawalBuriedByDeposit, threeWithdrawalsPaid, ringOfTransfersDeadlocks]).run()
