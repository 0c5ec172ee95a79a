/// FNV-1a, 64 bits: a quick fingerprint of bytes that is the same in every run (Swift's `Hasher` is
/// seeded afresh per process). Not a secure hash: it tells a change, it does not withstand an attack.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    var hex: String { String(value, radix: 16) }
}
