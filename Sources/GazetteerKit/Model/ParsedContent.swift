import Foundation

/// A content file after the front matter stage.
struct ParsedContent: Sendable {
    var file: SourceFile
    var document: FrontMatterDocument
    var slug: String { ContentEntry.slug(ofPath: file.path) }
}
