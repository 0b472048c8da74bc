import Mustache
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// A country or city as templates see it: its fields, and `body`, rendered from Markdown
/// only when a template asks for it (a list page that shows names and pictures never does).
/// To templates it is the same as an object with a `body` key.
///
/// Every lookup records where its value comes from into the page's scope: `body` from the
/// file's body, a country's `cities` and `city_count` from its cities' files, any other key
/// (found or not) from the file's front matter.
package struct EntityValue: MustacheObject {
    package var fields: [String: MustacheValue]
    /// The content file this entity comes from.
    package var path: String
    /// A country's slug (nil for a city).
    package var countrySlug: String?
    package var bodies: BodyStore
    /// Where the page records what it reads.
    package var scope: PageScope

    package func value(forKey key: String) -> MustacheValue? {
        switch key {
        case "body":
            scope.read(.body(path))
            return .string(bodies.html(for: path))
        case "cities" where countrySlug != nil:
            scope.read(.citiesOf(countrySlug!))
        case "city_count" where countrySlug != nil:
            scope.read(.cityCount(countrySlug!))
        default:
            scope.read(.frontMatter(path))
        }
        return fields[key]
    }
}

/// Fields of which some come from the guide's lists: looking one of those up records the
/// list into the page's scope. The others are made of the page itself and the settings.
package struct ListedFields: MustacheObject {
    package var fields: [String: MustacheValue]
    /// The keys whose values come from a list, and the list.
    package var lists: [String: Dependency]
    package var scope: PageScope

    package func value(forKey key: String) -> MustacheValue? {
        if let list = lists[key] { scope.read(list) }
        return fields[key]
    }
}
