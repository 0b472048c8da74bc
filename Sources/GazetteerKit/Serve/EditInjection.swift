import Load

/// What edit mode adds to every HTML page served to a signed-in browser (never to a file on
/// disk, never without the cookie): the session's token and what the page shows, as JSON the
/// UI reads, then the UI's style sheet and script.
enum EditInjection {
    /// The page at a request path, as the UI needs to know it.
    struct Page: Equatable {
        /// `country`, `city`, `countries` (the index and its pages), `cities` (the City Guide
        /// and its pages) or `other`.
        var kind: String
        var slug: String?
        /// The page's language when it is not the default one (`fr` for `fr/countries/france.html`).
        var language: String? = nil
    }

    /// What the page at `path` (still percent-encoded) shows; `languages`, the codes of the
    /// guide's languages other than the default, whose pages are in folders of those names.
    static func page(at path: String, languages: [String] = []) -> Page {
        guard let decoded = RequestPath.percentDecoded(path) else { return Page(kind: "other") }
        var segments = decoded.split(separator: "/").map(String.init)
        if let first = segments.first, languages.contains(first) {
            var page = self.page(at: segments.dropFirst().joined(separator: "/"))
            page.language = first
            return page
        }
        if segments.last == "index.html" { segments.removeLast() }
        func isListPage(_ name: String) -> Bool {
            name.hasPrefix("page-") && name.hasSuffix(".html") && name.dropFirst(5).dropLast(5).allSatisfy(\.isNumber)
        }
        switch segments.count {
        case 0: return Page(kind: "countries")
        case 1 where segments[0] == "cities": return Page(kind: "cities")
        case 2 where segments[0] == "index" && isListPage(segments[1]): return Page(kind: "countries")
        case 2 where segments[0] == "cities" && isListPage(segments[1]): return Page(kind: "cities")
        case 2 where segments[1].hasSuffix(".html") && (segments[0] == "countries" || segments[0] == "cities"):
            return Page(kind: segments[0] == "countries" ? "country" : "city", slug: String(segments[1].dropLast(5)))
        case 3 where segments[0] == "countries" && isListPage(segments[2]):  // a country's cities, page 2 on
            return Page(kind: "country", slug: segments[1])
        default: return Page(kind: "other")
        }
    }

    /// The theme's words edit mode shows are those named `edit_<word>` (see `Words.prefixed`).
    static let wordsPrefix = "edit_"

    /// The data, style sheet and script, for the page at `path` and the session's `token`;
    /// `words`, the UI's words in each language (`EditBasis.words`), by name; `languages`,
    /// the guide's languages, the default first.
    static func snippet(token: String, path: String, words: [String: [String: String]] = [:], languages: [String] = []) -> String {
        let page = page(at: path, languages: Array(languages.dropFirst()))
        let words = words[page.language ?? languages.first ?? ""] ?? words.values.first ?? [:]
        let slug = page.slug.map { scriptSafe(LiveReload.jsonString($0)) } ?? "null"
        let language = page.language.map { scriptSafe(LiveReload.jsonString($0)) } ?? "null"
        let wordsJSON = words.keys.sorted().map { scriptSafe(LiveReload.jsonString($0) + ":" + LiveReload.jsonString(words[$0]!)) }
            .joined(separator: ",")
        return "<script id=\"gazetteer-edit-data\" type=\"application/json\">{\"token\":\"\(token)\","
            + "\"page\":{\"kind\":\"\(page.kind)\",\"language\":\(language),\"slug\":\(slug)},\"api\":\"\(EditGate.apiPath)\","
            + "\"words\":{\(wordsJSON)}}</script>\n"
            + "<link rel=\"stylesheet\" href=\"\(EditGate.prefix)edit.css\"><script src=\"\(EditGate.prefix)edit.js\" defer></script>\n"
    }

    /// JSON that cannot end the script element it sits in (`</script>`, `<!--`).
    private static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }

    /// The UI's file `name` (`edit.js`, `edit.css`) from `files` (the binary's own: see `DefaultTheme.editFile`).
    static func uiFile(_ name: String, from files: (String) -> [UInt8]?) -> HTTPResponse {
        guard let bytes = files(name) else { return .text(404) }
        return HTTPResponse(status: 200, headers: [("Content-Type", MIMEType.forPath(name))], body: bytes)
    }
}
