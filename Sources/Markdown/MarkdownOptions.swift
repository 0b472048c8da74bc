import Diagnostics
import Load
import FrontMatter
import Images

/// How Markdown bodies are rendered (`markdown:` in gazetteer.yaml).
package struct MarkdownOptions: Sendable, Hashable {
    /// Keep raw HTML and `javascript:`-style URLs. Off by default: raw HTML becomes
    /// `<!-- raw HTML omitted -->` and dangerous URLs become empty.
    package var unsafe: Bool = false
    /// Curly quotes, en and em dashes, ellipses.
    package var smartPunctuation: Bool = true

    package init(unsafe: Bool = false, smartPunctuation: Bool = true) {
        self.unsafe = unsafe
        self.smartPunctuation = smartPunctuation
    }
}
