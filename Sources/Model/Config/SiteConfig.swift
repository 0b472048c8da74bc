import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// The site's settings: `gazetteer.yaml`, with defaults for everything it leaves out.
package struct SiteConfig: Sendable {
    package var title = "Gazetteer"
    package var baseURL: String?
    package var language = "en"
    /// `languages:`, the default first; empty for a guide in one language (`language`).
    package var languages: [LanguageSetting] = []
    /// What a language other than the default does with an entry that has no translation
    /// into it (`untranslated:`): shows it in the default language with a note (`fallback`),
    /// or leaves it out (`omit`: no page, no row, no link to it in that language).
    package var untranslated: Untranslated = .fallback

    package enum Untranslated: String, Sendable, CaseIterable {
        case fallback, omit
    }
    /// Gallery sections, in order.
    package var continents: [Continent] = SiteConfig.defaultContinents
    /// Thumbnail presets by name; templates use them by name (`{{#flag.table}}`).
    package var presets: [String: ThumbnailSpec] = SiteConfig.defaultPresets
    package var markdown = MarkdownOptions()
    /// Largest source image accepted, in pixels.
    package var maxImagePixels = 100_000_000
    /// Most entries on one page of a list (the City Guide, a country's cities, a continent's countries).
    package var pageSize = 100
    /// Whether the site has a search box and index (`search: false` turns them off).
    package var search = true
    /// Which data files the site has (`data: false` turns them all off).
    package var data = DataSettings()
    /// How many days a thumbnail no page uses stays in the cache (`thumbnail_cache_days`).
    package var thumbnailCacheDays = 7

    package init() {}

    /// Whether the guide has pages in more than one language.
    package var isMultilingual: Bool { languages.count > 1 }

    /// The settings of the pages in the language `code` of `languages` (its title, its
    /// collation, its continents' names from CLDR; its own search index and data files,
    /// under its folder).
    package func inLanguage(_ setting: LanguageSetting) -> SiteConfig {
        var config = self
        config.language = setting.code
        if let title = setting.title { config.title = title }
        config.continents = continents.map {
            Continent(name: $0.name, heading: $0.heading, slug: $0.slug, label: RegionNames.continent($0.name, in: setting.code))
        }
        return config
    }

    /// The path of the site on its server: base_url's (`/guide/`), else `/`.
    package var sitePath: String {
        guard let baseURL, let components = URLComponents(string: baseURL), !components.path.isEmpty else { return "/" }
        return components.path.hasSuffix("/") ? components.path : components.path + "/"
    }

    package static let defaultContinents: [Continent] = [
        Continent(name: "Africa", heading: "African Flags"),
        Continent(name: "Asia", heading: "Asian Flags"),
        Continent(name: "Australasia", heading: "Australasian Flags"),
        Continent(name: "Europe", heading: "European Flags"),
        Continent(name: "North America", heading: "North American Flags"),
        Continent(name: "South America", heading: "South American Flags"),
        Continent(name: "Antarctica", heading: "Antarctic Flags"),
    ]

    package static let defaultPresets: [String: ThumbnailSpec] = [
        "table": ThumbnailSpec(width: 115, height: 75, mode: .fit),
        "gallery": ThumbnailSpec(width: 88, height: 49, mode: .fit),
        "large": ThumbnailSpec(width: 360, height: 240, mode: .fit),
        "icon": ThumbnailSpec(width: 36, height: 24, mode: .fit),
        "card": ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)),
        "small": ThumbnailSpec(width: 125, height: 94, mode: .fill(.centre)),
        "content": ThumbnailSpec(width: 720, height: 720, mode: .fit),
    ]

    /// The preset images inside Markdown bodies use.
    package static let contentPreset = ImagePlanner.contentPreset
}
