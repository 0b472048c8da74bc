import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Model

/// The API's requests that read: a form's entry, the choices forms offer, a new entry's file
/// name, and the preview of a body. None reads more than the one file concerned: the rest
/// comes from the last build's model.
extension EditSession {
    /// `GET api/entry?kind=country&slug=france`.
    func entry(_ query: [String: String]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(query["kind"]), let slug = query["slug"] else {
            return EditJSON.error(400, "say which entry: kind=country or kind=city, and its slug")
        }
        switch language(query["language"], in: basis) {
        case .failure(let answer): return answer.response
        case .success(let setting?): return translationEntry(kind, slug, setting, in: basis)
        case .success(nil): break
        }
        let (file, bytes): (EditPaths.File, [UInt8])
        switch existingEntry(kind, slug, in: basis) {
        case .success(let found): (file, bytes) = found
        case .failure(let answer): return answer.response
        }
        do throws(DiagnosticList) {
            let entry = try EditEntry(path: file.path, bytes: bytes)
            remember(bytes, digest: entry.digest)
            return EditJSON.response(200, entry.json(kind: kind, slug: slug))
        } catch {
            return EditJSON.response(422, ["problems": error.diagnostics.map { EditProblem(field: nil, message: $0.description).json }])
        }
    }

    /// `GET api/options`: the guide's continents, countries, flags (as the gallery sections
    /// them) and the cities' pictures (`pictureChoices`: each with its name and, when a city
    /// shows it, the URL of its thumbnail).
    func options() -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")],
                            body: basis.options { optionsMaker.json(basis, paths: paths) })
    }

    /// `GET api/slug?kind=city&name=São Paulo`: the file name `gazetteer new` would give it,
    /// and whether a file has it already.
    func slug(_ query: [String: String]) -> HTTPResponse {
        guard let kind = Self.kind(query["kind"]), let name = query["name"] else {
            return EditJSON.error(400, "say the kind (country or city) and the name")
        }
        let slug = Slug.make(name, ascii: query["ascii"] == "1")
        guard !slug.isEmpty else {
            return EditJSON.response(200, ["slug": "", "taken": false, "problem": ContentScaffold.Failure.emptyName.description])
        }
        let path = kind.folder + "/" + slug + ".md"
        let exists = (try? paths.content(kind, path: path))?.exists ?? false
        let taken = exists || basis.current?.path(kind, slug: slug) != nil
        return EditJSON.response(200, ["slug": slug, "taken": taken])
    }

    /// `POST api/preview {"kind","slug","body"}`: the body rendered by the build's Markdown
    /// stage, as the page would show it, with the problems it would report.
    func preview(_ object: [String: Any]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(EditJSON.text(object, "kind")), let slug = EditJSON.text(object, "slug"),
              let body = EditJSON.text(object, "body") else {
            return EditJSON.error(400, "send kind, slug and body")
        }
        let setting: LanguageSetting?
        switch language(EditJSON.text(object, "language"), in: basis) {
        case .failure(let answer): return answer.response
        case .success(let found): setting = found
        }
        var path = basis.path(kind, slug: slug) ?? kind.folder + "/" + slug + ".md"
        if let setting { path = ContentKind.translation(of: path, into: setting.code) }
        // The body as a file of its own, with an empty front matter.
        let file = SourceFile(path: path, text: "---\n---\n" + body)
        guard let document = try? FrontMatterParser.parse(file) else { return EditJSON.error(400, "the body cannot be read") }
        var diagnostics: [Diagnostic] = []
        var renderer = basis.context(with: basis.freshPlanner()).bodyRenderer
        // In another language, links to entries lead to their pages in that language.
        if let setting { renderer.languageFolder = setting.code + "/" }
        let rendered = renderer.render(
            document, of: file, outputPath: (setting.map { $0.code + "/" } ?? "") + OutputPath.page(kind, slug: slug), diagnostics: &diagnostics)
        return EditJSON.response(200, ["html": rendered.html,
                                       "problems": diagnostics.filter { !$0.isWarning }.map { EditProblem(field: "body", message: $0.message).json }])
    }
}
