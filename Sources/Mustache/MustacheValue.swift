/// The data a template renders. Build it directly, from JSON (`MustacheValue(json:)`), or
/// with literals (`["name": "Japan", "cities": [...]]`).
///
/// Truthiness in sections: `null`, `false`, `""` and `[]` are falsy (a section over them is
/// skipped, an inverted section rendered); everything else, numbers included, is truthy.
/// A missing key is falsy too.
public indirect enum MustacheValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    case object([String: MustacheValue])
    /// An object whose keys are computed on lookup.
    case dynamic(any MustacheObject)
}
