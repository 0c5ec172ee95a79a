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
        return
            "\(shown) (built \(format.string(from: built))) is older than \(source) (saved \(format.string(from: saved))):"
            + " the build did not rebuild it, so it is not what the sources say, and it is not judged. Is its folder a"
            + " target? racelab verify checks the manifest against the folders."
    }

    /// The most recently saved source file in `folders` (symlinks followed), relative to the root.
    static func newestSource(root: String, folders: [Subject.SourceFolder]) -> (String, Date)? {
        var newest: (String, Date)?
        for file in files(root: root, folders: folders) where [".swift", ".c", ".h"].contains(where: file.hasSuffix) {
            if let date = modified("\(root)/\(file)"), date > (newest?.1 ?? .distantPast) {
                newest = (file, date)
            }
        }
        return newest
    }

    /// Every file of the project, relative to the root: not its build folders, .git or other hidden
    /// folders at the top, nor an attendee's `Backups/`.
    static func projectFiles(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let first = path.prefix { $0 != "/" }
            if first.hasPrefix(".") || first == "Backups" {
                enumerator?.skipDescendants()
                continue
            }
            if !isFolder("\(root)/\(path)") { files.append(path) }
        }
        return files
    }

    /// Every file in `folders` (their subfolders' too where `recursive`), relative to the root.
    static func files(root: String, folders: [Subject.SourceFolder]) -> [String] {
        folders.flatMap { folder -> [String] in
            let base = "\(root)/\(folder.path)"
            let names =
                folder.recursive
                ? (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
                : (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
            return names.filter { !isFolder("\(base)/\($0)") }.map { "\(folder.path)/\($0)" }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The modification date of the file a path leads to (through symlinks), or nil when there is none.
    static func modified(_ path: String) -> Date? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return (try? FileManager.default.attributesOfItem(atPath: resolved))?[.modificationDate] as? Date
    }
}

extension Runner {
    /// Why `program` must not be judged: no target of the manifest makes it (a binary left over from
    /// an earlier build), it is not built, or it is older than its sources and does not build again.
    /// When it builds, the build system's word that it is current is taken: a change that alters
    /// nothing in the program (a comment) relinks nothing. A program found fresh is not looked at
    /// again while its binary stays the same (every run of a page would walk the sources otherwise).
    func freshnessProblem(_ subject: Subject, program: String) -> String? {
        if let declared = declaredTargets(), !declared.contains(subject.product) {
            return
                "\(subject.product) is not a target of the package (a binary left over from an earlier build is not judged)."
                + " The manifest derives its targets from the folders under Lessons/; racelab verify says where they disagree."
        }
        let built = Freshness.modified(program)
        if let built, known.current.fresh[program] == built { return nil }
        if let problem = Freshness.problem(program: program, root: workspace.root, folders: subject.sources) {
            guard built != nil else { return problem }
            let rebuilt = builder.build([subject.product])
            guard rebuilt.succeeded else {
                return ([problem, "Building it again failed:"] + rebuilt.errors.prefix(3)).joined(separator: "\n")
            }
        }
        if let now = Freshness.modified(program) { known.withLock { $0.fresh[program] = now } }
        return nil
    }

    /// The targets the manifest declares, asked of SwiftPM once; nil when it could not say.
    func declaredTargets() -> Set<String>? {
        if let asked = known.current.targets { return asked }
        let asked = builder.declaredTargets()
        known.withLock { $0.targets = .some(asked) }
        return asked
    }
}
