import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images
import Model
import Locking

/// What edit mode knows of the guide: the last successful build's model and the context its
/// content files were processed in, handed over by the build (see `EditBasis.Receiver`). Forms,
/// the flag picker and the checks of an edit read it instead of the guide's files, so that no
/// request lists or reads the whole guide again.
final class EditBasis: Sendable {
    /// The guide's folder, symlinks resolved.
    let root: URL
    let cache: URL
    let site: SiteModel
    /// The translations the build read (`france.fr.md`), as their own files say them: the
    /// model's entries are the default language's, so that a rename finds here the files
    /// that go with an entry or refer to it in another language.
    let translations: [ContentEntry]
    /// The context the build processed content files in: settings, theme, every file's page,
    /// the countries' slugs.
    let context: ContentEntry.SourceContext
    /// The presets the templates show flags and pictures with (an edit's picture is checked with them).
    let presets: (flag: Set<String>, picture: Set<String>)
    /// Edit mode's words in each language of the guide, by its code (the theme's `edit_*`
    /// words, without the prefix), which the UI shows (see `EditInjection.snippet`).
    let words: [String: [String: String]]
    /// The build's planner, whose plans give the gallery's thumbnails.
    let planner: ImagePlanner
    private let made = Locked<(pathOfPage: [String: String]?, sections: [(heading: String, countries: [FlagChoice])]?)>((nil, nil))
    /// The answer to `api/options` for this build, made once (every change to content/ is a
    /// new build, so a new basis): being made (those who ask meanwhile wait for it), or made.
    private let optionsAnswer = Locked<OptionsAnswer>(.none)

    private enum OptionsAnswer {
        case none
        case making(DispatchGroup)
        case made([UInt8])
    }

    /// `api/options`' JSON for this build: made by `make` the first time it is asked for
    /// (by the thread the build's new basis is prepared on, as a rule); who asks while it is
    /// being made waits for that answer.
    func options(_ make: () -> [UInt8]) -> [UInt8] {
        let group = DispatchGroup()
        let found = optionsAnswer.withLock { answer -> OptionsAnswer in
            if case .none = answer {
                group.enter()
                answer = .making(group)
                return .none
            }
            return answer
        }
        switch found {
        case .made(let bytes): return bytes
        case .making(let other):
            other.wait()
            if case .made(let bytes) = optionsAnswer.withLock({ $0 }) { return bytes }
            return make()
        case .none:
            let made = make()
            optionsAnswer.withLock { $0 = .made(made) }
            group.leave()
            return made
        }
    }

    init(root: URL, cache: URL, site: SiteModel, translations: [ContentEntry] = [], context: ContentEntry.SourceContext,
         presets: (flag: Set<String>, picture: Set<String>), planner: ImagePlanner, words: [String: [String: String]] = [:]) {
        (self.root, self.cache, self.site, self.context, self.presets, self.planner) = (root, cache, site, context, presets, planner)
        (self.translations, self.words) = (translations, words)
    }

    /// The translations of the entry whose file is `path` (`content/countries/france.md`),
    /// in the order of the languages' codes.
    func translations(of path: String) -> [ContentEntry] {
        translations.filter { ContentKind.untranslated($0.path) == path }.sorted { $0.path < $1.path }
    }

    var config: SiteConfig { context.config }

    /// The codes of the guide's languages, the default first (its one language when it has one).
    var languageCodes: [String] { config.languages.isEmpty ? [config.language] : config.languages.map(\.code) }

    /// The site-relative path of the content file whose page `kind` and `slug` give, if the
    /// last build had one (the file's name may differ from its slug: `São Paulo.md`).
    func path(_ kind: ContentKind, slug: String) -> String? {
        pathOfPage[OutputPath.page(kind, slug: slug)]
    }

    /// Every content file's path by its page.
    var pathOfPage: [String: String] {
        if let known = made.withLock({ $0.pathOfPage }) { return known }
        var table: [String: String] = [:]
        for (path, page) in context.files.pages { table[page] = path }
        made.withLock { $0.pathOfPage = table }
        return table
    }

    /// One country in the flag picker: its flag as front matter names it (nil: the theme's
    /// placeholder) and the URL of its gallery thumbnail.
    struct FlagChoice: Sendable {
        var slug: String, name: String, flag: String?, thumb: String?
        var json: [String: Any] { ["slug": slug, "name": name, "flag": EditJSON.orNull(flag), "thumb": EditJSON.orNull(thumb)] }
    }

    /// The flag picker's sections, as the gallery shows them: each continent's heading and countries.
    var flagSections: [(heading: String, countries: [FlagChoice])] {
        if let known = made.withLock({ $0.sections }) { return known }
        let sections = flagSections(reading: true)!
        made.withLock { $0.sections = sections }
        return sections
    }

    /// The flag picker's sections; with `reading` false, only when every flag's gallery
    /// thumbnail is known without reading a picture (`ImagePlanner.knownPlan`), else nil.
    func flagSections(reading: Bool) -> [(heading: String, countries: [FlagChoice])]? {
        var complete = true
        let sections = site.sections.map { section in
            (heading: section.continent.heading, countries: section.countries.map { country in
                let plan = reading ? planner.plan(country.image, preset: "gallery", stem: country.image.stem)
                    : planner.knownPlan(country.image, preset: "gallery", stem: country.image.stem)
                if plan == nil, !reading { complete = false }
                return FlagChoice(slug: country.slug, name: country.name, flag: country.image.isPlaceholder ? nil : country.image.written,
                                  thumb: plan.map { "/" + OutputPath.image($0.images[0].fileName) })
            })
        }
        return complete ? sections : nil
    }

    /// Makes what the picker shows of the flags ahead, from what is known without reading a
    /// picture, while the last build's plans are at hand (before the pages render; see
    /// `EditOptions.prepare`): kept when every flag's is known.
    func prepareFlagSections() {
        guard made.withLock({ $0.sections }) == nil, let sections = flagSections(reading: false) else { return }
        made.withLock { $0.sections = sections }
    }

    /// A picture's thumbnail URL as an earlier build's answer gave it, with the picture's
    /// stamp and the preset with its options then (reused while both are the same).
    struct PictureThumb: Sendable {
        var stamp: FileStamp
        var preset: String
        var url: String?
    }

    /// The URL of a thumbnail the last build made of each city picture in use (the smallest
    /// preset the templates show pictures with), by the picture's absolute path. `earlier`
    /// holds the answers of earlier builds: a picture whose stamp is unchanged is not planned
    /// again (after an incremental build, planning every picture afresh reads each one: 2 s
    /// at 10,000 cities). Gives the answers to keep for the next build.
    /// With `reading` false, a picture is not read: one whose thumbnail is not known without
    /// reading it (`ImagePlanner.knownPlan`) is left out of the answers.
    func pictureThumbs(reusing earlier: [String: PictureThumb], reading: Bool = true)
        -> (urls: [String: String], answers: [String: PictureThumb]) {
        let presets = presets.picture.sorted { (config.presets[$0]?.width ?? .max, $0) < (config.presets[$1]?.width ?? .max, $1) }
        guard let preset = presets.first, let spec = config.presets[preset] else { return ([:], [:]) }
        // The preset as configured: a thumbnail's name follows its options too.
        let made = preset + " " + String(describing: spec)
        var urls: [String: String] = [:]
        var answers: [String: PictureThumb] = [:]
        for city in site.cities where !city.image.isPlaceholder && answers[city.image.path] == nil {
            let path = city.image.path
            guard let stamp = reading ? planner.stamp(of: path) : planner.stampTaken(of: path) else { continue }
            let url: String?
            if let known = earlier[path], known.stamp == stamp, known.preset == made {
                url = known.url
            } else if reading {
                url = planner.plan(city.image, preset: preset, stem: city.image.stem).map { "/" + OutputPath.image($0.images[0].fileName) }
            } else if let plan = planner.knownPlan(city.image, preset: preset, stem: city.image.stem) {
                url = "/" + OutputPath.image(plan.images[0].fileName)
            } else {
                continue
            }
            answers[path] = PictureThumb(stamp: stamp, preset: made, url: url)
            if let url { urls[path] = url }
        }
        return (urls, answers)
    }

    /// A planner of its own for one check or preview (pictures' stamps taken afresh), with
    /// a thumbnailer shared by all of them.
    func freshPlanner() -> ImagePlanner {
        let thumbnailer = self.thumbnailer
        return ImagePlanner(thumbnailer: { () throws(ThumbnailError) in try thumbnailer.get() }, presets: config.presets)
    }

    /// The context of the build with `planner`.
    func context(with planner: ImagePlanner) -> ContentEntry.SourceContext {
        var context = self.context
        context.planner = planner
        return context
    }

    private let thumbnailers = Locked<Result<Thumbnailer, ThumbnailError>?>(nil)

    /// The thumbnailer of edit mode's checks (the build's cache, the guide's pixel limit).
    var thumbnailer: Result<Thumbnailer, ThumbnailError> {
        thumbnailers.withLock { made in
            if let made { return made }
            var limits = Limits()
            limits.maxPixels = config.maxImagePixels
            let cache = cache.appending(path: "images")
            let result = Result { () throws(ThumbnailError) -> Thumbnailer in try Thumbnailer(cacheDirectory: cache, limits: limits) }
            made = result
            return result
        }
    }

    /// Where the build hands its model over: set by the build after each successful one.
    final class Receiver: Sendable {
        private let basis = Locked<EditBasis?>(nil)
        init() {}
        /// The basis of the last successful build: given by the build as it ends.
        var current: EditBasis? { basis.withLock { $0 } }
        func receive(_ new: EditBasis) {
            let old = basis.withLock { current in
                defer { current = new }
                return current
            }
            // The last build's model is freed on another thread, not at the end of this build's
            // (15 ms at 10,000 pages).
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(old) {} }
        }

        /// Run on the build's thread with each new basis as soon as the model is made, before
        /// the pages render: while the last build's thumbnail plans are still held (the build
        /// gives them up before it ends), edit mode makes ahead what the picker needs of them,
        /// and starts making the picker's answer.
        private let early = Locked<(@Sendable (EditBasis) -> Void)?>(nil)
        func made(_ new: EditBasis) { early.withLock { $0 }?(new) }
        func onMade(_ body: @escaping @Sendable (EditBasis) -> Void) { early.withLock { $0 = body } }
    }
}
