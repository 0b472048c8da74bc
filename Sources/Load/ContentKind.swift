import Foundation

/// The two kinds of content file: a country (`content/countries/`) or a city (`content/cities/`).
package enum ContentKind: UInt8, Sendable {
    /// A page of one's own (`content/pages/about.md`): a title and a text, in the menu or the footer.
    case country = 0, city = 1, page = 2

    /// The folder of the site that holds files of this kind.
    package var folder: String {
        switch self {
        case .country: "content/countries"
        case .city: "content/cities"
        case .page: "content/pages"
        }
    }

    /// The kind of the content file at site-relative `path`, by its folder.
    package static func of(path: String) -> ContentKind {
        for kind in [ContentKind.country, .page] where path.hasPrefix(kind.folder + "/") { return kind }
        return .city
    }

    /// What a file of this kind is, in a word.
    package var word: String {
        switch self {
        case .country: "country"
        case .city: "city"
        case .page: "page"
        }
    }

    /// Whether the file name of `path` has a dot before its `.md` (only then may it be a translation).
    private static func hasTwoDotsInName(_ path: String) -> Bool {
        var dots = 0
        for byte in path.utf8.reversed() {
            if byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return dots > 1
    }

    /// The language a content file's name says it is a translation into: `france.fr.md` is
    /// the French text of `france.md` (`fr`), `porto.pt-BR.md` Brazilian Portuguese; nil for
    /// a file whose name has no such part (`france.md`, `st.lucia.md`: `lucia` is no code).
    package static func language(ofPath path: String) -> String? {
        guard hasTwoDotsInName(path) else { return nil }
        // The last component, found in the bytes (asked for every entry of every build).
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...]
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLanguage(ofName: Array(name.utf8)) }
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return nil }
        let code = stem[stem.index(after: dot)...]
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }),
              parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) } })
        else { return nil }
        return String(code)
    }

    /// `language(ofPath:)` for a name all in ASCII, on its bytes: by `Character`, the
    /// search for the dots and the code's checks were a fifth of the scan of a guide in two
    /// languages, its 10,000 translations asked on every build.
    private static func asciiLanguage(ofName name: [UInt8]) -> String? {
        let dot = UInt8(ascii: "."), dash = UInt8(ascii: "-")
        guard name.count > 3, name.suffix(3).elementsEqual(".md".utf8) else { return nil }
        let stem = name.dropLast(3)
        guard let last = stem.lastIndex(of: dot), last != stem.startIndex else { return nil }
        let code = stem[(last + 1)...]
        let parts = code.split(separator: dash, omittingEmptySubsequences: false)
        func letter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        func digit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(letter),
              parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { letter($0) || digit($0) } })
        else { return nil }
        return String(decoding: code, as: UTF8.self)
    }

    /// The path of the entry a translation is of (`content/countries/france.fr.md` ->
    /// `content/countries/france.md`); `path` itself when it is no translation.
    package static func untranslated(_ path: String) -> String {
        guard let code = language(ofPath: path) else { return path }
        return untranslated(path, code: code)
    }

    /// `path` without its `.code.md` (cut among the bytes, not the characters), and `.md`.
    private static func untranslated(_ path: String, code: String) -> String {
        String(Substring(path.utf8.dropLast(code.utf8.count + 4))) + ".md"
    }

    /// The path of the translation of the entry at `path` into `code` (`france.md`, `fr` ->
    /// `france.fr.md`).
    package static func translation(of path: String, into code: String) -> String {
        String(untranslated(path).dropLast(3)) + "." + code + ".md"
    }

    /// The slug a content file's name gives it (`content/cities/São Paulo.md` -> `são-paulo`);
    /// a translation has its entry's (`france.fr.md` -> `france`).
    package static func slug(ofPath path: String) -> String {
        slug(ofPath: path, language: hasTwoDotsInName(path) ? language(ofPath: path) : nil)
    }

    /// `slug(ofPath:)` of a file whose name's language (`language(ofPath:)`) is known already:
    /// the scan asks both of every content file.
    package static func slug(ofPath path: String, language code: String?) -> String {
        if let code { return slug(ofPath: untranslated(path, code: code)) }
        let name = Array(path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8[path.utf8.index(after: $0)...] } ?? path.utf8[...])
        // Most file names are slugs already (`sao-paulo.md`): then the slug is the name
        // without `.md`, and the slow general way below would give the same.
        if name.count > 3, name.suffix(3).elementsEqual(".md".utf8) {
            let stem = name.dropLast(3)
            var previous = UInt8(ascii: "-")
            var plain = true
            for byte in stem {
                let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                if !letter && (byte != UInt8(ascii: "-") || previous == UInt8(ascii: "-")) || byte == UInt8(ascii: ".") {
                    plain = false
                    break
                }
                previous = byte
            }
            if plain, previous != UInt8(ascii: "-") { return String(decoding: stem, as: UTF8.self) }
        }
        return Slug.make((path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: ""))
    }
}
