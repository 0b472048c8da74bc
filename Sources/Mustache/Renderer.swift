/// Renders parsed templates by walking their nodes, writing UTF-8 bytes to `output`.
/// One renderer serves one render call; the templates it reads are shared and immutable.
struct Renderer {
    /// Partials and parents by name.
    let templates: [String: ParsedTemplate]
    /// Interpolating a missing key, or including a missing partial, is an error.
    let strict: Bool
    var output: [UInt8] = []

    private var stack: [MustacheValue]
    /// The blocks given by the parents being rendered, outermost first (the outermost wins).
    private var overrides: [BlockDefinition] = []
    /// How lines of the template being rendered are re-indented.
    var indentation = Indentation.none
    /// Set while expanding a block inline: the first line of the content, if it begins right
    /// where the expansion began, loses `width` blanks and gets no other indentation.
    var initialDrop: (mark: Int, width: Int)?
    private var depth = 0
    private static let maximumDepth = 200

    init(templates: [String: ParsedTemplate], strict: Bool, context: MustacheValue) {
        self.templates = templates
        self.strict = strict
        self.stack = [context]
        output.reserveCapacity(16 * 1024)
    }

    var string: String { String(decoding: output, as: UTF8.self) }

    mutating func render(_ nodes: [Node], path: String) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let chunk): write(chunk)
            case .variable(let variable): try interpolate(variable, path: path)
            case .section(let section): try render(section, path: path)
            case .partial(let partial): try include(partial, path: path)
            case .parent(let parent): try inherit(parent, path: path)
            case .slot(let slot): try expand(slot, path: path)
            }
        }
    }

    // MARK: Names

    /// The value a name resolves to, nil when it resolves to nothing.
    private func lookup(_ name: ContextName) -> MustacheValue? {
        guard let first = name.components.first else { return stack.last }
        var index = stack.count - 1
        var found: MustacheValue?
        while index >= 0 {
            if let value = stack[index].member(first) {
                found = value
                break
            }
            index -= 1
        }
        guard var value = found else { return nil }
        var component = 1
        while component < name.components.count {
            guard let next = value.member(name.components[component]) else { return nil }
            value = next
            component += 1
        }
        return value
    }

    // MARK: Tags

    private mutating func interpolate(_ variable: Variable, path: String) throws(MustacheError) {
        guard let value = lookup(variable.name) else {
            if strict { throw variable.position.error("unknown key \"\(variable.name.text)\"", in: path) }
            return
        }
        switch value {
        case .null: break
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): append(int)
        case .double(let double): append(double)
        case .string(let string): if variable.escaped { appendEscaped(string) } else { append(string) }
        case .array:
            if strict { throw variable.position.error("key \"\(variable.name.text)\" is a list, not text", in: path) }
        case .object, .dynamic:
            if strict { throw variable.position.error("key \"\(variable.name.text)\" is an object, not text", in: path) }
        }
    }

    private mutating func render(_ section: Section, path: String) throws(MustacheError) {
        let value = lookup(section.name)
        if section.inverted {
            if value?.isFalsy ?? true { try render(section.nodes, path: path) }
            return
        }
        guard let value, !value.isFalsy else { return }
        if case .array(let items) = value {
            for item in items {
                stack.append(item)
                try render(section.nodes, path: path)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try render(section.nodes, path: path)
            stack.removeLast()
        }
    }

    private mutating func include(_ partial: PartialInclusion, path: String) throws(MustacheError) {
        guard let template = try resolve(partial.reference, at: partial.position, path: path) else { return }
        try enter(at: partial.position, path: path)
        let saved = indentation
        indentation = partial.indentation.map { indentation.then(Indentation(drop: 0, add: $0)) } ?? .none
        initialDrop = nil
        try render(template.nodes, path: template.path)
        indentation = saved
        depth -= 1
    }

    private mutating func inherit(_ parent: ParentInclusion, path: String) throws(MustacheError) {
        guard let template = try resolve(parent.reference, at: parent.position, path: path) else { return }
        try enter(at: parent.position, path: path)
        let savedOverrides = overrides
        let savedIndentation = indentation
        if !parent.definitions.isEmpty { overrides += parent.definitions }
        indentation = parent.indentation.map { indentation.then(Indentation(drop: 0, add: $0)) } ?? .none
        initialDrop = nil
        try render(template.nodes, path: template.path)
        overrides = savedOverrides
        indentation = savedIndentation
        depth -= 1
    }

    private mutating func expand(_ slot: BlockSlot, path: String) throws(MustacheError) {
        guard let index = overrides.firstIndex(where: { $0.name == slot.name }) else {
            try render(slot.nodes, path: path)
            return
        }
        let definition = overrides[index]
        let saved = indentation
        indentation = indentation.then(Indentation(drop: definition.indentWidth, add: slot.indentation))
        if slot.standalone {
            if !definition.startsAtLineStart { output += indentation.add }
        } else if definition.startsAtLineStart {
            initialDrop = (output.count, definition.indentWidth)
        }
        depth += 1
        if depth > Self.maximumDepth {
            throw MustacheError(path: definition.path, line: 1, column: 1,
                                message: "block \"\(slot.name)\" includes itself")
        }
        try render(definition.nodes, path: definition.path)
        depth -= 1
        indentation = saved
        initialDrop = nil
    }

    /// The template a partial or parent tag names; nil (in lenient mode) when there is none.
    private func resolve(_ reference: TemplateReference, at position: SourcePosition, path: String)
        throws(MustacheError) -> ParsedTemplate?
    {
        var name = reference.name
        if let dynamic = reference.dynamic {
            guard let value = lookup(dynamic) else {
                if strict { throw position.error("unknown key \"\(dynamic.text)\"", in: path) }
                return nil
            }
            guard case .string(let string) = value else { return nil }
            name = string
        }
        guard let template = templates[name] else {
            if strict { throw position.error("missing partial \"\(name)\"", in: path) }
            return nil
        }
        return template
    }

    private mutating func enter(at position: SourcePosition, path: String) throws(MustacheError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw position.error("partials nested more than \(Self.maximumDepth) deep (a template including itself?)", in: path)
        }
    }
}
