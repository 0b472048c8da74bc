import CYaml
import Diagnostics
import Load

/// YAML parsing with libyaml (the only file that imports it). libyaml's event parser turns
/// the text into `YAMLEvent`s; `YAMLTreeBuilder` makes the tree and the semantic checks.
/// Lines and columns are 1-based, columns count Unicode scalars, and `lineOffset` lines
/// are added so that locations point into the whole file (front matter starts on line 2).
package enum YAMLParser {
    /// Parses a whole YAML file such as `gazetteer.yaml`; an empty document is a null node.
    package static func parse(_ text: String, path: String, lineOffset: Int = 0) throws(DiagnosticList) -> YAMLNode {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return try parse(text, path: path, lineOffset: lineOffset, context: name)
    }

    /// `context` names the YAML's role in messages ("front matter", "gazetteer.yaml").
    package static func parse(_ text: String, path: String, lineOffset: Int, context: String) throws(DiagnosticList) -> YAMLNode {
        var builder = YAMLTreeBuilder(context: context)
        let syntaxError = readEvents(text, path: path, lineOffset: lineOffset) { builder.handle($0) }
        let diagnostics = builder.diagnostics + (syntaxError.map { [$0] } ?? [])
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
        return builder.root ?? YAMLNode(value: .null, location: SourceLocation(path: path, line: lineOffset + 1, column: 1))
    }

    /// Every event of `text` in order, with its span and style, and the syntax error that
    /// stopped the parse, if any (the events before it are kept). For tools that need to know
    /// where each value is written (edit mode's writer); semantic checks are the tree builder's.
    package static func events(_ text: String, path: String, lineOffset: Int) -> (events: [YAMLEvent], error: Diagnostic?) {
        var events: [YAMLEvent] = []
        let error = readEvents(text, path: path, lineOffset: lineOffset) { events.append($0); return true }
        return (events, error)
    }

    /// Feeds libyaml's events to `handle` until the end, a syntax error (returned) or
    /// `handle` returning false.
    private static func readEvents(_ text: String, path: String, lineOffset: Int,
                                   _ handle: (YAMLEvent) -> Bool) -> Diagnostic? {
        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(path: path, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
        }
        func string(_ bytes: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            bytes.map { String(cString: $0) }
        }
        // libyaml reads the input throughout the parse, so the parser and the buffer live in
        // memory owned here until the end. The trailing 0 keeps the buffer non-empty.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return Diagnostic("could not start the YAML parser (out of memory)", at: SourceLocation(path: path))
        }
        defer { yaml_parser_delete(parser) }
        let input = Array(text.utf8) + [0]
        return input.withUnsafeBufferPointer { buffer -> Diagnostic? in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count - 1)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    return syntaxError(parser.pointee, text: text, location: location)
                }
                defer { yaml_event_delete(&event) }
                var converted = YAMLEvent(kind: .documentEnd, location: location(event.start_mark),
                                          span: Int(event.start_mark.index)..<max(Int(event.start_mark.index), Int(event.end_mark.index)))
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_DOCUMENT_START_EVENT:
                    converted.kind = .documentStart
                case YAML_DOCUMENT_END_EVENT:
                    converted.kind = .documentEnd
                case YAML_ALIAS_EVENT:
                    converted.kind = .alias
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    converted.kind = .scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
                    converted.style = switch scalar.style {
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
                    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
                    case YAML_LITERAL_SCALAR_STYLE: .literal
                    case YAML_FOLDED_SCALAR_STYLE: .folded
                    default: .plain
                    }
                    (converted.tag, converted.anchor) = (string(scalar.tag), string(scalar.anchor))
                case YAML_SEQUENCE_START_EVENT:
                    converted.kind = .sequenceStart
                    let start = event.data.sequence_start
                    (converted.tag, converted.anchor) = (string(start.tag), string(start.anchor))
                    converted.style = start.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
                case YAML_SEQUENCE_END_EVENT:
                    converted.kind = .sequenceEnd
                case YAML_MAPPING_START_EVENT:
                    converted.kind = .mappingStart
                    let start = event.data.mapping_start
                    (converted.tag, converted.anchor) = (string(start.tag), string(start.anchor))
                    converted.style = start.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
                case YAML_MAPPING_END_EVENT:
                    converted.kind = .mappingEnd
                default:  // stream start
                    continue
                }
                if !handle(converted) { return nil }
            }
        }
    }

    /// libyaml's problem as a diagnostic. It points at the problem, except when the problem
    /// is the end of the input (an unclosed quote or bracket): then at what was left open.
    private static func syntaxError(_ parser: yaml_parser_t, text: String,
                                    location: (yaml_mark_t) -> SourceLocation) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (e.g. a control character) carry a byte offset, not a mark.
            let position = TextPosition.lineAndColumn(ofByte: parser.problem_offset, in: text.utf8)
            var mark = yaml_mark_t()
            (mark.line, mark.column) = (position.line - 1, position.column - 1)
            return Diagnostic("malformed YAML: \(problem)", at: location(mark))
        }
        let scalars = text.unicodeScalars
        let atEnd = parser.problem_mark.index >= scalars.count
        var message = "malformed YAML: \(problem)"
        var mark = parser.problem_mark
        if let context = parser.context.map({ String(cString: $0) }) {
            message += ", \(context)"
            if atEnd {
                mark = parser.context_mark
            } else if parser.context_mark.line != mark.line || parser.context_mark.column != mark.column {
                let start = location(parser.context_mark)
                message += " that began at line \(start.line), column \(start.column)"
            }
        }
        if !atEnd, !problem.contains("tab"), scalars.dropFirst(parser.problem_mark.index).first == "\t" {
            message += " (YAML does not allow tabs for indentation; use spaces)"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = Int(parser.problem_mark.line)
        let opened = location(parser.context_mark)
        let shown = location(mark)
        let plain = YAMLProblem(
            problem: problem, context: parser.context.map { String(cString: $0) },
            line: lineIndex < lines.count ? lines[lineIndex] : "",
            previousLine: lineIndex > 0 && lineIndex - 1 < lines.count ? lines[lineIndex - 1] : nil,
            character: atEnd ? nil : scalars.dropFirst(parser.problem_mark.index).first.map(Character.init),
            opening: parser.context == nil || (opened.line, opened.column) == (shown.line, shown.column)
                ? nil : "line \(opened.line), column \(opened.column)"
        ).plainMessage
        return Diagnostic(plain ?? message, at: shown)
    }
}
