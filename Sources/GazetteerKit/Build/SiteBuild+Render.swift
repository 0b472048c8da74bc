import Foundation
import Diagnostics
import Load
import Render
import Write
import Incremental
import Locking

extension SiteBuild {
    /// A build that renders at most this many pages keeps its data until the next build (see
    /// `keepUntilNextBuild`); a larger one frees it as soon as it can, to keep memory low.
    static let smallBuild = 1000

    struct RenderOutcome {
        /// Every page's path, and its manifest record.
        var paths: [String]
        /// How many of `paths` are pages (HTML), and how many data files (JSON, CSV, the sitemap);
        /// the others are parts (see `Output.writesFiles`).
        var pageCount: Int
        var dataFileCount: Int
        /// The text of each part rendered, by path (the others are unchanged).
        var parts: [String: PackedText]
        /// The manifest record of every page (see `BuildManifest.pages`); with `keptFrom`, of
        /// the pages rendered alone.
        var records: [String: BuildManifest.Record<BuildManifest.PageRecord>]
        /// When the other pages are the last build's, their records as they were: its manifest
        /// (see `BuildManifest.keepsOtherPages`).
        var keptFrom: ManifestArchive?
        /// With `keptFrom`: the pages of the last build that are no more.
        var removedPages: Set<String> = []
        /// The thumbnails each rendered page shows.
        var images: [String: [String]]
        /// Every dependency a page read, each once (page records refer to them by position).
        var dependencies: [Dependency]
        /// The value of each of `dependencies` (see `BuildManifest.dependencyValues`).
        var dependencyValues: [PageKey]
        /// At least as many of `dependencies` as no page reads (see `BuildManifest.unreadDependencies`).
        var unreadDependencies: Int
        /// How many files were rendered (parts not counted).
        var count: Int
        /// The files written into the staging folder so far.
        var staged: StagedFiles
        /// The model and pages of a small build, kept until the next one.
        var kept: [Any]
        /// The collections whose rows this build staged (see `DataRowFile.stage`), by output path.
        var stagedRows: [String] = []
        /// The files published as they are beside the pages (`Model.copied`).
        var copied = CopiedFiles()

        /// Whether `path` is a file of this build's outputs.
        func hasPage(_ path: String) -> Bool {
            if records[path] != nil { return true }
            guard let keptFrom else { return false }
            return keptFrom.pages[path] != nil && !removedPages.contains(path)
        }
    }

    /// The render stage for the pages whose key changed, straight into the staging folder
    /// (the model is consumed: what it holds is freed when this is done, before thumbnails
    /// are made), and every page's record for the manifest.
    mutating func render(_ model: consuming Model, _ keys: consuming PageKeys, _ content: Content)
        throws(DiagnosticList) -> RenderOutcome
    {
        let (writer, output) = (self.writer, options.output)
        let (pages, toRender) = (model.pages, keys.toRender)
        // An update that renders a few pages makes its staging folder without placing it.
        if reuse.output != nil { writer?.expect(files: toRender.count) }
        var renderer = model.renderer
        let copiedFiles = model.copied
        renderer.rowStore = Self.dataRowStore(keys, inputs, reuse, options, keeps: writer != nil)
        let (compared, tableValues) = (keys.compared, keys.tableValues)
        let previousOutput = reuse.output
        let staged = StagedFiles()
        // A page equal to the one in the output is left there.
        let pagesDone = Locked(0)
        let parts = Locked<[String: PackedText]>([:])  // each part's text, for the step that assembles them
        let progress = options.progress
        var rendered = renderer.render(toRender.map { pages[$0] }) { page, html throws(DiagnosticList) in
            if let progress { progress.update("pages", pagesDone.withLock { $0 += 1; return $0 }, toRender.count) }
            guard Outputs.output(page.kind).writesFiles else {
                let packed = PackedText(html)
                parts.withLock { $0[page.path] = packed }
                return
            }
            guard let writer else { return }
            if previousOutput?.pages[page.path] != nil, OutputCompare.same(html, at: output.appending(path: page.path)) {
                return
            }
            writer.write(page.path, html)
            staged.add(page.path)
        }
        // The pages are still being written (`SiteWriter.write`): publishing waits for them.
        let diagnostics = rendered.diagnostics + inputs.planner.diagnostics + content.bodies.diagnostics
        if !diagnostics.isEmpty {
            // The pictures planned so far are decoded all the same, so that their problems
            // come in this run with the others, not in the next one.
            throw DiagnosticList(diagnostics + pictureProblems())
        }
        clock.lap("render")
        // The key of what this rendering read (which may differ from what the last one read).
        // Pages not rendered keep their records, which refer to the last manifest's table.
        let copiesRecords = toRender.count < pages.count
        var table = DependencyTable(copiesRecords ? compared!.dependencyTable : [])
        var read: [[TablePosition]] = []
        read.reserveCapacity(toRender.count)
        for (n, index) in toRender.enumerated() {
            // Last time's positions refer to the last table, which is kept only when records are copied.
            read.append(table.positions(of: rendered.rendered[n]?.reads ?? [], in: rendered.read,
                                        before: copiesRecords ? keys.read(before: index, pages[index]) : nil))
            // Each page's numbers go as its positions come (both are 4 bytes a read).
            rendered.rendered[n]?.reads = []
        }
        let known = copiesRecords ? tableValues.count : 0
        // The value of every dependency of the table, kept with it for the next build.
        var tableItemValues = copiesRecords ? tableValues : []
        tableItemValues += keys.values.values(of: Array(table.items[known...]))
        let lists = read, allValues = tableItemValues
        let pageKeys = Parallel.map(toRender.count, chunk: 256) { n in
            DependencyValues.key(for: pages[toRender[n]], positions: lists[n], of: allValues)
        }
        var records: [String: BuildManifest.Record<BuildManifest.PageRecord>] = [:]
        records.reserveCapacity(copiesRecords ? toRender.count : pages.count)
        var images: [String: [String]] = [:]
        let copied = pages.indices.filter { keys.unchanged[$0] }
        var copiedWritten = false
        // A table mostly read by no page any more is compacted: the copied records are then
        // written again (their keys hash values, not positions, so they stay right). When the
        // same pages read the same positions as last time (a body edit), no more of it is
        // unread than after the last build's check, and it is not walked again. Else the
        // items that may have become unread are counted (those added, and those a page
        // rendered now read last time and no longer does; the pages of the last build are all
        // still here): while they leave the table not worth compacting, the copied pages'
        // positions are not decoded to look (a city moved or added at 10,000 pages decoded
        // 30,000 records for it).
        let readsAsBefore = table.items.count == known && pages.count == compared?.pages.count
            && toRender.indices.allSatisfy { n in keys.read(before: toRender[n], pages[toRender[n]]).map { $0 == read[n] } ?? false }
        var unread = 0
        var lookAtEveryPage = false
        if copiesRecords, let compared {
            if readsAsBefore {
                unread = compared.unreadDependencies
            } else {
                var bound = compared.unreadDependencies + table.items.count - known
                var withRecord = copied.count
                // What each page read now, marked in the table (and unmarked after it).
                var readNow = [Bool](repeating: false, count: table.items.count)
                for (n, index) in toRender.enumerated() {
                    guard let before = keys.read(before: index, pages[index]) else { continue }
                    withRecord += 1
                    if before == read[n] { continue }
                    for position in read[n] { readNow[Int(position)] = true }
                    for position in before where !readNow[Int(position)] {
                        bound += 1
                        readNow[Int(position)] = true  // counted once
                    }
                    for position in read[n] { readNow[Int(position)] = false }
                    for position in before { readNow[Int(position)] = false }
                }
                if withRecord == compared.pages.count, !DependencyTable.worthCompacting(count: table.items.count, unread: bound) {
                    unread = bound
                } else {
                    lookAtEveryPage = true
                    unread = table.items.count
                }
            }
        }
        // What the copied pages read, decoded now (their keys were compared without it); a
        // table whose copied records cannot all be read again is not compacted.
        let copiedReads = lookAtEveryPage ? copied.compactMap { keys.read(before: $0, pages[$0]) } : []
        let compacting = lookAtEveryPage && copiedReads.count == copied.count ? table.compacting(keeping: read + copiedReads) : nil
        if let compacting { unread = compacting.unread }
        if let compact = compacting?.compacted {
            table = compact.table
            var kept = [PageKey](repeating: PageKey(high: 0, low: 0), count: table.items.count)
            for (old, move) in compact.moves.enumerated() { if let move { kept[Int(move)] = tableItemValues[old] } }
            tableItemValues = kept
            copiedWritten = true
            read = read.map { $0.map { compact.moves[Int($0)]! } }
            for index in copied {
                guard var record = compared!.page(pages[index].path) else { continue }
                record.dependencies = record.dependencies.map { compact.moves[Int($0)]! }
                records[pages[index].path] = .value(record)
            }
        }
        for (n, index) in toRender.enumerated() {
            let shown = rendered.rendered[n]?.images ?? []
            images[pages[index].path] = shown
            records[pages[index].path] = .value(.init(key: pageKeys[n], dependencies: read[n], images: shown))
        }
        let paths = pages.map(\.path)
        // The pages not rendered: the last build's, named by the next manifest only when
        // their records were compacted (else it keeps the last one's, less the pages that
        // are no more: a page of each of them is here when as many are).
        var keptFrom: ManifestArchive?
        var removedPages: Set<String> = []
        if copiesRecords && !copiedWritten, let last = reuse.entries {
            keptFrom = last
            let found = copied.count + toRender.reduce(0) { $0 + (last.pages[pages[$1].path] != nil ? 1 : 0) }
            if found != last.pages.count {
                let now = Set(paths)
                removedPages = Set(last.pages.keys.filter { !now.contains($0) })
            }
        } else {
            for index in copied where !copiedWritten || records[pages[index].path] == nil {
                records[pages[index].path] = .copied(reuse.entries!.pages[pages[index].path]!.range)
            }
        }
        clock.lap("render.records")
        let kept: [Any] = toRender.count <= Self.smallBuild ? [model.site, pages, keys.values, renderer] : []
        var (fileCount, pageCount) = (0, 0)
        for page in pages where Outputs.output(page.kind).writesFiles {
            fileCount += 1
            if page.path.hasSuffix(".html") { pageCount += 1 }
        }
        let partTexts = parts.value
        return RenderOutcome(paths: paths, pageCount: pageCount, dataFileCount: fileCount - pageCount, parts: partTexts,
                             records: records, keptFrom: keptFrom, removedPages: removedPages, images: images,
                             dependencies: table.items, dependencyValues: tableItemValues,
                             unreadDependencies: unread,
                             count: toRender.count - partTexts.count, staged: staged, kept: kept,
                             stagedRows: renderer.rowStore?.keptCollections ?? [], copied: copiedFiles)
    }


    /// Where the collections find the rows the last build kept: only when the output is
    /// updated (the thumbnails a kept row shows are then in it), under the same global key;
    /// with the dependencies whose value changed since the last build, when the keys told.
    /// `keeps`: the rows made are staged for the next build as each collection is made (see
    /// `commitDataRows`); else (no output written) they are not kept.
    private static func dataRowStore(_ keys: PageKeys, _ inputs: Inputs, _ reuse: Reuse, _ options: BuildOptions,
                                     keeps: Bool) -> DataRowStore {
        let (cache, global, updating, values, compared) = (options.cache, inputs.global, reuse.output != nil, keys.values, keys.compared)
        let changed = keys.changed.map { changed in
            Set(compared!.dependencyTable.indices.lazy.filter { changed[$0] }.map { compared!.dependencyTable[$0] })
        }
        return DataRowStore(
            value: { dependency in
                let value = values.value(of: dependency)
                return DataRowKey(high: value.high, low: value.low)
            },
            key: { rowValues in
                var key = PageKeyHasher()
                for value in rowValues { key.add(PageKey(high: value.high, low: value.low)) }
                let made = key.key
                return DataRowKey(high: made.high, low: made.low)
            },
            previous: { updating ? DataRowFile.read(DataRowFile.url(in: cache, for: $0), globalKey: global) : DataRowSet() },
            changed: changed,
            recordedKey: { collection in
                compared?.keyAndDependencies(ofPage: collection).map { DataRowKey(high: $0.key.high, low: $0.key.low) }
            },
            keep: { collection, rows in
                // Staged at once: at 100,000 cities the rows are a quarter of a gigabyte, and were
                // held to the end of the build.
                keeps && DataRowFile.stage(rows, for: DataRowFile.url(in: cache, for: collection), globalKey: global)
            })
    }

    /// Puts in place the rows of the collections staged while the pages were rendered, each
    /// with the key its collection's file has in this build's record (see
    /// `DataRowStore.changed(since:of:)`), once the output they go with is published (a build
    /// that stops before leaves the last build's rows as they are).
    func commitDataRows(_ rendered: RenderOutcome) {
        for collection in rendered.stagedRows {
            var key: DataRowKey?
            if case .value(let record)? = rendered.records[collection] { key = DataRowKey(high: record.key.high, low: record.key.low) }
            DataRowFile.commit(DataRowFile.url(in: options.cache, for: collection), collectionKey: key)
        }
    }
}
