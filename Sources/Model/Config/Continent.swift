import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// A continent of the gallery: its name as written in front matter, the heading of its
/// gallery section and the slug of that section's anchor.
public struct Continent: Hashable, Sendable {
    public var name: String
    public var heading: String
    public var slug: String
    /// Its name as the pages show it: `name` in the default language, CLDR's in another one
    /// (`Amérique du Nord`; see `SiteConfig.inLanguage`). `name` stays what front matter writes.
    public var label: String

    public init(name: String, heading: String, slug: String? = nil, label: String? = nil) {
        self.name = name
        self.heading = heading
        self.slug = slug ?? Slug.make(name)
        self.label = label ?? name
    }
}
