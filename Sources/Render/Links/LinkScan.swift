/// The `href` and `src` attributes of an HTML page, as written (entities decoded), with the
/// byte offset of each value: a plain byte scan, run on every page a build renders, so it
/// allocates only for the values it returns.
///
/// It looks for ` href=` and ` src=` (any blank before, any case) followed by a quoted or
/// unquoted value; text that merely spells them (`<code>href="x"</code>`) has its `<`, `>` and
/// quotes escaped by the renderers and is not taken for an attribute.
package enum LinkScan {
    package struct Found: Sendable, Equatable {
        package var value: String
        /// Where the value starts in the page's UTF-8.
        package var offset: Int
    }

    package static func scan(_ html: String) -> [Found] {
        var html = html
        return html.withUTF8 { scan(bytes: $0) }
    }

    static func scan(bytes: UnsafeBufferPointer<UInt8>) -> [Found] {
        var found: [Found] = []
        let count = bytes.count
        var index = 0
        // Inside a tag (after `<x`, before `>`): only there is an attribute looked for.
        var inTag = false
        while index < count {
            let byte = bytes[index]
            if !inTag {
                if byte == UInt8(ascii: "<"), index + 1 < count, isLetter(bytes[index + 1]) { inTag = true }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: ">"):
                inTag = false
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A value of another attribute: skipped whole.
                var end = index + 1
                while end < count, bytes[end] != byte { end += 1 }
                index = end + 1
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\u{0C}"):
                index += 1
                guard let nameEnd = attribute(in: bytes, at: index) else { continue }
                var at = nameEnd
                while at < count, isBlank(bytes[at]) { at += 1 }
                guard at < count, bytes[at] == UInt8(ascii: "=") else { index = nameEnd; continue }
                at += 1
                while at < count, isBlank(bytes[at]) { at += 1 }
                guard at < count else { index = at; continue }
                let start: Int, end: Int
                if bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") {
                    let quote = bytes[at]
                    start = at + 1
                    var stop = start
                    while stop < count, bytes[stop] != quote { stop += 1 }
                    end = stop
                    index = min(stop + 1, count)
                } else {
                    start = at
                    var stop = start
                    while stop < count, !isBlank(bytes[stop]), bytes[stop] != UInt8(ascii: ">") { stop += 1 }
                    end = stop
                    index = stop
                }
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                found.append(Found(value: decoded(raw), offset: start))
            default:
                index += 1
            }
        }
        return found
    }

    /// The end of `href` or `src` starting at `index`, when one starts there.
    private static func attribute(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        for name in [hrefName, srcName] {
            guard index + name.count <= bytes.count else { continue }
            var same = true
            for (n, letter) in name.enumerated() where bytes[index + n] | 0x20 != letter { same = false; break }
            guard same else { continue }
            let end = index + name.count
            if end < bytes.count, isNameByte(bytes[end]) { continue }  // `hreflang`, `srcset`
            return end
        }
        return nil
    }

    private static let hrefName = Array("href".utf8)
    private static let srcName = Array("src".utf8)

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0C
    }
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The value with the entities renderers write decoded (`&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;`, numeric).
    static func decoded(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        let text = String(decoding: raw, as: UTF8.self)
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else { result += "&"; rest = after.dropFirst(); continue }
            let name = after[after.index(after: amp)..<semi]
            if let character = entity(String(name)) {
                result.append(character)
                rest = after[after.index(after: semi)...]
            } else {
                result += "&"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }

    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case "lt": return "<"
        case "gt": return ">"
        default:
            let digits = name.dropFirst()
            guard name.hasPrefix("#") else { return nil }
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
