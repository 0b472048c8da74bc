import Foundation
import Diagnostics
import Load
import Model
import Editing
import Write

/// Edit mode on a page of another language than the default (`fr/countries/france.html`): the
/// form edits that language's translation (`france.fr.md`, beside `france.md`), and Save
/// makes it when it does not exist yet, holding only the values the editor changed. The
/// form shows what the page shows: the translation's values, else the default language's.
/// Delete removes the translation only. The same guarantees as every write: the digest the
/// form was opened with (none for a translation not yet made: then none may have appeared),
/// the build's checks on the new bytes, the undo journal, an atomic write.
extension EditSession {
    /// The language a request names (`language=fr`): nil for the default language or none; the
    /// answer refusing a code the guide does not have.
    func language(_ code: String?, in basis: EditBasis) -> Result<LanguageSetting?, Answer> {
        guard let code, !code.isEmpty, code != basis.config.languages.first?.code else { return .success(nil) }
        guard let setting = basis.config.languages.dropFirst().first(where: { $0.code == code }) else {
            let others = basis.config.languages.dropFirst().map(\.code)
            return .failure(Answer(EditJSON.error(400, "\"\(code)\" is not a language of the guide"
                + (others.isEmpty ? " (it has one)" : ": its other languages are " + others.joined(separator: ", ")))))
        }
        return .success(setting)
    }

    /// `GET api/translations?kind=country&language=fr`: the slugs of the entries of `kind` that
    /// have a translation into that language (a file of their own, `spain.fr.md`), sorted: on
    /// that language's list, only their rows offer Delete translation (the others show the
    /// default language's values, which a translation cannot take away).
    func translations(_ query: [String: String]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(query["kind"]) else {
            return EditJSON.error(400, "say which entries: kind=country or kind=city, and language=")
        }
        let setting: LanguageSetting
        switch language(query["language"], in: basis) {
        case .failure(let answer): return answer.response
        case .success(let found?): setting = found
        case .success(nil):
            return EditJSON.error(400, "say one of the guide's other languages: the \(basis.config.languages.first?.name ?? "default") files are the entries themselves")
        }
        let slugs = basis.translations.filter { $0.kind == kind && $0.language == setting.code }.map { ContentKind.slug(ofPath: $0.path) }
        return EditJSON.response(200, ["kind": kind == .country ? "country" : "city", "language": setting.code, "slugs": slugs.sorted()])
    }

    /// The keys a translation's form shows of an entry of `kind`: its texts and its extras.
    static func translatable(_ key: String, kind: ContentKind) -> Bool {
        let known = kind == .country ? ContentEntry.countryKeys : ContentEntry.cityKeys
        return Translations.translatableKeys.contains(key) || !known.contains(key)
    }

    /// The default language's file of the entry, its translation into `language` (which may
    /// not exist yet) and the bytes of both (nil: no translation).
    struct TranslationFiles {
        var entry: EditPaths.File
        var entryBytes: [UInt8]
        var translation: EditPaths.File
        var translationBytes: [UInt8]?
    }

    func translationFiles(_ kind: ContentKind, _ slug: String, _ language: LanguageSetting, in basis: EditBasis)
        -> Result<TranslationFiles, Answer> {
        existingEntry(kind, slug, in: basis).flatMap { entry in
            do throws(EditPaths.Refusal) {
                let translation = try paths.content(kind, path: ContentKind.translation(of: entry.file.path, into: language.code))
                let bytes = translation.exists ? FileManager.default.contents(atPath: translation.real).map { [UInt8]($0) } : nil
                return .success(TranslationFiles(entry: entry.file, entryBytes: entry.bytes, translation: translation, translationBytes: bytes))
            } catch {
                return .failure(Answer(Self.refused(error)))
            }
        }
    }

    /// `GET api/entry?kind=country&slug=france&language=fr`: the form of the translation, its
    /// values those the page shows (the translation's, else the entry's), its digest that of
    /// the translation ("" when there is none yet).
    func translationEntry(_ kind: ContentKind, _ slug: String, _ language: LanguageSetting, in basis: EditBasis) -> HTTPResponse {
        let files: TranslationFiles
        switch translationFiles(kind, slug, language, in: basis) {
        case .success(let found): files = found
        case .failure(let answer): return answer.response
        }
        do throws(DiagnosticList) {
            let entry = try EditEntry(path: files.entry.path, bytes: files.entryBytes)
            let translation = try files.translationBytes.map { bytes throws(DiagnosticList) in
                try EditEntry(path: files.translation.path, bytes: bytes)
            }
            if let translation { remember(translation.bytes, digest: translation.digest) }
            let own = (translation?.fields ?? []).filter { Self.translatable($0.key, kind: kind) }
            var fields: [[String: Any]] = []
            for field in entry.fields where Self.translatable(field.key, kind: kind) {
                fields.append(["key": field.key, "value": own.first { $0.key == field.key }?.value ?? field.value])
            }
            for field in own where !entry.fields.contains(where: { $0.key == field.key }) {
                fields.append(["key": field.key, "value": field.value])
            }
            let ownBody = translation.map { !$0.document.body.allSatisfy(\.isWhitespace) } ?? false
            let defaultLanguage = basis.config.languages.first
            return EditJSON.response(200, [
                "kind": kind == .country ? "country" : "city", "slug": slug, "path": files.translation.path,
                "digest": translation?.digest ?? "", "fields": fields,
                "body": ownBody ? translation!.document.body : entry.document.body,
                "translation": [
                    "language": language.code, "languageName": language.name, "exists": translation != nil,
                    "entry": files.entry.path, "own": own.map(\.key) + (ownBody ? ["body"] : []),
                    "defaultLanguage": defaultLanguage?.code ?? "", "defaultName": defaultLanguage?.name ?? "",
                    "defaultURL": Self.url(kind, path: files.entry.path),
                ] as [String: Any],
            ])
        } catch {
            return EditJSON.response(422, ["problems": error.diagnostics.map { EditProblem(field: nil, message: $0.description).json }])
        }
    }

    /// `POST api/save {"kind","slug","language","digest","fields","body"}` on a page of
    /// another language: the edit applied to the translation, or a new translation made of
    /// the values given (a cleared value it does not hold is refused: the page would still
    /// show the entry's).
    func saveTranslation(_ object: [String: Any], _ kind: ContentKind, _ slug: String, _ language: LanguageSetting,
                         digest: String, in basis: EditBasis) -> HTTPResponse {
        let files: TranslationFiles
        switch translationFiles(kind, slug, language, in: basis) {
        case .success(let found): files = found
        case .failure(let answer): return answer.response
        }
        let edit: EntryEdit
        switch Self.entryEdit(object) {
        case .success(let made): edit = made
        case .failure(let problem): return EditJSON.error(400, problem.message)
        }
        let entryName = (files.entry.path as NSString).lastPathComponent
        let defaultName = basis.config.languages.first?.name ?? "default language"
        for field in edit.fields where !Self.translatable(field.key, kind: kind) {
            return Self.problems([EditProblem(field: field.key, message:
                "\(files.translation.path): \"\(field.key)\" is the entry's in every language: change it in \(entryName), "
                    + "on the \(defaultName) page; a translation gives only its texts")])
        }
        let url = Self.url(kind, path: files.translation.path)
        let disk = files.translationBytes
        // Never blind: the translation as the form found it ("": none), or a conflict.
        guard (disk.map(EditEntry.digest) ?? "") == digest else {
            let mine: [UInt8]?
            if digest.isEmpty {
                mine = try? Self.newTranslation(edit)
            } else {
                mine = try? FrontMatterWriter.apply(edit, to: remembered(digest) ?? disk ?? [], path: files.translation.path)
            }
            return Self.conflict(disk: disk, mine: mine.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        let held = disk.flatMap { try? EditEntry(path: files.translation.path, bytes: $0) }
        for field in edit.fields where field.value == nil && held?.value(of: field.key) == nil {
            return Self.problems([EditProblem(field: field.key, message:
                "\(files.translation.path): the \(language.name) page shows \"\(field.key)\" from \(entryName), and a translation "
                    + "cannot take it away: type its \(language.name) text instead, or clear it in \(entryName)")])
        }
        let new: [UInt8]
        do throws(EditRefusal) {
            if let disk { new = try FrontMatterWriter.apply(edit, to: disk, path: files.translation.path) } else { new = try Self.newTranslation(edit) }
        } catch {
            return Self.problems([EditProblem(field: error.key, message: "\(files.translation.path): \(error.message)")])
        }
        guard new != disk, disk != nil || !edit.fields.isEmpty || !(edit.body ?? "").isEmpty else {
            return EditJSON.response(200, ["digest": digest, "url": url])
        }
        // A translation left holding nothing (no value, no text) is no translation: it goes,
        // as Delete translation would take it, and one not made yet is not made.
        if Self.holdsNothing(new, path: files.translation.path) {
            guard let disk else { return EditJSON.response(200, ["digest": digest, "url": url]) }
            let name = (files.translation.path as NSString).lastPathComponent
            return remove(files.translation, before: disk, url: url,
                          what: "clearing the last \(language.name) value of \(Self.name(in: files.entryBytes) ?? slug), which deleted \(name)") {
                EditJSON.response(200, ["digest": "", "url": url, "deleted": true])
            }
        }
        let problems = EditCheck.problems(new, path: files.translation.path, kind: kind, isNew: disk == nil, basis: basis)
        guard problems.isEmpty else { return Self.problems(problems) }
        let what = (disk == nil ? "adding the \(language.name) text of " : "saving the \(language.name) text of ")
            + (Self.name(in: files.entryBytes) ?? slug)
        return write(new, to: files.translation, before: disk, what: what, url: url) {
            EditJSON.response(200, ["digest": EditEntry.digest(new), "url": url])
        }
    }

    /// A new translation: the values given (none cleared: there is nothing to clear) and the body when typed.
    static func newTranslation(_ edit: EntryEdit) throws(EditRefusal) -> [UInt8] {
        try FrontMatterWriter.newFile(fields: edit.fields.compactMap { field in field.value.map { (key: field.key, value: $0) } },
                                      body: edit.body ?? "")
    }

    /// `POST api/delete {"kind","slug","language","digest"}`: the translation goes, the entry
    /// stays (its page in that language then shows the default language's text).
    func deleteTranslation(_ kind: ContentKind, _ slug: String, _ language: LanguageSetting, digest: String,
                           in basis: EditBasis) -> HTTPResponse {
        let files: TranslationFiles
        switch translationFiles(kind, slug, language, in: basis) {
        case .success(let found): files = found
        case .failure(let answer): return answer.response
        }
        guard let disk = files.translationBytes else {
            return EditJSON.error(404, "\(files.translation.path) does not exist: the \(language.name) page shows the text of "
                + "\((files.entry.path as NSString).lastPathComponent), which is deleted on the \(basis.config.languages.first?.name ?? "default language") page")
        }
        guard EditEntry.digest(disk) == digest else { return Self.conflict(disk: disk, mine: "") }
        let url = Self.url(kind, path: files.translation.path)
        return remove(files.translation, before: disk, url: url,
                      what: "deleting the \(language.name) text of \(Self.name(in: files.entryBytes) ?? slug)") {
            EditJSON.response(200, ["url": url])
        }
    }

    /// Whether a translation's bytes hold nothing it gives: no key in its front matter (a
    /// comment is none) and no text below it.
    static func holdsNothing(_ bytes: [UInt8], path: String) -> Bool {
        guard let entry = try? EditEntry(path: path, bytes: bytes) else { return false }
        return entry.entries.isEmpty && entry.document.body.allSatisfy(\.isWhitespace)
    }

}
