import Foundation
import Diagnostics
import Load
import Model
import Editing
import Write

/// The API's requests that change files: save, create, delete, undo. Each is checked before
/// anything is written (the digest the form was opened with must still be the file's, the
/// build's stages must find no problem in the new bytes), kept in the undo journal, then
/// written atomically; the serve loop is told, to rebuild.
extension EditSession {
    /// `POST api/save {"kind","slug","digest","fields":{key: value or null},"body"}`.
    func save(_ object: [String: Any]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(EditJSON.text(object, "kind")), let slug = EditJSON.text(object, "slug"),
              let digest = EditJSON.text(object, "digest") else {
            return EditJSON.error(400, "send kind, slug and the digest the form was opened with")
        }
        switch language(EditJSON.text(object, "language"), in: basis) {
        case .failure(let answer): return answer.response
        case .success(let setting?): return saveTranslation(object, kind, slug, setting, digest: digest, in: basis)
        case .success(nil): break
        }
        let file: EditPaths.File
        switch entryFile(kind, slug, in: basis) {
        case .success(let found): file = found
        case .failure(let answer): return answer.response
        }
        let edit: EntryEdit
        switch Self.entryEdit(object) {
        case .success(let made): edit = made
        case .failure(let problem): return EditJSON.error(400, problem.message)
        }
        let disk = file.exists ? FileManager.default.contents(atPath: file.real).map { [UInt8]($0) } : nil
        guard let disk, EditEntry.digest(disk) == digest else {
            let base = remembered(digest) ?? disk ?? []
            let mine = (try? FrontMatterWriter.apply(edit, to: base, path: file.path)).map { String(decoding: $0, as: UTF8.self) }
            return Self.conflict(disk: disk, mine: mine ?? "")
        }
        timings?.lap("read")
        let new: [UInt8]
        do throws(EditRefusal) {
            new = try FrontMatterWriter.apply(edit, to: disk, path: file.path)
        } catch {
            return Self.problems([EditProblem(field: error.key, message: "\(file.path): \(error.message)")])
        }
        let url = Self.url(kind, path: file.path)
        guard new != disk else { return EditJSON.response(200, ["digest": digest, "url": url]) }
        timings?.lap("edit")
        let problems = EditCheck.problems(new, path: file.path, kind: kind, isNew: false, basis: basis)
        guard problems.isEmpty else { return Self.problems(problems) }
        timings?.lap("check")
        return write(new, to: file, before: disk, what: "saving \(Self.name(in: new) ?? slug)", url: url) {
            EditJSON.response(200, ["digest": EditEntry.digest(new), "url": url])
        }
    }

    /// `POST api/create {"kind","slug","fields":{...},"body"}`: a new file, never over one.
    func create(_ object: [String: Any]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(EditJSON.text(object, "kind")), let slug = EditJSON.text(object, "slug") else {
            return EditJSON.error(400, "send kind and slug (the new file's name)")
        }
        let file: EditPaths.File
        do throws(EditPaths.Refusal) {
            file = try paths.content(kind, slug: slug)
        } catch {
            return Self.refused(error)
        }
        guard !file.exists else { return EditJSON.error(409, ContentScaffold.Failure.exists(file.path).description) }
        let edit: EntryEdit
        switch Self.entryEdit(object) {
        case .success(let made): edit = made
        case .failure(let problem): return EditJSON.error(400, problem.message)
        }
        let fields = edit.fields.compactMap { field in field.value.map { (key: field.key, value: $0) } }
        let bytes: [UInt8]
        do throws(EditRefusal) {
            bytes = try FrontMatterWriter.newFile(fields: fields, body: edit.body ?? "")
        } catch {
            return Self.problems([EditProblem(field: error.key, message: "\(file.path): \(error.message)")])
        }
        let problems = EditCheck.problems(bytes, path: file.path, kind: kind, isNew: true, basis: basis)
        guard problems.isEmpty else { return Self.problems(problems) }
        let url = Self.url(kind, path: file.path)
        return write(bytes, to: file, before: nil, what: "adding \(Self.name(in: bytes) ?? slug)", url: url) {
            EditJSON.response(200, ["digest": EditEntry.digest(bytes), "url": url])
        }
    }

    /// `POST api/delete {"kind","slug","digest"}`.
    func delete(_ object: [String: Any]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(EditJSON.text(object, "kind")), let slug = EditJSON.text(object, "slug"),
              let digest = EditJSON.text(object, "digest") else {
            return EditJSON.error(400, "send kind, slug and the digest the page was opened with")
        }
        switch language(EditJSON.text(object, "language"), in: basis) {
        case .failure(let answer): return answer.response
        case .success(let setting?): return deleteTranslation(kind, slug, setting, digest: digest, in: basis)
        case .success(nil): break
        }
        let (file, disk): (EditPaths.File, [UInt8])
        switch existingEntry(kind, slug, in: basis) {
        case .success(let found): (file, disk) = found
        case .failure(let answer): return answer.response
        }
        guard EditEntry.digest(disk) == digest else { return Self.conflict(disk: disk, mine: "") }
        if kind == .country {
            let problems = EditCheck.deletion(ofCountry: slug, basis: basis)
            guard problems.isEmpty else { return Self.problems(problems) }
        }
        let list = kind == .country ? "/" + OutputPath.index : "/" + OutputPath.cities
        return remove(file, before: disk, url: Self.url(kind, path: file.path), what: "deleting \(Self.name(in: disk) ?? slug)") {
            EditJSON.response(200, ["url": list])
        }
    }

    /// Removes a content file, its bytes `before` kept in the undo journal first (the name in
    /// content/ goes: a symlink inside the guide, not what it names); then `answer`.
    func remove(_ file: EditPaths.File, before: [UInt8], url: String, what: String,
                answer: () -> HTTPResponse) -> HTTPResponse {
        do throws(AtomicFile.Failure) {
            try undo.record(path: file.path, before: before, after: nil, what: what, url: url)
        } catch {
            return EditJSON.error(500, "cannot keep the undo record in \(undo.folder.path): \(error.reason); nothing was deleted")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.remove(paths.root + "/" + file.path)
        } catch {
            try? undo.dropLast()
            return EditJSON.error(500, "cannot delete \(file.path): \(error.reason); nothing was changed")
        }
        wrote([paths.root + "/" + file.path])
        return answer()
    }

    /// `POST api/undo {}`: the newest change undone (every file it wrote), unless one of its files changed since.
    func undoLast() -> HTTPResponse {
        guard let (change, before) = undo.last else { return EditJSON.error(404, "nothing to undo") }
        var files: [EditPaths.File] = []
        for part in change.files {
            do throws(EditPaths.Refusal) {
                files.append(try paths.file(atPath: part.path))
            } catch {
                return Self.refused(error)
            }
        }
        for (part, file) in zip(change.files, files) {
            let now = file.exists ? FileManager.default.contents(atPath: file.real).map { EditEntry.digest([UInt8]($0)) } : nil
            guard now == part.after else {
                return EditJSON.error(409, "\(part.path) changed since \(change.what); undoing it would lose that change, so nothing was undone")
            }
        }
        do throws(AtomicFile.Failure) {
            // Files that come back first, then those that go (a rename's new name).
            for (file, bytes) in zip(files, before) {
                if let bytes { try AtomicFile.write(bytes, to: file.real, replace: file.exists) }
            }
            for (file, bytes) in zip(files, before) where bytes == nil && file.exists {
                try AtomicFile.remove(file.real)
            }
            try undo.dropLast()
        } catch {
            return EditJSON.error(500, "cannot undo \(change.what): \(error.reason)")
        }
        wrote(files.map(\.real))
        // Undoing the making of an entry leads to its list; of a translation, to the entry's page in that language.
        let url = before[0] == nil && ContentKind.language(ofPath: change.path) == nil ? (change.path.hasPrefix(ContentKind.country.folder) ? "/" + OutputPath.index : "/" + OutputPath.cities)
            : change.url
        return EditJSON.response(200, ["undone": "Undid \(change.what)", "url": url])
    }

    /// Keeps `before` in the journal, writes `bytes` atomically, tells the serve loop; then `answer`.
    /// `isUpload`: the bytes are an uploaded picture (a save that puts it to use takes it into its undo).
    func write(_ bytes: [UInt8], to file: EditPaths.File, before: [UInt8]?, what: String, url: String, isUpload: Bool = false,
               answer: () -> HTTPResponse) -> HTTPResponse {
        do throws(AtomicFile.Failure) {
            try undo.record(path: file.path, before: before, after: bytes, what: what, url: url,
                            upload: isUpload ? nil : Self.picturePutToUse(bytes, before: before, path: file.path), isUpload: isUpload)
        } catch {
            return EditJSON.error(500, "cannot keep the undo record in \(undo.folder.path): \(error.reason); nothing was written")
        }
        timings?.lap("undo")
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(bytes, to: file.real, replace: before != nil)
        } catch {
            try? undo.dropLast()
            if error.exists { return EditJSON.error(409, ContentScaffold.Failure.exists(file.path).description) }
            return EditJSON.error(500, "cannot write \(file.path): \(error.reason); the file is as it was")
        }
        wrote([file.real])
        return answer()
    }

    /// The picture a content file's new bytes name in `flag:` or `picture:` when the old bytes
    /// (nil: a new file) named another: its site-relative path and the value as written.
    static func picturePutToUse(_ bytes: [UInt8], before: [UInt8]?, path: String) -> (path: String, value: String)? {
        guard path.hasSuffix(".md"), let entry = try? EditEntry(path: path, bytes: bytes) else { return nil }
        let key = path.hasPrefix(ContentKind.country.folder + "/") ? "flag" : "picture"
        guard let value = entry.value(of: key) as? String, !value.isEmpty, !value.hasPrefix("/") else { return nil }
        if let before, let old = try? EditEntry(path: path, bytes: before), old.value(of: key) as? String == value { return nil }
        return ((path as NSString).deletingLastPathComponent + "/" + value, value)
    }

    /// The order new keys are added in: as the forms show them, then the others by name.
    static let keyOrder = ["name", "official_name", "capital", "motto", "continent", "continents", "country", "flag", "picture", "iso", "position", "aliases"]

    /// The edit a request's `fields` and `body` ask for.
    static func entryEdit(_ object: [String: Any]) -> Result<EntryEdit, EditProblem> {
        guard let fields = (object["fields"] ?? [String: Any]()) as? [String: Any] else {
            return .failure(EditProblem(field: nil, message: "fields must be an object of keys and values"))
        }
        var edits: [FieldEdit] = []
        let keys = fields.keys.sorted { a, b in
            let (x, y) = (keyOrder.firstIndex(of: a) ?? keyOrder.count, keyOrder.firstIndex(of: b) ?? keyOrder.count)
            return x != y ? x < y : a < b
        }
        for key in keys {
            switch fields[key] {
            case is NSNull: edits.append(FieldEdit(key: key, value: nil))
            case let text as String: edits.append(FieldEdit(key: key, value: .text(text)))
            case let list as [Any]:
                let texts = list.compactMap { $0 as? String }
                guard texts.count == list.count else { return .failure(EditProblem(field: key, message: "each of \"\(key)\" must be a text")) }
                edits.append(FieldEdit(key: key, value: .list(texts)))
            case let number as NSNumber: edits.append(FieldEdit(key: key, value: .text(number.stringValue)))
            default: return .failure(EditProblem(field: key, message: "\"\(key)\" must be a text, a list of texts or null"))
            }
        }
        if let body = object["body"], !(body is String || body is NSNull) {
            return .failure(EditProblem(field: "body", message: "body must be a text"))
        }
        return .success(EntryEdit(fields: edits, body: object["body"] as? String))
    }

    /// The `name:` of a content file's bytes, for the undo journal's words.
    static func name(in bytes: [UInt8]) -> String? {
        guard let entry = try? EditEntry(path: "", bytes: bytes), let name = entry.value(of: "name") as? String, !name.isEmpty else { return nil }
        return name
    }

    static func conflict(disk: [UInt8]?, mine: String) -> HTTPResponse {
        EditJSON.response(409, ["conflict": [
            "disk": disk.map { String(decoding: $0, as: UTF8.self) } ?? "", "mine": mine,
            "digest": disk.map(EditEntry.digest) ?? "",
        ]])
    }

    static func problems(_ problems: [EditProblem]) -> HTTPResponse {
        EditJSON.response(422, ["problems": problems.map(\.json)])
    }
}
