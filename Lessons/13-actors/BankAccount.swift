// Page 2: check-then-act across an `await`, in an actor.
import RaceLabKit

/// A fraud check that takes half a lesson second and holds no thread.
func fraudCheck() async {
    try? await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(0.5) * 1e9))
}

protocol Account: Sendable {
    func withdraw(_ amount: Int, for who: String) async -> Bool
    var balance: Int { get async }
}

/// Checks the balance, awaits the fraud check, withdraws. While one withdrawal awaits, the actor runs
/// another, which checks the same balance: both withdraw.
actor BankAccount: Account {
    private(set) var balance: Int

    init(balance: Int) { self.balance = balance }

    func withdraw(_ amount: Int, for who: String) async -> Bool {
        guard balance >= amount else {
            say("\(who): \(amount) refused, the balance is \(balance)")
            return false
        }
        say("\(who): the balance \(balance) covers \(amount); fraud check…")
        await fraudCheck()  // the actor runs other calls meanwhile
        balance -= amount
        say("\(who): withdrew \(amount), the balance is now \(balance)\(balance < 0 ? "   <- overdrawn!" : "")")
        return true
    }
}

/// The fix: the `await` first; then the check and the withdrawal with no `await` between them.
actor CheckedBankAccount: Account {
    private(set) var balance: Int

    init(balance: Int) { self.balance = balance }

    func withdraw(_ amount: Int, for who: String) async -> Bool {
        say("\(who): fraud check for \(amount)…")
        await fraudCheck()
        guard balance >= amount else {
            say("\(who): \(amount) refused, the balance is \(balance)")
            return false
        }
        balance -= amount
        say("\(who): withdrew \(amount), the balance is now \(balance)")
        return true
    }
}

/// Alice and Bob withdraw 70 each, at once, from an account of 100. Returns the final balance.
func withdrawTwice(from account: some Account) async -> Int {
    await withTaskGroup(of: Void.self) { group in
        for who in ["Alice", "Bob"] {
            group.addTask { _ = await account.withdraw(70, for: who) }
        }
    }
    return await account.balance
}
