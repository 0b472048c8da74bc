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

    public init(name: String, heading: String, slug: String? = nil) {
        self.name = name
        self.heading = heading
        self.slug = slug ?? Slug.make(name)
    }
}
