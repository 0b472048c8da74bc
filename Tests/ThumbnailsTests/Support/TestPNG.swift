/// Builds PNG files byte by byte (uncompressed deflate), so tests control every chunk.
enum TestPNG {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// A PNG of `width` x `height`: colour type 0 (grey), 2 (RGB) or 6 (RGBA), each pixel `pixel`.
    static func image(width: Int, height: Int, colourType: UInt8 = 2, bitDepth: UInt8 = 8, pixel: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += pixel }
        }
        return file([header(width: width, height: height, colourType: colourType, bitDepth: bitDepth),
                     Chunk(type: "IDAT", data: zlibStored(raw)), Chunk(type: "IEND", data: [])])
    }

    static func header(width: Int, height: Int, colourType: UInt8 = 2, bitDepth: UInt8 = 8) -> Chunk {
        Chunk(type: "IHDR", data: be32(width) + be32(height) + [bitDepth, colourType, 0, 0, 0])
    }

    static func file(_ chunks: [Chunk]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for chunk in chunks {
            let typed = Array(chunk.type.utf8) + chunk.data
            out += be32(chunk.data.count) + typed + be32(Int(crc32(typed)))
        }
        return out
    }

    /// The offset of the 4 CRC bytes of the first chunk of `type` in `png`.
    static func crcOffset(of type: String, in png: [UInt8]) -> Int? {
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[offset + 4..<offset + 8]) == Array(type.utf8) { return offset + 8 + length }
            offset += 12 + length
        }
        return nil
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var index = 0
        repeat {
            let count = min(65_535, data.count - index)
            let final: UInt8 = index + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[index..<index + count]
            index += count
        } while index < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
