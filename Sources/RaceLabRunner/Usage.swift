import Foundation

/// What `racelab` says when it is asked for help, or given a command line it cannot use.
func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("racelab: \(message)\n\n\(usage)\n".utf8))
    return 2
}

let usage = """
    usage: swift run racelab [command]
      (no command)   lead the way: the first exercise not passed yet, checked each time you save it,
                     a hint on h, and on to the next one when it passes
      exercise N     check your exercise N: PASSED, or what is still wrong, where and why
      watch N        check exercise N, then again every time you save it (Ctrl-C to stop)
      hint N         the next hint for exercise N, one at a time
      explore N      play every schedule of a small scenario through your exercise N (2, 3, 4, 12, 13) with
                     the schedule explorer, and draw the simplest that goes wrong, with your file's lines
                     (--schedule S plays one again; --briefly: only the few lines a verdict adds)
      tsan L:P       play lesson L's page P under ThreadSanitizer and name each race it reports, with both
                     lines (the whole report goes to a file; --raw prints it too)
      list           the lessons, and where you are with each exercise
      reset N [--yes]  put exercise N's starter back (asks first, unless --yes; keeps your version as a backup)
    Each exercise run plays a scenario drawn from a fresh seed, named in the verdict; --seed S plays it again.

    For instructors and maintainers (docs/runner.md):
      check [N …]    build the lessons with ThreadSanitizer and check every page against its transcript;
                     N:P checks page P alone; --must-fail F: the page is broken on purpose and must
                     fail as F says (as a '// must fail:' line does; scripts/mutants)
      verify [N …]   for CI: folders, targets and drivers agree, every page passes, every starter and wrong fix
                     fails as its '// must fail:' line says (its verdict leading with the line and reason
                     its '// verdict leads with:' line names), every solution passes (N: only those lessons;
                     --verdicts: each failing variant's first two verdict lines too)
      stress [N] [T …]  run each page N times (20) and count outcomes, failures and TSan's detections;
                     T: a lesson (3), a page (3:2) or an exercise (exercise 3); none: everything
      portability    for CI: what would break on a Mac (names that differ only in case, Linux-only calls
                     outside #if, APIs newer than the macOS floor, GNU-only shell in scripts/)
      page P T [A …] for lesson authors: check the built program P (run with arguments A) against transcript T
    Pages run at --speed 4 and exercises at the speed their transcript names, unless told otherwise;
    times in transcripts are lesson seconds. check, verify and stress run up to --jobs pages side by
    side (\(defaultJobs); output stays in order).
    """

/// The command a mistyped one most likely meant: the nearest by edits (a letter added, dropped,
/// changed or two swapped), if it is near enough to be a slip (at most 2 edits, and fewer than half
/// the word).
func nearestCommand(to word: String, among commands: [String]) -> String? {
    let scored = commands.map { ($0, editDistance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
    guard let (command, distance) = scored, distance <= 2, distance * 2 < max(word.count, 2) + 1 else { return nil }
    return command
}

/// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a)
    let y = Array(b)
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { table[i][0] = i }
    for j in 0...y.count { table[0][j] = j }
    for i in 1...x.count {
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[x.count][y.count]
}
