import Diagnostics
import Load

/// A YAML value and where it starts in the whole file (not just in the YAML part).
package struct YAMLNode: Sendable, Hashable {
    package var value: YAMLValue
    package var location: SourceLocation
    /// A number's or a boolean's own characters in the file (`007`, `1.10`, `0x10`, `True`),
    /// which the core schema's value alone loses; nil for other values.
    package var written: String?

    package init(value: YAMLValue, location: SourceLocation, written: String? = nil) {
        self.value = value
        self.location = location
        self.written = written
    }

    /// A scalar exactly as the editor wrote it: a string's text, a number's or a boolean's
    /// characters (`name: 007` is "007", not "7"); nil for null, a list or a mapping.
    package var text: String? {
        switch value {
        case .string(let text): text
        case .bool(let flag): written ?? String(flag)
        case .int(let number): written ?? String(number)
        case .double(let number): written ?? String(number)
        case .null, .sequence, .mapping: nil
        }
    }
}
