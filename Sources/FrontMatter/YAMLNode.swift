import Diagnostics
import Load

/// A YAML value and where it starts in the whole file (not just in the YAML part).
package struct YAMLNode: Sendable, Hashable {
    package var value: YAMLValue
    package var location: SourceLocation

    package init(value: YAMLValue, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
