import Diagnostics

/// URL-safe names: ASCII, lower case, words joined by hyphens (`Côte d'Ivoire` -> `cote-d-ivoire`).
public enum Slug {
    public static func make(_ text: String) -> String {
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
