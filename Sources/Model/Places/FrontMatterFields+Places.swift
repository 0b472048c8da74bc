import Foundation
import Diagnostics
import FrontMatter

/// A city's `position` and a country's `iso`: where things are, for the maps, the nearby
/// lists and the GeoJSON file.
extension FrontMatterFields {
    /// What every message about a position ends with: the form that is accepted.
    static let positionForm = "write it as \"position: latitude, longitude\" in decimal degrees, such as \"position: 48.8566, 2.3522\""

    /// `position: 48.8566, 2.3522` or `position: [48.8566, 2.3522]`; absent or empty is nil.
    /// Half-given, non-numeric or out of range is a located error.
    package mutating func position() -> GeoPosition? {
        guard let entry = entry("position") else { return nil }
        let node = entry.value
        var parts: [(text: String, location: SourceLocation)]
        switch node.value {
        case .null: return nil
        case .string(let text):
            parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                ($0.trimmingCharacters(in: .whitespaces), node.location)
            }
            if parts.count == 1, parts[0].text.isEmpty { return nil }
        case .int, .double, .bool:
            parts = [(node.text ?? "", node.location)]
        case .sequence(let items):
            parts = []
            for item in items {
                guard let text = item.text else {
                    fail("\"position\" must be two numbers, latitude and longitude (\(Self.positionForm))", at: item.location)
                    return nil
                }
                parts.append((text.trimmingCharacters(in: .whitespaces), item.location))
            }
        case .mapping:
            fail("\"position\" must be two numbers, latitude and longitude, not a mapping (\(Self.positionForm))", at: node.location)
            return nil
        }
        guard parts.count == 2 else {
            let given = parts.map(\.text).filter { !$0.isEmpty }
            let what = given.count == 1 ? "gives only one number (\(given[0])): a position is a latitude and a longitude"
                : given.isEmpty ? "gives no numbers: a position is a latitude and a longitude"
                : "gives \(parts.count) values: a position is a latitude and a longitude, nothing more"
            fail("\"position\" \(what) (\(Self.positionForm))", at: node.location)
            return nil
        }
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            let which = index == 0 ? "latitude" : "longitude"
            guard let number = Self.degrees(part.text) else {
                let written = part.text.isEmpty ? "is missing" : "\"\(part.text)\" is not a number in decimal degrees"
                let dms = part.text.contains("°") ? " (degrees and minutes such as 48°51′N are written 48.85)" : ""
                fail("the \(which) of \"position\" \(written)\(dms) (\(Self.positionForm))", at: part.location)
                return nil
            }
            numbers.append(number)
        }
        let (latitude, longitude) = (numbers[0], numbers[1])
        guard (-90...90).contains(latitude) else {
            let swapped = (-90...90).contains(longitude) && (-180...180).contains(latitude)
                ? "; latitude comes first: did you mean \"position: \(parts[1].text), \(parts[0].text)\"?" : ""
            fail("the latitude of \"position\", \(parts[0].text), is out of range: it must be between -90 and 90 (\(Self.positionForm)\(swapped))",
                 at: parts[0].location)
            return nil
        }
        guard (-180...180).contains(longitude) else {
            fail("the longitude of \"position\", \(parts[1].text), is out of range: it must be between -180 and 180 (\(Self.positionForm))",
                 at: parts[1].location)
            return nil
        }
        return GeoPosition(latitude: latitude, longitude: longitude)
    }

    /// A finite decimal number as YAML's core schema reads one (`48.8566`, `-3`, `2e1`).
    private static func degrees(_ text: String) -> Double? {
        switch YAMLValue.resolvingPlain(text) {
        case .int(let value): Double(value)
        case .double(let value) where value.isFinite: value
        default: nil
        }
    }

    /// A country's ISO 3166-1 alpha-2 code: from `iso: FR` (or `FRA`, any case), else from its
    /// name, official name or aliases (`names`). A code ISO does not have is an error; a
    /// country whose names are none of ISO's is a warning naming it (the maps cannot place it).
    package mutating func isoCode(names: [String]) -> String? {
        if let entry = entry("iso"), entry.value.value != .null {
            guard let written = entry.value.text, let country = ISO3166.country(code: written) else {
                let written = entry.value.text ?? ""
                let byName = ISO3166.country(named: [written]).map { " (did you mean \"iso: \($0.alpha2)\", \($0.names[0])?)" } ?? ""
                fail("unknown ISO 3166-1 code \"\(written)\": write the country's two-letter code, such as \"iso: FR\", or three-letter, \"FRA\"\(byName)",
                     at: entry.value.location)
                return nil
            }
            return country.alpha2
        }
        guard let name = names.first, let nameEntry = entry("name") else { return nil }
        if let country = ISO3166.country(named: names) { return country.alpha2 }
        let hint = ISO3166.closestName(to: names).map { " (did you mean \"\($0.name)\"? then add \"iso: \($0.country.alpha2)\")" }
            ?? " (add its ISO 3166-1 code, such as \"iso: FR\", if it has one)"
        warn("\"\(name)\" is not one of ISO 3166's country names, so the maps cannot place it\(hint)",
             at: nameEntry.value.location)
        return nil
    }
}
