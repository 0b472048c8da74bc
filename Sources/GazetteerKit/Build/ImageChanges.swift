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

    init(previousOutput: ManifestArchive?, outputEntries: StampedEntries, entries: [ContentEntry],
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
            // A page's lists are sorted: compared side by side (a collection shows every
            // thumbnail of the guide, 20,000 names made into two sets for one city added).
            if Self.isSorted(old), Self.isSorted(new) {
                var (i, j) = (0, 0)
                while i < old.count || j < new.count {
                    if j == new.count || (i < old.count && old[i] < new[j]) {
                        lost.insert(old[i]); i += 1
                    } else if i == old.count || new[j] < old[i] {
                        gained.insert(new[j]); j += 1
                    } else {
                        i += 1; j += 1
                    }
                }
                return
            }
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
            for old in outputEntries.values where !currentEntries.contains(old.entry.path) {
                compare(old.entry.bodyImageFiles, [])
            }
        }
        let folder = output.path + "/images/"
        added = gained.filter { FileStamp.of(folder + $0) == nil }
        if !lost.isEmpty {
            // What is lost and shown by no page or body: the lost ones looked for in every
            // list (not every list's names gathered into a set), until each is found.
            var unseen = lost
            let few = lost.count <= 8 ? Array(lost) : nil
            func look(_ names: [String]) {
                for name in names where few.map({ $0.contains(name) }) ?? unseen.contains(name) { unseen.remove(name) }
            }
            for page in pages where !unseen.isEmpty { look(renderedImages[page] ?? previousOutput.images(ofPage: page)) }
            for entry in entries where !unseen.isEmpty { look(entry.bodyImageFiles) }
            removed = unseen
        }
        count = previousOutput.imageCount + added.count - removed.count
    }

    private static func isSorted(_ names: [String]) -> Bool {
        zip(names, names.dropFirst()).allSatisfy { $0 < $1 }
    }
}
