import Foundation
import Diagnostics

/// Page names made from names: letters and digits of any script, lower case (NFC), words
/// joined by hyphens (`Côte d'Ivoire` -> `côte-d-ivoire`, `大阪` -> `大阪`, `Ελλάδα` ->
/// `ελλάδα`). With `ascii`, accents are dropped and only ASCII letters and digits kept
/// (`cote-d-ivoire`), for those who want plain URLs.
public enum Slug {
    public static func make(_ text: String, ascii: Bool = false) -> String {
        ascii ? asciiSlug(text) : unicodeSlug(text)
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
