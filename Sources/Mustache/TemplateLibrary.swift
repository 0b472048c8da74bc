/// A set of templates parsed once, that name each other as partials and parents, rendered by
/// name any number of times, from any number of threads.
public struct TemplateLibrary: Sendable {
    private let templates: [String: ParsedTemplate]
    private let sources: [String: TemplateSource]

    /// Parses every template; throws every parse error of every template at once.
    public init(_ sources: [TemplateSource]) throws(MustacheErrorList) {
        var templates: [String: ParsedTemplate] = [:]
        var errors: [MustacheError] = []
        for source in sources {
            var parser = Parser(source)
            if let template = parser.parse() {
                if let earlier = templates[source.name] {
                    errors.append(MustacheError(path: source.path, line: 1, column: 1,
                                                message: "a second template named \"\(source.name)\" (the first is \(earlier.path))"))
                }
                templates[source.name] = template
            }
            errors += parser.errors
        }
        guard errors.isEmpty else { throw MustacheErrorList(errors) }
        self.templates = templates
        self.sources = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The text of the template `name`, as given: to trace a piece of output back to the line
    /// that wrote it.
    public func source(of name: String) -> TemplateSource? { sources[name] }

    /// A name a template looks up (`{{flag.table.src}}`, `{{#picture.card}}`), for checking
    /// templates against what their data can hold before anything renders.
    public struct Lookup: Sendable, Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        /// The parts of a dotted name (`["flag", "table", "src"]`; empty for `.`).
        public var components: [String]
    }

    /// Every name every template looks up, in template and source order.
    public var lookups: [Lookup] {
        templates.keys.sorted().flatMap { name in
            let template = templates[name]!
            return template.lookups.map {
                Lookup(path: template.path, line: $0.position.line, column: $0.position.column, components: $0.name.components)
            }
        }
    }

    /// The names of all templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Renders the template `name` with `context` at the bottom of the context stack.
    /// In strict mode an interpolation of a name that resolves to nothing, and a partial or
    /// parent that does not exist, are errors; otherwise (the spec) they render nothing.
    /// `included` is told the name of `name` and of every partial and parent the rendering
    /// looks up (found or not), as it looks them up. `limits` bounds the work of one render
    /// (see `RenderLimits`).
    public func render(_ name: String, context: MustacheValue, strict: Bool, included: ((String) -> Void)? = nil,
                       limits: RenderLimits = .standard)
        throws(MustacheError) -> String
    {
        included?(name)
        guard let template = templates[name] else {
            throw MustacheError(path: name, line: 1, column: 1, message: "no template named \"\(name)\"")
        }
        var renderer = Renderer(templates: templates, strict: strict, context: context, limits: limits)
        renderer.included = included
        try renderer.render(template)
        return renderer.string
    }

    /// The names of the partials and parents `name` may include, directly or through each
    /// other (static names only; `{{>*name}}` is resolved at render time). Names without a
    /// template are included, so that adding that template can be noticed.
    public func dependencies(of name: String) -> Set<String> {
        var found: Set<String> = []
        var pending = Array(templates[name]?.references ?? [])
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += templates[next]?.references ?? []
        }
        return found
    }
}
