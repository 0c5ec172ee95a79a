import Foundation

/// The toolchain's own record of when each of its APIs came to macOS: every module it ships is
/// extracted with `swift symbolgraph-extract` (on Linux too, a symbol carries its Apple platforms'
/// availability), and read into `LateAPIs`.
enum ToolchainSymbols {
    /// The late APIs of every module of the toolchain, or why they could not be read.
    /// `unread`: the modules that could not be extracted, which the check says.
    static func lateAPIs(after floor: MacOSVersion) -> Result<
        (apis: LateAPIs, modules: Int, unread: [String]), Failure
    > {
        let info = runProcess(
            "/usr/bin/env", arguments: ["swift", "-print-target-info"], timeout: 60, outputCap: 1 << 20)
        guard info.succeeded,
            let json = try? JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any],
            let target = json["target"] as? [String: Any], let triple = target["triple"] as? String,
            let platform = target["platform"] as? String,
            let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else { return .failure(Failure("swift -print-target-info failed: \(info.stderr.prefix(300))")) }
        let folder = "\(resources)/\(platform)"
        let modules = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }.sorted()
        guard modules.contains("Swift") else {
            return .failure(Failure("no Swift.swiftmodule in \(folder): cannot read the toolchain's availability"))
        }
        let output = NSTemporaryDirectory() + "racelab-symbols-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var apis = LateAPIs(floor: floor)
        apis.modules = Set(modules)
        var read = Set<String>()
        var unread: [String] = []
        for module in modules {
            let folder = "\(output)/\(module)"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let result = runProcess(
                "/usr/bin/env",
                arguments: [
                    "swift", "symbolgraph-extract", "-module-name", module, "-target", triple, "-output-dir", folder,
                ], timeout: 120, outputCap: 8 << 20)
            // A module that does not extract (a C++ overlay without its flags) has no Swift API to check.
            guard result.succeeded else {
                if module == "Swift" {
                    return .failure(
                        Failure("swift symbolgraph-extract -module-name Swift failed: \(result.stderr.prefix(300))"))
                }
                unread.append(module)
                continue
            }
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where file.hasSuffix(".symbols.json") && !read.contains(file) {
                // `_Concurrency@Swift.symbols.json` comes with Swift and with _Concurrency: read once.
                read.insert(file)
                if let data = FileManager.default.contents(atPath: "\(folder)/\(file)") { apis.add(symbolGraph: data) }
            }
        }
        return .success((apis, modules.count - unread.count, unread))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
