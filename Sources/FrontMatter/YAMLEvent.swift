import Diagnostics
import Load

/// A libyaml parse event turned into a Swift value (see `YAMLParser.swift`), consumed by
/// `YAMLTreeBuilder`. Locations already point into the whole file.
package struct YAMLEvent: Sendable {
    package enum Kind: Sendable {
        case documentStart, documentEnd
        /// `plain` is false for quoted and block scalars, which are always strings.
        case scalar(String, plain: Bool)
        case sequenceStart, sequenceEnd
        case mappingStart, mappingEnd
        case alias
    }

    /// How a scalar or a collection is written.
    package enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
        /// A collection written over lines (`- a`, `key: value`), or in brackets (`[a, b]`, `{a: b}`).
        case block, flow
    }

    package var kind: Kind
    /// The resolved tag (`tag:yaml.org,2002:str` for `!!str`), nil when none was written.
    package var tag: String? = nil
    package var anchor: String? = nil
    package var location: SourceLocation
    /// libyaml's start and end marks, as offsets in Unicode scalars into the YAML text parsed
    /// (a CRLF counts two). A scalar's span covers its quotes or block header and any tag or
    /// anchor before it; an empty plain scalar's and a block collection's end sit at the next
    /// token, which may be lines further on.
    package var span: Range<Int> = 0..<0
    /// For scalars and collection starts; nil for other events.
    package var style: Style? = nil
}
