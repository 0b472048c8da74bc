import Foundation

extension InputWatch {
    /// What a file watcher running since the watch was taken saw change (`gazetteer serve`):
    /// the folders it watches with everything below them, the single files it watches, and
    /// the paths it reported. With one, `check` stats only what the reports can have changed;
    /// a path it does not cover (the executable, the output's folders) is stat'ed as always.
    package struct Hint: Sendable, Equatable {
        /// Absolute paths of folders watched with everything below them.
        package var folders: [String]
        /// Absolute paths of single files (or of folders watched as names in their parent).
        package var files: Set<String>
        /// Absolute paths reported changed (created, written, removed, renamed) since.
        package var changed: Set<String>

        package init(folders: [String], files: Set<String>, changed: Set<String>) {
            self.folders = folders
            self.files = files
            self.changed = changed
        }

        /// For each item of `watch`, whether it must be stat'ed: it is not covered by the
        /// watcher, or it is a changed path, inside one, or a folder that holds one.
        func mustStat(_ watch: InputWatch) -> [Bool] {
            let folders = watch.folders
            // Per watched folder: whether it is at or under a watched root, whether it is at
            // or under a changed path (every item in it is stat'ed), and the names in it to stat.
            var covered = [Bool](repeating: false, count: folders.count)
            var all = [Bool](repeating: false, count: folders.count)
            var names = [Set<String>](repeating: [], count: folders.count)
            var coveredNames = [Set<String>](repeating: [], count: folders.count)
            for (index, folder) in folders.enumerated() {
                covered[index] = covers(folder)
                all[index] = changed.contains { Self.isAtOrUnder(folder, $0) }
            }
            func split(_ path: String) -> (folder: Int, name: String)? {
                let parent = (path as NSString).deletingLastPathComponent
                guard parent != path, let index = watch.folderIndex[parent] else { return nil }
                return (index, (path as NSString).lastPathComponent)
            }
            for root in self.folders + files {
                if let (folder, name) = split(root) { coveredNames[folder].insert(name) }
            }
            for path in changed {
                if let (folder, name) = split(path) { names[folder].insert(name) }
                if let index = watch.folderIndex[path] { names[index].insert("") }
                let parent = (path as NSString).deletingLastPathComponent
                if let index = watch.folderIndex[parent] { names[index].insert("") }
                if let (folder, name) = split(parent) { names[folder].insert(name) }
            }
            return watch.items.map { item in
                guard covered[item.folder] || coveredNames[item.folder].contains(item.name) else { return true }
                return all[item.folder] || names[item.folder].contains(item.name)
            }
        }

        /// Whether the watcher sees every change at and below `path`.
        func covers(_ path: String) -> Bool { folders.contains { Self.isAtOrUnder(path, $0) } }

        private static func isAtOrUnder(_ path: String, _ folder: String) -> Bool {
            path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
    }
}
