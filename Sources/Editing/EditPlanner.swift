import FrontMatter

/// Turns an edit into splices of the file's bytes: each value edited is rewritten where it is
/// written, a key removed goes with its lines, a key added goes at the end of the front
/// matter, the body is replaced. `conservative` writes every changed value anew in double
/// quotes (lists as `["a", "b"]`), the writer's second try when the first does not read back.
struct EditPlanner {
    let file: LocatedFrontMatter
    let conservative: Bool
    private(set) var splices: [Splice] = []
    /// The keys whose bytes change.
    private(set) var changed: Set<String> = []
    /// The body the result must read as.
    private(set) var body: String

    init(file: LocatedFrontMatter, conservative: Bool) {
        self.file = file
        self.conservative = conservative
        body = file.body
    }

    private var eol: String { String(decoding: file.lineEnding, as: UTF8.self) }

    mutating func plan(_ edit: EntryEdit) throws(EditRefusal) {
        var added = ""
        for field in edit.fields {
            guard let entry = file.entry(field.key) else {
                guard let value = field.value else { continue }
                guard !file.isFlowMapping else { throw flowMapping(field.key) }
                added += String(decoding: file.keyIndent, as: UTF8.self) + ScalarRenderer.key(field.key) + ": "
                    + render(value, replacing: nil) + eol
                changed.insert(field.key)
                continue
            }
            if let value = field.value, entry.reads(as: value) { continue }
            guard !file.isFlowMapping else { throw flowMapping(field.key) }
            guard let afterColon = entry.afterColon else {
                throw EditRefusal(key: field.key, "“\(field.key)” is written in a way this editor does not change "
                                  + "(not as `\(field.key): value` at the start of a line): edit it in a text editor")
            }
            guard !entry.hasProperties else {
                throw EditRefusal(key: field.key, "“\(field.key)” carries a YAML tag or anchor (such as !!str or &name), which "
                                  + "this editor cannot keep: edit it in a text editor")
            }
            changed.insert(field.key)
            guard let value = field.value else {
                splices.append(Splice(entry.lines, ""))
                continue
            }
            set(entry, afterColon: afterColon, to: value)
        }
        if !added.isEmpty { splices.append(Splice(file.parts.yaml.upperBound..<file.parts.yaml.upperBound, added)) }
        if let typed = edit.body { setBody(typed) }
    }

    private func flowMapping(_ key: String) -> EditRefusal {
        EditRefusal(key: key, "the front matter is written as one {…} mapping, which this editor does not change: "
                    + "write it as one `key: value` a line, or edit it in a text editor")
    }

    /// A new value, or one replacing a value of another kind: plain when it can be, lists in brackets.
    private func render(_ value: EditValue, replacing previous: YAMLEvent.Style?) -> String {
        switch value {
        case .text(let text):
            return conservative ? ScalarRenderer.doubleQuoted(text) : ScalarRenderer.render(text, replacing: previous, context: .block)
        case .list(let items):
            let style: YAMLEvent.Style? = previous == .plain ? nil : previous
            return "[" + items.map { conservative ? ScalarRenderer.doubleQuoted($0) : ScalarRenderer.render($0, replacing: style, context: .flow) }
                .joined(separator: ", ") + "]"
        }
    }

    private mutating func set(_ entry: LocatedEntry, afterColon: Int, to value: EditValue) {
        // The end of the value's last line (before its line end, after a trailing comment).
        let lineEnd = LineScan.end(of: entry.contentEnd, in: file.bytes, to: file.parts.yaml.upperBound, includingBreak: false)
        switch (value, entry.value) {
        case (_, .scalar(let scalar)) where scalar.isEmpty:
            // `key:` alone: the value goes after the colon.
            splices.append(Splice(afterColon..<afterColon, " " + render(value, replacing: nil)))
        case (.text(let text), .scalar(let scalar)):
            // A block scalar's text runs to the end of its last line (trailing blanks are text).
            let span = scalar.isBlock ? scalar.span.lowerBound..<lineEnd : scalar.span
            let indent = blockIndent(scalar, keyColumn: file.keyIndent.count)
            splices.append(Splice(span, conservative ? ScalarRenderer.doubleQuoted(text)
                : ScalarRenderer.render(text, replacing: scalar.style, context: .block, blockIndent: indent, lineEnding: file.lineEnding)))
        case (.list(let items), .sequence(let sequence)) where !conservative:
            let lists = ListEditor(file: file, sequence: sequence, afterColon: afterColon, valueEnd: lineEnd)
            splices += lists.splices(to: items)
        case (.list, .scalar(let scalar)):
            // One text becomes a list in brackets, its items quoted as the text was.
            let span = scalar.isBlock ? scalar.span.lowerBound..<lineEnd : scalar.span
            splices.append(Splice(span, render(value, replacing: scalar.style)))
        case (_, .sequence(let sequence)) where sequence.style == .flow:
            splices.append(Splice(sequence.span, render(value, replacing: nil)))
        case (_, .other(let span, let style)) where style == .flow:
            splices.append(Splice(span, render(value, replacing: nil)))
        case (_, .sequence), (_, .other):
            // A block collection is written anew on the key's line, to its last character.
            splices.append(Splice(afterColon..<lineEnd, " " + render(value, replacing: nil)))
        }
    }

    /// The indentation a block scalar's lines have (that of its first line with text), or two
    /// more than the key's.
    private func blockIndent(_ scalar: LocatedScalar, keyColumn: Int) -> Int {
        guard scalar.isBlock else { return keyColumn + 2 }
        let bytes = file.bytes
        var offset = LineScan.end(of: scalar.span.lowerBound + 1, in: bytes, to: scalar.span.upperBound, includingBreak: true)
        while offset < scalar.span.upperBound {
            var spaces = 0
            while offset + spaces < scalar.span.upperBound, bytes[offset + spaces] == 0x20 { spaces += 1 }
            if offset + spaces < scalar.span.upperBound, !LineScan.isBreak(bytes[offset + spaces]) {
                return spaces > keyColumn ? spaces : keyColumn + 2
            }
            offset = LineScan.end(of: offset + spaces, in: bytes, to: scalar.span.upperBound, includingBreak: true)
        }
        return keyColumn + 2
    }

    /// The body as typed, its line ends made the file's. A body that differs from the file's
    /// only in its line ends (a browser sends LF) is left as it is.
    private mutating func setBody(_ typed: String) {
        let normalised = BodyText.withLineEnding(typed, file.lineEnding)
        guard !BodyText.withLineEnding(file.body, file.lineEnding).isExactly(normalised) else { return }
        body = normalised
        let closer = file.bytes[file.parts.closingLine]
        // A closing line at the very end of the file gets its line end before a body.
        let opening = !normalised.isEmpty && !(closer.last.map(LineScan.isBreak) ?? false) ? eol : ""
        splices.append(Splice(file.parts.body, opening + normalised))
    }
}
