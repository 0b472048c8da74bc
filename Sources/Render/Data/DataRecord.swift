import Thumbnails
import Load
import FrontMatter
import Model

/// One country or city as data (the fields are documented in docs/templates.md): every front
/// matter value, its page's address, its picture's thumbnails with their sizes, its text as
/// HTML and as plain text, and the entries it links to (a country's cities, a city's
/// country). Every address is relative to the file the record is written in.
package struct DataRecord: Sendable {
    package var entry: ContentEntry
    /// Its flag's or picture's thumbnails, by preset (see `DataRecord.presets`).
    package var thumbnails: [String: ThumbnailPlan]
    /// Its body as the page shows it, and as plain text.
    package var html: String
    package var text: String
    /// A country's cities, in the guide's order; a city's country.
    package var linked: [ContentEntry]
    /// A country's continents as the record names them: as its front matter writes them in
    /// the default language, by their names in the record's language in another (CLDR's).
    package var continents: [String]
    /// The folder of the record's language ("", `fr/`): its file is there, and its links to
    /// thumbnails, which every language shares, lead out of it to the site's root.
    package var folder = ""

    package init(entry: ContentEntry, thumbnails: [String: ThumbnailPlan], html: String, text: String, linked: [ContentEntry]) {
        (self.entry, self.thumbnails, self.html, self.text, self.linked) = (entry, thumbnails, html, text, linked)
        continents = entry.continents
    }

    /// The presets a record lists its picture in: those the default theme shows every flag
    /// or picture in (not `icon`, which it shows only for countries that have cities), so
    /// that with it the data files ask for no thumbnail the pages do not make.
    package static func presets(_ kind: ContentKind) -> [String] {
        switch kind {
        case .country: ["gallery", "large", "table"]
        case .city: ["card", "small"]
        case .page: []
        }
    }

    /// A record file's own fields, or a collection's row: without `$schema`, `html` and
    /// `text`, with `record` (the address of the record file).
    package enum Form: Sendable { case file, row }

    /// The record as written at `file` (site-relative).
    package func value(_ form: Form, at file: String) -> JSONValue {
        func link(_ target: String) -> JSONValue { .string(PagePath.relative(from: file, to: target)) }
        var pairs: [(String, JSONValue)] = []
        if form == .file { pairs.append(("$schema", link(DataPaths.recordSchema(entry.kind)))) }
        pairs += [("kind", .string(DataPaths.name(entry.kind))), ("slug", .string(entry.slug)), ("name", .string(entry.name))]
        switch entry.kind {
        case .country:
            pairs += [
                ("official_name", JSONValue(entry.officialName)), ("capital", JSONValue(entry.capital)),
                ("motto", JSONValue(entry.motto)), ("continents", .array(continents.map { .string($0) })),
            ]
        case .city:
            pairs.append(("country", linked.first.map { reference($0, at: file) } ?? .null))
        case .page:
            pairs.append(("menu", entry.menu.map { .int($0) } ?? .null))
        }
        pairs.append(("aliases", .array(entry.aliases.map { .string($0) })))
        pairs.append(("extra", .object(entry.extra.map { ($0.key, JSONValue(yaml: $0.value)) })))
        pairs.append(("url", link(entry.outputPath)))
        if form == .row { pairs.append(("record", link(DataPaths.record(entry)))) }
        if entry.kind != .page { pairs.append((entry.kind == .country ? "flag" : "picture", picture(at: file))) }
        if form == .file { pairs += [("html", .string(html)), ("text", .string(text))] }
        if entry.kind == .country { pairs.append(("cities", .array(linked.map { reference($0, at: file) }))) }
        return .object(pairs)
    }

    /// Another entry as a link: its slug, name, page and record.
    private func reference(_ other: ContentEntry, at file: String) -> JSONValue {
        .object([
            ("slug", .string(other.slug)), ("name", .string(other.name)),
            ("url", .string(PagePath.relative(from: file, to: other.outputPath))),
            ("record", .string(PagePath.relative(from: file, to: DataPaths.record(other)))),
        ])
    }

    /// `file` as the front matter names it (null for the theme's placeholder), `placeholder`,
    /// `thumbnails`: by preset, each scale's `url`, `width`, `height` and `scale`, and what
    /// the front matter says of it: `caption`, `credit`, `license` (each null when not given).
    private func picture(at file: String) -> JSONValue {
        let image = entry.image
        let presets: [(String, JSONValue)] = thumbnails.keys.sorted().map { preset in
            (preset, .array(thumbnails[preset]!.images.map { made in
                .object([
                    ("url", .string(PagePath.relative(from: folder + file, to: OutputPath.image(made.fileName)))),
                    ("width", .int(made.width)), ("height", .int(made.height)), ("scale", .int(made.scale)),
                ])
            }))
        }
        let credit = image.isPlaceholder ? nil : entry.credit
        return .object([
            ("file", image.isPlaceholder ? .null : .string(image.written)),
            ("placeholder", .bool(image.isPlaceholder)),
            ("thumbnails", .object(presets)),
            ("caption", JSONValue(credit?.caption)), ("credit", JSONValue(credit?.credit)), ("license", JSONValue(credit?.license)),
        ])
    }
}

extension DataRecord {
    /// The record file's bytes, for `DataPaths.record(entry)`.
    package var file: [UInt8] { JSONWriter.encode(value(.file, at: DataPaths.record(entry))) }
}
