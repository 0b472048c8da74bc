import Foundation
import Mustache
import Thumbnails

/// The key of every page: a hash of everything its context can reach and of the templates
/// that draw it. A page whose key is the one in the manifest would render to the same bytes,
/// so it is neither rendered nor written again.
///
/// What each page's context holds (see `PageRenderer+Context.swift`), and so its key:
/// - every page: the settings, generator, theme and site folder (the global key), its path;
/// - a city: its front matter and picture; its country's front matter, flag and city count;
/// - a country: its front matter, flag and city count; the front matter and picture of each
///   of its cities;
/// - the index and the gallery: every country's front matter, flag and city count;
/// - the city list: every city with its country, as for a city page;
/// - `sitemap.xml`: the path of every page.
/// Bodies are in many contexts but read by few templates (a city's page shows its body, the
/// city list shows none), so a page's key holds the bodies its last rendering read (see
/// `PageScope`): a body it did not read cannot change it. A template that branches on front
/// matter to read a body or not has that front matter in the key, so the set read cannot
/// change without the key changing too. Files are known by their path (the slug, so every
/// link to the page, comes from it) and the SHA-256 of their bytes (the front matter by that of
/// its part), pictures by their stamp.
struct PageKeys: Sendable {
    let global: String
    let model: SiteModel
    let templates: [String: String]

    /// By position in the model, hashed once: each country's path, front matter, flag and
    /// city count; each city's path, front matter and picture; each city's country's position.
    private var countryKeys: [PageKey] = []
    private var cityKeys: [PageKey] = []
    private var cityCountry: [Int] = []
    /// Every content file, for the bodies pages read: its whole text and body pictures.
    private let entries: [ContentEntry]
    private var byPath: [String: Int] = [:]
    private let imageStamp: @Sendable (String) -> FileStamp?

    init(global: String, model: SiteModel, entries: [ContentEntry], library: TemplateLibrary,
         sources: [TemplateSource], imageStamp: @escaping @Sendable (String) -> FileStamp?) {
        self.global = global
        self.model = model
        self.entries = entries
        self.imageStamp = imageStamp
        templates = Self.templateKeys(library: library, sources: sources)
        byPath.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { byPath[entry.path] = index }
        let byPath = byPath
        countryKeys = model.countries.map { country in
            var key = PageKeyHasher()
            key.add(country.sourcePath)
            if let index = byPath[country.sourcePath] {
                key.add(entries[index].frontMatterDigest)
                key.add(imageStamp(country.flag.path))
                key.add(model.cityCount(of: country))
            } else {
                key.add(-1)
            }
            return key.key
        }
        cityKeys = model.cities.map { city in
            var key = PageKeyHasher()
            key.add(city.sourcePath)
            if let index = byPath[city.sourcePath] {
                key.add(entries[index].frontMatterDigest)
                key.add(imageStamp(city.picture.path))
            } else {
                key.add(-1)
            }
            return key.key
        }
        cityCountry = model.cities.map { model.countryIndex($0.countrySlug) ?? -1 }
    }

    /// The key of `page`, whose last rendering read the bodies of the content files `bodies`.
    func key(for page: Page, bodies: [String]) -> PageKey {
        var key = PageKeyHasher()
        key.add(global)
        key.add(page.path)
        key.add(page.kind.rawValue)
        key.add(templates[page.template] ?? "no template")
        func country(_ index: Int) {
            guard index >= 0 else { return key.add(-1) }
            key.add(countryKeys[index])
        }
        func city(_ index: Int) { key.add(cityKeys[index]) }
        switch page.kind {
        case .index, .flags:
            for index in countryKeys.indices { country(index) }
        case .cities:
            for index in cityKeys.indices {
                city(index)
                country(cityCountry[index])
            }
        case .country:
            country(page.index)
            for index in model.cityIndexes(ofCountry: model.countries[page.index].slug) { city(index) }
        case .city:
            city(page.index)
            country(cityCountry[page.index])
        case .notFound, .sitemap:
            break
        }
        for path in bodies {
            key.add(path)
            guard let index = byPath[path] else {
                key.add(-1)
                continue
            }
            key.add(entries[index].digest)
            for image in entries[index].bodyImages { key.add(imageStamp(image)) }
        }
        return key.key
    }

    /// The keys of `pages`, across the cores.
    func keys(for pages: [Page], bodies: (Page) -> [String]) -> [PageKey] {
        let read = pages.map(bodies)
        let keys = UnsafeBuffer<PageKey>(count: pages.count, initial: PageKey(high: 0, low: 0))
        DispatchQueue.concurrentPerform(iterations: 8) { chunk in
            var index = chunk
            while index < pages.count {
                keys[index] = key(for: pages[index], bodies: read[index])
                index += 8
            }
        }
        return keys.values
    }

    /// The key of `sitemap.xml`, made of every page's path.
    func sitemapKey(_ pages: [Page]) -> PageKey {
        var key = PageKeyHasher()
        key.add(global)
        key.add("sitemap.xml")
        for path in pages.map(\.path).sorted() { key.add(path) }
        return key.key
    }

    /// Per template: a hash of its text and of the partials and parents it may include. If
    /// any template names a partial or parent dynamically (`{{>*name}}`), which cannot be
    /// known before rendering, every template's key covers every template.
    static func templateKeys(library: TemplateLibrary, sources: [TemplateSource]) -> [String: String] {
        var digests: [String: String] = [:]
        for source in sources { digests[source.name] = ContentHash.sha256Hex(Array(source.text.utf8)) }
        let dynamic = sources.contains { hasDynamicName($0.text) }
        var keys: [String: String] = [:]
        for source in sources {
            let names = dynamic ? Set(digests.keys) : library.dependencies(of: source.name).union([source.name])
            var key = KeyBuilder()
            for name in names.sorted() {
                key.add(name)
                key.add(digests[name] ?? "missing")
            }
            keys[source.name] = key.digest
        }
        return keys
    }

    /// Whether `text` may hold a dynamic partial or parent: `>` or `<`, blanks, then `*`
    /// (whatever the delimiters; a false alarm only makes keys coarser).
    static func hasDynamicName(_ text: String) -> Bool {
        var sigil = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ">"), UInt8(ascii: "<"): sigil = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "*") where sigil: return true
            default: sigil = false
            }
        }
        return false
    }
}

/// Bytes to hash, each part length-prefixed so that no two sequences of parts collide.
struct KeyBuilder {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func add(_ number: Int) {
        withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ part: [UInt8]?) {
        guard let part else { return add(-1) }
        add(part.count)
        bytes.append(contentsOf: part)
    }

    mutating func add(_ stamp: FileStamp?) {
        guard let stamp else { return add(-1) }
        for value in [Int64(bitPattern: stamp.device), Int64(bitPattern: stamp.inode), stamp.size, stamp.modified, stamp.changed] {
            add(Int(value))
        }
    }

    var digest: String { ContentHash.sha256Hex(bytes) }
}
