// Drawing a dependency graph in the terminal, and finding a cycle in it ("you just have to draw the
// pictures", RWDevCon 2017).
import Foundation

/// A cycle among `operations`' dependencies, as the path that closes it (C, D, C), or nil. A
/// depth-first walk: a dependency met again while still on the current path closes a cycle.
func findCycle(among operations: [Operation]) -> [Operation]? {
    var done = Set<ObjectIdentifier>()
    func walk(_ operation: Operation, path: [Operation]) -> [Operation]? {
        if let start = path.firstIndex(where: { $0 === operation }) { return Array(path[start...]) + [operation] }
        if done.contains(ObjectIdentifier(operation)) { return nil }
        for dependency in operation.dependencies {
            if let cycle = walk(dependency, path: path + [operation]) { return cycle }
        }
        done.insert(ObjectIdentifier(operation))
        return nil
    }
    for operation in operations {
        if let cycle = walk(operation, path: []) { return cycle }
    }
    return nil
}

/// Each operation as a box with its queue, and an arrow for every dependency ("needs").
func drawing(of nodes: [(Operation, OperationQueue)]) -> [String] {
    var lines: [String] = []
    for (operation, queue) in nodes {
        let needs = operation.dependencies.compactMap(\.name)
        lines.append(
            "[\(operation.name ?? "?") on \(queue.name ?? "a queue")] --needs--> \(needs.map { "[\($0)]" }.joined(separator: ", "))"
        )
    }
    return lines
}
