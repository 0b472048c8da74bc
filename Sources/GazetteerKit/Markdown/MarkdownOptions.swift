/// How Markdown bodies are rendered (`markdown:` in gazetteer.yaml).
struct MarkdownOptions: Sendable, Hashable {
    /// Keep raw HTML and `javascript:`-style URLs. Off by default: raw HTML becomes
    /// `<!-- raw HTML omitted -->` and dangerous URLs become empty.
    var unsafe: Bool = false
    /// Curly quotes, en and em dashes, ellipses.
    var smartPunctuation: Bool = true
}
