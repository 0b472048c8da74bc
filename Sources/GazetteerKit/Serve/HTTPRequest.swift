import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// The head of one HTTP/1.x request (request line and header fields), parsed strictly from
/// the bytes a client sent, and its body when the server reads one (edit mode's API only: a
/// body must say its length with Content-Length, within a limit; chunked bodies are refused).
struct HTTPRequest: Equatable, Sendable {
    var method: String
    /// The request target as sent, e.g. `/countries/?x=1`.
    var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    /// Field names lower-cased; repeated fields joined with `, `.
    var headers: [String: String]
    /// The body, when one was read (see `bodyLength(limit:)`).
    var body: [UInt8] = []

    /// The target's path, still percent-encoded (query and fragment removed).
    var path: String {
        var t = Substring(target)
        if let scheme = t.range(of: "://") {  // absolute-form: http://host/path
            t = t[scheme.upperBound...]
            t = t.firstIndex(of: "/").map { t[$0...] } ?? "/"
        }
        return String(t.prefix { $0 != "?" && $0 != "#" })
    }

    /// The query without `?`, if any.
    var query: String? {
        guard let q = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: q)...].prefix { $0 != "#" })
    }

    /// The `Host` field when it is a plain `host[:port]` (letters, digits, `.-:[]` only).
    var plainHost: String? {
        guard let host = headers["host"], !host.isEmpty, host.utf8.allSatisfy(Self.hostBytes.contains) else { return nil }
        return host
    }

    private static let hostBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]".utf8)

    /// Whether the client wants the connection kept open after the response.
    var keepAlive: Bool {
        let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// Whether a body follows the head (the server answers, then closes instead of reading it).
    var hasBody: Bool {
        headers["transfer-encoding"] != nil || (headers["content-length"].flatMap { Int($0) } ?? 0) > 0
    }

    /// How long a body is, from its head.
    enum BodyLength: Equatable, Sendable {
        case bytes(Int)
        /// The body may not be read: sent in chunks (no length said first: 411), or longer
        /// than the limit (413).
        case refused(status: Int)
    }

    /// The length of the body that follows the head (0: none), or why it is not read.
    func bodyLength(limit: Int) -> BodyLength {
        if headers["transfer-encoding"] != nil { return .refused(status: 411) }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        return length > limit ? .refused(status: 413) : .bytes(length)
    }

    /// The outcome of looking at the bytes received so far.
    enum Parse: Equatable, Sendable {
        /// The head is not complete yet: read more.
        case incomplete
        /// A whole request head, `length` bytes long (including the blank line).
        case request(HTTPRequest, length: Int)
        /// The bytes are not an acceptable request: answer with this status and close.
        case failure(status: Int)
    }

    /// Request line and header fields together may not exceed this many bytes.
    static let maxHeadLength = 8192

    static func parse(_ bytes: [UInt8]) -> Parse {
        var start = 0  // ignore blank lines before the request line (RFC 9112, 2.2)
        while start < bytes.count, bytes[start] == 13 || bytes[start] == 10 { start += 1 }
        guard let end = headEnd(bytes, from: start) else {
            return bytes.count > maxHeadLength ? .failure(status: 431) : .incomplete
        }
        guard end.lineEnd <= maxHeadLength else { return .failure(status: 431) }
        var lines = bytes[start..<end.lineEnd].split(separator: 10, omittingEmptySubsequences: false)
            .map { $0.last == 13 ? $0.dropLast() : $0 }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return .failure(status: 400) }

        let parts = first.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 32 && $0 < 127 }),
              parts[1].first == UInt8(ascii: "/") || isAbsoluteForm(parts[1])
        else { return .failure(status: 400) }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let digits = version.utf8.dropFirst(5)
            let wellFormed = version.hasPrefix("HTTP/") && digits.count == 3 && digits.dropFirst().first == UInt8(ascii: ".")
                && digits.first.map { (48...57).contains($0) } == true && digits.last.map { (48...57).contains($0) } == true
            return .failure(status: wellFormed ? 505 : 400)
        }

        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
                  line[..<colon].allSatisfy(isTokenByte),
                  line.allSatisfy({ ($0 >= 32 && $0 != 127) || $0 == 9 })
            else { return .failure(status: 400) }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard !value.isEmpty, value.utf8.allSatisfy({ (48...57).contains($0) }), value.count < 19,
                      headers[name] == nil || headers[name] == value
                else { return .failure(status: 400) }
                headers[name] = value
                continue
            }
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        if version == "HTTP/1.1", headers["host"] == nil { return .failure(status: 400) }
        let request = HTTPRequest(method: String(decoding: parts[0], as: UTF8.self),
                                  target: String(decoding: parts[1], as: UTF8.self),
                                  version: version, headers: headers)
        return .request(request, length: end.headEnd)
    }

    /// Where the blank line ending the head is: `lineEnd` excludes it, `headEnd` includes it.
    private static func headEnd(_ bytes: [UInt8], from start: Int) -> (lineEnd: Int, headEnd: Int)? {
        var i = start
        while i < bytes.count {
            if bytes[i] == 10 {
                if i + 1 < bytes.count, bytes[i + 1] == 10 { return (i + 1, i + 2) }
                if i + 2 < bytes.count, bytes[i + 1] == 13, bytes[i + 2] == 10 { return (i + 1, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// RFC 9110 token characters (methods and field names).
    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: true
        default: "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    private static func isAbsoluteForm(_ target: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: target, as: UTF8.self).lowercased()
        return text.hasPrefix("http://") || text.hasPrefix("https://")
    }
}
