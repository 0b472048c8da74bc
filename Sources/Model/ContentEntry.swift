import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// A country, a city or a page of one's own of the guide: one content file after the front matter, Markdown and
/// field stages, validated, with everything the model needs about it except its rendered
/// body. `SiteModel` holds these entries themselves (its `countries` and `cities`), and so do
/// the render stage, page keys and the search index. Small enough to keep in the build
/// manifest, so that an unchanged file is neither read nor parsed again (its body is rendered
/// again only if a page that shows it is rendered again; see `BodyStore`). A class: entries
/// are shared by the manifest, the model stage and page keys, and copied often.
package final class ContentEntry: Sendable {
    package typealias Kind = ContentKind

    package let kind: Kind
    /// Site-relative, such as `content/cities/madrid.md`.
    package let path: String
    /// SHA-256 of the file's bytes.
    package let digest: Digest
    /// SHA-256 of its front matter (the bytes before the body): what the entry is made of.
    package let frontMatterDigest: Digest
    package let name: String
    package let officialName: String?
    package let capital: String?
    package let motto: String?
    /// A country's continents, by name, as configured (`SiteModel.continents(of:)` gives
    /// them as `Continent` values).
    package let continents: [String]
    /// Other names to find it by in search (`aliases: [Holland]`).
    package let aliases: [String]
    /// The slugs the entry had before it was renamed (`redirect_from: [old-slug]`), each with
    /// where it is written: each old address gets a page that sends readers on to this one.
    package let redirects: [Redirect]
    /// A city's country, by slug (nil for a country).
    package let country: String?
    /// A city's `position` (nil for a country, and for a city without one).
    package let position: GeoPosition?
    /// A country's ISO 3166-1 alpha-2 code, upper case, from its `iso:` or its name (nil for a
    /// city, and for a country whose name is none of ISO's).
    package let isoCode: String?
    /// A country's flag or a city's picture (the theme's placeholder when there is none).
    package let image: ImageSource
    /// Front matter keys the generator does not know, as written, for templates.
    package let extra: [YAMLEntry]
    /// Site-relative paths of the content files the body links to.
    package let links: [String]
    /// Absolute paths of the other files of the site the body links to (a PDF, a file of
    /// `static/`): published where `OutputPath.published` says.
    package let files: [String]
    /// Absolute paths of the pictures inside the body.
    package let bodyImages: [String]
    /// The thumbnails of those pictures (file names in the output's `images/`).
    package let bodyImageFiles: [String]
    /// What is merely odd in the file (a key like a known one misspelt, no continent, the
    /// placeholder text of `gazetteer new`): kept with the entry, so that a build that does
    /// not read the file again says them again.
    package let warnings: [Diagnostic]
    /// `draft: true`: left out of the build unless drafts are asked for (`--drafts`, `serve`).
    package let draft: Bool
    /// A page of one's own's place in the header's menu (`menu: 1` first); nil: in the footer.
    package let menu: Int?

    /// When it was written (`date:`), for the feed.
    package let date: EntryDate?
    /// When the build record first held the file (seconds since 1970; 0 when not known):
    /// the feed's date of an entry without `date`.
    package let firstSeen: Int64
    /// What is said of its picture or flag (`picture_credit:`, `flag_license:`...).
    package let credit: PictureCredit?

    /// From the file name (kept: it is asked for often).
    package let slug: String
    /// The language of a translation (`france.fr.md`: `fr`), nil for an entry itself; from
    /// the file name (kept: every entry is asked, several times a build, in a guide of
    /// several languages).
    package let language: String?
    /// Whether the file has a body. A translation without one shows its entry's text; for a
    /// translation, `extra` holds every key of its front matter as written (see `translated(by:into:)`).
    package let hasBody: Bool

    package init(kind: Kind, path: String, digest: Digest, frontMatterDigest: Digest, name: String, officialName: String? = nil,
         capital: String? = nil, motto: String? = nil, aliases: [String] = [], redirects: [Redirect] = [], continents: [String] = [], country: String? = nil,
         position: GeoPosition? = nil, isoCode: String? = nil,
         image: ImageSource, extra: [YAMLEntry], links: [String], files: [String] = [], bodyImages: [String], bodyImageFiles: [String],
         draft: Bool = false, menu: Int? = nil, warnings: [Diagnostic] = [], date: EntryDate? = nil, firstSeen: Int64 = 0,
         credit: PictureCredit? = nil, hasBody: Bool = true, slug: String? = nil, language: String?? = nil) {
        self.hasBody = hasBody
        (self.date, self.firstSeen, self.credit) = (date, firstSeen, credit)
        (self.kind, self.path, self.digest, self.frontMatterDigest, self.name) = (kind, path, digest, frontMatterDigest, name)
        (self.officialName, self.capital, self.motto, self.continents, self.country) = (officialName, capital, motto, continents, country)
        (self.position, self.isoCode) = (position, isoCode)
        (self.aliases, self.redirects, self.warnings, self.files, self.draft, self.menu) = (aliases, redirects, warnings, files, draft, menu)
        (self.image, self.extra, self.links, self.bodyImages, self.bodyImageFiles) = (image, extra, links, bodyImages, bodyImageFiles)
        // Given when known (a translation's is its entry's), else from the file name.
        self.slug = slug ?? ContentKind.slug(ofPath: path)
        self.language = language ?? ContentKind.language(ofPath: path)
    }

    /// An old slug of an entry, from its `redirect_from`.
    package struct Redirect: Hashable, Sendable {
        package var slug: String
        /// Where the old slug is written in the entry's file.
        package var location: SourceLocation
        package init(slug: String, location: SourceLocation) {
            self.slug = slug
            self.location = location
        }
    }

    /// The same entry, first held by the build record at `firstSeen`.
    package func seen(at firstSeen: Int64) -> ContentEntry {
        firstSeen == self.firstSeen ? self : ContentEntry(
            kind: kind, path: path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, officialName: officialName,
            capital: capital, motto: motto, aliases: aliases, redirects: redirects, continents: continents, country: country,
            position: position, isoCode: isoCode, image: image, extra: extra, links: links, files: files, bodyImages: bodyImages, bodyImageFiles: bodyImageFiles,
            draft: draft, menu: menu, warnings: warnings, date: date, firstSeen: firstSeen, credit: credit, hasBody: hasBody,
            slug: slug, language: .some(language))
    }

    /// The date the feed gives it: its `date`, else its first appearance in the build record.
    package var feedDate: EntryDate { date ?? EntryDate(seconds: firstSeen) }
    /// `feedDate`'s instant, without making its text.
    package var feedSeconds: Int64 { date?.seconds ?? firstSeen }

    /// Its page (see `OutputPath`).
    package var outputPath: String { OutputPath.page(kind, slug: slug) }
}

extension ContentEntry {
    /// Whether this entry says what `other` says of everything the model's lists are made of,
    /// but its position: the same kind, fields, picture, dates, extras and file, its front matter
    /// or its place aside (a city moved, a comment in its front matter edited). The lists of
    /// the model (which entries there are, in what order, their names, initials, dates and
    /// credits) are then as they were, but those made of the cities' places (`SiteModel.nearby`,
    /// the placed cities). Every stored property but `digest`, `frontMatterDigest`, `position`
    /// and `warnings` is compared: `ContentEntryTests` fails when one is added, so that it is
    /// added here too.
    package func differsAtMostInPlace(from other: ContentEntry) -> Bool {
        kind == other.kind && path == other.path && name == other.name && officialName == other.officialName
            && capital == other.capital && motto == other.motto && continents == other.continents
            && aliases == other.aliases && redirects == other.redirects && country == other.country
            && isoCode == other.isoCode && image == other.image && extra == other.extra && links == other.links
            && files == other.files && bodyImages == other.bodyImages && bodyImageFiles == other.bodyImageFiles
            && draft == other.draft && menu == other.menu && date == other.date && firstSeen == other.firstSeen
            && credit == other.credit && slug == other.slug && language == other.language && hasBody == other.hasBody
    }

    /// The stored properties `differsAtMostInPlace(from:)` leaves out, and those it compares.
    package static let propertiesLeftOutOfPlaceComparison: Set<String> = ["digest", "frontMatterDigest", "position", "warnings"]
    package static let propertiesInPlaceComparison: Set<String> = [
        "kind", "path", "name", "officialName", "capital", "motto", "continents", "aliases", "redirects", "country", "isoCode",
        "image", "extra", "links", "files", "bodyImages", "bodyImageFiles", "draft", "menu", "date", "firstSeen", "credit",
        "slug", "language", "hasBody",
    ]
}
