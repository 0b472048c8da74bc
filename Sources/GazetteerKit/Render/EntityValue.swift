import Mustache

/// A country or city as templates see it: its fields, and `body`, rendered from Markdown
/// only when a template asks for it (a list page that shows names and pictures never does).
/// To templates it is the same as an object with a `body` key.
struct EntityValue: MustacheObject {
    var fields: [String: MustacheValue]
    /// The content file whose body `body` is.
    var bodyOf: String
    var bodies: BodyStore
    /// Where the page records the bodies it reads.
    var scope: PageScope

    func value(forKey key: String) -> MustacheValue? {
        guard key == "body" else { return fields[key] }
        scope.read(bodyOf: bodyOf)
        return .string(bodies.html(for: bodyOf))
    }
}
