import Diagnostics

/// Relative links between output files, so the site works from disk, under any sub-path
/// and at a domain root.
package enum PagePath {
    private static let slash = UInt8(ascii: "/")

    /// From the page at `page` to the site root: `""` or `"../"` and so on.
    package static func root(of page: String) -> String {
        String(repeating: "../", count: page.utf8.reduce(0) { $1 == slash ? $0 + 1 : $0 })
    }

    /// The link from the page at `from` to the file at `to` (both site-relative paths).
    package static func relative(from: String, to: String) -> String {
        var from = from
        var to = to
        return from.withUTF8 { f in
            to.withUTF8 { t in
                // The folder of `from`, up to and including its last slash.
                var folderEnd = 0
                for index in 0..<f.count where f[index] == slash { folderEnd = index + 1 }
                // The folders `from` and `to` share: equal bytes up to a slash.
                var common = 0
                var index = 0
                while index < folderEnd, index < t.count, f[index] == t[index] {
                    if f[index] == slash { common = index + 1 }
                    index += 1
                }
                var ups = 0
                for index in common..<folderEnd where f[index] == slash { ups += 1 }
                return urlEncoded(String(repeating: "../", count: ups) + String(decoding: t[common...], as: UTF8.self))
            }
        }
    }

    /// `path` as it may stand in an `href`, `src` or `srcset`: bytes outside printable ASCII
    /// (the UTF-8 of `大阪`), and the few ASCII characters URLs or srcset reserve, percent-encoded.
    package static func urlEncoded(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            func plain(_ byte: UInt8) -> Bool {
                byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\"")
                    && byte != UInt8(ascii: "'") && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "?")
                    && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\\")
            }
            if bytes.allSatisfy(plain) { return String(decoding: bytes, as: UTF8.self) }
            let hex = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 3)
            for byte in bytes {
                if plain(byte) || byte == UInt8(ascii: "#") { out.append(byte) } else {
                    out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
