import Foundation
import Diagnostics
import Load
import FrontMatter

/// A content file as the forms show it, read through the build's own front matter parser:
/// its keys in file order (a list as a list of texts, every other value as a text), its body
/// as in the file, and the digest of its bytes (what a save must still find on disk).
struct EditEntry {
    var path: String
    var bytes: [UInt8]
    var document: FrontMatterDocument
    var digest: String { Self.digest(bytes) }

    /// The SHA-256 of `bytes`, in hex.
    static func digest(_ bytes: [UInt8]) -> String { Digest(of: bytes).hex }

    /// `bytes` of the file at site-relative `path` as an entry; the build's messages when it
    /// does not parse.
    init(path: String, bytes: [UInt8]) throws(DiagnosticList) {
        self.path = path
        self.bytes = bytes
        document = try FrontMatterParser.parse(SourceFile(path: path, contents: bytes))
    }

    var entries: [YAMLEntry] {
        if case .mapping(let list) = document.frontMatter.value { list } else { [] }
    }

    /// Each key's value as the form shows it: a text, a list of texts, or null (a nested mapping).
    var fields: [(key: String, value: Any)] {
        entries.map { entry in
            switch entry.value.value {
            case .sequence(let items): (entry.key, items.compactMap { Self.text($0.value) })
            case let value: (entry.key, Self.text(value) ?? NSNull())
            }
        }
    }

    /// The value of `key` as the form shows it (nil when the key is absent).
    func value(of key: String) -> Any? { fields.first { $0.key == key }?.value }

    /// A scalar as a text (`7` for an integer, `true` for a boolean, empty for null).
    static func text(_ value: YAMLValue) -> String? {
        switch value {
        case .string(let s): s
        case .int(let n): String(n)
        case .double(let d): String(d)
        case .bool(let b): b ? "true" : "false"
        case .null: ""
        case .sequence, .mapping: nil
        }
    }

    /// The answer to `GET api/entry`.
    func json(kind: ContentKind, slug: String) -> [String: Any] {
        ["kind": kind == .country ? "country" : "city", "slug": slug, "path": path, "digest": digest,
         "fields": fields.map { ["key": $0.key, "value": $0.value] }, "body": document.body]
    }
}
