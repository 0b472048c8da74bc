import Diagnostics
import Load

/// One `key: value` pair of a YAML mapping, with the key's own location.
package struct YAMLEntry: Sendable, Hashable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: YAMLNode

    package init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
