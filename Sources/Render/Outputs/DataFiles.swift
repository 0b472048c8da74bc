import Load
import Markdown
import Model
import Thumbnails

extension Page.Kind {
    package static let countryRecord = Page.Kind("country-record")
    package static let cityRecord = Page.Kind("city-record")
    package static let pageRecord = Page.Kind("page-record")
    package static let dataCollection = Page.Kind("data-collection")
    package static let dataTable = Page.Kind("data-table")
    package static let dataSchema = Page.Kind("data-schema")
}

/// The guide as data (docs/templates.md, "Data files"): a record beside each country's and
/// city's page, the collections of all countries and all cities as JSON and CSV, and the
/// JSON Schemas they name, each kind on unless `data:` in `gazetteer.yaml` turns it off.
/// What a file shows is read through the page scope like a page's values, so a file is made
/// again exactly when one of them changes.
extension PageRenderer {
    /// `entry` as data, seen from `file` (in this renderer's language's folder: the data
    /// files of a language other than the default are under its folder, `fr/data/`), with what it is made of recorded in `scope`: its
    /// front matter, the entries it links to (a country's cities, a city's country), and with
    /// `body` its text, with `thumbnails` its picture's.
    func dataRecord(_ entry: ContentEntry, scope: PageScope, body: Bool, thumbnails: Bool) -> DataRecord {
        scope.read(.frontMatter(entry.path))
        let linked: [ContentEntry]
        switch entry.kind {
        case .country:
            scope.read(.citiesOf(entry.slug))
            linked = model.cities(of: entry)
        case .city:
            linked = country(of: entry, scope: scope).map { [$0] } ?? []
        case .page:
            linked = []
        }
        for other in linked { scope.read(.frontMatter(other.path)) }
        var plans: [String: ThumbnailPlan] = [:]
        if thumbnails {
            scope.read(.image(entry.path))
            for preset in DataRecord.presets(entry.kind) {
                guard let plan = planner.plan(entry.image, preset: preset, stem: entry.image.stem) else { continue }
                scope.add(plan)
                plans[preset] = plan
            }
        }
        var html = ""
        if body {
            scope.read(.body(entry.path))
            html = bodies.html(for: entry.path)
        }
        var record = DataRecord(entry: entry, thumbnails: plans, html: html, text: body ? SearchText.plain(fromHTML: html) : "", linked: linked)
        if !folder.isEmpty {
            // In another language: its continents' names (the settings are read by every data file).
            record.folder = folder
            let names = Dictionary(model.config.continents.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
            record.continents = entry.continents.map { names[$0] ?? $0 }
        }
        return record
    }
}

/// One record beside each country's, city's or page of one's own's page (`countries/france.json`,
/// `cities/paris.json`, `about.json`; `index` is the entry's position in the model's countries,
/// cities or pages).
package struct EntryRecords: Output {
    package var perLanguage: Bool { true }
    let entity: ContentKind
    package init(_ entity: ContentKind) { self.entity = entity }

    package var kind: Page.Kind {
        switch entity {
        case .country: .countryRecord
        case .city: .cityRecord
        case .page: .pageRecord
        }
    }
    package var listed: Bool { false }

    private func entries(of site: PageRenderer) -> [ContentEntry] {
        switch entity {
        case .country: site.model.countries
        case .city: site.model.cities
        case .page: site.model.pages
        }
    }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.data.records else { return [] }
        return entries(of: site).enumerated().map { Page(kind: kind, path: DataPaths.record($1), title: $1.name, index: $0) }
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        scope.read(.settings)
        let record = site.dataRecord(entries(of: site)[page.index], scope: scope, body: true, thumbnails: true)
        return String(decoding: record.file, as: UTF8.self)
    }

    package func entry(of page: Page, site: PageRenderer) -> String? { entries(of: site)[page.index].path }
}

/// `data/countries.json` and `data/cities.json` (`index` 0 and 1), every entry's row.
package struct DataCollections: Output {
    package var perLanguage: Bool { true }
    package var showsEveryEntry: Bool { true }
    package var kind: Page.Kind { .dataCollection }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.data.collections else { return [] }
        return [ContentKind.country, .city].map { Page(kind: kind, path: DataPaths.collection($0), title: "", index: Int($0.rawValue)) }
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        let kind = ContentKind(rawValue: UInt8(page.index))!
        let rows = site.dataRows(kind, of: page.path, scope: scope, thumbnails: true) { (DataCollection.jsonRow($0), []) }
        return String(decoding: DataCollection.json(kind, rows: rows.map(\.row.row.bytes)), as: UTF8.self)
    }
}

/// `data/countries.csv` and `data/cities.csv` (`index` 0 and 1).
package struct DataTables: Output {
    package var perLanguage: Bool { true }
    package var showsEveryEntry: Bool { true }
    package var kind: Page.Kind { .dataTable }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.data.csv else { return [] }
        return [ContentKind.country, .city].map { Page(kind: kind, path: DataPaths.table($0), title: "", index: Int($0.rawValue)) }
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        let kind = ContentKind(rawValue: UInt8(page.index))!
        let rows = site.dataRows(kind, of: page.path, scope: scope, thumbnails: false) { DataCollection.csvRow($0) }
        return String(decoding: DataCollection.csv(kind, rows: rows.map { ($0.row.row.bytes, $0.row.row.extras) }), as: UTF8.self)
    }
}

/// The schemas in `data/schema/`: of a country's, a city's and a page's record (`number` 1),
/// and of the two collections (`number` 2; `index` is the kind), while a JSON data file names them.
package struct DataSchemas: Output {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .dataSchema }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.data.schemas else { return [] }
        var pages = [ContentKind.country, .city].flatMap { kind in
            [Page(kind: self.kind, path: DataPaths.recordSchema(kind), title: "", index: Int(kind.rawValue), number: 1),
             Page(kind: self.kind, path: DataPaths.collectionSchema(kind), title: "", index: Int(kind.rawValue), number: 2)]
        }
        // The pages' record schema, while the guide has pages of its own (and so records of them).
        if !site.model.pages.isEmpty {
            pages.append(Page(kind: self.kind, path: DataPaths.recordSchema(.page), title: "", index: Int(ContentKind.page.rawValue), number: 1))
        }
        return pages
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        scope.read(.settings)
        let kind = ContentKind(rawValue: UInt8(page.index))!
        let schema = page.number == 1 ? DataSchema.record(kind) : DataSchema.collection(kind)
        return String(decoding: JSONWriter.encode(schema), as: UTF8.self)
    }
}

extension PageRenderer {
    /// Every entry of `kind` as a row of the collection `file`, in the guide's order. A row is
    /// the last build's (see `DataRowStore`) while every dependency its making recorded has
    /// the value it had; any other is made by `encode` from the entry's record, with what it
    /// read recorded apart, so that each row is known by its own dependencies. Everything
    /// the rows read is recorded in `scope`, as if the collection had been made whole.
    ///
    /// The rows refer to the last build's lists of their dependencies and thumbnails (see
    /// `DataRowSet`): a value is hashed once per collection, and what the collection read is
    /// that list with the few dependencies new rows read sorted in, less those no row refers
    /// to any more, in order: no set of every row's dependencies is made and sorted.
    ///
    /// `placedOnly`: the cities with a position alone (the GeoJSON), which the `.places` list
    /// the caller reads names, so that a city without one is not read at all.
    func dataRows(_ kind: ContentKind, of file: String, scope: PageScope, thumbnails: Bool, placedOnly: Bool = false,
                  encode: (DataRecord) -> (bytes: [UInt8], extras: [(key: String, cell: [UInt8])])) -> [(entry: String, row: DataRowSet.Kept)] {
        scope.read(.settings)
        scope.read(kind == .country ? .countries : .cities)
        let store = rowStore
        var previous = store?.previousRows(of: folder + file) ?? DataRowSet()
        let known = (dependencies: previous.dependencies, images: previous.images)
        // A kept row is taken again while its dependencies have the values it was made of:
        // those that changed since are known when the rows are the ones the last build
        // recorded, else their values are hashed and the row's key compared.
        let dirty: [Bool]? = store?.changed(since: previous, of: folder + file).map { changed in
            changed.isEmpty ? [Bool](repeating: false, count: known.dependencies.count) : known.dependencies.map(changed.contains)
        }
        var values = dirty == nil ? [DataRowKey?](repeating: nil, count: known.dependencies.count) : []
        func value(at position: Int32) -> DataRowKey {
            if let value = values[Int(position)] { return value }
            let value = store!.value(known.dependencies[Int(position)])
            values[Int(position)] = value
            return value
        }
        func unchanged(_ kept: borrowing DataRowSet.Kept) -> Bool {
            guard let store else { return false }
            if let dirty { return !kept.dependencies.contains { dirty[Int($0)] } }
            var keys: [DataRowKey] = []
            keys.reserveCapacity(kept.dependencies.count)
            for position in kept.dependencies { keys.append(value(at: position)) }
            return store.key(keys) == kept.row.key
        }
        // A row made now, with what it read recorded apart, at its places in the last build's
        // lists (-1: not there).
        func made(_ entry: ContentEntry) -> DataRowSet.Kept {
            let own = PageScope(reads: 8)
            own.read(.settings)
            let (bytes, extras) = encode(dataRecord(entry, scope: own, body: false, thumbnails: thumbnails))
            let (dependencies, images) = (own.dependencies, own.fileNames)
            let dependencyPlaces = dependencies.map { Self.place(of: $0, in: known.dependencies) }
            let imagePlaces = images.map { Self.place(of: $0, in: known.images) }
            let key = store.map { store in
                store.key(zip(dependencies, dependencyPlaces).map { place in
                    // A value hashed for this row alone when the row's others are not hashed.
                    place.1 >= 0 && dirty == nil ? value(at: place.1) : store.value(place.0)
                })
            } ?? DataRowKey(high: 0, low: 0)
            return DataRowSet.Kept(row: DataRow(dependencies: dependencies, key: key, images: images, bytes: bytes[...], extras: extras),
                                   dependencies: dependencyPlaces[...], images: imagePlaces[...])
        }
        let all = kind == .country ? model.countries : model.cities
        let entries = placedOnly ? all.filter { $0.position != nil } : all
        // The last build's rows, taken over (not copied: the set is this call's alone) and
        // changed in place where an entry's row is made again, when the entries are those of
        // last time in the same order, as after most edits; else each entry's is looked up.
        var rows = previous.rows
        previous.rows = []
        // The rows made now, and whether each of those replaced in place still refers to
        // everything its last version did (then no item of the lists can have gone unused).
        var fresh: [Int] = []
        var keepsItsItems = true
        if store != nil, rows.count == entries.count, rows.indices.allSatisfy({ rows[$0].entry == entries[$0].path }) {
            for n in rows.indices where !unchanged(rows[n].row) {
                let before = rows[n].row
                rows[n].row = made(entries[n])
                fresh.append(n)
                keepsItsItems = keepsItsItems && before.dependencies.allSatisfy(rows[n].row.dependencies.contains)
                    && before.images.allSatisfy(rows[n].row.images.contains)
            }
        } else {
            let placeOf = Dictionary(rows.enumerated().map { ($1.entry, $0) }, uniquingKeysWith: { first, _ in first })
            var now: [(entry: String, row: DataRowSet.Kept)] = []
            now.reserveCapacity(entries.count)
            for entry in entries {
                if store != nil, let place = placeOf[entry.path], unchanged(rows[place].row) {
                    now.append((entry.path, rows[place].row))
                } else {
                    fresh.append(now.count)
                    now.append((entry.path, made(entry)))
                }
            }
            keepsItsItems = now.count == rows.count && fresh.isEmpty
            rows = now
        }
        // The lists of this build: the last build's with what the rows made now read that
        // was not in them, and of those what the rows still refer to, in order (every item,
        // when no row was made or each made refers to all its last version did, and none was
        // added: the last build's lists held only what its rows referred to).
        let allDependencies = Self.extended(known.dependencies, &rows, fresh: fresh, items: \.row.dependencies, places: \.dependencies)
        let allImages = Self.extended(known.images, &rows, fresh: fresh, items: \.row.images, places: \.images)
        let unchangedLists = keepsItsItems && allDependencies.count == known.dependencies.count && allImages.count == known.images.count
        // A row made now refers to the lists by its places from here on, as one read back does:
        // its own lists go (at 100,000 cities, a dependency's name or a thumbnail's each,
        // several per row, were a tenth of a gigabyte held until the build's end).
        for n in fresh {
            rows[n].row.row.dependencies = []
            rows[n].row.row.images = []
        }
        let (dependencies, dependencyMoves) = unchangedLists ? (allDependencies, []) : Self.used(allDependencies, by: rows, \.dependencies)
        let (images, imageMoves) = unchangedLists ? (allImages, []) : Self.used(allImages, by: rows, \.images)
        scope.read(sorted: dependencies)
        scope.add(sortedFileNames: images)
        // The rows' positions change only when something of the lists is no longer used.
        let (sameDependencies, sameImages) = (dependencies.count == allDependencies.count, images.count == allImages.count)
        if !sameDependencies || !sameImages {
            for n in rows.indices {
                if !sameDependencies { rows[n].row.dependencies = rows[n].row.dependencies.map { dependencyMoves[Int($0)] }[...] }
                if !sameImages { rows[n].row.images = rows[n].row.images.map { imageMoves[Int($0)] }[...] }
            }
        }
        // The store and the caller share the rows' storage.
        store?.made(folder + file, rows: DataRowSet(dependencies: dependencies, images: images, rows: rows))
        return rows
    }

    /// The place of `item` in `list` (sorted, each once), or -1.
    private static func place<T: Comparable>(of item: T, in list: [T]) -> Int32 {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == item ? Int32(low) : -1
    }

    /// `list` (sorted, each once) with the items of the rows made now (at `fresh`) that are
    /// not in it (those at place -1), sorted in among them, and each row's places in the list
    /// that gives: the few a city added reads, not a set of every row's items made and sorted
    /// again. Only a row made now has items of its own (one read back has its places alone,
    /// none of them -1).
    private static func extended<T: Comparable & Hashable>(
        _ list: [T], _ rows: inout [(entry: String, row: DataRowSet.Kept)], fresh: [Int],
        items: KeyPath<DataRowSet.Kept, [T]>, places: WritableKeyPath<DataRowSet.Kept, ArraySlice<Int32>>
    ) -> [T] {
        var extra: Set<T> = []
        for n in fresh where rows[n].row[keyPath: places].contains(-1) {
            for (item, place) in zip(rows[n].row[keyPath: items], rows[n].row[keyPath: places]) where place < 0 { extra.insert(item) }
        }
        guard !extra.isEmpty else { return list }
        let added = extra.sorted()
        var merged: [T] = []
        merged.reserveCapacity(list.count + added.count)
        var moves = [Int32](repeating: 0, count: list.count)
        var (i, j) = (0, 0)
        while i < list.count || j < added.count {
            if j == added.count || (i < list.count && list[i] < added[j]) {
                moves[i] = Int32(merged.count)
                merged.append(list[i])
                i += 1
            } else {
                merged.append(added[j])
                j += 1
            }
        }
        for n in rows.indices {
            let items = rows[n].row[keyPath: items]
            rows[n].row[keyPath: places] = rows[n].row[keyPath: places].enumerated().map { index, place in
                place >= 0 ? moves[Int(place)] : Self.place(of: items[index], in: merged)
            }[...]
        }
        return merged
    }

    /// The items of `list` some of the rows' `references` refer to, in order, and where each item
    /// of `list` moves to among them (none when every item is referred to: each stays).
    private static func used<T>(_ list: [T], by rows: [(entry: String, row: DataRowSet.Kept)],
                                _ references: KeyPath<DataRowSet.Kept, ArraySlice<Int32>>) -> ([T], [Int32]) {
        var read = [Bool](repeating: false, count: list.count)
        var count = 0
        for n in rows.indices {
            for position in rows[n].row[keyPath: references] where !read[Int(position)] {
                read[Int(position)] = true
                count += 1
            }
        }
        if count == list.count { return (list, []) }
        var moves = [Int32](repeating: -1, count: list.count)
        var kept: [T] = []
        for (n, item) in list.enumerated() where read[n] {
            moves[n] = Int32(kept.count)
            kept.append(item)
        }
        return (kept, moves)
    }
}
