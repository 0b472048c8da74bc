/// Edit mode's writer: a content file with some values changed, every other byte kept
/// (comments, key order, quoting, blank lines, line ends, a byte order mark, the body).
/// What it writes is read again before it is handed back; anything that would not read as
/// intended is refused in plain words, and the caller then writes nothing.
public enum FrontMatterWriter {
    /// `bytes` (a whole content file at `path`, as shown in messages) with `edit` applied,
    /// changing only the bytes of the values edited.
    public static func apply(_ edit: EntryEdit, to bytes: [UInt8], path: String) throws(EditRefusal) -> [UInt8] {
        try checkKeys(edit.fields.map(\.key))
        let file = try LocatedFrontMatter(bytes, path: path)
        // First in the values' own styles; if that does not read back (a rare text that
        // style cannot hold), every changed value in double quotes.
        var firstRefusal: EditRefusal?
        for conservative in [false, true] {
            var planner = EditPlanner(file: file, conservative: conservative)
            try planner.plan(edit)
            if planner.splices.isEmpty { return bytes }
            guard let result = Splice.apply(planner.splices, to: bytes) else {
                firstRefusal = firstRefusal ?? EditRefusal("the edit's changes overlap in the file, so nothing was written")
                continue
            }
            do {
                try EditVerification.check(result, original: file, edit: edit, changed: planner.changed, body: planner.body)
                return result
            } catch {
                firstRefusal = firstRefusal ?? error
            }
        }
        throw firstRefusal!
    }

    /// A new content file (for Add country… and Add city…): `---`, the keys in the order given
    /// (texts plain when they can be, else double-quoted; lists as `[a, b]`), `---`, a blank
    /// line and the body (LF line ends, ending with one).
    public static func newFile(fields: [(key: String, value: EditValue)], body: String) throws(EditRefusal) -> [UInt8] {
        try checkKeys(fields.map(\.key))
        var text = "---\n"
        for field in fields {
            text += ScalarRenderer.key(field.key) + ": "
            switch field.value {
            case .text(let value): text += ScalarRenderer.render(value, replacing: nil, context: .block)
            case .list(let items): text += "[" + items.map { ScalarRenderer.render($0, replacing: nil, context: .flow) }.joined(separator: ", ") + "]"
            }
            text += "\n"
        }
        text += "---\n"
        var typed = BodyText.withLineEnding(body, [0x0A])
        if !typed.isEmpty, !typed.hasSuffix("\n") { typed += "\n" }
        if !typed.isEmpty { text += "\n" + typed }
        let bytes = Array(text.utf8)
        let file = try LocatedFrontMatter(bytes, path: "new file")
        guard file.entries.count == fields.count,
              zip(file.entries, fields).allSatisfy({ $0.key.isExactly($1.key) && ($0.editValue?.isExactly($1.value) ?? false) }),
              file.body.isExactly(typed.isEmpty ? "" : "\n" + typed) else {
            throw EditRefusal("the new file would not read back as typed, so it was not written")
        }
        return bytes
    }

    /// Keys an edit may name: each once, on one line, not too long for YAML to read as a key.
    private static func checkKeys(_ keys: [String]) throws(EditRefusal) {
        var seen: Set<String> = []
        for key in keys {
            guard seen.insert(key).inserted else { throw EditRefusal(key: key, "the edit names “\(key)” twice") }
            guard !key.isEmpty else { throw EditRefusal(key: key, "a key cannot be empty") }
            guard key.unicodeScalars.allSatisfy(ScalarRenderer.isPlainCharacter) else {
                throw EditRefusal(key: key, "a key cannot hold a line break, a tab or a control character")
            }
            guard ScalarRenderer.key(key).unicodeScalars.count < 1000 else {
                throw EditRefusal(key: key, "a key must be shorter than 1,000 characters")
            }
        }
    }
}
