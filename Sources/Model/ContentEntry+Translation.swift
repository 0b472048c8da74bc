import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

extension ContentEntry {
    /// The front matter and Markdown stages for a translation (`france.fr.md`): its body is
    /// rendered for its page in its language (links to entries lead to their pages in that
    /// language), and its front matter kept as written (`extra` holds every key), to be laid
    /// over its entry's in the model stage (`translated(by:into:)`). Every key is optional;
    /// one that is not a text of the entry (a city's `country`, a `position`) is a warning:
    /// it is the entry's in every language.
    static func processTranslation(
        _ content: ParsedContent, code: String, digest: Digest, frontMatterDigest: Digest, kind: Kind, context: SourceContext,
        diagnostics: inout [Diagnostic]
    ) -> (entry: ContentEntry?, body: MarkdownBody) {
        let file = content.file
        var renderer = context.bodyRenderer
        renderer.languageFolder = code + "/"
        let body = renderer.render(
            content.document, of: file, outputPath: code + "/" + OutputPath.page(kind, slug: content.slug), diagnostics: &diagnostics)
        var entries: [YAMLEntry] = []
        var warnings: [Diagnostic] = []
        var problems: [Diagnostic] = []
        switch content.document.frontMatter.value {
        case .mapping(let list): entries = list
        case .null: break
        default: problems.append(Diagnostic("the front matter must be a mapping of keys", at: content.document.frontMatter.location))
        }
        let known = kind == .country ? countryKeys : kind == .city ? cityKeys : pageKeys
        for entry in entries where !Translations.translatableKeys.contains(entry.key) && known.contains(entry.key) {
            warnings.append(.warning(
                "\"\(entry.key)\" is the entry's in every language: a translation gives only its texts "
                    + "(\(Translations.translatableKeys.sorted().joined(separator: ", ")), extras and the body); remove it here",
                at: entry.keyLocation))
        }
        for entry in entries where entry.key == "aliases" {
            if case .sequence = entry.value.value {} else if entry.value.text == nil {
                problems.append(Diagnostic("aliases must be a list of names", at: entry.value.location))
            }
        }
        for entry in entries where ["name", "official_name", "capital", "motto", "title"].contains(entry.key) && entry.value.text == nil {
            if case .null = entry.value.value { continue }
            problems.append(Diagnostic("\(entry.key) must be text", at: entry.value.location))
        }
        diagnostics += problems
        guard problems.isEmpty else { return (nil, body) }
        let name = entries.first { $0.key == (kind == .page ? "title" : "name") }?.value.text ?? ""
        let hasBody = !content.document.body.allSatisfy(\.isWhitespace)
        let entry = ContentEntry(
            kind: kind, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name,
            image: context.shared.image(ImageSource(file: context.theme.cityPlaceholder, written: "placeholder",
                                                    location: content.document.frontMatter.location, isPlaceholder: true)),
            extra: entries, links: body.links, files: body.files, bodyImages: body.images.map(\.request.source.path),
            bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) }, warnings: warnings.sorted(), hasBody: hasBody)
        return (entry, body)
    }

    /// The entry as a page in the language `code` shows it: with what its translation `t`
    /// gives laid over it (its texts, its extras, its body when it has one), or as it is when
    /// there is no translation. Its `path` is the translation's (`france.fr.md`), whether the
    /// file exists or not, so that what a page in that language reads is recorded as read
    /// from it (and the page is made again when the translation comes, changes or goes); its
    /// digests are both files'.
    ///
    /// A country whose translation gives no `name` is named by CLDR in that language, from its
    /// ISO code, when its names in the default language `base` are that code's
    /// (`RegionNames.country(_:named:base:in:)`): a pure function of its front matter and the
    /// language, so recorded by the reads of its front matter like any other name.
    package func translated(by t: ContentEntry?, into code: String, base: String = "en") -> ContentEntry {
        let path = ContentKind.translation(of: self.path, into: code)
        let regionName = kind == .country
            ? RegionNames.country(isoCode, named: [name] + (officialName.map { [$0] } ?? []) + aliases, base: base, in: code) : nil
        guard let t else {
            return ContentEntry(
                kind: kind, path: path, digest: digest, frontMatterDigest: frontMatterDigest, name: regionName ?? name, officialName: officialName,
                capital: capital, motto: motto, aliases: aliases, redirects: redirects, continents: continents, country: country,
                position: position, isoCode: isoCode, image: image, extra: extra, links: links, files: files, bodyImages: bodyImages,
                bodyImageFiles: bodyImageFiles, draft: draft, menu: menu, warnings: [], date: date, firstSeen: firstSeen, credit: credit,
                hasBody: hasBody, slug: slug, language: .some(code))
        }
        // A translation gives a few keys: looked for in its list (the last of a key given
        // twice), not hashed into a table for each of 10,000 entries.
        let given = t.extra
        func value(_ key: String) -> YAMLEntry? { given.last { $0.key == key } }
        func text(_ key: String, _ own: String?) -> String? {
            guard let entry = value(key) else { return own }
            if case .null = entry.value.value { return own }
            return entry.value.text ?? own
        }
        var aliases = self.aliases
        if let list = value("aliases") {
            if case .sequence(let items) = list.value.value { aliases = items.compactMap(\.text) } else if let one = list.value.text { aliases = [one] }
        }
        let known = kind == .country ? Self.countryKeys : kind == .city ? Self.cityKeys : Self.pageKeys
        var extra = self.extra.map { value($0.key) ?? $0 }
        let own = self.extra
        extra += t.extra.filter { entry in !known.contains(entry.key) && !own.contains { $0.key == entry.key } }
        var credit = self.credit
        if let caption = text(kind == .country ? "flag_caption" : "picture_caption", nil) {
            credit = PictureCredit(caption: caption, credit: credit?.credit, license: credit?.license)
        }
        let body = t.hasBody ? t : self
        return ContentEntry(
            kind: kind, path: path, digest: Digest(combining: digest, t.digest),
            frontMatterDigest: Digest(combining: frontMatterDigest, t.frontMatterDigest),
            name: text(kind == .page ? "title" : "name", regionName ?? name) ?? name, officialName: text("official_name", officialName),
            capital: text("capital", capital), motto: text("motto", motto), aliases: aliases, redirects: redirects, continents: continents,
            country: country, position: position, isoCode: isoCode, image: image, extra: extra, links: body.links, files: body.files,
            bodyImages: body.bodyImages, bodyImageFiles: body.bodyImageFiles, draft: draft, menu: menu, warnings: [], date: date,
            firstSeen: firstSeen, credit: credit, hasBody: body.hasBody, slug: slug, language: .some(code))
    }
}

extension Digest {
    /// The digest of two digests, in order: what an entry shown through a translation is made of.
    package init(combining first: Digest, _ second: Digest) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for word in [first.a, first.b, first.c, first.d, second.a, second.b, second.c, second.d] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        self.init(of: bytes)
    }
}
