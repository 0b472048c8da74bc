import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown

/// The Markdown links of a body that lead to one content file, as the build resolves them
/// (`BodyRenderer`): found by the build's own Markdown parser, each rewritten in the body's
/// text where its destination is written, only those bytes changed.
enum EditLinks {
    /// `body` (of the file at `path`, whose body starts at file line `bodyStartLine`) with
    /// every link to the content file `target` sent to `newName` instead (a file name such as
    /// `lisbon.md`, in the same folder as `target`); nil when no link leads there.
    static func retarget(_ body: String, bodyStartLine: Int, path: String, target: String, newName: String,
                         paths: ContentPath, options: MarkdownOptions) -> String? {
        var found: [MarkdownLink] = []
        _ = MarkdownRenderer.render(
            body, bodyStartLine: bodyStartLine, path: path, options: options,
            resolveLink: { link in
                if leads(link.destination, from: path, to: target, paths: paths) { found.append(link) }
                return nil
            },
            resolveImage: { _ in nil })
        guard !found.isEmpty else { return nil }
        let bytes = Array(body.utf8)
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        for link in found {
            let written = Array(link.destination.utf8)
            let start = offset(of: link.location, in: body, bodyStartLine: bodyStartLine)
            guard let range = destinationRange(of: written, in: bytes, from: start) ?? destinationRange(of: written, in: bytes, from: 0),
                  !edits.contains(where: { $0.range == range }) else { continue }
            edits.append((range, Array(replacingName(in: link.destination, with: newName).utf8)))
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.text)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether a link written `destination` in the file at `path` leads to the content file `target`.
    static func leads(_ destination: String, from path: String, to target: String, paths: ContentPath) -> Bool {
        guard !destination.isEmpty, !destination.hasPrefix("#"), !destination.contains(":"), !destination.hasPrefix("//") else { return false }
        let written = destination.firstIndex(of: "#").map { String(destination[..<$0]) } ?? destination
        let decoded = written.contains("%") ? written.removingPercentEncoding ?? written : written
        guard decoded.hasSuffix(".md") else { return false }
        if ContentPath.lexical(decoded, from: path) == target { return true }
        if case .success(let url) = paths.resolve(decoded, from: path) { return paths.siteRelative(url) == target }
        return false
    }

    /// `destination` with the file name of its path (before any `#`) replaced by `name`.
    static func replacingName(in destination: String, with name: String) -> String {
        let hash = destination.firstIndex(of: "#") ?? destination.endIndex
        let pathPart = destination[..<hash]
        let folder = pathPart.lastIndex(of: "/").map { pathPart[...$0] } ?? ""
        return folder + name + destination[hash...]
    }

    /// The byte offset in `body` of a location in the whole file (line, column in scalars).
    private static func offset(of location: SourceLocation, in body: String, bodyStartLine: Int) -> Int {
        var line = bodyStartLine, column = 1, offset = 0
        for scalar in body.unicodeScalars {
            if line == location.line && column >= location.column || line > location.line { break }
            offset += String(scalar).utf8.count
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return offset
    }

    /// The first place at or after `from` where `destination` is written as a link's
    /// destination: after `(` or `<` (an inline link), or after `]:` and spaces (a reference
    /// definition), and followed by `)`, `>`, a space or a line end; not in a link's text.
    private static func destinationRange(of destination: [UInt8], in body: [UInt8], from: Int) -> Range<Int>? {
        guard !destination.isEmpty, body.count >= destination.count, from <= body.count - destination.count else { return nil }
        let space: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        let after: Set<UInt8> = [UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        for index in from...(body.count - destination.count) where body[index..<index + destination.count].elementsEqual(destination) {
            let end = index + destination.count
            guard end == body.count || after.contains(body[end]), index > 0 else { continue }
            if body[index - 1] == UInt8(ascii: "(") || body[index - 1] == UInt8(ascii: "<") { return index..<end }
            var before = index - 1
            while before > 0, space.contains(body[before]) { before -= 1 }
            if before > 0, before < index - 1 || body[before] == UInt8(ascii: ":"), body[before] == UInt8(ascii: ":"),
               body[before - 1] == UInt8(ascii: "]") {
                return index..<end
            }
        }
        return nil
    }
}
