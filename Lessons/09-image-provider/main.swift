// Lesson 9 — The four-image provider (DEMOS G4).
// Read top to bottom; ImageProvider.swift holds the pipeline: load -> aged -> vignette -> output.
// The network (RaceLab's Network) serves each picture after a scripted latency, Venice much slower.
import Foundation
import RaceLab

let lesson = Lesson("RaceLab lesson 9: the four-image provider")

/// The four pictures: name, what it shows, and how long the network takes to deliver it.
let pictures: [(file: String, title: String, latency: Double)] = [
    ("eiffel_tower.jpg", "Eiffel Tower", 2), ("venice.jpg", "Venice", 9),
    ("scottish_castle.jpg", "Scottish castle", 3), ("arctic_02.jpg", "Arctic", 3.5),
]
for (number, picture) in pictures.enumerated() {
    Network.serve(.generated(number + 2), as: picture.file, latency: picture.latency)
}

/// Starts a provider per picture; each delivered image is reported (and written out) on the main
/// queue. `cancelAt`: cancel every provider then. `then` runs on the main queue when all are done.
func provideAll(cancelAt: Double? = nil, then finish: @escaping ([String]) -> Void) {
    let arrived = Locked<[String]>([])
    let providers = pictures.enumerated().map { number, picture in
        ImageProvider(imageName: picture.file) { image in
            dispatchPrecondition(condition: .onQueue(.main))
            arrived.withLock { $0.append("image \(number + 1)") }
            let path = (try? image.write(to: "lesson9", as: "image\(number + 1)")) ?? "(not written)"
            say("image \(number + 1), \(picture.title): \(image.width) x \(image.height), checksum \(image.checksum) -> \(path)")
        }
    }
    for provider in providers { provider.start() }
    if let cancelAt {
        onOwnThread(after: cancelAt) {
            say("cancel() every provider")
            for provider in providers { provider.cancel() }
        }
    }
    DispatchQueue.global().async {
        for provider in providers { provider.wait() }
        DispatchQueue.main.async { finish(arrived.current) }  // after the deliveries already queued
    }
}

lesson.page("Four images, each through load, aged effect, vignette") { page in
    note("Four providers start at once. Latencies: Eiffel Tower 2 s, Venice 9 s, Scottish castle 3 s,")
    note("Arctic 3.5 s; each filter takes 0.5 s. Images reach the main queue as they are ready.")
    provideAll { arrived in
        say("all done: \(arrived.joined(separator: ", "))")
        page.done()
    }
}

lesson.page("Cancel everything at 6 s") { page in
    note("The same four providers, all cancelled at 6 s. Venice is still downloading then.")
    provideAll(cancelAt: 6) { arrived in
        say("arrived: \(arrived.joined(separator: ", ")); image 2 (Venice) never did")
        note("Cancelling the load cancels the download (URLSession error -999); the filters and the")
        note("output, cancelled too, never run.")
        page.done()
    }
}

lesson.run()
