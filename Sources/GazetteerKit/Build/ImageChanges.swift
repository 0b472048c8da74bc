import Foundation
import Load
import Model
import Incremental

/// Which thumbnails a build puts into the output and which it takes out.
///
/// A full build puts in every thumbnail its pages and bodies show. An incremental build
/// looks only at what changed: the pages it rendered, the pages of deleted files, and the
/// content files it processed. A thumbnail one of them shows now and did not show before is
/// added unless the output has it already; one it no longer shows is removed unless another
/// page or body still shows it (only then are the other pages' lists read).
struct ImageChanges {
    var added: Set<String> = []
    var removed: Set<String> = []
    /// How many thumbnails the output holds after the build.
    var count = 0

    init(previousOutput: ManifestArchive?, outputEntries: [String: BuildManifest.StampedEntry], entries: [ContentEntry],
         processed: ContentWork.Outcome, pages: [String], renderedImages: [String: [String]], output: URL,
         nothingDeleted: Bool) {
        guard let previousOutput else {
            for images in renderedImages.values { added.formUnion(images) }
            for entry in entries { added.formUnion(entry.bodyImageFiles) }
            count = added.count
            return
        }
        var gained: Set<String> = []
        var lost: Set<String> = []
        func compare(_ old: [String], _ new: [String]) {
            guard old != new else { return }
            let oldSet = Set(old), newSet = Set(new)
            gained.formUnion(newSet.subtracting(oldSet))
            lost.formUnion(oldSet.subtracting(newSet))
        }
        for (path, images) in renderedImages {
            compare(previousOutput.pages[path] != nil ? previousOutput.images(ofPage: path) : [], images)
        }
        for (path, fresh) in processed.entries {
            compare(outputEntries[path]?.entry.bodyImageFiles ?? [], fresh.entry.bodyImageFiles)
        }
        // Pages and bodies of deleted files (none when no content file was removed).
        if !nothingDeleted {
            let current = Set(pages)
            for path in previousOutput.pages.keys where !current.contains(path) {
                compare(previousOutput.images(ofPage: path), [])
            }
            let currentEntries = Set(entries.map(\.path))
            for (path, old) in outputEntries where !currentEntries.contains(path) {
                compare(old.entry.bodyImageFiles, [])
            }
        }
        let folder = output.path + "/images/"
        added = gained.filter { FileStamp.of(folder + $0) == nil }
        if !lost.isEmpty {
            var shown: Set<String> = []
            for page in pages {
                shown.formUnion(renderedImages[page] ?? previousOutput.images(ofPage: page))
            }
            for entry in entries { shown.formUnion(entry.bodyImageFiles) }
            removed = lost.subtracting(shown)
        }
        count = previousOutput.imageCount + added.count - removed.count
    }
}
