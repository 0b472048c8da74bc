import Dispatch
import Mustache
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Locking

/// The value, now, of everything a page can read (see `Dependency`), and so the key of a
/// page: a hash of its path, kind and title and of the current value of every dependency its
/// last rendering recorded. A page whose key is the one in the manifest would render to the
/// same bytes, so it is neither rendered nor written again.
///
/// Each dependency's value is hashed once per build (`value(of:)`, `values(of:)`), with the
/// dependency itself, however many pages read it; a page's key then only mixes the hashes
/// of its dependencies, in the order its record lists them (`key(for:positions:of:)`).
///
/// Nothing here knows what a template does with a value: adding a value to a page's context
/// needs no code here, only a `Dependency` recorded where the value is looked up.
package struct DependencyValues: Sendable {
    /// Every content file's entry (and for a guide in several languages, each entry as
    /// another language shows it, at its translation's path), found by path.
    private let entries: EntryTable
    /// The lists of the default language's model.
    private let lists: Lists
    /// Those of each other language's, by its code (see `Dependency.inLanguage(_:)`).
    private let translations: [String: Lists]
    private let settings: PageKey
    private let templates: [String: PageKey]
    private let pagePaths: [String]
    private let imageStamp: @Sendable (String) -> FileStamp?
    /// The files links may point at (`PageRenderer.targets`).
    private let files: LinkTargets

    /// The entries by path: a table of them all made when first needed (every value hashed);
    /// an edit's few entries read again are found by a walk of the entries instead (a table
    /// of 100,000 paths made for a handful of lookups was 30 to 50 ms of an edit).
    private final class EntryTable: Sendable {
        /// Later ones stand for earlier ones of the same path.
        let all: [ContentEntry]
        private let table = Locked<[String: ContentEntry]?>(nil)

        init(_ all: [ContentEntry]) { self.all = all }

        var byPath: [String: ContentEntry] {
            table.withLock { table in
                if let table { return table }
                var made: [String: ContentEntry] = [:]
                made.reserveCapacity(all.count)
                for entry in all { made[entry.path] = entry }
                table = made
                return made
            }
        }

        /// Those of the entries at `paths` there are, by path, found by a walk (`paths` few).
        func some(_ paths: [String]) -> [String: ContentEntry] {
            guard !paths.isEmpty else { return [:] }
            var found: [String: ContentEntry] = [:]
            for entry in all where paths.contains(entry.path) { found[entry.path] = entry }
            return found
        }
    }

    /// What the lists of one language's model hold, made once, when a list's value is first
    /// asked for (a build whose lists are as they were asks for none).
    private final class Lists: Sendable {
        let model: SiteModel
        private let made = Locked<Made?>(nil)

        struct Made: Sendable {
            /// The countries of each continent that has any, in order (`SiteModel.sections`, made once).
            let continents: [String: [String]]
            /// The cities of each continent that has countries, counted.
            let continentCities: [String: Int]
            /// Each page of each list in pages: what it holds and what its pagination and letters show.
            let slices: [Dependency: PageKey]
            /// The continents that have countries, in order.
            let sections: [String]
        }

        init(_ model: SiteModel) { self.model = model }

        var lists: Made {
            made.withLock { made in
                if let made { return made }
                let value = Self.make(model)
                made = value
                return value
            }
        }

        private static func make(_ model: SiteModel) -> Made {
            let sections = model.sections
            let sectionNames = sections.map(\.continent.name)
            let continents = Dictionary(sections.map { ($0.continent.name, $0.countries.map(\.path)) }, uniquingKeysWith: { _, last in last })
            let continentCities = Dictionary(sections.map { ($0.continent.name, model.cityCount(ofContinent: $0.continent)) },
                                             uniquingKeysWith: { _, last in last })
            var slices: [Dependency: PageKey] = [:]
            for list in PagedList.all(model) {
                var letters = PageKeyHasher()
                letters.add(list.pages.pageCount)
                for (initial, page) in list.pages.letters {
                    letters.add(initial.letter)
                    letters.add(page)
                }
                let shared = letters.key
                for number in 1...list.pages.pageCount {
                    var key = PageKeyHasher()
                    key.add(shared)
                    let entries = list.entries(ofPage: number, in: model)
                    key.add(entries.count)
                    for (path, initial) in entries {
                        key.add(path)
                        key.add(initial.letter)
                    }
                    slices[list.slice(number)] = key.key
                }
            }
            return Made(continents: continents, continentCities: continentCities, slices: slices, sections: sectionNames)
        }
    }

    /// The theme's words, by language (`Dependency.word`).
    private let words: ThemeWords

    /// `pagePaths`: the listed pages (`PageRenderer.listedPaths`); `files`: what links may point
    /// at (`PageRenderer.targets`); `translations`: each other language's code and model. Only
    /// what is small is hashed here; a list is hashed when its dependency's value is asked for
    /// (each dependency is asked for once a build, across the cores, and most builds ask for
    /// none of the lists after the comparison of keys).
    package init(model: SiteModel, entries: [ContentEntry], settings: String?, templates: [TemplateSource], pagePaths: [String],
         files: LinkTargets = LinkTargets(files: [], baseURL: nil, sitePath: "/"), words: ThemeWords = ThemeWords(files: []),
         translations: [(code: String, model: SiteModel)] = [],
         imageStamp: @escaping @Sendable (String) -> FileStamp?) {
        self.files = files
        self.words = words
        var all = entries
        for (_, other) in translations { all += other.countries + other.cities + other.pages }
        self.entries = EntryTable(all)
        self.imageStamp = imageStamp
        self.pagePaths = pagePaths
        lists = Lists(model)
        self.translations = Dictionary(translations.map { ($0.code, Lists($0.model)) }, uniquingKeysWith: { first, _ in first })
        var key = PageKeyHasher()
        key.add(settings ?? "no settings file")
        self.settings = key.key
        var templateKeys: [String: PageKey] = [:]
        for template in templates {
            var key = PageKeyHasher()
            key.add(template.text)
            templateKeys[template.name] = key.key
        }
        self.templates = templateKeys
    }

    /// The hash of a list's value now (`.countries`, `.cities`, `.citiesOf`, `.sections`,
    /// `.continent`, `.pages`, `.places`; a list not in the guide is empty).
    private func list(_ dependency: Dependency, in lists: Lists) -> PageKey {
        let model = lists.model
        switch dependency.kind {
        case .countries: return Self.list(model.countries.lazy.map(\.path), count: model.countries.count)
        case .cities: return Self.list(model.cities.lazy.map(\.path), count: model.cities.count)
        case .citiesOf:
            let cities = model.cityIndexes(ofCountry: dependency.name)
            return Self.list(cities.lazy.map { model.cities[$0].path }, count: cities.count)
        case .sections:
            let sections = lists.lists.sections
            return Self.list(sections, count: sections.count)
        case .continent:
            let countries = lists.lists.continents[dependency.name] ?? []
            return Self.list(countries, count: countries.count)
        case .pages: return Self.list(pagePaths, count: pagePaths.count)
        case .credits:
            let credited = model.credited
            if dependency.name == "any" { return Self.count(credited.isEmpty ? 0 : 1) }
            return Self.list(credited.lazy.map { entry in
                let credit = entry.credit!
                return [entry.path, credit.caption ?? "-", credit.credit ?? "-", credit.license ?? "-"].joined(separator: "\u{1F}")
            }, count: credited.count)
        case .newest:
            let newest = model.newest()
            return Self.list(newest.lazy.map { $0.path + " " + $0.feedDate.text }, count: newest.count)
        case .places:
            let placed = model.cities.filter { $0.position != nil }
            return Self.list(placed.lazy.map(\.path), count: placed.count)
        default: return Self.list([], count: 0)
        }
    }

    private static func list(_ items: some Sequence<String>, count: Int) -> PageKey {
        var key = PageKeyHasher()
        key.add(count)
        for item in items { key.add(item) }
        return key.key
    }

    private static func count(_ count: Int) -> PageKey {
        var key = PageKeyHasher()
        key.add(count)
        return key.key
    }

    /// The key of `page`, whose last rendering read the dependencies at `positions` of the
    /// table, whose values (as `value(of:)` gives them) are `table`, in that order. Taken by
    /// position, without a generic sequence between them, which cost a metadata lookup per
    /// value across the modules (a fifth of the key comparison of a renamed city at 10,000 pages).
    package static func key(for page: Page, positions: [TablePosition], of table: [PageKey]) -> PageKey {
        var key = PageKeyHasher()
        key.add(page.path)
        key.add(page.kind.rawValue)
        key.add(page.title)
        table.withUnsafeBufferPointer { table in
            for position in positions { key.add(table[Int(position)]) }
        }
        return key.key
    }

    /// The values of `dependencies`, hashed across the cores.
    package func values(of dependencies: [Dependency]) -> [PageKey] {
        let entries = entries(readBy: dependencies)
        // Taken 64 at a time: a list's value costs thousands of an entry's.
        return Parallel.map(dependencies.count, chunk: dependencies.count < 256 ? 256 : 64) { value(of: dependencies[$0], entries: entries) }
    }

    /// How the model's lists may differ from the last build's, when only content files changed.
    package enum ListsChange: Sendable {
        /// As they were: every entry read again says what it said of all they are made of.
        case none
        /// As they were but those made of the cities' places: the entries read again differ
        /// at most in their position (`ContentEntry.differsAtMostInPlace`). The placed cities
        /// (`.places`) may differ, and so may the nearby lists of the cities at the paths of
        /// `nearby` (nil: of any city; see `SiteModel.citiesWhoseNearbyMayChange`).
        case places(nearby: Set<String>?)
        /// Any of them may differ.
        case any

        /// Whether the value of `dependency`, made of the lists, may differ.
        func mayDiffer(_ dependency: Dependency) -> Bool {
            switch self {
            case .none: return false
            case .places(let nearby):
                if dependency.kind == .places { return true }
                guard dependency.kind == .nearby else { return false }
                guard let nearby else { return true }
                return nearby.contains(dependency.language?.dependency.name ?? dependency.name)
            case .any: return true
            }
        }
    }

    /// The values of `dependencies` when only content files changed since `known` was taken
    /// (the values the last build ended with, in the same order; no picture, theme or
    /// settings file): the value of an entry's front matter, body or picture
    /// (`Dependency.entryKinds`) is the known one unless its path is in `readAgain` (the
    /// entries read again, and those made of them); so is that of a dependency made of the
    /// lists (`Dependency.languageKinds`, in any language) that `lists` says is as it was.
    /// Every other is hashed again, across the cores. `changed` says which differ from the
    /// known value.
    package func values(of dependencies: [Dependency], known: [PageKey], readAgain: Set<String>, lists: ListsChange)
        -> (values: [PageKey], changed: [Bool]) {
        precondition(known.count == dependencies.count)
        // Compared by name when they are few (a set would hash every entry dependency's name).
        let few = readAgain.count <= 8 ? Array(readAgain) : nil
        func readAgainNow(_ path: String) -> Bool { few.map { $0.contains(path) } ?? readAgain.contains(path) }
        let again = dependencies.indices.filter { position in
            let dependency = dependencies[position]
            if dependency.kind.isLanguageKind { return lists.mayDiffer(dependency) }
            return !dependency.kind.isEntryKind || readAgainNow(dependency.name)
        }
        let entries = entries(readBy: again.lazy.map { dependencies[$0] })
        let hashed = Parallel.map(again.count, chunk: 1024) { value(of: dependencies[again[$0]], entries: entries) }
        var values = known
        var changed = [Bool](repeating: false, count: dependencies.count)
        for (n, position) in again.enumerated() where hashed[n] != known[position] {
            values[position] = hashed[n]
            changed[position] = true
        }
        return (values, changed)
    }

    /// The entries whose values `dependencies` are (and maybe others), by path: found by a walk
    /// of the entries when they are few (an edit's), else the table of them all.
    private func entries(readBy dependencies: some Sequence<Dependency>) -> [String: ContentEntry] {
        var names: Set<String> = []
        for dependency in dependencies {
            let read = dependency.language?.dependency ?? dependency
            guard read.kind.isEntryKind else { continue }
            names.insert(read.name)
            if names.count > 16 { return entries.byPath }
        }
        return entries.some(Array(names))
    }

    /// The dependency and its value now, hashed.
    package func value(of recorded: Dependency) -> PageKey { value(of: recorded, entries: entries.byPath) }

    /// `value(of:)`, the entries read from `entries`.
    private func value(of recorded: Dependency, entries: [String: ContentEntry]) -> PageKey {
        var key = PageKeyHasher()
        key.add(Int(recorded.kind.rawValue))
        key.add(recorded.name)
        // A list as a page in another language read it: that language's.
        var dependency = recorded
        var lists = self.lists
        if let (code, inner) = recorded.language {
            dependency = inner
            guard let other = translations[code] else { key.add(-1); return key.key }
            lists = other
        }
        // `lists.model` is used in place: bound to a name, the model (a struct of some forty
        // references) was copied for every dependency, a fifth of the values' time at 10k.
        switch dependency.kind {
        case .frontMatter:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(entry.frontMatterDigest)
        case .body:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(entry.digest)
            for image in entry.bodyImages { key.add(imageStamp(image)) }
        case .image:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(imageStamp(entry.image.path))
        case .countries, .cities, .citiesOf, .sections, .continent, .pages, .places, .newest, .credits:
            key.add(list(dependency, in: lists))
        case .slice:
            key.add(lists.lists.slices[dependency] ?? Self.list([], count: 0))
        case .cityCount:
            key.add(Self.count(lists.model.cityIndexes(ofCountry: dependency.name).count))
        case .continentCities:
            key.add(Self.count(lists.lists.continentCities[dependency.name] ?? 0))
        case .target:
            key.add(files.contains(dependency.name) ? 1 : 0)
        case .templateExists:
            key.add(templates[dependency.name] == nil ? 0 : 1)
        case .freePages:
            key.add(lists.model.pages.count)
            for page in lists.model.pages {
                key.add(page.path)
                key.add(page.frontMatterDigest)
            }
        case .nearby:
            let nearby = lists.model.nearby(ofCity: dependency.name)
            key.add(nearby.count)
            for (city, neighbour) in nearby {
                key.add(city.path)
                key.add(city.name)
                key.add(neighbour.distanceText)
            }
        case .settings:
            key.add(settings)
        case .word:
            let (language, word) = dependency.name.firstIndex(of: "/").map {
                (String(dependency.name[..<$0]), String(dependency.name[dependency.name.index(after: $0)...]))
            } ?? ("", dependency.name)
            guard let found = words.word(word, in: language) else { key.add(-1); break }
            key.add(found.text)
        case .template:
            guard let value = templates[dependency.name] else { key.add(-1); break }
            key.add(value)
        }
        return key.key
    }
}
