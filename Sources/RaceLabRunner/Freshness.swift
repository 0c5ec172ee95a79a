import Foundation

/// The referee judges only what the sources say. A program missing from the build, or older than a
/// source it is built from, is refused: a build that did not rebuild it (a folder the manifest did not
/// make a target of, say) would otherwise have an old binary judged in the new code's name, and a
/// wrong fix replaced by a right one would still "fail as documented".
enum Freshness {
    /// Why `program` must not be judged, or nil when it is at least as new as every source in `folders`.
    static func problem(program: String, root: String, folders: [Subject.SourceFolder]) -> String? {
        let shown = program.replacingOccurrences(of: root + "/", with: "")
        guard let built = modified(program) else {
            return "\(shown) was not built: no target of the package makes it. The manifest derives its targets from"
                + " the folders under Lessons/; racelab verify says where the two disagree."
        }
        guard let (source, saved) = newestSource(root: root, folders: folders), saved > built else { return nil }
        let format = DateFormatter()
        format.dateFormat = "HH:mm:ss"
        return "\(shown) (built \(format.string(from: built))) is older than \(source) (saved \(format.string(from: saved))):"
            + " the build did not rebuild it, so it is not what the sources say, and it is not judged. Is its folder a"
            + " target? racelab verify checks the manifest against the folders."
    }

    /// The most recently saved source file in `folders` (symlinks followed), relative to the root.
    static func newestSource(root: String, folders: [Subject.SourceFolder]) -> (String, Date)? {
        var newest: (String, Date)?
        for folder in folders {
            let base = "\(root)/\(folder.path)"
            let files: [String]
            if folder.recursive {
                files = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
            } else {
                files = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
            }
            for file in files where [".swift", ".c", ".h"].contains(where: file.hasSuffix) {
                if let date = modified("\(base)/\(file)"), date > (newest?.1 ?? .distantPast) {
                    newest = ("\(folder.path)/\(file)", date)
                }
            }
        }
        return newest
    }

    /// The modification date of the file a path leads to (through symlinks), or nil when there is none.
    static func modified(_ path: String) -> Date? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return (try? FileManager.default.attributesOfItem(atPath: resolved))?[.modificationDate] as? Date
    }
}
