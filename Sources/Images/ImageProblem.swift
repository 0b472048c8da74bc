/// Why a picture cannot be used, in an editor's words. libvips and libjpeg describe what
/// their decoders met ("VipsJpeg: Premature end of input file: residual reducev by 0.8; ...");
/// an editor wants to know what is wrong with their file and what to do. The library's own
/// first line is kept after the plain words only where it tells more (an SVG's XML error
/// names its line).
package enum ImageProblem {
    package static func plain(_ message: String) -> String {
        let first = firstLine(message)
        let lower = message.lowercased()
        if lower.contains("premature end") || lower.contains("truncated") || lower.contains("unexpected end") {
            return "is cut short: the file ends before the image does (was it copied or downloaded completely?)"
        }
        if lower.contains("crc error") || lower.contains("incorrect header check") || lower.contains("idat") {
            return "is damaged: its PNG data does not pass its own checks (save it again from the original)"
        }
        if lower.contains("corrupt jpeg") || lower.contains("bogus") || lower.contains("huffman") {
            return "is damaged: its JPEG data is corrupt (save it again from the original)"
        }
        if lower.contains("not a known file format") || lower.contains("is not in a known format")
            || lower.contains("unsupported image format") {
            return "is not an image gazetteer can read: use a JPEG, PNG, WebP or SVG file"
        }
        if lower.contains("xml") || lower.contains("svg") && lower.contains("parse") {
            return "is not a well-formed SVG drawing (\(first))"
        }
        if lower.contains("not an accepted image format") || lower.contains("pixels") || lower.contains("too large")
            || lower.contains("does not exist") || lower.contains("cannot read") {
            return "cannot be used: " + first  // already in plain words
        }
        return "cannot be decoded: \(first)"
    }

    /// The library's first statement, without the resampler's log lines libvips appends.
    private static func firstLine(_ message: String) -> String {
        var text = message
        for noise in [": residual ", "; residual ", ": reduce", "; error in tile", ": error in tile"] {
            if let range = text.range(of: noise) { text = String(text[..<range.lowerBound]) }
        }
        for prefix in ["cannot read the image: ", "cannot decode the image: ", "glib: ", "VipsJpeg: ", "vips2png: "] {
            text = text.replacingOccurrences(of: prefix, with: "")
        }
        text = text.replacing(#/Error domain \d+ code \d+ /#, with: "")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
