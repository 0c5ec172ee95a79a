import Foundation

extension Image {
    /// The image as a binary PGM (portable graymap): a header and the pixels, opened by common image
    /// viewers (and GIMP, ImageMagick, Preview with a converter…).
    public var pgmData: Data {
        Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }

    /// Reads a binary PGM as written by `pgmData`; nil for anything else.
    public init?(name: String, pgm data: Data) {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var field = ""
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1  // the one whitespace byte after the header
        guard fields.count == 4, fields[0] == "P5", let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255", bytes.count - index == width * height
        else { return nil }
        self.init(name: name, width: width, height: height, pixels: Array(bytes[index...]))
    }

    /// Writes the image into `output/<folder>/<file>.pgm` under the current folder and returns the path.
    @discardableResult
    public func write(to folder: String, as file: String) throws -> String {
        let directory = "output/\(folder)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/\(file).pgm"
        try pgmData.write(to: URL(fileURLWithPath: path))
        return path
    }
}
