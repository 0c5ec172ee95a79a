import Foundation

/// A transcript read from its file as an author may have saved it: UTF-8 with or without a byte-order
/// mark, lines ended by LF, CRLF (a Windows editor, git's `core.autocrlf`) or CR. Anything else is a
/// transcript error that says what and where.
extension Transcript {
    /// The most a transcript file may hold: a page's expected output is a few KB.
    static let largestFile = 1 << 20

    public init(contentsOf path: String) throws {
        try self.init(parsing: try Self.text(of: try Self.bytes(at: path)))
    }

    /// The file's bytes, once it is known to be a file of a transcript's size.
    static func bytes(at path: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw Problem(line: 0, message: "no such file (or it cannot be read)")
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeSymbolicLink {  // still a link once resolved: it leads nowhere
            throw Problem(line: 0, message: "is a link to nothing (its target does not exist)")
        }
        guard type == .typeRegular else {
            throw Problem(
                line: 0,
                message: type == .typeDirectory
                    ? "is a folder, not a transcript file" : "is not a file of text (a device or a pipe)")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= largestFile else {
            throw Problem(
                line: 0,
                message:
                    "holds \(size) bytes: a transcript is a page's expected output, a few KB, and at most \(largestFile) bytes (is this the right file?)"
            )
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Problem(line: 0, message: "cannot be read (no permission?)")
        }
        defer { try? handle.close() }
        // At most one byte past the limit, whatever its size said.
        let data: Data
        do {
            data = try handle.read(upToCount: largestFile + 1) ?? Data()  // nil: at its end already
        } catch {
            throw Problem(line: 0, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= largestFile else {
            throw Problem(line: 0, message: "holds more than \(largestFile) bytes (is this the right file?)")
        }
        guard !data.isEmpty else { throw Problem(line: 0, message: "is empty") }
        return [UInt8](data)
    }

    /// The file's text: its byte-order mark dropped, CRLF and CR read as LF.
    static func text(of bytes: [UInt8]) throws -> String {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = bytes.starts(with: bom) ? bom.count : 0
        let body = Array(bytes.dropFirst(skipped))
        func line(at index: Int) -> Int { body[..<index].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }
        if let bad = firstInvalidUTF8(body) {
            throw Problem(
                line: line(at: bad),
                message:
                    "not UTF-8, at byte \(bad + skipped + 1) (line \(line(at: bad))): a transcript is text, saved as UTF-8 (is this the right file?)"
            )
        }
        if let nul = body.firstIndex(of: 0) {
            throw Problem(
                line: line(at: nul),
                message:
                    "a NUL byte at byte \(nul + skipped + 1) (line \(line(at: nul))): not text, or saved as UTF-16; save it as UTF-8"
            )
        }
        let text = String(decoding: withLineFeeds(body), as: UTF8.self)
        guard !text.allSatisfy(\.isWhitespace) else { throw Problem(line: 0, message: "is empty (blank lines only)") }
        if let mark = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: {
            $0.unicodeScalars.contains("\u{FEFF}")
        }) {
            throw Problem(
                line: mark + 1,
                message:
                    "an invisible byte-order mark (U+FEFF) in line \(mark + 1): an editor saved one twice; delete it")
        }
        return text
    }

    /// CR LF, a run of CRs before an LF (a file converted twice), and a lone CR (old Mac files) each
    /// become one LF.
    private static func withLineFeeds(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x0D else {
                result.append(bytes[index])
                index += 1
                continue
            }
            while index < bytes.count && bytes[index] == 0x0D { index += 1 }
            if index < bytes.count && bytes[index] == 0x0A { index += 1 }
            result.append(0x0A)
        }
        return result
    }
}

/// The index of the first byte that does not begin or continue a well-formed UTF-8 sequence (overlong
/// forms, surrogates and values past U+10FFFF included), or nil when all of it is UTF-8.
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        let length: Int
        var range: ClosedRange<UInt8> = 0x80...0xBF  // what the byte after the lead may be
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, range) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, range) = (3, 0x80...0x9F)
        case 0xF0: (length, range) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, range) = (4, 0x80...0x8F)
        default: return index
        }
        for next in 1..<length {
            guard index + next < bytes.count else { return index }
            let byte = bytes[index + next]
            guard next == 1 ? range.contains(byte) : (0x80...0xBF).contains(byte) else { return index }
        }
        index += length
    }
    return nil
}
