/// A value as edit mode's forms hold it: a text (a scalar, as written), or a list of texts.
public enum EditValue: Equatable, Sendable {
    case text(String)
    case list([String])
}

/// One key of an edit: its new value, or nil to remove the key.
public struct FieldEdit: Equatable, Sendable {
    public var key: String
    public var value: EditValue?

    public init(key: String, value: EditValue?) {
        self.key = key
        self.value = value
    }
}

/// What an editor changed in one content file.
public struct EntryEdit: Equatable, Sendable {
    /// Keys to set (added at the end of the front matter when absent) or, with a nil value,
    /// to remove (the key's lines go; comments on lines of their own stay). A key whose value
    /// already reads as the one given is left byte for byte.
    public var fields: [FieldEdit]
    /// The new Markdown body as typed (everything after the closing `---` line), or nil to
    /// keep it byte for byte.
    public var body: String?

    public init(fields: [FieldEdit] = [], body: String? = nil) {
        self.fields = fields
        self.body = body
    }
}
