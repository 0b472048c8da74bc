import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// A content file after the front matter stage.
package struct ParsedContent: Sendable {
    package var file: SourceFile
    package var document: FrontMatterDocument

    package init(file: SourceFile, document: FrontMatterDocument) {
        self.file = file
        self.document = document
    }
    package var slug: String { ContentKind.slug(ofPath: file.path) }
}
