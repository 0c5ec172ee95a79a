// The runner's thin shell: everything it does lives in RaceLabRunner, where it is tested.
import Foundation
import RaceLabRunner

// Ctrl-C must not leave a page running: end every process the runner started, and say so.
endChildrenOnInterrupt(say: {
    print($0)
    fflush(stdout)
})
exit(racelabMain(Array(CommandLine.arguments.dropFirst())))
