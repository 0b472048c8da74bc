import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// What a build redoes, decided in one place: a pure function of what the previous build
/// left (its manifest) and of a check of the inputs now. The stages do what the plan says and
/// know nothing of manifests.
///
/// Before the plan, the build stops if the watch of the previous build finds nothing changed
/// (`InputWatch.check`), and copies files and does nothing else when only copied files changed
/// (`copiesOnly`); after the render, page keys decide which pages are rendered again when
/// `comparePageKeys` (see `DependencyValues`).
package struct RebuildPlan {
    /// How the output folder is brought up to date.
    package enum OutputUpdate: Equatable {
        /// Written whole into a staging folder that replaces it (no output, or one changed by hand).
        case replace
        /// Only changed files placed and files no longer made removed.
        case update
    }

    package var output: OutputUpdate
    /// Per file of the check (`Check.files`, in its order): its entry, taken from the
    /// manifest, when it is reused (nil: it is parsed).
    package var reused: [ContentEntry?] = []
    /// The paths of the files whose entries are taken from the manifest.
    package var reuse: Set<String> { Set(reused.lazy.compactMap { $0?.path }) }
    /// Content files to read and parse; `validate` is false for a file whose slug an earlier
    /// file has (it is parsed for its problems only).
    package var parse: [(file: SiteLoader.ScannedFile, validate: Bool)] = []
    package var duplicates: [Diagnostic] = []
    /// Whether entries of the manifest may be reused (read with the same settings and theme).
    package var reusesEntries: Bool
    /// Whether a page is rendered only when its key changed (otherwise every page is).
    package var comparePageKeys: Bool
    /// Whether the thumbnail plans of the manifest may be used.
    package var knownPlans: Bool
    /// Whether a page may be gone since the last build: a content file may be (the folders
    /// were listed again, and not every file of last time was found), or the settings or the
    /// theme changed (`data: false` removes the records), so that the thumbnails of removed
    /// pages must be looked for.
    package var lookForRemoved: Bool

    /// Forgets the files to parse and to reuse, once the parse stage has taken them (at
    /// 100,000 files, 19 MB held to the end of the build otherwise).
    package mutating func releaseFileLists() {
        reused = []
        parse = []
    }

    /// What the previous build left, as the plan needs it.
    package struct Previous {
        package var engineKey: String
        /// See `SiteBuild.globalKey`: the settings, the theme folder and the site folder.
        package var globalKey: String
        package var entries: StampedEntries

        package init(engineKey: String, globalKey: String, entries: StampedEntries) {
            self.engineKey = engineKey
            self.globalKey = globalKey
            self.entries = entries
        }
    }

    /// The inputs now.
    package struct Check {
        package var engineKey: String
        package var globalKey: String
        /// Whether the output is to be written and is as the previous build left it.
        package var outputAsLeft: Bool
        /// The content files, countries then cities, each sorted by name.
        package var files: [SiteLoader.ScannedFile]
        /// Whether both content folders were known unchanged (not listed again).
        package var listedBefore: Bool
        /// Whether a file the previous build read is gone.
        package var filesGone: Bool
        /// Whether a picture exists, and whether it is the version whose plans are known.
        package var pictureExists: (String) -> Bool
        package var pictureUnchanged: (String) -> Bool

        package init(engineKey: String, globalKey: String, outputAsLeft: Bool, files: [SiteLoader.ScannedFile], listedBefore: Bool, filesGone: Bool, pictureExists: @escaping (String) -> Bool, pictureUnchanged: @escaping (String) -> Bool) {
            self.engineKey = engineKey
            self.globalKey = globalKey
            self.outputAsLeft = outputAsLeft
            self.files = files
            self.listedBefore = listedBefore
            self.filesGone = filesGone
            self.pictureExists = pictureExists
            self.pictureUnchanged = pictureUnchanged
        }
    }

    /// A build in which nothing changed but the bytes of files the last build copied as they
    /// are from `static/` (`changed`: the watch's changed files, absolute paths; nil when
    /// anything else changed: a file added or removed, a folder listed again): those files are
    /// copied again and published, the record saved with everything else as it was, and
    /// nothing is listed, parsed, keyed or rendered, since nothing read them. Their paths
    /// under `staticFolder` (absolute, ending in "/"), or nil when the build runs whole: the
    /// output is not as the last build left it, a changed file is not under `static/` or was
    /// not published by the last build, or a page shows it as a picture (`readByPages`:
    /// pictures are read for their thumbnails).
    package static func copiesOnly(changed: [String]?, staticFolder: String, outputAsLeft: Bool,
                                   published: (String) -> Bool, readByPages: (String) -> Bool) -> [String]?
    {
        guard outputAsLeft, let changed, !changed.isEmpty,
              changed.allSatisfy({ $0.hasPrefix(staticFolder) && !readByPages($0) }) else { return nil }
        let paths = changed.map { String($0.dropFirst(staticFolder.count)) }
        return paths.allSatisfy(published) ? paths : nil
    }

    /// Whether the thumbnail plans a build with `engineKey` left may be used now (asked
    /// before the plan too, by the planner that checks pictures for it).
    package static func knowsPlans(previousEngineKey: String?, engineKey: String) -> Bool { previousEngineKey == engineKey }

    package static func make(previous: Previous?, check: Check) -> RebuildPlan {
        let knownPlans = knowsPlans(previousEngineKey: previous?.engineKey, engineKey: check.engineKey)
        let output: OutputUpdate = previous != nil && knownPlans && check.outputAsLeft ? .update : .replace
        // Entries are reused when read with the same settings and theme.
        let reusesEntries = previous != nil && previous?.globalKey == check.globalKey
        let entries = reusesEntries ? previous?.entries ?? [:] : [:]
        var plan = RebuildPlan(
            output: output, reusesEntries: reusesEntries, comparePageKeys: output == .update && reusesEntries,
            knownPlans: knownPlans, lookForRemoved: !check.listedBefore || !reusesEntries)
        // Unless no content file was added or removed and none went missing, what an unchanged
        // file points at (a linked page, a city's country, its picture) is checked again.
        let listingKnown = check.listedBefore && !check.filesGone
        let pages = listingKnown ? [] : Set(check.files.map(\.path))
        // Files only added (every file of last time still here): no page of a removed file to look for.
        if !check.listedBefore, reusesEntries, !entries.isEmpty, entries.keys.allSatisfy(pages.contains) {
            plan.lookForRemoved = false
        }
        let countries = Set(check.files.filter { $0.kind == .country }.map(\.slug))
        plan.reused = Array(repeating: nil, count: check.files.count)
        // Two files of one page (`paris.md`, `Paris.md`) come of the files' names alone: with
        // the listing the last build had, none (it had none: a build with a problem leaves
        // the last manifest as it was).
        let duplicatesKnown = check.listedBefore
        var seen: [String: String] = [:]
        if !duplicatesKnown { seen.reserveCapacity(check.files.count) }
        for (n, file) in check.files.enumerated() {
            if !duplicatesKnown, let first = seen.updateValue(file.path, forKey: file.outputPath) {
                seen[file.outputPath] = first
                plan.duplicates.append(file.duplicate(of: first))
                plan.parse.append((file, false))
                continue
            }
            guard let stamp = file.stamp, let old = entries[file.path], old.stamp == stamp else {
                plan.parse.append((file, true))
                continue
            }
            let entry = old.entry
            var valid = true
            if !listingKnown {
                valid = entry.links.allSatisfy(pages.contains)
                    && (entry.kind != .city || countries.contains(entry.country ?? ""))
                    && (entry.image.isPlaceholder || check.pictureExists(entry.image.path))
                    && entry.files.allSatisfy(check.pictureExists)
            }
            // A body's HTML names its pictures' thumbnails; a new output needs them planned.
            valid = valid && entry.bodyImages.allSatisfy(check.pictureUnchanged)
                && (output == .update || entry.bodyImages.isEmpty)
            if valid { plan.reused[n] = entry } else { plan.parse.append((file, true)) }
        }
        return plan
    }

    /// How the next manifest's watch is made, once the build is done.
    package enum WatchUpdate: Equatable {
        /// The last one, stamps renewed: the build read the same files as the last one.
        case renewed
        /// The last one renewed, with the content files added since (and the pictures they
        /// name): files were only added.
        case extended
        /// Made again from what the build read.
        case remade
    }

    /// What of the manifest the next one keeps, once the build is done: the watch (see
    /// `WatchUpdate`), and whether the thumbnail plans are the known ones with this build's
    /// new plans over them (false: gathered again for every picture named). Both need the
    /// same settings and theme files, and every picture named before still named.
    package func keeps(themeFoldersUnchanged: Bool, sameImagesNamed: Bool, filesOnlyAdded: Bool, check: Check)
        -> (watch: WatchUpdate, plans: Bool)
    {
        guard reusesEntries, themeFoldersUnchanged, sameImagesNamed else { return (.remade, false) }
        if check.listedBefore { return (.renewed, knownPlans) }
        return filesOnlyAdded ? (.extended, knownPlans) : (.remade, false)
    }
}
