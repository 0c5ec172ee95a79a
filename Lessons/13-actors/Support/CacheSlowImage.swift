import Dispatch
import RaceLabKit

extension CacheExercise {
    /// Beside the rounds: an image that takes 16 lesson seconds (4 s of real time at 4x, past the rounds'
    /// end, so that a wait of a given length gets one verdict), asked for
    /// by `count` tasks spread over its download, one at once and the last 14 s in: a cache that gives
    /// up waiting on a download in flight sooner, or takes one that has run long for a lost one and
    /// downloads again (adversarial round 7: after 2 s of real time), shows it. Returns the faults and
    /// the line that says them, for after round 4.
    static func slowImage(_ count: Int, _ cache: any ImageSource) async -> (Int, String) {
        let image = Image.generated(11)
        let name = "slow-\(image.checksum).pgm"
        Network.serve(image, as: name, latency: 16)
        let lastAsk = 14.0  // lesson seconds after the first ask
        let answers = await withTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            for request in 0..<count {
                group.addTask {
                    try? await Task.sleep(lessonSeconds: Double(request) * lastAsk / Double(count - 1))
                    return await ask(cache, name)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let wrong = answers.filter { $0 != .image(image.checksum) }.count
        let downloads = Network.requests(for: name).received
        let start =
            "Beside the rounds, a slow image (16 s), asked for by \(count) tasks spread over its download, the"
            + " last \(Int(lastAsk)) s in: "
        if wrong == 0, downloads == 1 { return (0, start + "every request got it; one download.") }
        return (
            wrong + (downloads == 1 ? 0 : 1),
            FaultLine(
                start
                    + "\(wrong) requests did not get it, and the network received \(downloads) downloads (`Network.image`)",
                hint: "however long a download takes, the others wait for it"
            ).text
        )
    }
}
