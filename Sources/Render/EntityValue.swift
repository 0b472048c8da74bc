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
    /// The country or city (its content file, and a country's slug for its cities).
    package var entry: ContentEntry
    package var bodies: BodyStore
    /// Where the page records what it reads.
    package var scope: PageScope

    package func value(forKey key: String) -> MustacheValue? {
        switch key {
        case "body":
            scope.read(.body(entry.path))
            return .string(bodies.html(for: entry.path))
        case "cities" where entry.kind == .country:
            scope.read(.citiesOf(entry.slug))
        case "city_count" where entry.kind == .country:
            scope.read(.cityCount(entry.slug))
        default:
            scope.read(.frontMatter(entry.path))
        }
        return fields[key]
    }

    /// A template value missing from it is reported naming its file (see `TemplateErrors`).
    package var label: String? { entry.path }
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
