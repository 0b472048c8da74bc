import Mustache
import Diagnostics
import Load
import Markdown

/// Every internal link of every page rendered, checked against the files of the output
/// (`LinkTargets`), after rendering: a broken one is an error located where it was written,
/// the content line of a body's link, else the template line that wrote it.
extension PageRenderer {
    /// The problems of the links of `page`, rendered as `html`; each file a link points at is
    /// recorded in `scope` (`Dependency.target`), so that the page is checked again when it goes.
    func checkLinks(_ page: Page, _ html: String, fromSiteRoot: Bool, scope: PageScope) -> [Diagnostic] {
        guard page.path.hasSuffix(".html") else { return [] }
        var seen: Set<String> = []
        var broken: [(found: LinkScan.Found, resolution: LinkTargets.Resolution)] = []
        for found in LinkScan.scan(html) where seen.insert(found.value).inserted {
            let resolution = targets.resolve(found.value, from: page.path, fromSiteRoot: fromSiteRoot)
            switch resolution {
            case .skipped: continue
            case .file(let path): scope.read(.target(path))
            case .missing(let path):
                scope.read(.target(path))
                broken.append((found, resolution))
            case .fromRoot, .outside: broken.append((found, resolution))
            }
        }
        guard !broken.isEmpty else { return [] }
        let read = scope.dependencies
        return broken.map { found, resolution in
            let (location, inBody) = locate(found.value, on: page, dependencies: read)
            return Diagnostic(message(found.value, resolution, on: page, inBody: inBody), at: location)
        }
    }

    /// `html`, a page in the language whose folder is `folder` (`fr/`), with each link to a
    /// page that language leaves out (`untranslated: omit`: `fr/countries/spain.html`, which
    /// is not made) leading to the default language's version instead (`../../countries/spain.html`),
    /// when that one exists. Each page it looked for is recorded (`Dependency.target`), so the
    /// page is made again when the translation comes.
    func fallbackLinks(_ page: Page, _ html: String, folder: String, scope: PageScope) -> String {
        guard page.path.hasSuffix(".html") else { return html }
        var replacements: [(offset: Int, length: Int, value: String)] = []
        for found in LinkScan.scan(html) {
            guard case .missing(let path) = targets.resolve(found.value, from: page.path), path.hasPrefix(folder) else { continue }
            let shown = String(path.dropFirst(folder.count))
            scope.read(.target(path))
            guard targets.contains(shown) else { continue }
            let fragment = found.value.firstIndex(of: "#").map { String(found.value[$0...]) } ?? ""
            replacements.append((found.offset, found.value.utf8.count, PagePath.relative(from: page.path, to: shown) + fragment))
        }
        guard !replacements.isEmpty else { return html }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(html.utf8.count)
        var at = 0
        let utf8 = Array(html.utf8)
        for (offset, length, value) in replacements.sorted(by: { $0.offset < $1.offset }) where offset >= at {
            bytes += utf8[at..<offset]
            bytes += value.utf8
            at = offset + length
        }
        bytes += utf8[at...]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `link to "braga.html" ...` in plain words, with the nearest file of the output.
    private func message(_ link: String, _ resolution: LinkTargets.Resolution, on page: Page, inBody: Bool) -> String {
        let shown = inBody ? "link to \"\(link)\"" : "link to \"\(link)\" (on \(page.path))"
        func suggestion(_ path: String?) -> String {
            path.map { " (did you mean \"\(PagePath.relative(from: page.path, to: $0))\"?)" } ?? ""
        }
        switch resolution {
        case .missing(let path) where path.isEmpty || path.hasSuffix("/"):
            return "\(shown) leads to a folder, which opens no page from disk" + suggestion(targets.nearest(to: path))
        case .missing(let path):
            return "\(shown) leads to nothing: the guide has no \(path)" + suggestion(targets.nearest(to: path))
        case .fromRoot(let path):
            let hint = path.map { " (write \"\(PagePath.relative(from: page.path, to: $0))\")" } ?? ""
            return "\(shown) starts at the server's root, so it breaks when the guide is opened from disk or"
                + " served under a sub-path; links are relative to the page" + hint
        case .outside:
            return "\(shown) leads out of the guide's folder"
        case .skipped, .file:
            return shown
        }
    }

    /// Where `link` of `page` was written: the line of a body's link (or of its text, for
    /// one in HTML), else the attribute of a template the page included that can write it.
    private func locate(_ link: String, on page: Page, dependencies: [Dependency]) -> (SourceLocation, inBody: Bool) {
        let wanted = targets.resolve(link, from: page.path)
        for dependency in dependencies where dependency.kind == .body {
            guard let (links, text) = bodies.links(for: dependency.name) else { continue }
            if let written = links.first(where: { targets.resolve($0.destination, from: page.path) == wanted }) {
                return (written.location, true)
            }
            if let at = Self.position(of: link, in: text) {
                return (SourceLocation(path: dependency.name, line: at.line, column: at.column), true)
            }
        }
        let names = [page.template] + dependencies.filter { $0.kind == .template && $0.name != page.template }.map(\.name)
        var best: (score: Int, location: SourceLocation)?
        for name in names {
            guard let source = library.source(of: name) else { continue }
            for attribute in LinkScan.scan(source.text) {
                guard let score = Self.score(attribute.value, matching: link), score > (best?.score ?? -1) else { continue }
                let at = Self.position(ofOffset: attribute.offset, in: source.text)
                best = (score, SourceLocation(path: source.path, line: at.line, column: at.column))
            }
        }
        return (best?.location ?? SourceLocation(path: library.source(of: page.template)?.path ?? page.template), false)
    }

    /// How well the attribute value of a template (`{{root}}assets/{{name}}.css`) can write
    /// `link`: the length of its literal text when every part of it is found in order, the
    /// tags standing for anything; nil when it cannot.
    static func score(_ pattern: String, matching link: String) -> Int? {
        var literals: [Substring] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "{{") {
            literals.append(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            rest = rest[close.upperBound...]
            if rest.first == "}" { rest = rest.dropFirst() }
        }
        literals.append(rest)
        if literals.count == 1 { return pattern == link ? pattern.count + 1 : nil }
        var remaining = Substring(link)
        guard remaining.hasPrefix(literals[0]) else { return nil }
        remaining = remaining.dropFirst(literals[0].count)
        for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
            guard let found = remaining.range(of: literal) else { return nil }
            remaining = remaining[found.upperBound...]
        }
        guard remaining.hasSuffix(literals.last!) else { return nil }
        return literals.reduce(0) { $0 + $1.count }
    }

    /// The 1-based line and column (in Unicode scalars) of the first place `needle` is written in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
        guard !needle.isEmpty, let range = text.range(of: needle) else { return nil }
        return position(ofOffset: text.utf8.distance(from: text.startIndex, to: range.lowerBound), in: text)
    }

    static func position(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        let before = text.utf8.prefix(offset)
        var line = 1, column = 1
        for byte in before {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
