/// Turns a token list into the node tree: matches tag pairs, removes standalone lines
/// (a line holding only a section, comment, partial, delimiter, parent or block tag),
/// marks where source lines begin, and works out the indentation of partials and blocks.
/// Sections, inverted sections, parents and blocks nest at most `maximumNesting` deep: past
/// that the template is refused with one error at the tag that goes too deep, so that nothing
/// after parsing (compiling, rendering, freeing the tree) recurses more than that.
/// Every step is linear in the template's size, however deep or long its lines.
struct TreeBuilder {
    static let maximumNesting = 100

    private let bytes: [UInt8]
    private let path: String
    private let lines: SourceLines
    private(set) var errors: [MustacheError] = []
    /// Names of the partials and parents named statically.
    private(set) var references: Set<String> = []

    private var frames: [BuilderFrame] = []
    /// Set when the nesting limit was passed: the rest of the template is not looked at.
    private var tooDeep = false

    init(bytes: [UInt8], path: String, lines: SourceLines) {
        self.bytes = bytes
        self.path = path
        self.lines = lines
    }

    mutating func build(_ tokens: [Token]) -> [Node] {
        let rootTag = Tag(kind: .section, content: "", start: 0, end: 0)
        frames = [BuilderFrame(kind: .root, name: "", open: rootTag, contentStart: 0)]
        var pendingText: Range<Int>?
        var skipTo = 0
        for token in tokens {
            if tooDeep { return [] }
            switch token {
            case .text(let range):
                pendingText = max(range.lowerBound, min(skipTo, range.upperBound))..<range.upperBound
            case .tag(let tag):
                let lineBegin = lineBeginning(before: tag.start)
                let leftClear = bytes[lineBegin..<tag.start].allSatisfy(\.isBlank)
                let lineEnd = endOfBlankRest(after: tag.end)
                let rightClear = lineEnd != nil
                let closing = tag.kind == .close ? frameClosed(by: tag) : nil
                let (trimLeft, trimRight, removed) = standalone(
                    tag, closing: closing, leftClear: leftClear, rightClear: rightClear)
                if let text = pendingText {
                    let end = trimLeft ? max(text.lowerBound, lineBegin) : text.upperBound
                    emitText(text.lowerBound..<end)
                    pendingText = nil
                }
                if tag.start == lineBegin && !removed {
                    emit(.text(TextChunk(bytes: [], lineStarts: [0])))
                }
                let contentStart = trimRight ? lineEnd! : tag.end
                if trimRight { skipTo = contentStart }
                let indentation = trimLeft ? Array(bytes[lineBegin..<tag.start]) : nil
                handle(tag, closing: closing, contentStart: contentStart, indentation: indentation,
                       leftClear: leftClear, standalone: removed, rightClear: rightClear)
            }
        }
        if tooDeep { return [] }
        if let text = pendingText { emitText(text) }
        while frames.count > 1 {
            let frame = frames[frames.count - 1]
            fail("unclosed \(frame.kindDescription) \"\(frame.name)\"", at: frame.open.start)
            finish(closingAt: bytes.count)
        }
        return frames[0].nodes
    }

    // MARK: Standalone lines

    /// Whether a tag removes the blanks before it on its line (`trimLeft`), the blanks and
    /// line end after it (`trimRight`), and whether its line is gone from the output (`removed`).
    private func standalone(_ tag: Tag, closing: Int?, leftClear: Bool, rightClear: Bool)
        -> (trimLeft: Bool, trimRight: Bool, removed: Bool)
    {
        let top = frames[frames.count - 1]
        switch tag.kind {
        case .variable, .unescaped:
            return (false, false, false)
        case .block where top.kind == .parent:
            // Inside a parent only blocks count: what is left of the tag is ignored,
            // and a line end right after it belongs to the tag, not to the content.
            return (false, rightClear, true)
        case .parent:
            // What follows the tag is inside the parent and ignored: only the left counts.
            return (leftClear, leftClear && rightClear, leftClear)
        case .close:
            let frame = closing.map { frames[$0] } ?? top
            switch frame.kind {
            case .definition:
                // The content ends at the start of the closing tag's line when only blanks precede it.
                return (leftClear, false, true)
            case .parent:
                let alone = frame.openLeftClear && rightClear
                return (false, alone, alone)
            default:
                let alone = leftClear && rightClear
                return (alone, alone, alone)
            }
        default:
            let alone = leftClear && rightClear
            return (alone, alone, alone)
        }
    }

    /// The offset just past the previous line end, or 0.
    private func lineBeginning(before offset: Int) -> Int {
        lines.lineStart(of: offset)
    }

    /// When only blanks follow `offset` up to the end of its line, the offset just past
    /// that line end (or the end of the source).
    private func endOfBlankRest(after offset: Int) -> Int? {
        var index = offset
        while index < bytes.count && bytes[index].isBlank { index += 1 }
        if index == bytes.count { return index }
        if bytes[index] == .newline { return index + 1 }
        if bytes[index] == .carriageReturn && index + 1 < bytes.count && bytes[index + 1] == .newline {
            return index + 2
        }
        return nil
    }

    /// The leading blanks of the first line in `range` that holds anything but blanks.
    private func firstLineIndentation(in range: Range<Int>) -> [UInt8]? {
        var index = range.lowerBound
        while index < range.upperBound {
            let lineStart = index
            while index < range.upperBound && bytes[index].isBlank { index += 1 }
            if index < range.upperBound && bytes[index] != .newline
                && !(bytes[index] == .carriageReturn && index + 1 < range.upperBound && bytes[index + 1] == .newline)
            {
                return Array(bytes[lineStart..<index])
            }
            while index < range.upperBound && bytes[index] != .newline { index += 1 }
            index += 1
        }
        return nil
    }

    // MARK: Nodes

    private mutating func emit(_ node: Node) {
        let top = frames.count - 1
        if case .text(let chunk) = node, case .text(var last)? = frames[top].nodes.last,
           last.lineStarts.last != last.bytes.count
        {
            last.lineStarts += chunk.lineStarts.map { $0 + last.bytes.count }
            last.bytes += chunk.bytes
            frames[top].nodes[frames[top].nodes.count - 1] = .text(last)
            return
        }
        frames[top].nodes.append(node)
    }

    private mutating func emitText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lineStarts: [Int] = []
        if range.lowerBound == 0 || bytes[range.lowerBound - 1] == .newline {
            lineStarts.append(0)
        }
        for index in range.dropLast() where bytes[index] == .newline {
            lineStarts.append(index + 1 - range.lowerBound)
        }
        emit(.text(TextChunk(bytes: Array(bytes[range]), lineStarts: lineStarts)))
    }

    private mutating func handle(_ tag: Tag, closing: Int?, contentStart: Int, indentation: [UInt8]?,
                                 leftClear: Bool, standalone: Bool, rightClear: Bool)
    {
        let position = lines.position(of: tag.start)
        if [.section, .inverted, .parent, .block].contains(tag.kind), frames.count > Self.maximumNesting {
            let kind = switch tag.kind {
            case .inverted: "inverted section"
            case .parent: "parent"
            case .block: "block"
            default: "section"
            }
            fail("\(kind) \"\(tag.content)\" is nested \(frames.count) deep; sections, parents and blocks "
                 + "may nest at most \(Self.maximumNesting) deep", at: tag.start)
            tooDeep = true
            return
        }
        switch tag.kind {
        case .comment, .delimiters:
            break
        case .variable, .unescaped:
            guard let name = contextName(tag) else { return }
            emit(.variable(Variable(name: name, escaped: tag.kind == .variable, position: position)))
        case .section, .inverted:
            // Pushed even with a bad name, so that its closing tag finds it.
            var frame = BuilderFrame(kind: .section(inverted: tag.kind == .inverted), name: tag.content,
                                     open: tag, contentStart: contentStart)
            frame.contextName = contextName(tag)
            frames.append(frame)
        case .partial:
            guard let reference = templateReference(tag) else { return }
            emit(.partial(PartialInclusion(reference: reference, indentation: indentation, position: position)))
        case .parent:
            var frame = BuilderFrame(kind: .parent, name: normalizedName(tag.content), open: tag,
                                     contentStart: contentStart)
            frame.reference = templateReference(tag)
            frame.indentation = indentation
            frame.openLeftClear = leftClear
            frames.append(frame)
        case .block:
            _ = validName(tag)
            let inParent = frames[frames.count - 1].kind == .parent
            var frame = BuilderFrame(kind: inParent ? .definition : .slot, name: tag.content, open: tag,
                                     contentStart: contentStart)
            frame.openStandalone = inParent ? rightClear : standalone
            frames.append(frame)
        case .close:
            guard let target = closing else {
                let top = frames[frames.count - 1]
                if top.kind == .root {
                    fail("closing tag \"\(tag.content)\" without an open section", at: tag.start)
                    return
                }
                let opened = lines.position(of: top.open.start)
                fail("closing tag \"\(tag.content)\" does not match \(top.kindDescription) \"\(top.name)\" opened at \(opened.line):\(opened.column)",
                     at: tag.start)
                finish(closingAt: tag.start)
                return
            }
            while frames.count - 1 > target {
                let inner = frames[frames.count - 1]
                fail("unclosed \(inner.kindDescription) \"\(inner.name)\"", at: inner.open.start)
                finish(closingAt: tag.start)
            }
            finish(closingAt: tag.start)
        }
    }

    /// The index of the open frame a closing tag closes: the innermost one with its name.
    private func frameClosed(by tag: Tag) -> Int? {
        let name = normalizedName(tag.content)
        return frames.indices.dropFirst().last { frames[$0].name == name }
    }

    /// Pops the innermost frame and adds what it built to the frame around it.
    private mutating func finish(closingAt closeStart: Int) {
        let frame = frames.removeLast()
        let top = frames.count - 1
        let position = lines.position(of: frame.open.start)
        switch frame.kind {
        case .root:
            break
        case .section(let inverted):
            guard let name = frame.contextName else { return }  // a bad name, already reported
            emit(.section(Section(name: name, inverted: inverted, nodes: frame.nodes, position: position)))
        case .parent:
            guard let reference = frame.reference else { return }  // a bad name, already reported
            emit(.parent(ParentInclusion(reference: reference, definitions: frame.definitions,
                                         indentation: frame.indentation, position: position)))
        case .definition:
            let indent = frame.openStandalone
                ? firstLineIndentation(in: frame.contentStart..<max(frame.contentStart, closeStart))?.count ?? 0
                : 0
            if !frames[top].definitions.contains(where: { $0.name == frame.name }) {
                frames[top].definitions.append(BlockDefinition(
                    name: frame.name, nodes: frame.nodes, startsAtLineStart: frame.openStandalone,
                    indentWidth: indent))
            }
        case .slot:
            let lineBegin = lineBeginning(before: frame.open.start)
            let indentation: [UInt8]
            if frame.openStandalone {
                indentation = firstLineIndentation(in: frame.contentStart..<max(frame.contentStart, closeStart))
                    ?? Array(bytes[lineBegin..<frame.open.start])
            } else {
                indentation = Array(bytes[lineBegin..<frame.open.start].prefix(while: \.isBlank))
            }
            emit(.slot(BlockSlot(name: frame.name, nodes: frame.nodes, standalone: frame.openStandalone,
                                 indentation: indentation)))
        }
    }

    // MARK: Names

    private mutating func fail(_ message: String, at offset: Int) {
        errors.append(lines.position(of: offset).error(message, in: path))
    }

    private mutating func validName(_ tag: Tag) -> Bool {
        if tag.content.isEmpty {
            fail("empty tag", at: tag.start)
            return false
        }
        if tag.content.contains(where: \.isBlankOrNewline) {
            fail("invalid name \"\(tag.content)\": names cannot contain spaces", at: tag.start)
            return false
        }
        return true
    }

    private mutating func contextName(_ tag: Tag) -> ContextName? {
        guard validName(tag) else { return nil }
        guard let name = ContextName(tag.content) else {
            fail("invalid name \"\(tag.content)\"", at: tag.start)
            return nil
        }
        return name
    }

    /// `* name` is written `*name`.
    private func normalizedName(_ content: String) -> String {
        guard content.first == "*" else { return content }
        return "*" + String(content.dropFirst()).trimmingBlanks()
    }

    private mutating func templateReference(_ tag: Tag) -> TemplateReference? {
        let name = normalizedName(tag.content)
        guard validName(Tag(kind: tag.kind, content: name, start: tag.start, end: tag.end)) else { return nil }
        guard name.first == "*" else {
            references.insert(name)
            return TemplateReference(name: name, dynamic: nil)
        }
        guard let dynamic = ContextName(String(name.dropFirst())), !dynamic.text.isEmpty else {
            fail("invalid name \"\(name)\"", at: tag.start)
            return nil
        }
        return TemplateReference(name: name, dynamic: dynamic)
    }
}
