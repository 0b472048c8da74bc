/// The shape of every generated file: one call of the global registration function search.js
/// defines, `__gazetteerSearch("<name>", <json>);`, named after its content so that a changed
/// file always has a new name (browsers may cache files forever) and an unchanged one keeps it.
enum ScriptFile {
    /// The folder of the site the index lives in.
    static let folder = "search/"
    /// The one file with a fixed name: what the search box loads first.
    static let entryName = "index"

    /// Returns (name, path relative to the site root, bytes) for a content-hashed file.
    static func hashed(folder sub: String, json: [UInt8]) -> (name: String, path: String, bytes: [UInt8]) {
        let name = sub + "/" + ContentHash.name(of: json)
        return (name, folder + name + ".js", wrap(name: name, json: json))
    }

    /// The path relative to the site root of a file named `name` ("w/<hash>").
    static func path(of name: String) -> String { folder + name + ".js" }

    static func wrap(name: String, json: [UInt8]) -> [UInt8] {
        var out = Array("__gazetteerSearch(\"".utf8)
        out += name.utf8
        out += "\",".utf8
        out += json
        out += ");\n".utf8
        return out
    }
}

/// JSON text, written by hand so that output is byte-for-byte deterministic.
enum JSON {
    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text.utf8
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case UInt8(ascii: "\n"): out += [0x5C, UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [0x5C, UInt8(ascii: "t")]
            case ..<0x20: out += Array(String(format4: byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func string(bytes: [UInt8], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out += bytes
        out.append(UInt8(ascii: "\""))
    }

    static func string(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        string(text, into: &out)
        return out
    }
}

private extension String {
    /// `\u00XX` for a control character.
    init(format4 byte: UInt8) {
        let hex = Array("0123456789abcdef")
        self = "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
    }
}

/// 64-bit FNV-1a, written as ten base-32 digits (50 bits): collisions among the ~11,000 files
/// of a 10,000-page guide have a chance of about one in ten million.
enum ContentHash {
    static func name(of bytes: [UInt8]) -> String {
        let hash = value(of: bytes)
        let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
        var out = [UInt8](repeating: 0, count: 10)
        for i in 0..<10 { out[i] = alphabet[Int((hash >> UInt64(5 * i)) & 31)] }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 64 bits themselves.
    static func value(of bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
