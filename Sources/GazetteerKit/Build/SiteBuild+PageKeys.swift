import Dispatch
import Load
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
        /// Per page: what its last rendering read, as positions in that table (nil: not known).
        var readBefore: [[TablePosition]?]
        /// Per page: its key is unchanged.
        var unchanged: [Bool]
        /// The positions of the pages to render.
        var toRender: [Int]
    }

    /// A page is rendered again unless what its last rendering read has the same values:
    /// each dependency of the last manifest is hashed once, and a page's key mixes theirs.
    /// The files of the outputs `remaking` are all rendered (parts whose assembly was lost).
    mutating func comparePageKeys(_ model: Model, _ content: Content, remaking: Set<Page.Kind>) -> PageKeys {
        let pages = model.pages, planner = inputs.planner, scan = inputs.scan
        let taken = planner.stampsTaken  // looked up across the cores without the planner's lock
        let values = DependencyValues(
            model: model.site, entries: content.entries, settings: scan.configFile?.text, templates: scan.theme.templates,
            pagePaths: model.renderer.listedPaths, files: model.renderer.targets.files, words: model.renderer.words,
            translations: model.renderer.translations.map { ($0.language!.code, $0.model) },
            imageStamp: { (taken[$0] ?? planner.stamp(of: $0)) ?? FileStamp.following($0) })
        let compared = reuse.pageKeys
        let tableValues = compared.map { values.values(of: $0.dependencyTable) } ?? []
        clock.lap("model.values")
        // Per page: what its last rendering read, and whether its key is unchanged.
        let compares: [(read: [TablePosition]?, unchanged: Bool)] = compared.map { compared in
            Parallel.map(pages.count, chunk: 256) { index -> (read: [TablePosition]?, unchanged: Bool) in
                let page = pages[index]
                guard !remaking.contains(page.kind), let (key, read) = compared.keyAndDependencies(ofPage: page.path) else {
                    return (nil, false)
                }
                return (read, DependencyValues.key(for: page, values: read.lazy.map { tableValues[Int($0)] }) == key)
            }
        } ?? Array(repeating: (nil, false), count: pages.count)
        let unchanged = compares.map(\.unchanged)
        let toRender = pages.indices.filter { !unchanged[$0] }
        clock.lap("model.keys")
        return PageKeys(values: values, compared: compared, tableValues: tableValues, readBefore: compares.map(\.read),
                        unchanged: unchanged, toRender: toRender)
    }
}
