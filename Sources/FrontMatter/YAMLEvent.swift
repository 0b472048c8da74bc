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

    package var kind: Kind
    /// The resolved tag (`tag:yaml.org,2002:str` for `!!str`), nil when none was written.
    package var tag: String? = nil
    package var anchor: String? = nil
    package var location: SourceLocation
}
