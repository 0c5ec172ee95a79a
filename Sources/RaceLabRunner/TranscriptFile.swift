import Foundation

/// A transcript read from its file as an author may have saved it: UTF-8 with or without a byte-order
/// mark, lines ended by LF or CRLF (a Windows editor, git's `core.autocrlf`). Anything else is a
/// transcript error that says where.
extension Transcript {
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(line: 0, message: "cannot be read (no such file, or not readable)")
        }
        try self.init(parsing: try Self.text(of: [UInt8](data)))
    }

    /// The file's text, its byte-order mark dropped and CRLF read as LF.
    static func text(of bytes: [UInt8]) throws -> String {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = bytes.starts(with: bom) ? Array(bytes.dropFirst(bom.count)) : bytes
        if let bad = firstInvalidUTF8(body) {
            let offset = bad + (body.count < bytes.count ? bom.count : 0)
            let line = body[..<bad].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw Problem(
                line: line,
                message:
                    "not UTF-8, at byte \(offset + 1) (line \(line)): a transcript is text, saved as UTF-8 (is this the right file?)"
            )
        }
        return String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
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
