import Foundation
import Locking

/// The answer to `api/options` (the forms' choices and the pickers': continents, countries, the
/// flags as the gallery sections them, the cities' pictures with their thumbnails), made for
/// each build as soon as the build hands its model over, on another thread (see
/// `EditBasis.Receiver`), so that a form or picker opened once the page has reloaded finds it
/// made. The pictures' part (10,000 choices at 10,000 cities) is kept with what it was made
/// from, the folder's listing and the thumbnails' URLs, and reused while both are the same.
final class EditOptions: Sendable {
    /// The last answer's pictures: the folder's names as listed, the pictures' values made of
    /// them, the thumbnails' URLs, and the JSON of both lists.
    private struct Pictures {
        var listed: [String] = []
        var values: [String] = []
        var thumbs: [String: String] = [:]
        var json: [UInt8] = Array(#","pictureChoices":[],"pictures":[]"#.utf8)
    }

    private let pictures = Locked(Pictures())
    /// The picker's thumbnails of the cities' pictures as the last answer gave them
    /// (`EditBasis.pictureThumbs`).
    private let thumbAnswers = Locked<[String: EditBasis.PictureThumb]>([:])

    init() {}

    /// Before the first answer: the pictures' thumbnails, and the flags', that `basis` knows
    /// without reading a picture (the last build's plans, while the build holds them), so that
    /// the first answer reads only the pictures new since. Nothing once answers were made (a
    /// later build's answer reuses those): the builds after a save pay nothing for it.
    func prepare(_ basis: EditBasis) {
        guard prepared.withLock({ done in defer { done = true }; return !done }) else { return }
        thumbAnswers.withLock { earlier in
            guard earlier.isEmpty else { return }
            earlier = basis.pictureThumbs(reusing: [:], reading: false).answers
        }
        basis.prepareFlagSections()
    }

    /// Whether `prepare` ran (once, for the server's first build).
    private let prepared = Locked(false)

    /// `api/options`' JSON for `basis`, the pictures in content/ as `paths` lists them now.
    func json(_ basis: EditBasis, paths: EditPaths) -> [UInt8] {
        let continents = basis.config.continents.map { ["name": $0.name, "heading": $0.heading] }
        let countries = basis.site.countries.map { ["slug": $0.slug, "name": $0.name] }
        let flags = basis.flagSections.map { section -> [String: Any] in
            ["heading": section.heading, "countries": section.countries.map(\.json)]
        }
        // Keys sorted, as the answers' are: the pictures' two come after these three.
        var json = EditJSON.response(200, ["continents": continents, "countries": countries, "flags": flags]).body
        guard json.last == UInt8(ascii: "}") else { return json }
        json.removeLast()
        json += picturesJSON(basis, paths: paths)
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// `,"pictureChoices":[{"name","thumb","value"}…],"pictures":[…]`: the cities' pictures in
    /// content/, each with its name and, when a city shows it, the URL of its thumbnail.
    private func picturesJSON(_ basis: EditBasis, paths: EditPaths) -> [UInt8] {
        let (folder, written) = EditPaths.pictureFolder(.city)
        let listed = paths.pictureNames(.city)
        let thumbs = thumbAnswers.withLock { earlier in
            let (urls, answers) = basis.pictureThumbs(reusing: earlier)
            earlier = answers
            return urls
        }
        return pictures.withLock { last in
            let values = listed == last.listed ? last.values : EditPaths.pictureValues(listed, written: written)
            if values == last.values, thumbs == last.thumbs {
                last.listed = listed
                return last.json
            }
            let prefix = basis.root.path + "/" + folder + "/"
            var choices = Array(#","pictureChoices":["#.utf8)
            var list = Array(#","pictures":["#.utf8)
            for (index, value) in values.enumerated() {
                if index > 0 {
                    choices.append(UInt8(ascii: ","))
                    list.append(UInt8(ascii: ","))
                }
                let name = String(value.dropFirst(written.count))
                choices += Array(#"{"name":"#.utf8)
                Self.string(name, into: &choices)
                choices += Array(#","thumb":"#.utf8)
                if let thumb = thumbs[prefix + name] { Self.string(thumb, into: &choices) } else { choices += Array("null".utf8) }
                choices += Array(#","value":"#.utf8)
                Self.string(value, into: &choices)
                choices.append(UInt8(ascii: "}"))
                Self.string(value, into: &list)
            }
            let json = choices + Array("]".utf8) + list + Array("]".utf8)
            last = Pictures(listed: listed, values: values, thumbs: thumbs, json: json)
            return json
        }
    }

    /// `text` as a JSON string (quotes, backslashes and control characters escaped; `/` as it is).
    static func string(_ text: String, into json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): json += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): json += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): json += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): json += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                json += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
