// The runner's thin shell: everything it does lives in RaceLabRunner, where it is tested.
import Foundation
import RaceLabRunner

exit(racelabMain(Array(CommandLine.arguments.dropFirst())))
