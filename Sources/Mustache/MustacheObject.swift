/// An object whose keys are computed when a template looks them up, so that expensive values
/// (a thumbnail, say) are made only when some template uses them.
public protocol MustacheObject: Sendable {
    /// The value for `key`, or nil when this object has no such key (the lookup then goes on
    /// down the context stack, as for a dictionary without the key).
    func value(forKey key: String) -> MustacheValue?
    /// How an error names this object when a name looked up in it is missing (a file, say):
    /// see `MustacheError.subject`.
    var label: String? { get }
}

extension MustacheObject {
    /// How an error names this object when a name looked up in it is missing (a file, say):
    /// see `MustacheError.subject`. None by default.
    public var label: String? { nil }
}
