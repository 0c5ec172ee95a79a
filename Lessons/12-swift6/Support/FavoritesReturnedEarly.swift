import RaceLabKit

extension FavoritesExercise {
    /// Why an add whose event was missing when it returned, and in the list later, is wrong. Rounds 3
    /// and 3 again, and the slow catalog, look again (`inLater`) before they blame the catalog's answer;
    /// round 4 says it of the adds beside its long scans.
    static let addReturnedEarly =
        "when add returns, the event is in: did add \(WentOnEarly.words) the list took it?"

    /// Which of `events` the list holds after 0.1 s of real time, long enough for work an add left
    /// running after it returned (a queue's block, a task) to have put its event in on a loaded machine.
    static func inLater(_ events: [Event], of controller: any FavoriteEvents) async -> Set<Event> {
        try? await Task.sleep(nanoseconds: 100_000_000)
        return Set(await controller.events).intersection(events)
    }
}
