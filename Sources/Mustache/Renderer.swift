/// Renders compiled templates by running their instructions, writing UTF-8 bytes to `output`.
/// One renderer serves one render call; the templates it reads are shared and immutable.
struct Renderer: ~Copyable {
    /// Partials and parents by name.
    let templates: [String: ParsedTemplate]
    /// Interpolating a missing key, or including a missing partial, is an error.
    let strict: Bool
    var output = OutputBuffer(capacity: 16 * 1024)
    /// Told the name of every partial and parent looked up, found or not.
    var included: ((String) -> Void)?

    private var stack: [MustacheValue]
    /// The blocks given by the parents being rendered, outermost first (the outermost wins).
    private var blocks: [ActiveBlock] = []
    /// How lines of the template being rendered are re-indented.
    var indentation = Indentation.none
    /// How the first line is re-indented when it differs from the others: a block expanded
    /// inline continues a line whose indentation is already written, so its first line only
    /// loses the block's own indentation. Applies if nothing was written since `mark`.
    var firstLine: (mark: Int, indentation: Indentation)?
    /// Partials, parents and blocks being rendered inside each other.
    private var depth = 0
    private static let maximumDepth = 200
    /// Instruction runs inside each other: sections and everything `depth` counts. Checked
    /// where a partial, parent or block is entered; a template adds at most
    /// `TreeBuilder.maximumNesting` sections itself, so rendering never recurses deeper than
    /// about 350 levels: about 1 MB of stack in a debug build, much less in release (build threads have 8 MB).
    private var nesting = 0
    static let maximumNesting = 250
    /// Instructions run so far, checked against `limits`.
    private var steps = 0
    let limits: RenderLimits

    init(templates: [String: ParsedTemplate], strict: Bool, context: MustacheValue, limits: RenderLimits = .standard) {
        self.templates = templates
        self.strict = strict
        self.limits = limits
        self.stack = [context]
        stack.reserveCapacity(16)
    }

    var string: String { output.string }

    mutating func render(_ template: ParsedTemplate) throws(MustacheError) {
        try run(template, 0, template.ops.count)
    }

    /// Runs instructions `start..<end` of `template`.
    private mutating func run(_ template: ParsedTemplate, _ start: Int, _ end: Int) throws(MustacheError) {
        nesting += 1
        defer { nesting -= 1 }
        let ops = template.ops
        var index = start
        while index < end {
            let op = ops[index]
            steps += 1
            switch op.code {
            case .text:
                write(template, op)
                index += 1
            case .variable, .unescaped:
                try interpolate(template, op)
                index += 1
            case .section:
                try section(template, op, index)
                index = Int(op.b)
            case .inverted:
                if lookup(template.keys, Int(op.a), Int(op.c))?.isFalsy ?? true {
                    try run(template, index + 1, Int(op.b))
                }
                index = Int(op.b)
            case .partial:
                try include(template, op)
                index += 1
            case .parent:
                try inherit(template, template.parents[Int(op.a)])
                index = Int(op.b)
            case .slot:
                try expand(template, op, index)
                index = Int(op.b)
            }
        }
    }

    // MARK: Names

    /// The value the name made of keys `first..<first+count` resolves to, nil when it
    /// resolves to nothing. No keys is `.`, the top of the stack.
    private func lookup(_ keys: UnsafeMutableBufferPointer<String>, _ first: Int, _ count: Int) -> MustacheValue? {
        guard count > 0 else { return stack.last }
        var found: MustacheValue?
        stack.withUnsafeBufferPointer { frames in
            var index = frames.count - 1
            while index >= 0 {
                if let value = Self.member(frames[index], keys[first]) {
                    found = value
                    return
                }
                index -= 1
            }
        }
        guard var value = found else { return nil }
        var key = first + 1
        while key < first + count {
            guard let next = Self.member(value, keys[key]) else { return nil }
            value = next
            key += 1
        }
        return value
    }

    /// For a name that failed, the label of the object its last key was looked up in (see
    /// `MustacheError.subject`). Looks the name up again: only errors pay for it.
    private func subject(_ keys: UnsafeMutableBufferPointer<String>, _ first: Int, _ count: Int) -> String? {
        func label(_ value: MustacheValue) -> String? {
            if case .dynamic(let object) = value { object.label } else { nil }
        }
        guard count > 0 else { return stack.last.flatMap(label) }
        guard let frame = stack.lastIndex(where: { Self.member($0, keys[first]) != nil }) else {
            return stack.reversed().lazy.compactMap(label).first
        }
        var value = stack[frame]
        var found = label(value)
        var key = first
        while key < first + count - 1, let next = Self.member(value, keys[key]) {
            value = next
            found = label(value) ?? found
            key += 1
        }
        return found
    }

    private func lookup(_ name: ContextName) -> MustacheValue? {
        var components = name.components
        return components.withUnsafeMutableBufferPointer { lookup($0, 0, $0.count) }
    }

    @inline(__always)
    private static func member(_ value: borrowing MustacheValue, _ key: String) -> MustacheValue? {
        switch value {
        case .object(let dictionary): dictionary[key]
        case .dynamic(let object): object.value(forKey: key)
        default: nil
        }
    }

    // MARK: Tags

    private mutating func interpolate(_ template: ParsedTemplate, _ op: Op) throws(MustacheError) {
        guard let value = lookup(template.keys, Int(op.a), Int(op.c)) else {
            if strict { throw failure("unknown key \"\(template.names[Int(op.d)].text)\"", template, op) }
            return
        }
        switch value {
        case .null: break
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): append(int)
        case .double(let double): append(double)
        case .string(let string): if op.code == .variable { appendEscaped(string) } else { append(string) }
        case .array:
            if strict { throw failure("key \"\(template.names[Int(op.d)].text)\" is a list, not text", template, op) }
        case .object, .dynamic:
            if strict { throw failure("key \"\(template.names[Int(op.d)].text)\" is an object, not text", template, op) }
        }
    }

    private mutating func section(_ template: ParsedTemplate, _ op: Op, _ index: Int) throws(MustacheError) {
        guard let value = lookup(template.keys, Int(op.a), Int(op.c)), !value.isFalsy else { return }
        if case .array(let items) = value {
            for item in items {
                try checkBudget(template, template.namePositions[Int(op.d)])
                stack.append(item)
                try run(template, index + 1, Int(op.b))
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try run(template, index + 1, Int(op.b))
            stack.removeLast()
        }
    }

    private mutating func include(_ template: ParsedTemplate, _ op: Op) throws(MustacheError) {
        let position = Int(op.c)
        guard let partial = try resolve(template.templateReferences[Int(op.a)], template, position) else { return }
        try enter(template, position)
        let saved = indentation
        enterTemplate(indentation: op.b < 0 ? nil : template.indentations[Int(op.b)])
        try render(partial)
        indentation = saved
        firstLine = nil
        depth -= 1
    }

    private mutating func inherit(_ template: ParsedTemplate, _ parent: ParentInfo) throws(MustacheError) {
        guard let target = try resolve(template.templateReferences[parent.reference], template, parent.position)
        else { return }
        try enter(template, parent.position)
        let savedBlocks = blocks.count
        let savedIndentation = indentation
        for definition in parent.definitions {
            blocks.append(ActiveBlock(template: template, definition: definition))
        }
        enterTemplate(indentation: parent.indentation < 0 ? nil : template.indentations[parent.indentation])
        try render(target)
        blocks.removeSubrange(savedBlocks...)
        indentation = savedIndentation
        firstLine = nil
        depth -= 1
    }

    private mutating func expand(_ template: ParsedTemplate, _ op: Op, _ index: Int) throws(MustacheError) {
        let slot = template.slots[Int(op.a)]
        guard let block = blocks.first(where: { $0.template.definitions[$0.definition].name == slot.name }) else {
            try run(template, index + 1, Int(op.b))
            return
        }
        let definition = block.template.definitions[block.definition]
        let saved = indentation
        let own = Indentation(drop: definition.indentWidth, add: slot.indentation)
        indentation = indentation.then(own)
        if slot.standalone {
            // The slot's line is gone: the content's first line is a line of its own, unless
            // the slot stood on the first line of a block being expanded inline.
            let first = pendingFirstLine?.then(own)
            firstLine = first.map { (output.count, $0) }
            if !definition.startsAtLineStart { output.append((first ?? indentation).add) }
        } else {
            firstLine = definition.startsAtLineStart
                ? (output.count, Indentation(drop: definition.indentWidth, add: [])) : nil
        }
        depth += 1
        if depth > Self.maximumDepth {
            throw MustacheError(path: block.template.path, line: 1, column: 1,
                                message: "block \"\(slot.name)\" includes itself")
        }
        if nesting > Self.maximumNesting {
            throw MustacheError(path: block.template.path, line: 1, column: 1, message: Self.tooDeep)
        }
        try checkBudget(block.template, SourcePosition(line: 1, column: 1))
        try run(block.template, definition.content.lowerBound, definition.content.upperBound)
        depth -= 1
        indentation = saved
        firstLine = nil
    }

    /// The first-line indentation still to apply, if nothing was written since it was set.
    private var pendingFirstLine: Indentation? {
        guard let first = firstLine, first.mark == output.count else { return nil }
        return first.indentation
    }

    /// Sets the indentation for a partial or parent: a standalone tag's blanks added to
    /// every line, or none for an inline tag.
    private mutating func enterTemplate(indentation tag: [UInt8]?) {
        guard let tag else {
            indentation = .none
            firstLine = nil
            return
        }
        let own = Indentation(drop: 0, add: tag)
        firstLine = pendingFirstLine.map { (output.count, $0.then(own)) }
        indentation = indentation.then(own)
    }

    /// The template a partial or parent tag names; nil (in lenient mode) when there is none.
    private func resolve(_ reference: TemplateReference, _ template: ParsedTemplate, _ position: Int)
        throws(MustacheError) -> ParsedTemplate?
    {
        var name = reference.name
        if let dynamic = reference.dynamic {
            guard let value = lookup(dynamic) else {
                if strict { throw error("unknown key \"\(dynamic.text)\"", template, position) }
                return nil
            }
            guard case .string(let string) = value else { return nil }
            name = string
        }
        included?(name)
        guard let found = templates[name] else {
            if strict { throw error("missing partial \"\(name)\"", template, position) }
            return nil
        }
        return found
    }

    private mutating func enter(_ template: ParsedTemplate, _ position: Int) throws(MustacheError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("partials nested more than \(Self.maximumDepth) deep (a template including itself?)",
                        template, position)
        }
        if nesting > Self.maximumNesting { throw error(Self.tooDeep, template, position) }
        try checkBudget(template, template.positions[position])
    }

    /// Stops a render that has grown past what any page needs, at the section or partial
    /// that was about to repeat.
    private func checkBudget(_ template: ParsedTemplate, _ position: SourcePosition) throws(MustacheError) {
        if output.count > limits.outputBytes {
            throw position.error("the page is over \(Self.amount(limits.outputBytes, "byte")) (sections or partials "
                                 + "repeating each other?)", in: template.path)
        }
        if steps > limits.steps {
            throw position.error("rendering the page took over \(Self.amount(limits.steps, "step")) (sections or "
                                 + "partials repeating each other?)", in: template.path)
        }
    }

    /// `64 MB`, `50 million steps`, `300 steps`.
    private static func amount(_ count: Int, _ unit: String) -> String {
        if unit == "byte" { return count >= 1 << 20 ? "\(count >> 20) MB" : "\(count) bytes" }
        return count >= 1_000_000 ? "\(count / 1_000_000) million \(unit)s" : "\(count) \(unit)s"
    }

    private static let tooDeep =
        "sections and partials nested more than \(maximumNesting) deep while rendering (a template including itself?)"

    private func error(_ message: String, _ template: ParsedTemplate, _ position: Int) -> MustacheError {
        template.positions[position].error(message, in: template.path)
    }

    /// The error of an interpolation whose name failed, with the object it failed in.
    private func failure(_ message: String, _ template: ParsedTemplate, _ op: Op) -> MustacheError {
        var failure = error(message, template, Int(op.b))
        failure.subject = subject(template.keys, Int(op.a), Int(op.c))
        return failure
    }
}
