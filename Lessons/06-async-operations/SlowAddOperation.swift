import Foundation
import RaceLabKit

/// DEMOS E2: `asyncAdd` wrapped in an operation. `main()` starts the asynchronous call and returns at
/// once; the operation is finished only when the callback says so.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set before
/// `.finished`, under AsyncOperation's lock.
class SlowAddOperation: AsyncOperation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    var result: Int?

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    override func main() {
        asyncAdd(lhs, rhs) { sum in
            self.result = sum
            self.state = .finished  // the line that is easy to forget (page 3)
        }
    }
}

/// Page 3's operation: the same, with the last line forgotten.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own (the
/// forgotten `.finished` is a hang, not a race).
final class ForgetfulSlowAddOperation: SlowAddOperation, @unchecked Sendable {
    override func main() {
        asyncAdd(lhs, rhs) { sum in
            say("the callback has the sum, \(self.lhs) + \(self.rhs) = \(sum)... and never says finished")
        }
    }
}
