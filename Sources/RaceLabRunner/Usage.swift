import Foundation

/// What `racelab` says when it is asked for help, or given a command line it cannot use.
func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("racelab: \(message)\n\n\(usage)\n".utf8))
    return 2
}

let usage = """
    usage: swift run racelab <command> [--speed N] [--jobs N]
      check [N …]    build the lessons with ThreadSanitizer and check every page against its transcript;
                     N:P checks page P alone; --must-fail F: the page is broken on purpose and must
                     fail as F says (as a '// must fail:' line does; scripts/mutants)
      exercise N     check your exercise N and say what is still wrong
      watch N        check exercise N, then again every time you save it (Ctrl-C to stop)
      hint N         the next hint for exercise N, one at a time
      reset N [--yes]  put exercise N's starter back (asks first, unless --yes; keeps your version as a backup)
      verify [N …]   for CI: folders, targets and drivers agree, every page passes, every starter and wrong fix
                     fails as its '// must fail:' line says, every solution passes (N: only those lessons)
      stress [N] [T …]  run each page N times (20) and count outcomes, failures and TSan's detections;
                     T: a lesson (3), a page (3:2) or an exercise (exercise 3); none: everything
      list           the lessons, and where you are with each exercise
      portability    for CI: what would break on a Mac (names that differ only in case, Linux-only calls
                     outside #if, no declared macOS, GNU-only shell in scripts/), checked on any machine
      page P T [A …] for lesson authors: check the built program P (run with arguments A) against transcript T
    Pages run at --speed 4 and exercises at the speed their transcript names, unless told otherwise;
    times in transcripts are lesson seconds. check, verify and stress run up to --jobs pages side by
    side (\(defaultJobs); output stays in order). reset --yes puts the starter back without asking.
    Each exercise run plays a scenario drawn from a fresh seed (its durations, sizes, moments), named
    in the verdict; --seed S (exercise, watch, verify, stress) plays seed S's scenario again.
    """
