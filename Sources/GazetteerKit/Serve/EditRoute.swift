/// The API of edit mode, under `/__gazetteer/edit/api/`: what each route may be sent.
enum EditRoute: String, Sendable, CaseIterable {
    case entry, options, slug, translations
    case save, create, delete, undo, rename, preview, upload

    /// Whether the route may change a file (then it is a POST with a body; the others are GETs).
    var changes: Bool {
        switch self {
        case .entry, .options, .slug, .translations: false
        default: true
        }
    }

    /// The largest body accepted: a picture's bytes, or JSON.
    var bodyLimit: Int { self == .upload ? 20 << 20 : 1 << 20 }

    /// Whether a Content-Type is the one this route takes: `application/json`, or for an
    /// upload an image type (the picture is judged by its bytes, whatever the type says).
    func accepts(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return self == .upload ? type.hasPrefix("image/") : type == "application/json"
    }
}
