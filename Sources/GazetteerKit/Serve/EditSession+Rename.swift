import Foundation
import Diagnostics
import Load
import Model
import Editing
import Write

/// `POST api/rename`: a content file under a new name, its old name kept in its
/// `redirect_from` (so the old address keeps working), its translations moved with it
/// (`spain.fr.md` -> `espana.fr.md`), and every reference to it in other files, translations
/// included, rewritten: the cities' `country:` (for a country) and the Markdown links to it
/// or to its translations. All or none: every new file's bytes are made and checked in memory
/// first, then written, and kept as one change for Undo.
extension EditSession {
    /// `{"kind","slug","newSlug","digest"}` -> 200 `{"url"}` | 409 | 422.
    func rename(_ object: [String: Any]) -> HTTPResponse {
        // Which files refer to this one is the model's to say: the one of the files as they are
        // now, once the rebuilds after the last writes are done.
        settle()
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(EditJSON.text(object, "kind")), let slug = EditJSON.text(object, "slug"),
              let newSlug = EditJSON.text(object, "newSlug"), let digest = EditJSON.text(object, "digest") else {
            return EditJSON.error(400, "send kind, slug, newSlug (the new file name, without .md) and the digest the form was opened with")
        }
        let (file, disk): (EditPaths.File, [UInt8])
        switch existingEntry(kind, slug, in: basis) {
        case .success(let found): (file, disk) = found
        case .failure(let answer): return answer.response
        }
        guard EditEntry.digest(disk) == digest else { return Self.conflict(disk: disk, mine: "") }
        let newPath = kind.folder + "/" + newSlug + ".md"
        if let problem = Self.nameProblem(newSlug, kind: kind, slug: slug) {
            let located = EditPaths.problem(withName: newSlug) == nil ? "\(newPath): \(problem)" : problem
            return Self.problems([EditProblem(field: "slug", message: located)])
        }
        let target: EditPaths.File
        do throws(EditPaths.Refusal) {
            target = try paths.content(kind, slug: newSlug)
        } catch {
            return Self.refused(error)
        }
        let newPage = OutputPath.page(kind, slug: newSlug)
        if target.exists || basis.pathOfPage[newPage] != nil {
            let other = target.exists ? target.path : basis.pathOfPage[newPage]!
            return EditJSON.error(409, "\(other) exists already: choose another name; nothing was renamed")
        }
        for entry in kind == .country ? basis.site.countries : basis.site.cities where entry.path != file.path {
            if let kept = entry.redirects.first(where: { $0.slug == newSlug }) {
                return Self.problems([EditProblem(field: "slug", message:
                    "\(kept.location): \(entry.path) keeps \"\(newSlug)\" as its old name in \"redirect_from\", so \(newPage) sends readers to it: "
                        + "choose another name, or take it out there first")])
            }
        }

        // The entry's translations go with it (`france.fr.md` -> `espana.fr.md`): their new names must be free too.
        var moved: [(entry: ContentEntry, file: EditPaths.File, target: EditPaths.File)] = []
        for translation in basis.translations(of: file.path) {
            guard let code = translation.language else { continue }
            do throws(EditPaths.Refusal) {
                let from = try paths.content(kind, path: translation.path)
                let to = try paths.content(kind, path: ContentKind.translation(of: newPath, into: code))
                if to.exists { return EditJSON.error(409, "\(to.path) exists already: choose another name; nothing was renamed") }
                moved.append((translation, from, to))
            } catch {
                return Self.refused(error)
            }
        }
        // What links may lead to, and the name each is sent to: the file and its translations.
        let targets = [(path: file.path, name: newSlug + ".md")]
            + moved.map { (path: $0.file.path, name: ($0.target.path as NSString).lastPathComponent) }

        // Every file's new bytes, in memory.
        let renamed = SiteLoader.ScannedFile(path: newPath, kind: kind, stamp: nil)
        var context = basis.context
        context.files = basis.context.files.renaming(file.path, to: renamed)
        for translation in moved {
            context.files = context.files.renaming(translation.file.path, to: SiteLoader.ScannedFile(path: translation.target.path, kind: kind, stamp: nil))
        }
        if kind == .country {
            context.countrySlugs.remove(slug)
            context.countrySlugs.insert(newSlug)
        }
        var changes: [(file: EditPaths.File, before: [UInt8], after: [UInt8])] = []
        // The files that go (the old names), with their bytes.
        var gone: [(file: EditPaths.File, before: [UInt8])] = [(file, disk)]
        let entry: EditEntry
        do throws(DiagnosticList) {
            entry = try EditEntry(path: file.path, bytes: disk)
        } catch {
            return Self.problems(error.diagnostics.map { EditProblem(field: nil, message: $0.description) })
        }
        var kept = (entry.value(of: "redirect_from") as? [String]) ?? (entry.value(of: "redirect_from") as? String).map { [$0] } ?? []
        kept = kept.filter { !$0.isEmpty && $0 != newSlug }
        if !kept.contains(slug) { kept.append(slug) }
        var ownEdit = EntryEdit(fields: [FieldEdit(key: "redirect_from", value: .list(kept))])
        ownEdit.body = retargeted(entry, targets: targets, basis: basis)
        let movedPaths = Set(moved.map(\.file.path))
        // Pages of one's own link to entries too: their links are rewritten like the others'.
        let others = (basis.site.countries + basis.site.cities + basis.site.pages).filter { $0.path != file.path }
            + basis.translations.filter { !movedPaths.contains($0.path) }
        let linked = Set(targets.map(\.path))
        var problems: [EditProblem] = []
        do throws(EditRefusal) {
            let renamedBytes = try FrontMatterWriter.apply(ownEdit, to: disk, path: newPath)
            problems += EditCheck.problems(renamedBytes, path: newPath, kind: kind, isNew: true, basis: basis, context: context)
            changes.append((target, [], renamedBytes))
            for translation in moved {
                guard let before = FileManager.default.contents(atPath: translation.file.real).map({ [UInt8]($0) }) else {
                    return EditJSON.error(409, "\(translation.file.path) cannot be read now; nothing was renamed")
                }
                guard EditEntry.digest(before) == translation.entry.digest.hex else {
                    return EditJSON.error(409, "\(translation.file.path) changed since the guide was last built; wait for the rebuild and try again")
                }
                var after = before
                if let parsed = try? EditEntry(path: translation.file.path, bytes: before) {
                    var edit = EntryEdit()
                    edit.body = retargeted(parsed, targets: targets, basis: basis)
                    after = try FrontMatterWriter.apply(edit, to: before, path: translation.target.path)
                }
                problems += EditCheck.problems(after, path: translation.target.path, kind: kind, isNew: true, basis: basis, context: context)
                changes.append((translation.target, [], after))
                gone.append((translation.file, before))
            }
            for other in others {
                let refersByCountry = kind == .country && other.kind == .city && Self.country(of: other) == slug
                guard refersByCountry || other.links.contains(where: linked.contains) else { continue }
                let otherFile: EditPaths.File
                do throws(EditPaths.Refusal) {
                    otherFile = try paths.content(other.kind, path: other.path)
                } catch {
                    return Self.refused(error)
                }
                guard let otherData = FileManager.default.contents(atPath: otherFile.real) else {
                    return EditJSON.error(409, "\(other.path) cannot be read now; nothing was renamed")
                }
                let before = [UInt8](otherData)
                guard EditEntry.digest(before) == other.digest.hex else {
                    return EditJSON.error(409, "\(other.path) changed since the guide was last built; wait for the rebuild and try again")
                }
                guard let otherEntry = try? EditEntry(path: other.path, bytes: before) else { continue }
                var edit = EntryEdit()
                if refersByCountry { edit.fields = [FieldEdit(key: "country", value: .text(newSlug))] }
                edit.body = retargeted(otherEntry, targets: targets, basis: basis)
                let after = try FrontMatterWriter.apply(edit, to: before, path: other.path)
                guard after != before else { continue }
                problems += EditCheck.problems(after, path: other.path, kind: other.kind, isNew: false, basis: basis, context: context)
                changes.append((otherFile, before, after))
            }
        } catch {
            return Self.problems([EditProblem(field: error.key, message: error.message)])
        }
        guard problems.isEmpty else { return Self.problems(problems) }

        // Then written: the new files, the others, and the old names go last.
        let url = "/" + newPage
        let name = Self.name(in: disk) ?? slug
        let steps = gone.map { EditUndo.Step(path: $0.file.path, before: $0.before, after: nil) }
            + changes.map { EditUndo.Step(path: $0.file.path, before: $0.file.exists ? $0.before : nil, after: $0.after) }
        do throws(AtomicFile.Failure) {
            try undo.record(steps, what: "renaming \(name)'s file to \(newSlug).md", url: "/" + OutputPath.page(kind, slug: slug))
        } catch {
            return EditJSON.error(500, "cannot keep the undo record in \(undo.folder.path): \(error.reason); nothing was renamed")
        }
        var done: [(file: EditPaths.File, before: [UInt8])] = []
        var removed: [(file: EditPaths.File, before: [UInt8])] = []
        do throws(AtomicFile.Failure) {
            for change in changes {
                try AtomicFile.write(change.after, to: change.file.real, replace: change.file.exists)
                done.append((change.file, change.before))
            }
            for old in gone {
                try AtomicFile.remove(paths.root + "/" + old.file.path)
                removed.append(old)
            }
        } catch {
            // Back as it was: the files removed so far come back, those written get their bytes again.
            for (old, before) in removed.reversed() { try? AtomicFile.write(before, to: paths.root + "/" + old.path, replace: false) }
            for (written, before) in done.reversed() {
                if written.exists { try? AtomicFile.write(before, to: written.real, replace: true) } else { try? AtomicFile.remove(written.real) }
            }
            try? undo.dropLast()
            return EditJSON.error(500, "cannot rename \(file.path): \(error.reason); nothing was changed")
        }
        wrote(changes.map(\.file.real) + gone.map { paths.root + "/" + $0.file.path })
        // The answer comes once the new page is built, so that the editor can go there at once.
        settle()
        return EditJSON.response(200, ["url": url])
    }

    /// The country a city's file names: its `country:` (in a translation, where it is only a
    /// warning, as written among its keys).
    private static func country(of entry: ContentEntry) -> String? {
        guard entry.language != nil else { return entry.country }
        return entry.extra.first { $0.key == "country" }?.value.text
    }

    /// The body of `entry` with its links to each of `targets` sent to its new name; nil when it has none.
    private func retargeted(_ entry: EditEntry, targets: [(path: String, name: String)], basis: EditBasis) -> String? {
        var body: String?
        for target in targets {
            if let changed = EditLinks.retarget(body ?? entry.document.body, bodyStartLine: entry.document.bodyStartLine, path: entry.path,
                                                target: target.path, newName: target.name, paths: basis.context.paths,
                                                options: basis.config.markdown) {
                body = changed
            }
        }
        return body
    }

    /// Why `newSlug` cannot be the new name of the file whose slug is `slug`, if it cannot:
    /// it must be a slug as `gazetteer new` makes them, whose page is not one of the City Guide's.
    static func nameProblem(_ newSlug: String, kind: ContentKind, slug: String) -> String? {
        if newSlug == slug { return "the file has this name already" }
        if let problem = EditPaths.problem(withName: newSlug) { return problem }
        let made = Slug.make(newSlug)
        if made.isEmpty { return "a file name needs a letter or a digit" }
        if made != newSlug {
            return "\"\(newSlug)\" is not a file name as the guide makes them: lower case, words joined by hyphens, without .md (\"\(made)\")"
        }
        return SiteLoader.ScannedFile(path: kind.folder + "/" + newSlug + ".md", kind: kind, stamp: nil).nameProblem?.message
    }
}
