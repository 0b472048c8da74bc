import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

extension SiteConfig {
    package static let knownKeys = ["title", "base_url", "language", "languages", "continents", "thumbnails", "markdown", "max_image_pixels", "page_size", "search", "data", "thumbnail_cache_days", "untranslated"]

    /// Reads `gazetteer.yaml`. Every problem is reported, located; unknown keys are errors.
    package static func parse(_ root: YAMLNode) throws(DiagnosticList) -> SiteConfig {
        var config = SiteConfig()
        var errors: [Diagnostic] = []
        if case .null = root.value { return config }
        guard case .mapping(let entries) = root.value else {
            throw DiagnosticList([Diagnostic("gazetteer.yaml must be a mapping of settings", at: root.location)])
        }
        var languageEntry: YAMLEntry?
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "languages":
                if let list = parseLanguages(value, errors: &errors) { config.languages = list }
            case "title":
                if let s = value.stringValue(into: &errors, what: "title") { config.title = s }
            case "base_url":
                if let s = value.stringValue(into: &errors, what: "base_url") {
                    if s.hasPrefix("http://") || s.hasPrefix("https://") {
                        config.baseURL = s.hasSuffix("/") ? s : s + "/"
                    } else {
                        errors.append(Diagnostic("base_url must start with http:// or https://", at: value.location))
                    }
                }
            case "language":
                if let s = value.stringValue(into: &errors, what: "language") { config.language = s }
                languageEntry = entry
            case "max_image_pixels":
                if case .int(let n) = value.value, n > 0 { config.maxImagePixels = n } else {
                    errors.append(Diagnostic("max_image_pixels must be a positive whole number", at: value.location))
                }
            case "page_size":
                if case .int(let n) = value.value, (1...100_000).contains(n) { config.pageSize = n } else {
                    errors.append(Diagnostic("page_size must be a whole number from 1 to 100000", at: value.location))
                }
            case "untranslated":
                if let text = value.text, let choice = Untranslated(rawValue: text) { config.untranslated = choice } else {
                    errors.append(Diagnostic(
                        "untranslated must be fallback (an entry with no translation is shown in the default language, with a note) "
                            + "or omit (it is left out of that language)" + NameSuggestion.hint(for: value.text ?? "", in: Untranslated.allCases.map(\.rawValue)),
                        at: value.location))
                }
            case "search":
                if case .bool(let flag) = value.value { config.search = flag } else {
                    errors.append(Diagnostic("search must be true or false", at: value.location))
                }
            case "data":
                let settings = DataSettings.parse(value, errors: &errors) { unknown("data setting", $0, known: DataSettings.keys, in: $1) }
                if let settings { config.data = settings }
            case "thumbnail_cache_days":
                if case .int(let n) = value.value, (0...36_500).contains(n) { config.thumbnailCacheDays = n } else {
                    errors.append(Diagnostic("thumbnail_cache_days must be a whole number of days from 0 to 36500", at: value.location))
                }
            case "continents":
                if let list = parseContinents(value, errors: &errors) { config.continents = list }
            case "thumbnails":
                parsePresets(value, into: &config.presets, errors: &errors)
            case "markdown":
                parseMarkdown(value, into: &config.markdown, errors: &errors)
            default:
                errors.append(unknown("setting", entry, known: knownKeys, in: entries))
            }
        }
        if let first = config.languages.first {
            if let languageEntry, languageEntry.value.text?.lowercased() != first.code.lowercased() {
                errors.append(Diagnostic(
                    "language \"\(languageEntry.value.text ?? "")\" contradicts languages:, whose first (the default) is \"\(first.code)\": "
                        + "remove language: (languages: says it), or put \(languageEntry.value.text ?? "it") first",
                    at: languageEntry.value.location))
            }
            config.language = first.code
            if let title = first.title { config.title = title }
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
        return config
    }

    private static func parseContinents(_ node: YAMLNode, errors: inout [Diagnostic]) -> [Continent]? {
        guard case .sequence(let items) = node.value else {
            errors.append(Diagnostic("continents must be a list of {name, heading}", at: node.location))
            return nil
        }
        var result: [Continent] = []
        for item in items {
            guard case .mapping(let entries) = item.value else {
                errors.append(Diagnostic("each continent needs a name and a heading", at: item.location))
                continue
            }
            var name: String?, heading: String?
            for entry in entries {
                switch entry.key {
                case "name": name = entry.value.stringValue(into: &errors, what: "name")
                case "heading": heading = entry.value.stringValue(into: &errors, what: "heading")
                default:
                    errors.append(unknown("continent setting", entry, known: ["name", "heading"], in: entries))
                }
            }
            guard let name else {
                errors.append(Diagnostic("a continent needs a name", at: item.location))
                continue
            }
            if result.contains(where: { $0.name == name }) {
                errors.append(Diagnostic("continent \"\(name)\" is listed twice", at: item.location))
            }
            result.append(Continent(name: name, heading: heading ?? "\(name) Flags"))
        }
        return result
    }

    private static func parsePresets(_ node: YAMLNode, into presets: inout [String: ThumbnailSpec], errors: inout [Diagnostic]) {
        guard case .mapping(let entries) = node.value else {
            errors.append(Diagnostic("thumbnails must map preset names to {width, height, mode}", at: node.location))
            return
        }
        for entry in entries {
            guard case .mapping(let fields) = entry.value.value else {
                errors.append(Diagnostic("preset \"\(entry.key)\" must be {width, height, mode}", at: entry.value.location))
                continue
            }
            var spec = presets[entry.key] ?? ThumbnailSpec(width: 0, height: 0, mode: .fit)
            for field in fields {
                let v = field.value
                switch field.key {
                case "width", "height":
                    guard case .int(let n) = v.value, (1...4000).contains(n) else {
                        errors.append(Diagnostic("\(field.key) must be a whole number of pixels from 1 to 4000", at: v.location))
                        continue
                    }
                    if field.key == "width" { spec.width = n } else { spec.height = n }
                case "mode":
                    switch v.stringValue(into: &errors, what: "mode") {
                    case "fit": spec.mode = .fit
                    case "fill": spec.mode = .fill(.centre)
                    case "fill-attention": spec.mode = .fill(.attention)
                    case let other?:
                        errors.append(Diagnostic("mode must be fit, fill or fill-attention, not \"\(other)\"", at: v.location))
                    case nil: break
                    }
                case "format":
                    let name = v.stringValue(into: &errors, what: "format")
                    if name == "auto" {
                        spec.format = nil
                    } else if let name, let format = ImageFormat(rawValue: name), format != .svg {
                        spec.format = format
                    } else if let name {
                        errors.append(Diagnostic(
                            "format must be auto, png-adaptive, png-palette, png, jpeg, webp, webp-lossless, webp-adaptive or avif, not \"\(name)\""
                                + NameSuggestion.hint(for: name, in: ["auto", "png-adaptive", "png-palette", "png", "jpeg", "webp", "webp-lossless", "webp-adaptive", "avif"]),
                            at: v.location))
                    }
                case "scales":
                    guard case .sequence(let items) = v.value else {
                        errors.append(Diagnostic("scales must be a list such as [1, 2]", at: v.location))
                        continue
                    }
                    var scales: [Int] = []
                    for item in items {
                        if case .int(let n) = item.value, (1...4).contains(n) { scales.append(n) } else {
                            errors.append(Diagnostic("a scale must be 1, 2, 3 or 4", at: item.location))
                        }
                    }
                    if !scales.isEmpty { spec.scales = Array(Set(scales)).sorted() }
                default:
                    errors.append(unknown("preset setting", field, known: ["width", "height", "mode", "format", "scales"], in: fields))
                }
            }
            if spec.width == 0 || spec.height == 0 {
                errors.append(Diagnostic("preset \"\(entry.key)\" needs a width and a height", at: entry.keyLocation))
            }
            presets[entry.key] = spec
        }
    }

    private static func parseMarkdown(_ node: YAMLNode, into options: inout MarkdownOptions, errors: inout [Diagnostic]) {
        guard case .mapping(let entries) = node.value else {
            errors.append(Diagnostic("markdown must be a mapping such as {unsafe: true}", at: node.location))
            return
        }
        for entry in entries {
            guard case .bool(let flag) = entry.value.value else {
                errors.append(Diagnostic("\(entry.key) must be true or false", at: entry.value.location))
                continue
            }
            switch entry.key {
            case "unsafe": options.unsafe = flag
            case "smart_punctuation": options.smartPunctuation = flag
            default:
                errors.append(unknown("markdown setting", entry, known: ["unsafe", "smart_punctuation"], in: entries))
            }
        }
    }

    /// `unknown setting "titel" (did you mean "title"?)`; where the key it resembles is set
    /// too, says where (`titel` below `title` is that key misspelt, or one too many).
    private static func unknown(_ what: String, _ entry: YAMLEntry, known: [String], in entries: [YAMLEntry]) -> Diagnostic {
        let present = entries.filter { known.contains($0.key) }
        if let meant = NameSuggestion.misspelling(of: entry.key, among: present.map(\.key)),
           let set = present.first(where: { $0.key == meant }) {
            return Diagnostic(
                "unknown \(what) \"\(entry.key)\" (it looks like a misspelling of \"\(meant)\", which is set on line \(set.keyLocation.line): "
                    + "remove one of them)",
                at: entry.keyLocation)
        }
        return Diagnostic("unknown \(what) \"\(entry.key)\"" + NameSuggestion.hint(for: entry.key, in: known), at: entry.keyLocation)
    }
}

extension YAMLNode {
    /// The node as text, exactly as written (`title: 1.10` is "1.10"), or an error saying
    /// `what` must be text.
    package func stringValue(into errors: inout [Diagnostic], what: String) -> String? {
        if case .null = value {} else if let text { return text }
        errors.append(Diagnostic("\(what) must be text", at: location))
        return nil
    }
}
