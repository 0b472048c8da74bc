import Foundation
import Diagnostics

/// Page names made from names: letters and digits of any script, lower case (NFC), words
/// joined by hyphens (`Côte d'Ivoire` -> `côte-d-ivoire`, `大阪` -> `大阪`, `Ελλάδα` ->
/// `ελλάδα`). With `ascii`, accents are dropped and only ASCII letters and digits kept
/// (`cote-d-ivoire`), for those who want plain URLs.
public enum Slug {
    public static func make(_ text: String, ascii: Bool = false) -> String {
        // Most names given are slugs already (`sao-paulo`, `pool-00001`): those are their own slug.
        if isPlain(text) { return text }
        return ascii ? asciiSlug(text) : unicodeSlug(text)
    }

    /// Whether `text` is a slug as it stands: ASCII lower-case letters and digits, in words
    /// joined by single hyphens.
    public static func isPlain(_ text: String) -> Bool {
        var previous = UInt8(ascii: "-")
        for byte in text.utf8 {
            let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if !letter && (byte != UInt8(ascii: "-") || previous == UInt8(ascii: "-")) { return false }
            previous = byte
        }
        return previous != UInt8(ascii: "-")
    }

    private static func unicodeSlug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingHyphen = false
        var inWord = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            let properties = scalar.properties
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if properties.isAlphabetic || properties.numericType != nil || (isMark && inWord) {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                inWord = true
                out.append(scalar)
            } else {
                pendingHyphen = true
                inWord = false
            }
        }
        return String(out)
    }

    private static func asciiSlug(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        // Strip accents by decomposing and keeping ASCII letters and digits only.
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                pendingHyphen = true
            }
        }
        return out.lowercased()
    }
}
