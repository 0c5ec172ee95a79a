/// What an exercise's driver varies from run to run (durations, sizes, cancel moments, orders), drawn
/// from the run's seed. The seed is printed in the banner and `--seed S` plays the same scenario
/// again, so a failure replays. The draws are RaceLab's own arithmetic on SplitMix64 (Steele, Lea and
/// Flood, 2014), not the standard library's `random(in:using:)`, whose use of the generator may change
/// with a toolchain: the same seed draws the same scenario on every Swift version.
public struct Scenario: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    /// `stream` separates the draws of different pages of one lesson.
    public init(seed: UInt64, stream: UInt64 = 0) {
        self.seed = seed
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ stream &* 0xD1B5_4A32_D192_ED03
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, every one equally likely (near enough: the ranges are small).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// Lesson seconds in `range`, on a grid of `step` (so a time reads shortly in a verdict).
    public mutating func seconds(in range: ClosedRange<Double>, step: Double = 0.05) -> Double {
        // A small allowance: 0.25 / 0.05 is 4.999… in floating point, and 0.3 must stay drawable.
        let steps = Int(((range.upperBound - range.lowerBound) / step + 1e-9).rounded(.down))
        let value = ((range.lowerBound + Double(int(in: 0...steps)) * step) / step).rounded() * step
        return min(max(value, range.lowerBound), range.upperBound)  // 6 × 0.05 is 0.30000000000000004
    }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...choices.count - 1)] }

    /// `items` in an order drawn from the seed (Fisher and Yates).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }

    /// A seed for a run that was given none: small, so that it is easy to type back.
    public static func freshSeed() -> UInt64 { RaceLabContract.freshSeed() }
}
