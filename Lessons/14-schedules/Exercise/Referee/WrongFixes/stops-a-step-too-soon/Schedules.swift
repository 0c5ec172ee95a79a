// Exercise 14: find the schedule (lesson 14).
//
// A schedule names, step by step, the thread that takes the step: A for the first thread, B for
// the second, C for the third (either case; spaces are ignored). A thread is paused only at its interleaving points (withdraw()'s
// fraud check, deposit()'s counting of the cash, each lock()). After the schedule's last letter,
// the thread that ran last goes on while it can, then the first by letter. Lesson 14 shows how to
// read one; Lessons/14-schedules/Support/Bank.swift holds the programs.
//
// For each task, write a schedule that makes the program end in the outcome asked for:
// 1. A deposits 50 while B withdraws 70, from 100: the bank pays out 70, and the balance still
//    ends at 150.
// 2. A, B and C each withdraw 40 from 100: all three are paid (the balance ends at -20).
// 3. A moves 10 from X to Y, B from Y to Z, C from Z to X, each holding the lock of the account it
//    takes from, then the other's: they deadlock.
//
// Check your work:  swift run racelab exercise 14      A hint:  swift run racelab hint 14
// Try one by hand:  the driver prints each schedule's steps as lanes, one column per thread.
//
// A wrong fix: each schedule one step short of its preemption, so the default rule runs a thread
// on past the moment that matters. 1: BA lets A write before B takes. 2: AB lets B take before C
// checks, and C is refused. 3: AABB lets B take Z before C does, and the ring runs through.
// must fail: output
// verdict leads with: Schedules.swift:25 because "played on as"

let withdrawalBuriedByDeposit = "BA"
let threeWithdrawalsPaid = "AB"
let ringOfTransfersDeadlocks = "AABB"
