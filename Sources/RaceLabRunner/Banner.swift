import Foundation
import RaceLabContract

/// The lines every RaceLab program prints first: its heading, that ThreadSanitizer is on, the speed,
/// and a blank line. The runner checks them itself, so a transcript starts at the page.
public struct Banner: Equatable {
    /// How the heading starts: "RaceLab lesson 3: ", "RaceLab exercise 3: ".
    public var heading: String
    /// For `racelab page`, which checks any program: only one whose first line starts with `heading`
    /// has a banner to check.
    public var onlyIfPrinted = false
    /// An exercise's: the seed the runner gave it, which its banner must repeat.
    public var seed: UInt64?

    public init(heading: String, onlyIfPrinted: Bool = false, seed: UInt64? = nil) {
        self.heading = heading
        self.onlyIfPrinted = onlyIfPrinted
        self.seed = seed
    }

    /// The output without its banner, and what is wrong with the banner, if anything.
    func strip(_ output: String, speed: Double) -> (rest: String, problem: String?) {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if onlyIfPrinted && !(lines.first ?? "").hasPrefix(heading) { return (output, nil) }
        // `racelab page` on an exercise: its seed is its own choice.
        if onlyIfPrinted, seed == nil, lines.count > 3, lines[3].hasPrefix("Seed: ") { lines.remove(at: 3) }
        let seedLine: [(String, (String) -> Bool)] =
            seed.map { seed in [("\"\(BannerLines.seed(seed))\"", { $0 == BannerLines.seed(seed) })] } ?? []
        let expected: [(String, (String) -> Bool)] =
            [
                ("a heading that starts \"\(heading)\"", { $0.hasPrefix(heading) }),
                ("\"\(BannerLines.threadSanitizerOn)\"", { $0 == BannerLines.threadSanitizerOn }),
                ("\"\(BannerLines.speed(speed))\"", { $0 == BannerLines.speed(speed) }),
            ] + seedLine + [
                ("an empty line", { $0.trimmingCharacters(in: .whitespaces).isEmpty })
            ]
        for (index, (what, matches)) in expected.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            guard let line, matches(line) else {
                let found = line.map { "\"\($0)\"" } ?? "missing"
                if index == 1, line?.hasPrefix("ThreadSanitizer is off") == true {
                    return (
                        output,
                        "the program is not built with ThreadSanitizer, so it cannot referee races: build it with --sanitize=thread (the runner does)"
                    )
                }
                return (output, "the banner's line \(index + 1) is \(found), expected \(what)")
            }
        }
        lines.removeFirst(expected.count)
        return (lines.joined(separator: "\n"), nil)
    }
}
