import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// A request path made safe to look up under the site folder: percent-decoded exactly once,
/// split into segments, with every way of naming something outside the folder refused.
struct RequestPath: Equatable, Sendable {
    /// `["countries", "spain.html"]` for `/countries/spain.html`; empty for `/`.
    var segments: [String]
    /// Whether the path ends with `/` (a folder was asked for).
    var trailingSlash: Bool

    enum Rejection: Error, Equatable, Sendable {
        /// Not a path: bad percent-encoding, or not starting with `/` (answer 400).
        case malformed
        /// A path that tries to leave the site (`..`, `.`, NUL, backslash, `//`) or names a
        /// hidden file (`.git/`, `.gazetteer-files`: what a build kept in the output folder is
        /// not the site's to show; `.well-known/` is) (answer 403).
        case forbidden
    }

    /// Parses the still-encoded path of a request target (no query).
    init(encoded: String) throws(Rejection) {
        guard encoded.hasPrefix("/") else { throw .malformed }
        guard let decoded = Self.percentDecoded(encoded) else { throw .malformed }
        guard !decoded.contains("\0"), !decoded.contains("\\") else { throw .forbidden }
        var parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        trailingSlash = parts.last == ""
        if trailingSlash { parts.removeLast() }
        // An empty segment would make `//etc/passwd` or `/a//b`; `.` and `..` walk the tree.
        guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { throw .forbidden }
        guard parts.allSatisfy({ !$0.hasPrefix(".") || $0 == ".well-known" }) else { throw .forbidden }
        segments = parts
    }

    /// `%XX` decoded once into UTF-8; nil when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let b = utf8.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let h = utf8.next().flatMap(hexValue), let l = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(h << 4 | l)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}
