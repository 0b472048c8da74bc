import Diagnostics
import Load

/// A content file split into its front matter and its Markdown body.
package struct FrontMatterDocument: Sendable {
    /// Always a mapping (empty when the front matter is empty), located at its first key.
    package var frontMatter: YAMLNode
    /// Everything after the closing `---` line, line endings as in the file.
    package var body: String
    /// The 1-based line of the whole file on which `body` begins.
    package var bodyStartLine: Int
}
