import Dispatch
import Load
import Model
import Render
import Incremental
import Locking

extension SiteBuild {
    /// Which pages are rendered: those whose key is not the one in the last manifest.
    struct PageKeys {
        /// The value now of every dependency a page can read.
        var values: DependencyValues
        /// The manifest whose keys were compared (nil: none were, every page is rendered).
        var compared: ManifestArchive?
        /// The values of the dependencies in `compared`'s table, in its order.
        var tableValues: [PageKey]
        /// Per page: what its last rendering read, as positions in that table (nil: not known,
        /// or not decoded: see `read(before:_:)`).
        var readBefore: [[TablePosition]?]
        /// Per dependency of `compared`'s table: its value is not the one the last build ended
        /// with (nil: not known, each value was hashed).
        var changed: [Bool]?
        /// Per page: its key is unchanged.
        var unchanged: [Bool]
        /// The positions of the pages to render.
        var toRender: [Int]

        /// What the last rendering of `page`, at `index`, read (nil: not known): when only
        /// the values changed are compared, a page whose key is unchanged was not decoded.
        func read(before index: Int, _ page: Page) -> [TablePosition]? {
            readBefore[index] ?? compared?.keyAndDependencies(ofPage: page.path)?.dependencies
        }
    }

    /// A page is rendered again unless what its last rendering read has the same values:
    /// each dependency of the last manifest is hashed once, and a page's key mixes theirs.
    /// The files of the outputs `remaking` are all rendered (parts whose assembly was lost).
    mutating func comparePageKeys(_ model: Model, _ content: Content, remaking: Set<Page.Kind>) -> PageKeys {
        let pages = model.pages, planner = inputs.planner, scan = inputs.scan
        let taken = planner.stampsTaken  // looked up across the cores without the planner's lock
        let values = DependencyValues(
            model: model.site, entries: content.entries, settings: scan.configFile?.text, templates: scan.theme.templates,
            pagePaths: model.renderer.listedPaths, files: model.renderer.targets, words: model.renderer.words,
            translations: model.renderer.translations.map { ($0.language!.code, $0.model) },
            imageStamp: { (taken[$0] ?? planner.stamp(of: $0)) ?? FileStamp.following($0) })
        let compared = reuse.pageKeys
        // When only content files changed, what an entry's files say is read from them again
        // only for the files that changed: the other entries' values are the ones the last
        // build ended with. An entry as another language shows it (at its translation's path)
        // is made of its translation and its entry in the default language, so it is read
        // again with either. When the lists are as they were too, so are their values, and a
        // page none of whose values changed keeps its key (its title, an entry's name, is as
        // it was too): nothing of the lists is made, no key mixed. When only cities' places
        // changed (a city moved), so are they but the nearby lists and the placed cities,
        // hashed again. Else (a front matter edited: a city renamed) the lists are made again
        // and every page's key is mixed, but no other entry is hashed.
        let codes = model.renderer.translations.compactMap { $0.language?.code }
        let known = compared.flatMap { compared in
            readAgain(content).flatMap { again in
                compared.dependencyValues.map { values in
                    var lists = again.lists
                    // The nearby lists a move can change, found around where the cities were and
                    // are (in one language: a translation may place its city elsewhere).
                    if case .places = lists, codes.isEmpty {
                        lists = .places(nearby: model.site.citiesWhoseNearbyMayChange(movedFrom: again.movedFrom))
                    }
                    return (values, again.paths.union(again.paths.flatMap { path in codes.map { ContentKind.translation(of: path, into: $0) } }),
                            lists)
                }
            }
        }
        let (tableValues, valuesChanged): ([PageKey], [Bool]?) = compared.map { compared in
            known.map { known in
                let made = values.values(of: compared.dependencyTable, known: known.0, readAgain: known.1, lists: known.2)
                return (made.values, made.changed)
            } ?? (values.values(of: compared.dependencyTable), nil)
        } ?? ([], nil)
        // With lists that may have changed, a page's title (an entry's name) may have too: every key is mixed.
        let changed: [Bool]?
        if case .any? = known?.2 { changed = nil } else { changed = valuesChanged }
        clock.lap("model.values")
        // Per page: what its last rendering read, and whether its key is unchanged.
        let compares: [(read: [TablePosition]?, unchanged: Bool)] = compared.map { compared in
            // The lists as they were (no entry came or went, none said anything new of them), so
            // are the pages: the last build's records are walked as they are stored, and only
            // the pages that read a changed value are looked up by path.
            if let changed, case .none? = known?.2, pages.count == compared.pages.count, remaking.isEmpty,
               let reading = compared.pagesReading(changed) {
                let rendered = Set(reading)
                return pages.map { page in
                    guard rendered.contains(page.path) else { return (nil, true) }
                    return (compared.keyAndDependencies(ofPage: page.path)?.dependencies, false)
                }
            }
            // Only some values changed: a page that read none of them is unchanged, found
            // without decoding what it read; those that did are decoded, to be rendered.
            if let changed {
                let reads = compared.pagesRead(changed, by: pages.map { remaking.contains($0.kind) ? nil : $0.path })
                return pages.indices.map { index in
                    guard reads[index] != false else { return (nil, true) }
                    return (reads[index] == nil ? nil : compared.keyAndDependencies(ofPage: pages[index].path)?.dependencies, false)
                }
            }
            return Parallel.map(pages.count, chunk: 256) { index -> (read: [TablePosition]?, unchanged: Bool) in
                let page = pages[index]
                guard !remaking.contains(page.kind), let (key, read) = compared.keyAndDependencies(ofPage: page.path) else {
                    return (nil, false)
                }
                if let changed { return (read, !read.contains { changed[Int($0)] }) }
                return (read, DependencyValues.key(for: page, positions: read, of: tableValues) == key)
            }
        } ?? Array(repeating: (nil, false), count: pages.count)
        let unchanged = compares.map(\.unchanged)
        let toRender = pages.indices.filter { !unchanged[$0] }
        clock.lap("model.keys")
        return PageKeys(values: values, compared: compared, tableValues: tableValues, readBefore: compares.map(\.read),
                        changed: valuesChanged, unchanged: unchanged, toRender: toRender)
    }

    /// Which entries are read again when only content files changed (no picture, theme or
    /// settings file; of folders, only those of the content files): the paths of the entries
    /// read again, of those that came and of those that went (nil: not known, everything may
    /// differ), and how the model's lists may differ from those the last build left:
    /// - not at all when no entry came or went, and every entry read again says what it said
    ///   before of all the lists are made of (its front matter, its picture, whether it has a
    ///   body, when it first appeared), only its body changed. The lists (which entries there
    ///   are, in what order, their names, places, dates and credits) and the pages' titles
    ///   are then what they were, in every language;
    /// - in the cities' places alone when, besides, the cities read again differ from what
    ///   they were in nothing but their position (`ContentEntry.differsAtMostInPlace`), with
    ///   the positions they had (`movedFrom`, by path);
    /// - in anything else.
    func readAgain(_ content: Content) -> (paths: Set<String>, lists: DependencyValues.ListsChange, movedFrom: [String: GeoPosition?])? {
        guard let (changed, folders) = last.check?.changedFilesAndFolders() else { return nil }
        let root = options.source.resolvingSymlinksInPath().standardizedFileURL.path + "/"
        let contentFolder = root + "content/"
        // The entries that came or went (a file added, removed, made a draft or no longer one),
        // found by comparing the entries with the last build's when a folder changed.
        var cameOrWent: Set<String> = []
        var gone = 0
        if !folders.isEmpty {
            let entryFolders = Set([ContentKind.country, .city, .page].map { root + $0.folder })
            guard folders.allSatisfy(entryFolders.contains) else { return nil }
            let same = content.entries.count == reuse.stampedEntries.count
                && (inputs.scan.listedBefore || content.entries.allSatisfy({ reuse.stampedEntries[$0.path] != nil }))
            if !same {
                for entry in content.entries where reuse.stampedEntries[entry.path] == nil { cameOrWent.insert(entry.path) }
                let now = Set(content.entries.lazy.map(\.path))
                for path in reuse.stampedEntries.keys where !now.contains(path) {
                    cameOrWent.insert(path)
                    gone += 1
                }
            }
        }
        // Every entry is copied from the last build or read again (`Content.processed`).
        let freshCount = content.entries.count - content.reused
        func sameLists(_ now: ContentEntry, _ before: ContentEntry) -> Bool {
            now.frontMatterDigest == before.frontMatterDigest && now.image == before.image && now.hasBody == before.hasBody
                && now.firstSeen == before.firstSeen && now.draft == before.draft && now.kind == before.kind
        }
        var seen = cameOrWent
        var lists: DependencyValues.ListsChange = cameOrWent.isEmpty ? .none : .any
        var movedFrom: [String: GeoPosition?] = [:]
        for file in changed {
            guard file.hasPrefix(contentFolder), file.hasSuffix(".md") else { return nil }
            let path = String(file.dropFirst(root.count))
            if cameOrWent.contains(path) { continue }
            let now = content.processed.entries[path]?.entry
            let before = reuse.stampedEntries[path]?.entry
            if now == nil, before == nil, content.drafts.contains(where: { $0.path == path }) { continue }  // a draft still
            guard let now, let before else { return nil }
            if case .any = lists {} else if !sameLists(now, before) {
                if now.kind == .city, now.differsAtMostInPlace(from: before) {
                    lists = .places(nearby: nil)
                    if now.position != before.position { movedFrom[path] = before.position }
                } else {
                    lists = .any
                }
            }
            seen.insert(path)
        }
        // An entry read again whose file did not change (its picture came or went): not known.
        return seen.count - gone == freshCount ? (seen, lists, movedFrom) : nil
    }
}
