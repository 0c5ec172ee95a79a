import Foundation

/// How lesson 12 and the runner ask the toolchain what Swift 6 says of a file: language mode 6, up to
/// SIL, where region-based isolation (SE-0414) is checked (`-typecheck` stops before it and says
/// nothing of a value used after it was sent, measured with Swift 6.3.1). The page shows the
/// diagnostics; `racelab check` adds `-verify`, which holds the file's `expected-…` comments to them.
public enum Swift6Compiler {
    public static func arguments(_ file: String, verify: Bool) -> [String] {
        ["swiftc", "-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6"]
            + (verify ? ["-Xfrontend", "-verify"] : ["-diagnostic-style", "llvm"]) + [file]
    }

    /// Whether a line of the compiler's output is a diagnostic ("file:line:col: error: …"), not the
    /// source excerpt shown under one.
    public static func isDiagnostic(_ line: String) -> Bool {
        line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ")
    }
}
