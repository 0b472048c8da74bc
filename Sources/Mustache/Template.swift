/// One template parsed once, rendered with plain JSON data and partials given as text.
/// The site generator uses `TemplateLibrary`; this is the spec's view of an engine.
public struct Template: Sendable {
    private let template: ParsedTemplate

    /// Parses `source`; `path` names it in error messages.
    public init(source: String, path: String = "template") throws(MustacheError) {
        var parser = Parser(TemplateSource(name: path, path: path, text: source))
        guard let template = parser.parse() else { throw parser.errors[0] }
        self.template = template
    }

    /// Renders with `json` as returned by `JSONSerialization` (or built of Swift values)
    /// in the spec's lenient mode.
    public func render(json: Any, partials: [String: String] = [:]) throws(MustacheError) -> String {
        try render(MustacheValue(json: json), partials: partials, strict: false)
    }

    public func render(_ context: MustacheValue, partials: [String: String] = [:], strict: Bool = false,
                       limits: RenderLimits = .standard) throws(MustacheError) -> String
    {
        var parsed: [String: ParsedTemplate] = [:]
        for (name, text) in partials {
            var parser = Parser(TemplateSource(name: name, path: name, text: text))
            guard let partial = parser.parse() else { throw parser.errors[0] }
            parsed[name] = partial
        }
        var renderer = Renderer(templates: parsed, strict: strict, context: context, limits: limits)
        try renderer.render(template)
        return renderer.string
    }
}
