import Diagnostics
import Load
import FrontMatter

/// A content file read for editing: the project's own front matter parser checks it (a file
/// the build refuses is not edited), and libyaml's events, with their marks turned into byte
/// offsets, tell where each top-level key and value is written.
struct LocatedFrontMatter {
    let bytes: [UInt8]
    let path: String
    let parts: FrontMatterSplit
    /// The file's line end (that of its opening `---` line): LF, CRLF or CR.
    let lineEnding: [UInt8]
    /// The top-level mapping is written `{...}`, which the writer does not edit.
    let isFlowMapping: Bool
    /// The bytes before the first key on its line (nothing, usually).
    let keyIndent: [UInt8]
    let entries: [LocatedEntry]
    /// The Markdown body, as the build reads it.
    let body: String

    init(_ bytes: [UInt8], path: String) throws(EditRefusal) {
        self.bytes = bytes
        self.path = path
        let file: SourceFile
        let document: FrontMatterDocument
        do {
            file = try SourceFile(path: path, contents: bytes)
            document = try FrontMatterParser.parse(file)
            parts = try FrontMatterParser.split(file)
        } catch {
            throw EditRefusal("\(error.diagnostics.first.map(String.init(describing:)) ?? path): "
                              + "the file has a problem the build reports: it must be fixed in a text editor before it can be edited here")
        }
        body = document.body
        let opener = bytes[parts.openingLine]
        lineEnding = opener.suffix(2).elementsEqual([0x0D, 0x0A]) ? [0x0D, 0x0A] : opener.last == 0x0D ? [0x0D] : [0x0A]

        let yaml = String(decoding: bytes[parts.yaml], as: UTF8.self)
        let read = YAMLParser.events(yaml, path: path, lineOffset: 1)
        guard read.error == nil else {
            throw EditRefusal("\(path): the front matter could not be read again for editing")
        }
        var reader = EntryReader(bytes: bytes, yaml: parts.yaml, events: read.events, path: path)
        entries = try reader.entries()
        isFlowMapping = reader.isFlowMapping
        if let first = reader.firstKey {
            keyIndent = Array(bytes[LineScan.start(of: first, in: bytes, from: parts.yaml.lowerBound)..<first])
        } else {
            keyIndent = []
        }
    }

    func entry(_ key: String) -> LocatedEntry? { entries.first { $0.key.isExactly(key) } }
}

/// Walks the events of a front matter's top-level mapping, one entry at a time.
private struct EntryReader {
    let bytes: [UInt8]
    let yaml: Range<Int>
    let events: [YAMLEvent]
    let path: String
    let offsets: ScalarOffsets
    var position = 0
    var isFlowMapping = false
    /// Where the first key is written.
    var firstKey: Int?

    init(bytes: [UInt8], yaml: Range<Int>, events: [YAMLEvent], path: String) {
        (self.bytes, self.yaml, self.events, self.path) = (bytes, yaml, events, path)
        offsets = ScalarOffsets(bytes, yaml: yaml)
    }

    private func lost(_ what: String) -> EditRefusal {
        EditRefusal("\(path): could not find where \(what) is written in the file, so it is not edited here: edit it in a text editor")
    }

    private func bytes(_ span: Range<Int>) throws(EditRefusal) -> Range<Int> {
        guard let start = offsets.byte(span.lowerBound), let end = offsets.byte(span.upperBound) else { throw lost("a value") }
        return start..<end
    }

    mutating func entries() throws(EditRefusal) -> [LocatedEntry] {
        // documentStart, mappingStart, key, value, ..., mappingEnd, documentEnd; or nothing.
        guard let start = events.firstIndex(where: { if case .mappingStart = $0.kind { true } else { false } }) else { return [] }
        isFlowMapping = events[start].style == .flow
        position = start + 1
        var entries: [LocatedEntry] = []
        while position < events.count {
            let keyEvent = events[position]
            if case .mappingEnd = keyEvent.kind { break }
            guard case .scalar(let key, _) = keyEvent.kind else { throw lost("a key") }
            position += 1
            let keySpan = try bytes(keyEvent.span)
            firstKey = firstKey ?? keySpan.lowerBound
            let valueStart = position
            let value = try readValue()
            let valueEvents = events[valueStart..<position]
            entries.append(try entry(key: key, keyEvent: keyEvent, keySpan: keySpan, value: value, events: valueEvents))
        }
        return entries
    }

    private func entry(key: String, keyEvent: YAMLEvent, keySpan: Range<Int>, value: LocatedValue,
                       events valueEvents: ArraySlice<YAMLEvent>) throws(EditRefusal) -> LocatedEntry {
        // A key stands alone at the start of its line, followed by `:`.
        let lineStart = LineScan.start(of: keySpan.lowerBound, in: bytes, from: yaml.lowerBound)
        var afterColon: Int?
        if !isFlowMapping, bytes[lineStart..<keySpan.lowerBound].allSatisfy({ $0 == 0x20 }) {
            var colon = keySpan.upperBound
            while colon < yaml.upperBound, bytes[colon] == 0x20 || bytes[colon] == 0x09 { colon += 1 }
            if colon < yaml.upperBound, bytes[colon] == UInt8(ascii: ":") { afterColon = colon + 1 }
        }
        let contentEnd = max(try contentEnd(of: valueEvents), afterColon ?? keySpan.upperBound)
        let lines = lineStart..<LineScan.end(of: contentEnd, in: bytes, to: yaml.upperBound, includingBreak: true)
        let properties = ([keyEvent] + valueEvents).contains { $0.tag != nil || $0.anchor != nil }
        return LocatedEntry(key: key, keySpan: keySpan, afterColon: afterColon, value: value, contentEnd: contentEnd,
                            lines: lines, hasProperties: properties, signature: valueEvents.map(Self.signature))
    }

    /// Just after the last character of a value: its last scalar or closing bracket. (A block
    /// collection's end mark, and an empty scalar's, sit at the next token instead.)
    private func contentEnd(of valueEvents: ArraySlice<YAMLEvent>) throws(EditRefusal) -> Int {
        var end = 0
        for event in valueEvents {
            switch event.kind {
            case .scalar(let text, _) where event.style == .plain && text.isEmpty && event.tag == nil && event.anchor == nil:
                continue
            case .scalar:
                end = max(end, try scalarSpan(event).upperBound)
            case .sequenceStart, .mappingStart:
                if event.style == .block { end = max(end, try bytes(event.span).lowerBound + 1) }
            case .sequenceEnd, .mappingEnd:
                // The end event carries no style: a flow collection's ends at its bracket.
                let span = try bytes(event.span)
                if span.upperBound > span.lowerBound, [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[span.upperBound - 1]) {
                    end = max(end, span.upperBound)
                }
            case .alias:
                end = max(end, try bytes(event.span).upperBound)
            case .documentStart, .documentEnd:
                continue
            }
        }
        return end
    }

    /// A scalar's bytes; a block scalar's end drawn back over its trailing line breaks (and
    /// the indentation of the line after), to just after its last character.
    private func scalarSpan(_ event: YAMLEvent) throws(EditRefusal) -> Range<Int> {
        var span = try bytes(event.span)
        if event.style == .literal || event.style == .folded {
            var end = span.upperBound
            while end > span.lowerBound + 1, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            span = span.lowerBound..<end
        }
        return span
    }

    /// Reads one value (a scalar, or a collection to its end event) from `position`.
    private mutating func readValue() throws(EditRefusal) -> LocatedValue {
        guard position < events.count else { throw lost("a value") }
        let first = events[position]
        position += 1
        switch first.kind {
        case .scalar:
            return .scalar(try scalar(first))
        case .sequenceStart:
            var items: [LocatedItem] = []
            while position < events.count {
                if case .sequenceEnd = events[position].kind { break }
                let itemStart = position
                let item = try readValue()
                let itemEvents = events[itemStart..<position]
                var span = try bytes(events[itemStart].span)
                span = span.lowerBound..<max(span.lowerBound, try contentEnd(of: itemEvents))
                if case .scalar(let scalar) = item { items.append(LocatedItem(scalar: scalar, span: scalar.span)) }
                else { items.append(LocatedItem(scalar: nil, span: span)) }
            }
            guard position < events.count else { throw lost("a list") }
            let end = events[position]
            position += 1
            let start = try bytes(first.span).lowerBound
            let style = first.style ?? .block
            let spanEnd = style == .flow ? try bytes(end.span).upperBound : max(start + 1, items.last?.span.upperBound ?? start + 1)
            return .sequence(LocatedSequence(style: style, span: start..<spanEnd, items: items))
        case .mappingStart:
            var depth = 1
            while position < events.count, depth > 0 {
                switch events[position].kind {
                case .mappingStart, .sequenceStart: depth += 1
                case .mappingEnd, .sequenceEnd: depth -= 1
                default: break
                }
                position += 1
            }
            guard depth == 0 else { throw lost("a mapping") }
            let start = try bytes(first.span).lowerBound
            let end = try bytes(events[position - 1].span).upperBound
            return .other(span: start..<max(start, end), style: first.style ?? .block)
        default:
            throw lost("a value")
        }
    }

    /// A scalar, checked against its bytes: a mark that does not land on its quote or header
    /// (or, plain, on its text) means the offsets are wrong, and nothing is edited then.
    private func scalar(_ event: YAMLEvent) throws(EditRefusal) -> LocatedScalar {
        guard case .scalar(let text, _) = event.kind else { throw lost("a value") }
        let style = event.style ?? .plain
        let span = try scalarSpan(event)
        if !(style == .plain && text.isEmpty), event.tag == nil, event.anchor == nil {
            let expected: UInt8? = switch style {
            case .singleQuoted: UInt8(ascii: "'")
            case .doubleQuoted: UInt8(ascii: "\"")
            case .literal: UInt8(ascii: "|")
            case .folded: UInt8(ascii: ">")
            default: text.utf8.first
            }
            guard !span.isEmpty, bytes[span.lowerBound] == expected else { throw lost("“\(text.prefix(40))”") }
        }
        return LocatedScalar(text: text, style: style, span: span)
    }

    private static func signature(_ event: YAMLEvent) -> EventSignature {
        switch event.kind {
        case .scalar(let text, _): .scalar(text, event.style, tag: event.tag, anchor: event.anchor)
        case .sequenceStart: .start(mapping: false, event.style, tag: event.tag, anchor: event.anchor)
        case .mappingStart: .start(mapping: true, event.style, tag: event.tag, anchor: event.anchor)
        case .alias: .alias
        default: .end
        }
    }
}
