/// A record as one text and back: how the build renders a record like any other output file
/// (so that its key comes from what it read) and hands it to the index. Each field is its
/// length in UTF-8 bytes, a colon and its bytes (`-` for a value that is absent); lists are
/// their count then their items. `SearchRecord(text:)` reads back exactly what `text` wrote.
extension SearchRecord {
    public var text: String {
        var out = ""
        out.reserveCapacity(body.utf8.count + 128)
        func put(_ value: String?) {
            guard let value else { out += "-"; return }
            out += "\(value.utf8.count):"
            out += value
        }
        put(kind.rawValue); put(slug); put(name); put(officialName); put(capital); put(motto)
        put(String(aliases.count))
        for alias in aliases { put(alias) }
        put(countryName); put(countrySlug)
        put(thumbnail?.file)
        if let thumbnail { put(String(thumbnail.width)); put(String(thumbnail.height)) }
        put(body)
        return out
    }

    /// The record `text` wrote; nil for any other text.
    public init?(text: String) {
        var reader = FieldReader(bytes: Array(text.utf8))
        guard let kindName = reader.field(), let kind = Kind(rawValue: kindName ?? ""),
              let slug = reader.field().flatMap({ $0 }), let name = reader.field().flatMap({ $0 }),
              let officialName = reader.field(), let capital = reader.field(), let motto = reader.field(),
              let count = reader.field().flatMap({ $0 }).flatMap({ Int($0) }), count >= 0 else { return nil }
        var aliases: [String] = []
        for _ in 0..<count {
            guard let alias = reader.field().flatMap({ $0 }) else { return nil }
            aliases.append(alias)
        }
        guard let countryName = reader.field(), let countrySlug = reader.field(), let file = reader.field() else { return nil }
        var thumbnail: Thumbnail?
        if let file {
            guard let width = reader.field().flatMap({ $0 }).flatMap({ Int($0) }),
                  let height = reader.field().flatMap({ $0 }).flatMap({ Int($0) }) else { return nil }
            thumbnail = Thumbnail(file: file, width: width, height: height)
        }
        guard let body = reader.field().flatMap({ $0 }), reader.atEnd else { return nil }
        self.init(kind: kind, slug: slug, name: name, officialName: officialName, capital: capital, motto: motto,
                  aliases: aliases, countryName: countryName, countrySlug: countrySlug, thumbnail: thumbnail, body: body)
    }
}

private struct FieldReader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset == bytes.count }

    /// The next field: nil when the text ends or is not a field, `.some(nil)` for an absent value.
    mutating func field() -> String?? {
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            return .some(nil)
        }
        var length = 0
        while offset < bytes.count, bytes[offset] != UInt8(ascii: ":") {
            let digit = Int(bytes[offset]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit), length < bytes.count else { return nil }
            length = length * 10 + digit
            offset += 1
        }
        guard offset < bytes.count, length <= bytes.count - offset - 1 else { return nil }
        offset += 1
        defer { offset += length }
        return .some(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
    }
}
