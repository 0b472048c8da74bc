/// One template's text, the name partials and parents use for it, and its path for messages.
public struct TemplateSource: Sendable {
    /// How `{{> name}}` and `{{< name}}` refer to it, as `partials/img`.
    public var name: String
    /// Where it came from, for error messages, as `templates/partials/img.mustache`.
    public var path: String
    /// The template itself.
    public var text: String

    public init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        self.text = text
    }
}
