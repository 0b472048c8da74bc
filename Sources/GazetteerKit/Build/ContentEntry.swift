import Foundation

/// One content file after the front matter, Markdown and field stages: everything the model
/// needs about it except its rendered body. Small enough to keep in the build manifest, so
/// that an unchanged file is neither read nor parsed again (its body is rendered again only
/// if a page that shows it is rendered again; see `BodyStore`). A class: entries are shared
/// by the manifest, the model stage and page keys, and copied often.
final class ContentEntry: Sendable {
    enum Kind: UInt8, Sendable { case country = 0, city = 1 }

    let kind: Kind
    /// Site-relative, such as `content/cities/madrid.md`.
    let path: String
    /// SHA-256 of the file's bytes.
    let digest: Digest
    /// SHA-256 of its front matter (the bytes before the body): what the entry is made of.
    let frontMatterDigest: Digest
    let name: String
    let officialName: String?
    let capital: String?
    let motto: String?
    /// A country's continents, by name, as configured.
    let continents: [String]
    /// A city's country, by slug.
    let country: String?
    /// A country's flag or a city's picture (the theme's placeholder when there is none).
    let image: ImageSource
    /// Front matter keys the generator does not know, as written, for templates.
    let extra: [YAMLEntry]
    /// Site-relative paths of the content files the body links to.
    let links: [String]
    /// Absolute paths of the pictures inside the body.
    let bodyImages: [String]
    /// The thumbnails of those pictures (file names in the output's `images/`).
    let bodyImageFiles: [String]

    /// From the file name (kept: it is asked for often).
    let slug: String

    init(kind: Kind, path: String, digest: Digest, frontMatterDigest: Digest, name: String, officialName: String? = nil,
         capital: String? = nil, motto: String? = nil, continents: [String] = [], country: String? = nil,
         image: ImageSource, extra: [YAMLEntry], links: [String], bodyImages: [String], bodyImageFiles: [String]) {
        (self.kind, self.path, self.digest, self.frontMatterDigest, self.name) = (kind, path, digest, frontMatterDigest, name)
        (self.officialName, self.capital, self.motto, self.continents, self.country) = (officialName, capital, motto, continents, country)
        (self.image, self.extra, self.links, self.bodyImages, self.bodyImageFiles) = (image, extra, links, bodyImages, bodyImageFiles)
        slug = Self.slug(ofPath: path)
    }

    /// The slug a content file's name gives it (`content/cities/São Paulo.md` -> `sao-paulo`).
    static func slug(ofPath path: String) -> String {
        let name = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last.map { Array($0) } ?? []
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

    /// The page of a content file of this kind and slug.
    static func outputPath(kind: Kind, slug: String) -> String {
        kind == .country ? "countries/\(slug).html" : "cities/\(slug).html"
    }

}
