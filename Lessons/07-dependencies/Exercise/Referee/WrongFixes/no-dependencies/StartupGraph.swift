// Exercise 7, a known wrong fix: no cycle because no dependencies at all. Every step runs, all at
// once, and nothing waits for what it needs.
// must fail: output
// verdict leads with: StartupGraph.swift:9 because "which it needs: it may start before"
import Foundation
import RaceLabKit
import Lesson7Support

func wireStartup(_ steps: StartupSteps) {}
