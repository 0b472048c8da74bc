import Thumbnails
import Diagnostics
import Load

/// Thumbnails as template values and as `<img>` elements.
package enum ImageHTML {
    /// `src`, `srcset`, `width`, `height`, `alt` of a planned thumbnail, seen from a page whose root is `root`.
    /// `src` is the 1x, which the browser takes as the 1x candidate of `srcset` (HTML's "update
    /// the source set"): `srcset` names the denser ones only, unless there is none (an empty
    /// `srcset` is invalid), saving its bytes in every row of a list (12 KB on an index of 249).
    package static func fields(_ plan: ThumbnailPlan, root: String, alt: String) -> [String: String] {
        let first = plan.images[0]
        let candidates = plan.images.count > 1 ? plan.images.dropFirst() : plan.images[...]
        let srcset = candidates.map { "\(root)\(PagePath.urlEncoded(OutputPath.image($0.fileName))) \($0.scale)x" }
            .joined(separator: ", ")
        return [
            "src": root + PagePath.urlEncoded(OutputPath.image(first.fileName)),
            "srcset": srcset,
            "width": String(first.width),
            "height": String(first.height),
            "alt": alt,
        ]
    }

    /// A complete `<img>` element for a picture inside a Markdown body.
    package static func tag(_ plan: ThumbnailPlan, root: String, alt: String, title: String, lazy: Bool) -> String {
        let f = fields(plan, root: root, alt: alt)
        var tag = "<img src=\"\(escape(f["src"]!))\" srcset=\"\(escape(f["srcset"]!))\""
        tag += " width=\"\(f["width"]!)\" height=\"\(f["height"]!)\" alt=\"\(escape(alt))\""
        if !title.isEmpty { tag += " title=\"\(escape(title))\"" }
        if lazy { tag += " loading=\"lazy\" decoding=\"async\"" }
        return tag + ">"
    }

    /// HTML-escapes text for an attribute or element content.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
