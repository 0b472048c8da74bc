import Foundation
import Mustache
import Thumbnails

/// The key of every page: a hash of everything its context can reach and of the templates
/// that draw it. A page whose key is the one in the manifest would render to the same bytes,
/// so it is neither rendered nor written again.
///
/// What each page's context holds (see `PageRenderer+Context.swift`), and so its key:
/// - every page: the settings, generator, theme and site folder (the global key), its path;
/// - a city: its file, picture and body pictures; its country's file, flag and city count;
/// - a country: its file, flag, body pictures and city count; each of its cities as above;
/// - the index and the gallery: every country's file, flag and city count;
/// - the city list: every city with its country, as for a city page;
/// - `sitemap.xml`: the path of every page.
/// Files are known by the SHA-256 of their bytes, pictures by their stamp.
struct PageKeys {
    let global: String
    let model: SiteModel
    let entries: [String: ContentEntry]
    let templates: [String: String]
    let imageStamp: (String) -> FileStamp?

    private var countryKeys: [String: [UInt8]] = [:]
    private var countryBodies: [String: [UInt8]] = [:]
    private var cityKeys: [String: [UInt8]] = [:]

    init(global: String, model: SiteModel, entries: [String: ContentEntry], library: TemplateLibrary,
         sources: [TemplateSource], imageStamp: @escaping (String) -> FileStamp?) {
        self.global = global
        self.model = model
        self.entries = entries
        self.imageStamp = imageStamp
        templates = Self.templateKeys(library: library, sources: sources)
        for country in model.countries {
            guard let entry = entries[country.sourcePath] else { continue }
            var summary = KeyBuilder()
            summary.add(entry.digest)
            summary.add(imageStamp(entry.image.file.path))
            summary.add(model.cities(of: country).count)
            countryKeys[country.slug] = summary.bytes
            var body = KeyBuilder()
            for path in entry.bodyImages { body.add(imageStamp(path)) }
            countryBodies[country.slug] = body.bytes
        }
        for city in model.cities {
            guard let entry = entries[city.sourcePath] else { continue }
            var key = KeyBuilder()
            key.add(entry.digest)
            key.add(imageStamp(entry.image.file.path))
            for path in entry.bodyImages { key.add(imageStamp(path)) }
            cityKeys[city.sourcePath] = key.bytes
        }
    }

    func key(for page: Page) -> String {
        var key = KeyBuilder()
        key.add(global)
        key.add(page.path)
        key.add(page.kind.rawValue)
        key.add(templates[page.template] ?? "no template")
        switch page.kind {
        case .index, .flags:
            for country in model.countries { key.add(countryKeys[country.slug]) }
        case .cities:
            for city in model.cities {
                key.add(cityKeys[city.sourcePath])
                key.add(countryKeys[city.countrySlug])
            }
        case .country:
            if case .country(let country) = page.subject {
                key.add(countryKeys[country.slug])
                key.add(countryBodies[country.slug])
                for city in model.cities(of: country) { key.add(cityKeys[city.sourcePath]) }
            }
        case .city:
            if case .city(let city) = page.subject {
                key.add(cityKeys[city.sourcePath])
                key.add(countryKeys[city.countrySlug])
            }
        case .notFound:
            break
        }
        return key.digest
    }

    /// The key of `sitemap.xml`, made of every page's path.
    func sitemapKey(_ pages: [Page]) -> String {
        var key = KeyBuilder()
        key.add(global)
        key.add("sitemap.xml")
        for path in pages.map(\.path).sorted() { key.add(path) }
        return key.digest
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

    /// A hash of every template's name and text.
    static func allTemplatesKey(_ sources: [TemplateSource]) -> String {
        var key = KeyBuilder()
        for source in sources.sorted(by: { $0.name < $1.name }) {
            key.add(source.name)
            key.add(source.text)
        }
        return key.digest
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
