// A child process shown on a lesson's page, in the page's narration (ChildProcess itself lives in
// RaceLabContract, where the runner uses it too).

extension ChildProcess.Ending {
    /// Shows what the child printed, a line each ("  child: …"), or that it printed nothing and how it ended.
    public func showLines() {
        for line in lines { note("  child: \(line)") }
        if lines.isEmpty { note("  the child printed nothing, and \(description)") }
    }
}

extension ChildProcess {
    /// Runs the child `name` (see `run`) and shows it on the page: each line it printed as
    /// "  child: …", each line of its stderr that contains `stderrFrom`, from there on, as
    /// "  child's stderr: …", then when and how it ended. Returns the ending.
    @discardableResult
    public static func show(_ name: String, environment: [String: String] = [:], stderrFrom marker: String? = nil)
        -> Ending
    {
        let child = run(name, environment: environment)
        for line in child.lines { note("  child: \(line)") }
        if let marker {
            for line in child.errorLines {
                guard let start = line.range(of: marker)?.lowerBound else { continue }
                note("  child's stderr: \(line[start...])")
            }
        }
        say("the child \(child.description)")
        return child
    }
}
