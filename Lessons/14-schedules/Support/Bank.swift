import RaceLabKit

/// A bank account with the shape of lesson 13's: a withdrawal checks the balance, waits for a fraud
/// check, then takes the money. Here on threads, for the schedule explorer: the fraud check and a
/// deposit's pause are interleaving points. Racy on purpose, and used only where the explorer runs its
/// threads one at a time (its hand-offs order them, so ThreadSanitizer is silent).
/// @unchecked Sendable: used only by explored threads, one at a time (its check-then-act is the race shown).
public final class Account: @unchecked Sendable {
    public let name: String
    public private(set) var balance: Int
    /// Lets a transfer hold this account; a lock the explorer knows.
    let lock = ExplorableLock()

    public init(_ name: String, balance: Int) {
        self.name = name
        self.balance = balance
    }

    /// Check, then act, with the fraud check between: the check can be stale by the time it acts.
    public func withdraw(_ amount: Int) -> Bool {
        guard balance >= amount else { return false }
        Interleaving.point("the fraud check")
        balance -= amount
        return true
    }

    /// Reads the balance, counts the cash (a pause), writes the sum: a write that can bury another's.
    public func deposit(_ amount: Int) {
        let old = balance
        Interleaving.point("counting the cash")
        balance = old + amount
    }

    /// Moves `amount` to `other`, holding this account's lock, then the other's.
    public func transfer(_ amount: Int, to other: Account) {
        lock.holding {
            other.lock.holding {
                balance -= amount
                other.balance += amount
            }
        }
    }
}

/// The programs lesson 14 explores, and exercise 14 asks schedules of. Each builds fresh accounts.
public enum Bank {
    /// `count` threads each withdraw `amount` from one account of 100; the outcome is the balance, and
    /// who was paid. `locked`: each withdrawal holds the account's lock around its check and act.
    public static func withdrawals(_ count: Int, of amount: Int, locked: Bool = false) -> (Explorer.Program) -> Void {
        { program in
            let account = Account("the account", balance: 100)
            let paid = Tally()
            for thread in 0..<count {
                let steps =
                    locked
                    ? ["calls withdraw(\(amount))", "takes the lock, checks", "takes \(amount), unlocks"]
                    : ["checks the balance", "takes \(amount)"]
                // What each step touches (a refused withdrawal lets go of the lock in its second step).
                let touching: [Footprint] =
                    locked
                    ? [
                        .nothing, .acquires("account") + .releases("account") + .reads("balance"),
                        .writes("balance", "paid") + .releases("account"),
                    ]
                    : [.reads("balance"), .writes("balance", "paid")]
                program.thread("withdraw(\(amount))", steps: steps, touching: touching) {
                    let done = locked ? account.lock.holding { account.withdraw(amount) } : account.withdraw(amount)
                    Interleaving.record(done ? "paid" : "refused")
                    if done { paid.add(Explorer.letters([thread])) }
                }
            }
            program.outcome { "balance \(account.balance), paid \(paid.names)" }
        }
    }

    /// A deposits 50 while B withdraws 70, on an account of 100: 80 is right.
    public static func depositDuringWithdrawal() -> (Explorer.Program) -> Void {
        { program in
            let account = Account("the account", balance: 100)
            program.thread("deposit(50)", steps: ["reads the balance", "writes it + 50"]) { account.deposit(50) }
            program.thread("withdraw(70)", steps: ["checks the balance", "takes 70"]) { _ = account.withdraw(70) }
            program.outcome { "balance \(account.balance)" }
        }
    }

    /// A ring of transfers among `accounts` (names): each thread moves 10 from one account to the
    /// next, holding the account it takes from, then the other. Two accounts: lesson 4's two locks
    /// taken in opposite orders.
    public static func transfers(among accounts: [String]) -> (Explorer.Program) -> Void {
        { program in
            let all = accounts.map { Account($0, balance: 100) }
            for (index, from) in all.enumerated() {
                let to = all[(index + 1) % all.count]
                let steps = [
                    "calls transfer", "takes \(from.name)'s lock; wants \(to.name)'s",
                    "takes \(to.name)'s lock, moves 10, unlocks both",
                ]
                let touching: [Footprint] = [
                    .nothing, .acquires(from.name),
                    .acquires(to.name) + .releases(to.name, from.name) + .writes(from.name, to.name),
                ]
                program.thread("\(from.name) to \(to.name)", steps: steps, touching: touching) {
                    from.transfer(10, to: to)
                }
            }
            program.outcome { all.map { "\($0.name) \($0.balance)" }.joined(separator: ", ") }
        }
    }
}

/// Who was paid, in letter order. Touched only by explored threads, one at a time.
/// @unchecked Sendable: touched only by explored threads, one at a time.
final class Tally: @unchecked Sendable {
    private var paid: Set<String> = []
    func add(_ name: String) { paid.insert(name) }
    var names: String { paid.isEmpty ? "nobody" : paid.sorted().joined(separator: " and ") }
}
