/// Where a content file's parts lie, as UTF-8 byte offsets into the whole file (a leading
/// byte order mark included): the YAML between the delimiter lines, and the body after the
/// closing one. Made by `FrontMatterParser.split`; edit mode's writer edits by these offsets.
package struct FrontMatterSplit: Sendable, Equatable {
    /// The opening `---` line, with its line end.
    package var openingLine: Range<Int>
    /// The YAML text: every line between the delimiter lines, with their line ends.
    package var yaml: Range<Int>
    /// The closing `---` or `...` line, with its line end (none at the end of the file).
    package var closingLine: Range<Int>
    /// The body: from after the closing line to the end of the file.
    package var body: Range<Int>
    /// The 1-based line of the whole file on which the body begins.
    package var bodyStartLine: Int
}
