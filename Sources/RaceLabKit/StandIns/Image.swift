/// A small grey-scale image with real pixels, for filters that really compute: the stand-in for
/// UIImage and Core Image, which Linux lacks.
public struct Image: Equatable, Sendable {
    public let name: String
    public let width: Int
    public let height: Int
    /// Row by row, 0 (black) to 255 (white).
    public let pixels: [UInt8]

    public init(name: String, width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "an image needs width x height pixels")
        self.name = name
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A deterministic test picture: diagonal stripes whose spacing depends on `number`.
    public static func generated(_ number: Int, size: Int = 64) -> Image {
        var pixels = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                pixels[y * size + x] = ((x + y * number) / (number + 1)) % 2 == 0 ? 230 : 25
            }
        }
        return Image(name: "image \(number)", width: size, height: size, pixels: pixels)
    }

    /// A 3 x 3 box blur: every pixel becomes the mean of itself and its neighbours.
    public func blurred() -> Image {
        var output = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0
                var count = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                        sum += Int(pixels[ny * width + nx])
                        count += 1
                    }
                }
                output[y * width + x] = UInt8(sum / count)
            }
        }
        return Image(name: name + " (blurred)", width: width, height: height, pixels: output)
    }

    /// FNV-1a over the pixels, in hex: equal images, equal checksums; so a transcript can check them.
    public var checksum: String {
        var hash: UInt32 = 2_166_136_261
        for pixel in pixels {
            hash = (hash ^ UInt32(pixel)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

extension Image {
    /// An "aged photo": lower contrast, lifted blacks, and a fixed grain.
    public func aged() -> Image {
        var output = pixels
        for y in 0..<height {
            for x in 0..<width {
                let grain = (x * 7 + y * 13) % 9 - 4
                let value = 40 + Int(pixels[y * width + x]) * 7 / 10 + grain
                output[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return Image(name: name + " (aged)", width: width, height: height, pixels: output)
    }

    /// Darkens the image towards its corners.
    public func vignette() -> Image {
        var output = pixels
        let (cx, cy) = (Double(width - 1) / 2, Double(height - 1) / 2)
        let reach = (cx * cx + cy * cy).squareRoot()
        for y in 0..<height {
            for x in 0..<width {
                let distance = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                let keep = 1 - 0.6 * (distance / max(reach, 1)) * (distance / max(reach, 1))
                output[y * width + x] = UInt8(Double(pixels[y * width + x]) * keep)
            }
        }
        return Image(name: name + " (vignette)", width: width, height: height, pixels: output)
    }
}
