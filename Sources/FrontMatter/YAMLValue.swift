import Diagnostics
import Load

/// A YAML value resolved with the YAML 1.2 core schema (see `YAMLValue+CoreSchema.swift`):
/// only `true`/`false` are booleans, so `country: NO` stays the string "NO".
package enum YAMLValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case sequence([YAMLNode])
    /// Entries in file order; keys are unique (duplicates are reported as errors).
    case mapping([YAMLEntry])
}
