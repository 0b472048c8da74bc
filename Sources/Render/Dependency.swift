import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// Where a value a page read came from. While a page renders, every value its templates
/// look up records its dependency into the page's `PageScope`; the page is the same as long
/// as every dependency it recorded has the same value (see `DependencyValues`).
///
/// A template that branches on a value records that value, so a page whose recorded values
/// are unchanged renders the same way and reads the same values again.
package struct Dependency: Hashable, Comparable, Sendable {
    package enum Kind: UInt8, Sendable, CaseIterable {
        /// A content file's front matter: every field of its entity but `body` (`name`
        /// holds the site-relative path of the file).
        case frontMatter = 0
        /// A content file's body, as HTML.
        case body = 1
        /// The picture (a city's) or flag (a country's) of the content file `name`: its bytes.
        case image = 2
        /// The countries of the guide, in order.
        case countries = 3
        /// The cities of the guide, in order.
        case cities = 4
        /// The cities of the country whose slug is `name`, in order.
        case citiesOf = 5
        /// How many cities the country whose slug is `name` has.
        case cityCount = 6
        /// The continents that have countries, in order.
        case sections = 7
        /// The countries of the continent `name`, in order.
        case continent = 8
        /// The settings file.
        case settings = 9
        /// The template or partial `name` (missing or not).
        case template = 10
        /// The path of every page for readers (`PageRenderer.listedPaths`).
        case pages = 11
        /// One page of a list in pages (`name` is `<list>#<number>`, the list `cities`,
        /// `country/<slug>` or `continent/<name>`): the entries it holds with their initials,
        /// the number of pages, and the page each letter of the list begins on.
        case slice = 12
        /// How many cities the countries of the continent `name` have.
        case continentCities = 13
        /// Whether the theme has the template `name` (not its text): the continent pages and
        /// the links to them exist only when it has `continent` and `continents`.
        case templateExists = 14
        /// The cities nearest the city whose file is `name` (`SiteModel.nearby`): each one's
        /// file, name and distance as shown.
        case nearby = 15
        /// The cities that have a position, in order: each one's file (what `data/cities.geojson`
        /// lists; a city without one is not in it, whatever becomes of it).
        case places = 16
        /// The pages of one's own, in order, with what the navigation shows of them (their
        /// front matter: title and `menu`).
        case freePages = 17
        /// A file of the output a link of the page points at (`name`, a site-relative path):
        /// whether it exists, so that a page is checked again when a file it links to goes.
        case target = 18
        /// The newest entries (`SiteModel.newest`), in order, with their dates: what the feed lists.
        case newest = 19
        /// The entries whose picture or flag has a credit (`SiteModel.credited`), with what
        /// each says; with `name` "any", only whether there is one (the link to the credits page).
        case credits = 20
        /// A word of the theme (`name` is `<language>/<word>`: `fr/capital`), as the page's
        /// language shows it (see `ThemeWords.word(_:in:)`).
        case word = 21
    }

    package var kind: Kind
    package var name: String

    package init(_ kind: Kind, _ name: String = "") {
        self.kind = kind
        self.name = name
    }

    package static func < (a: Dependency, b: Dependency) -> Bool {
        a.kind != b.kind ? a.kind.rawValue < b.kind.rawValue : a.name < b.name
    }

    /// The kinds whose value depends on the language a page is in (its model's lists: the
    /// order and initials of its names, its nearby cities...). A page in a language other
    /// than the default records them with that language's code before the name
    /// (`inLanguage(_:)`); what a translation says is read from its own file (`.frontMatter`
    /// of `france.fr.md`), the settings, templates and files of the output are the same in
    /// every language.
    package static let languageKinds: Set<Kind> = [
        .countries, .cities, .citiesOf, .cityCount, .sections, .continent, .slice, .continentCities, .nearby, .places,
        .freePages, .newest, .credits,
    ]
    /// The kinds whose value is one entry's (`name` is its file's path): what its file says,
    /// and its pictures' stamps.
    package static let entryKinds: Set<Kind> = [.frontMatter, .body, .image]
    /// The kinds of `languageKinds` and `entryKinds` as bits: asked of each of a manifest's
    /// dependencies on every build, where a set hashed every kind.
    fileprivate static let languageBits = bits(languageKinds)
    fileprivate static let entryBits = bits(entryKinds)
    private static func bits(_ kinds: Set<Kind>) -> UInt64 {
        kinds.reduce(0) { bits, kind in
            precondition(kind.rawValue < 64)
            return bits | 1 << UInt64(kind.rawValue)
        }
    }
    private static let separator: Character = "\u{1F}"
    private static let separatorByte: UInt8 = 0x1F

    /// The same dependency for a page in the language `code` (`fr\u{1F}` before the name);
    /// itself when its value is the same in every language.
    package func inLanguage(_ code: String) -> Dependency {
        guard !code.isEmpty, kind.isLanguageKind else { return self }
        return Dependency(kind, code + String(Self.separator) + name)
    }

    /// The language a dependency was recorded in and the dependency itself (nil for the
    /// default language's, and for one whose value is the same in every language).
    package var language: (code: String, dependency: Dependency)? {
        // Looked for among the bytes (the separator, a control character, is a character of
        // its own): by `Character`, the search broke every name into graphemes, a tenth of
        // the values' time when the lists change.
        guard kind.isLanguageKind, let split = name.utf8.firstIndex(of: Self.separatorByte) else { return nil }
        return (String(name[..<split]), Dependency(kind, String(name[name.utf8.index(after: split)...])))
    }

    package static func frontMatter(_ path: String) -> Dependency { Dependency(.frontMatter, path) }
    package static func body(_ path: String) -> Dependency { Dependency(.body, path) }
    package static func image(_ path: String) -> Dependency { Dependency(.image, path) }
    package static func citiesOf(_ slug: String) -> Dependency { Dependency(.citiesOf, slug) }
    package static func cityCount(_ slug: String) -> Dependency { Dependency(.cityCount, slug) }
    package static func continent(_ name: String) -> Dependency { Dependency(.continent, name) }
    package static func template(_ name: String) -> Dependency { Dependency(.template, name) }
    package static func slice(_ list: String, page: Int) -> Dependency { Dependency(.slice, "\(list)#\(page)") }
    package static func continentCities(_ name: String) -> Dependency { Dependency(.continentCities, name) }
    package static func templateExists(_ name: String) -> Dependency { Dependency(.templateExists, name) }
    package static func nearby(_ path: String) -> Dependency { Dependency(.nearby, path) }
    package static func target(_ path: String) -> Dependency { Dependency(.target, path) }
    package static func word(_ key: String, in language: String) -> Dependency { Dependency(.word, language + "/" + key) }
    package static let countries = Dependency(.countries)
    package static let cities = Dependency(.cities)
    package static let sections = Dependency(.sections)
    package static let settings = Dependency(.settings)
    package static let pages = Dependency(.pages)
    package static let places = Dependency(.places)
    package static let freePages = Dependency(.freePages)
    package static let newest = Dependency(.newest)
    package static let credits = Dependency(.credits)
    package static let anyCredits = Dependency(.credits, "any")
}

extension Dependency.Kind {
    /// One of `Dependency.languageKinds`: its value is made of a language's lists.
    package var isLanguageKind: Bool { Dependency.languageBits & 1 << UInt64(rawValue) != 0 }
    /// One of `Dependency.entryKinds`: its value is one entry's.
    package var isEntryKind: Bool { Dependency.entryBits & 1 << UInt64(rawValue) != 0 }
}
