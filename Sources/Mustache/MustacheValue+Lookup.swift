extension MustacheValue {
    /// The value of `key` in an object, nil for anything else or a missing key.
    func member(_ key: String) -> MustacheValue? {
        switch self {
        case .object(let dictionary): dictionary[key]
        case .dynamic(let object): object.value(forKey: key)
        default: nil
        }
    }

    /// `null`, `false`, `""` and `[]`: a section over them is not rendered.
    var isFalsy: Bool {
        switch self {
        case .null: true
        case .bool(let value): !value
        case .string(let value): value.isEmpty
        case .array(let values): values.isEmpty
        case .int, .double, .object, .dynamic: false
        }
    }
}
