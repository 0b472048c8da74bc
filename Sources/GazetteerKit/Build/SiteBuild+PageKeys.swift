import Dispatch
import Load
import Render
import Incremental

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
    static func comparePageKeys(_ model: Model, _ inputs: Inputs, _ content: Content, _ reuse: Reuse, clock: inout BuildClock) -> PageKeys {
        let pages = model.pages, planner = inputs.planner, scan = inputs.scan
        let taken = planner.stampsTaken  // looked up across the cores without the planner's lock
        let values = DependencyValues(
            model: model.site, entries: content.entries, settings: scan.configFile?.text, templates: scan.theme.templates,
            pagePaths: model.renderer.listedPaths, files: model.renderer.targets.files,
            imageStamp: { (taken[$0] ?? planner.stamp(of: $0)) ?? FileStamp.following($0) })
        let compared = reuse.pageKeys
        let tableValues = compared.map { values.values(of: $0.dependencyTable) } ?? []
        clock.lap("model.values")
        let unchanged = UnsafeBuffer<Bool>(count: pages.count, initial: false)
        let readBefore = UnsafeBuffer<[TablePosition]?>(count: pages.count, initial: nil)
        if let compared {
            let chunks = 8
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < pages.count {
                    let page = pages[index]
                    if let (key, read) = compared.keyAndDependencies(ofPage: page.path) {
                        readBefore[index] = read
                        unchanged[index] = DependencyValues.key(for: page, values: read.lazy.map { tableValues[Int($0)] }) == key
                    }
                    index += chunks
                }
            }
        }
        let toRender = pages.indices.filter { !unchanged[$0] }
        clock.lap("model.keys")
        return PageKeys(values: values, compared: compared, tableValues: tableValues, readBefore: readBefore.values,
                        unchanged: unchanged.values, toRender: toRender)
    }
}
