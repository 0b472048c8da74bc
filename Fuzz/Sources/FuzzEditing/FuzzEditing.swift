import FuzzSupport
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Editing

/// Edit mode's writer: a random content file (the input up to its first NUL byte) and a
/// random edit (made from the bytes after it). The edit is refused in words, or the file it
/// gives reads, by the front matter parser, as exactly the values intended with every other
/// key as before, and the same edit made again changes nothing. Every few inputs also build
/// a new file from the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditing(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput.bytes(data, size)
    let cut = input.firstIndex(of: 0) ?? input.count
    let file = Array(input[..<cut])
    var script = EditScript(input.dropFirst(cut + 1))
    let before = TopLevel(file)
    let edit = script.edit(keys: before?.keys ?? [])
    do throws(EditRefusal) {
        let result = try FrontMatterWriter.apply(edit, to: file, path: "content/cities/fuzz.md")
        guard let before else { preconditionFailure("an edit of a file the parser refuses was not refused") }
        guard let after = TopLevel(result) else { preconditionFailure("the edited file does not parse") }
        check(after, against: before, edit: edit)
        let again = try FrontMatterWriter.apply(edit, to: result, path: "content/cities/fuzz.md")
        precondition(again == result, "the same edit made twice changed the file again")
        if edit.fields.isEmpty, edit.body == nil { precondition(result == file, "an empty edit changed the file") }
    } catch {
        precondition(!error.message.isEmpty, "a refusal without words")
    }
    if script.wantsNewFile {
        checkNewFile(edit)
    }
    return 0
}

/// The values intended, read back independently of the writer: straight from libyaml's events.
private func check(_ after: TopLevel, against before: TopLevel, edit: EntryEdit) {
    var wanted: [[Unicode.Scalar]: EditValue?] = [:]
    for field in edit.fields { wanted[Array(field.key.unicodeScalars)] = field.value }
    for (key, events) in after.values {
        guard let intent = wanted[key] else {
            precondition(before.values.first { $0.key == key }?.events == events, "a key not edited changed: \(String(String.UnicodeScalarView(key)))")
            continue
        }
        guard let intent else { preconditionFailure("a key removed is still there") }
        precondition(TopLevel.reads(events, as: intent) || before.values.first { $0.key == key }?.events == events,
                     "\(String(String.UnicodeScalarView(key))) reads as \(events), not \(intent)")
    }
    let beforeKeys = before.keys.map { Array($0.unicodeScalars) }
    var expectedKeys = beforeKeys.filter { key in
        if let intent = wanted[key] { intent != nil } else { true }
    }
    for field in edit.fields where field.value != nil && !beforeKeys.contains(Array(field.key.unicodeScalars)) {
        expectedKeys.append(Array(field.key.unicodeScalars))
    }
    precondition(after.keys.map { Array($0.unicodeScalars) } == expectedKeys, "keys out of order: \(after.keys)")
    if let typed = edit.body {
        let normalised = lf(typed)
        precondition(lf(after.body) == normalised, "the body does not read as typed")
    } else {
        precondition(Array(after.body.utf8) == Array(before.body.utf8), "the body changed")
    }
}

private func checkNewFile(_ edit: EntryEdit) {
    var fields: [(key: String, value: EditValue)] = []
    for field in edit.fields {
        if let value = field.value, !fields.contains(where: { $0.key.unicodeScalars.elementsEqual(field.key.unicodeScalars) }) {
            fields.append((field.key, value))
        }
    }
    guard let bytes = try? FrontMatterWriter.newFile(fields: fields, body: edit.body ?? "") else { return }
    guard let file = TopLevel(bytes) else { preconditionFailure("a new file does not parse") }
    precondition(file.keys.map { Array($0.unicodeScalars) } == fields.map { Array($0.key.unicodeScalars) }, "a new file's keys")
    for (read, field) in zip(file.values, fields) {
        precondition(TopLevel.reads(read.events, as: field.value), "a new file's \(field.key) reads as \(read.events)")
    }
}

private func lf(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var previousCR = false
    for byte in text.utf8 {
        defer { previousCR = byte == 0x0D }
        if byte == 0x0A, previousCR { continue }
        out.append(byte == 0x0D ? 0x0A : byte)
    }
    return out
}

/// A file's top-level keys and, for each, its value's events (kind, text, plain or not).
private struct TopLevel {
    var values: [(key: [Unicode.Scalar], events: [String])] = []
    var body: String
    var keys: [String] = []

    init?(_ bytes: [UInt8]) {
        guard let file = try? SourceFile(path: "fuzz.md", contents: bytes),
              let document = try? FrontMatterParser.parse(file), let parts = try? FrontMatterParser.split(file) else { return nil }
        body = document.body
        let yaml = String(decoding: bytes[parts.yaml], as: UTF8.self)
        let (events, error) = YAMLParser.events(yaml, path: "fuzz.md", lineOffset: 1)
        precondition(error == nil, "the parser took a file libyaml refuses")
        var depth = 0
        var key: String?
        for event in events {
            let text: String
            switch event.kind {
            case .scalar(let value, let plain): text = (plain ? "plain:" : "quoted:") + value
            case .sequenceStart: text = "["
            case .mappingStart: text = "{"
            case .sequenceEnd, .mappingEnd: text = "]"
            case .alias: text = "*"
            case .documentStart, .documentEnd: continue
            }
            if depth == 1, key == nil, case .scalar(let value, _) = event.kind {
                key = value
                keys.append(value)
                values.append((Array(value.unicodeScalars), []))
                continue
            }
            if depth == 1, key == nil { continue }  // the end of the top-level mapping
            if depth >= 1 { values[values.count - 1].events.append(text) }
            switch event.kind {
            case .sequenceStart, .mappingStart: depth += 1
            case .sequenceEnd, .mappingEnd: depth -= 1
            default: break
            }
            if depth == 1 { key = nil }
        }
    }

    /// Whether a value's events read as `value`: the scalar's text, or the list's items.
    static func reads(_ events: [String], as value: EditValue) -> Bool {
        func text(_ event: String) -> [Unicode.Scalar]? {
            if event.hasPrefix("plain:") { return Array(event.unicodeScalars.dropFirst(6)) }
            if event.hasPrefix("quoted:") { return Array(event.unicodeScalars.dropFirst(7)) }
            return nil
        }
        switch value {
        case .text(let wanted):
            return events.count == 1 && text(events[0]) == Array(wanted.unicodeScalars)
        case .list(let items):
            guard events.first == "[", events.last == "]", events.count == items.count + 2 else { return false }
            return zip(events.dropFirst(), items).allSatisfy { text($0) == Array($1.unicodeScalars) }
        }
    }
}

/// Reads an edit out of bytes: keys from the file and a pool of awkward ones, values from a
/// pool of texts YAML treats specially, and from the bytes themselves.
private struct EditScript {
    var bytes: ArraySlice<UInt8>
    let wantsNewFile: Bool
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        wantsNewFile = bytes.first.map { $0 & 0x80 != 0 } ?? false
    }

    static let keys = ["name", "capital", "motto", "aliases", "é", "日本 key", "a: b", "null", "- x", "#k", "new", "'q", "k\"", "🇫🇷"]
    static let texts = ["", "~", "null", "true", "007", "-1", "1.5", "a: b", "#x", "x #y", "- x", "-x", "'q'", "\"dq\"", "it's",
                        "a\nb", "a\nb\n", "a\n\n", "\n", "\n\n", " lead", "trail ", "\t", "é", "日本", "🇫🇷", "[a]", "{a}", "a, b",
                        "|", ">", "---", "...", "\\", "\u{85}", "\u{2028}", "\u{FEFF}", "x\r\ny", "*a", "&a", "!t", "%", "@", "`",
                        "?x", ":x", "a:", "a:b", "  indented\nfirst", "Paris", "São Paulo", "x\u{7}y", "\u{A0}"]

    mutating func next() -> UInt8? { bytes.popFirst() }

    mutating func text() -> String {
        guard let choice = next() else { return "x" }
        if choice < 200 { return Self.texts[Int(choice) % Self.texts.count] }
        let length = Int(next() ?? 0) % 24
        let taken = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return String(decoding: taken, as: UTF8.self)
    }

    mutating func edit(keys fileKeys: [String]) -> EntryEdit {
        var edit = EntryEdit()
        let pool = fileKeys + Self.keys
        while let op = next(), edit.fields.count < 6 {
            if op % 5 == 4 {
                edit.body = text()
                continue
            }
            let key = pool[Int(next() ?? 0) % pool.count]
            switch op % 5 {
            case 0, 1: edit.fields.append(FieldEdit(key: key, value: .text(text())))
            case 2: edit.fields.append(FieldEdit(key: key, value: .list((0..<Int(next() ?? 0) % 4).map { _ in text() })))
            default: edit.fields.append(FieldEdit(key: key, value: nil))
            }
        }
        return edit
    }
}
