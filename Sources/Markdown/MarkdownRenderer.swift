import CCmark
import Diagnostics
import Load
import FrontMatter
import Images

/// Markdown to HTML with libcmark (the only file that imports it).
///
/// Links and images are handed to resolvers before rendering, in document order. Rewritten
/// link destinations are set through cmark's node API, so the safe renderer still empties
/// `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs, whoever wrote them.
/// Images with a replacement get a marker URL that is swapped for the replacement HTML
/// after rendering (the marker is chosen so that no text of the body can spell it).
///
/// Locations: cmark 0.30 gives inline nodes positions, with two flaws corrected here: a
/// link whose text spans lines is placed on its closing line (and an autolink at a wrong
/// column), so the position of its first child, minus the opener `[`, `![` or `<`, is used
/// (and checked against the source: a code span starts after its backticks); and columns on
/// a paragraph's continuation lines ignore the stripped container prefix (see
/// `MarkdownBodyLines`). Columns are then counted in Unicode scalars. Known limit: a link
/// whose text begins with a line break is placed on the line where its text continues.
package enum MarkdownRenderer {
    /// Renders body to HTML. For every link, calls resolveLink: returning a String replaces the
    /// destination, nil keeps it as written. For every image, calls resolveImage: returning a
    /// String replaces the whole `<img>` element with that raw (trusted) HTML, nil keeps a
    /// normal `<img>`. Links and images inside an image's description (rendered as plain alt
    /// text) are not passed to the resolvers.
    package static func render(_ body: String, bodyStartLine: Int, path: String, options: MarkdownOptions,
                       resolveLink: (MarkdownLink) -> String?, resolveImage: (MarkdownImage) -> String?) -> String {
        // SOURCEPOS at parse time makes cmark track lines through multi-line inlines; it is
        // not passed to the renderer, so no data-sourcepos attributes appear.
        let parseOptions = CMARK_OPT_SOURCEPOS | (options.smartPunctuation ? CMARK_OPT_SMART : 0)
        guard let document = body.withCString({ cmark_parse_document($0, body.utf8.count, parseOptions) }) else { return "" }
        defer { cmark_node_free(document) }
        let lines = MarkdownBodyLines(body)

        func location(_ node: OpaquePointer, openerWidth: Int) -> SourceLocation {
            var line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
            if let child = cmark_node_first_child(node), cmark_node_get_start_line(child) > 0 {
                line = Int(cmark_node_get_start_line(child))
                column = Int(cmark_node_get_start_column(child)) - openerWidth
            }
            if let block = enclosingBlock(node) {
                column = lines.inlineByteColumn(line: line, reported: column, blockLine: Int(cmark_node_get_start_line(block)),
                                                blockColumn: Int(cmark_node_get_start_column(block)))
            }
            column = lines.openerByteColumn(line: line, byteColumn: column, image: openerWidth == 2)
            return SourceLocation(path: path, line: bodyStartLine - 1 + max(line, 1),
                                  column: lines.scalarColumn(line: line, byteColumn: max(column, 1)))
        }

        // Links and images in document order, skipping what lies inside an image.
        var targets: [OpaquePointer] = []
        forEachNode(in: document) { node, entering in
            let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
            guard isImage || cmark_node_get_type(node) == CMARK_NODE_LINK else { return true }
            if entering { targets.append(node) }
            return !isImage  // don't descend into an image's description
        }

        // The marker prefix: the first `gazetteer-image-K:` that neither the body nor any
        // image URL (entities decoded) contains, so only our own images can carry it.
        let imageURLs = targets.filter { cmark_node_get_type($0) == CMARK_NODE_IMAGE }.map { string(cmark_node_get_url($0)) }
        var nonce = 0
        let texts = ([body] + imageURLs).map { Array($0.utf8) }
        while texts.contains(where: { firstRange(of: Array("gazetteer-image-\(nonce):".utf8), in: $0) != nil }) { nonce += 1 }
        let marker = "gazetteer-image-\(nonce):"

        var replacements: [String] = []
        for node in targets {
            if cmark_node_get_type(node) == CMARK_NODE_LINK {
                let link = MarkdownLink(destination: string(cmark_node_get_url(node)), location: location(node, openerWidth: 1))
                if let destination = resolveLink(link) { cmark_node_set_url(node, destination) }
            } else {
                let image = MarkdownImage(source: string(cmark_node_get_url(node)), alt: plainText(of: node),
                                          title: string(cmark_node_get_title(node)), location: location(node, openerWidth: 2))
                if let html = resolveImage(image) {
                    cmark_node_set_url(node, marker + String(replacements.count))
                    replacements.append(html)
                }
            }
        }

        guard let rendered = cmark_render_html(document, options.unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT) else { return "" }
        let html = String(cString: rendered)
        cmark_get_default_mem_allocator().pointee.free(rendered)
        return replacements.isEmpty ? html : replaceImages(in: html, marker: marker, with: replacements)
    }

    /// Swaps each `<img src="MARKER{n}" ... />` that cmark wrote for `replacements[n]`.
    /// cmark escapes `>` in attributes, so the element ends at the first `>`.
    private static func replaceImages(in html: String, marker: String, with replacements: [String]) -> String {
        let html = Array(html.utf8), opening = Array("<img src=\"\(marker)".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(html.count)
        var position = 0
        while let start = firstRange(of: opening, in: html, from: position) {
            let digitsEnd = html[start.upperBound...].firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? html.count
            guard let index = Int(String(decoding: html[start.upperBound..<digitsEnd], as: UTF8.self)),
                  replacements.indices.contains(index), html[digitsEnd...].first == UInt8(ascii: "\""),
                  let end = html[digitsEnd...].firstIndex(of: UInt8(ascii: ">")) else {
                result += html[position..<start.upperBound]  // cannot happen; keep the text as it was
                position = start.upperBound
                continue
            }
            result += html[position..<start.lowerBound]
            result += replacements[index].utf8
            position = end + 1
        }
        result += html[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Where `needle` first occurs in `haystack` at or after `from` (a plain byte search:
    /// the standard library's `String.contains` is slow on long strings).
    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Range<Int>? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        while index <= haystack.count - needle.count {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }

    /// Walks the tree depth-first; `visit(node, entering)` returns false to skip a node's children.
    private static func forEachNode(in root: OpaquePointer, _ visit: (OpaquePointer, Bool) -> Bool) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            if !visit(node, entering), entering { cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT) }
        }
    }

    /// The innermost block (paragraph, heading, ...) around an inline node.
    private static func enclosingBlock(_ node: OpaquePointer) -> OpaquePointer? {
        var current = cmark_node_parent(node)
        while let node = current {
            let type = cmark_node_get_type(node).rawValue
            if type >= CMARK_NODE_FIRST_BLOCK.rawValue && type <= CMARK_NODE_LAST_BLOCK.rawValue { return node }
            current = cmark_node_parent(node)
        }
        return nil
    }

    /// An image description as plain text, as cmark renders it into `alt`.
    private static func plainText(of image: OpaquePointer) -> String {
        var text = ""
        forEachNode(in: image) { node, entering in
            guard entering else { return true }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += string(cmark_node_get_literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
            return true
        }
        return text
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
