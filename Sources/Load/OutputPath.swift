/// Where each file of the output goes, relative to the output folder: the one place that
/// names them.
package enum OutputPath {
    package static let index = "index.html"
    package static let cities = "cities/index.html"
    package static let flags = "flags/index.html"
    package static let notFound = "404.html"
    package static let sitemap = "sitemap.xml"

    /// The page of the content file of this kind and slug.
    package static func page(_ kind: ContentKind, slug: String) -> String {
        kind == .country ? "countries/\(slug).html" : "cities/\(slug).html"
    }

    /// A thumbnail, by its file name.
    package static func image(_ fileName: String) -> String { "images/\(fileName)" }
}
