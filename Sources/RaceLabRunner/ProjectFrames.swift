import Foundation

/// Which frames of a TSan report are the project's, and where in it. Linux prints absolute paths, so a
/// frame is the project's when its path lies under the root. Apple's platforms print a bare file name
/// (`Person.swift:19`), or no file at all (dladdr's fallback, `<null>`), so a bare name is looked up
/// among the files the program is built from (its `Subject.sources`; the whole project when they are
/// not known), and a frame with no file counts as the project's when its symbol belongs to one of the
/// project's modules.
public struct ProjectFrames {
    public let root: String
    /// The project's source files, relative to the root.
    public let files: [String]
    /// Names a Swift module of the project has: `lesson3`, `exercise3_starter`, `Lesson3Support`, `RaceLabKit`.
    public let isProjectModule: (String) -> Bool

    public init(root: String, files: [String]? = nil, isProjectModule: ((String) -> Bool)? = nil) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.files = files ?? Self.sourceFiles(under: root)
        self.isProjectModule = isProjectModule ?? Self.isRaceLabModule
    }

    /// The frames of one program: its bare names are looked up among what it is built from.
    public init(root: String, program sources: [Subject.SourceFolder]) {
        self.init(root: root, files: Freshness.files(root: root, folders: sources).filter(Self.isSource))
    }

    /// The frames of a program whose sources are not known (`racelab page`): its debug information
    /// names the files it was compiled from by their paths, and those under the root are its files.
    /// Nil when it names none (no debug information, or built elsewhere).
    public init?(root: String, namedIn executable: String) {
        let root = root.hasSuffix("/") ? String(root.dropLast()) : root
        let named = Self.paths(under: root, namedIn: executable)
        guard !named.isEmpty else { return nil }
        let files = Self.sourceFiles(under: root).filter { file in
            let folder = "\(root)/\((file as NSString).deletingLastPathComponent)"
            return named.contains("\(root)/\(file)") || named.contains(folder) || named.contains(folder + "/")
        }
        guard !files.isEmpty else { return nil }
        self.init(root: root, files: files)
    }

    /// Every string in the file that starts with `root/`: the sources its debug information names
    /// (Linux's DWARF compile units and line tables; on Darwin, the debug map's N_SO entries, which
    /// may name a source's folder and its file apart, so a folder named counts for its files).
    static func paths(under root: String, namedIn executable: String) -> Set<String> {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: executable), options: .alwaysMapped) else {
            return []
        }
        let prefix = Array((root + "/").utf8)
        var found = Set<String>()
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress, bytes.count >= prefix.count else { return }
            var offset = 0
            // memchr finds each candidate's first byte (C's, on both platforms); the rest is compared here.
            while offset <= bytes.count - prefix.count,
                let hit = memchr(base + offset, Int32(prefix[0]), bytes.count - prefix.count + 1 - offset)
            {
                let start = base.distance(to: UnsafeRawPointer(hit))
                guard memcmp(hit, prefix, prefix.count) == 0 else {
                    offset = start + 1
                    continue
                }
                var end = start + prefix.count
                while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x7f { end += 1 }
                found.insert(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                offset = end
            }
        }
        return found
    }

    /// Where a frame is in the project: its path relative to the root; `ambiguous` lists the project
    /// files a bare name could be when two of them have it. Nil: not the project's.
    public struct Place: Equatable {
        public var file: String?
        public var ambiguous: [String] = []
    }

    public func place(of frame: TSanReport.Frame) -> Place? {
        if let file = frame.file {
            if file.hasPrefix(root + "/") { return Place(file: String(file.dropFirst(root.count + 1))) }
            // A system library's frame is never the project's, whatever its file is called.
            guard !file.contains("/"), !Self.isSystemImage(frame.module) else { return nil }
            let candidates = files.filter { ($0 as NSString).lastPathComponent == file }
            switch candidates.count {
            case 0: return nil
            case 1: return Place(file: candidates[0])
            default: return Place(file: nil, ambiguous: candidates)
            }
        }
        // No file at all (dladdr's fallback), not a thunk the compiler wrote: the symbol's module says.
        guard !frame.compilerGenerated else { return nil }
        return module(of: frame.symbol).map(isProjectModule) == true ? Place(file: nil) : nil
    }

    /// The module a symbol names first: `$s7lesson3…` (mangled) -> `lesson3`; a name demangled in full,
    /// `lesson12.recordVisit() -> ()` -> `lesson12`; nil when it names none (`Person.changeName`, whose
    /// module the simplified form leaves out, is looked up by its file instead).
    func module(of symbol: String) -> String? {
        var mangled = Substring(symbol)
        if mangled.hasPrefix("_") { mangled = mangled.dropFirst() }
        if mangled.hasPrefix("$s") {
            let rest = mangled.dropFirst(2)
            let digits = rest.prefix { $0.isNumber }
            guard let length = Int(digits) else { return nil }
            return String(rest.dropFirst(digits.count).prefix(length))
        }
        let first = symbol.prefix { $0 != "." && $0 != " " && $0 != "(" }
        return first.count < symbol.count && symbol.dropFirst(first.count).hasPrefix(".") ? String(first) : nil
    }

    /// A demangled name without the project module it starts with: Darwin's atos may print
    /// `lesson12.recordVisit`, where the toolchain's simplified demangling says `recordVisit`.
    func withoutModule(_ name: String) -> String {
        guard let module = module(of: name), isProjectModule(module) else { return name }
        let rest = name.dropFirst(module.count + 1)
        return rest.isEmpty ? name : String(rest)
    }

    /// A shared library or framework of the system's (`libdispatch.dylib`, `CoreFoundation.framework`,
    /// Linux's `libswiftCore.so`): RaceLab's programs link the project's code statically.
    static func isSystemImage(_ image: String) -> Bool {
        image.hasSuffix(".dylib") || image.contains(".framework") || image.hasSuffix(".so") || image.contains(".so.")
    }

    /// RaceLab's modules, by the names Package.swift gives them.
    static func isRaceLabModule(_ name: String) -> Bool {
        name == "RaceLabKit" || name.hasPrefix("racelab_")
            || name.range(of: #"^(lesson\d+|exercise\d+(_\w+)?|Lesson\d+Support)$"#, options: .regularExpression) != nil
    }

    /// The Swift and C sources of the project (not its build folders).
    static func sourceFiles(under root: String) -> [String] {
        Freshness.projectFiles(under: root).filter(isSource)
    }

    static func isSource(_ path: String) -> Bool { [".swift", ".c", ".h"].contains(where: path.hasSuffix) }
}
