// Lesson 5's filters appending to one array, without the article's appendQueue, in Swift 6 language
// mode. Page 3 shows what the compiler says; `racelab check 12` has the toolchain's verifier confirm
// the comments below.
import Foundation

func filterAll(_ names: [String]) -> [String] {
    var filteredImages: [String] = []
    let filterQueue = OperationQueue()
    for name in names {
        filterQueue.addOperation {
            filteredImages.append("\(name), blurred")  // expected-error {{mutation of captured var 'filteredImages' in concurrently-executing code}}
        }
    }
    filterQueue.waitUntilAllOperationsAreFinished()
    return filteredImages
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
