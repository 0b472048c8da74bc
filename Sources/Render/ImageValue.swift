import Foundation
import Mustache
import Locking
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// A picture as templates see it: `alt`, `placeholder`, and one key per thumbnail preset.
/// Looking a preset up plans that thumbnail, so only the presets templates use are made.
package struct ImageValue: MustacheObject {
    package var image: ImageSource
    package var alt: String
    package var stem: String
    /// From the page being rendered to the site root.
    package var root: String
    package var planner: ImagePlanner
    /// The content file that names the picture.
    package var owner: String
    /// Where the page being rendered records the thumbnails it shows, and that it read the picture.
    package var used: PageScope
    /// Presets looked up already (a country's flag shows in every row of its cities).
    private let memo = Memo()

    package init(image: ImageSource, alt: String, stem: String, root: String, planner: ImagePlanner, owner: String, used: PageScope) {
        self.image = image
        self.alt = alt
        self.stem = stem
        self.root = root
        self.planner = planner
        self.owner = owner
        self.used = used
    }

    package func value(forKey key: String) -> MustacheValue? {
        switch key {
        case "alt":
            used.read(.frontMatter(owner))
            return .string(alt)
        case "placeholder":
            used.read(.frontMatter(owner))
            return image.isPlaceholder ? .bool(true) : nil
        default:
            used.read(.image(owner))
            if let known = memo.get(key) { return known }
            let value: MustacheValue?
            if let plan = planner.plan(image, preset: key, stem: stem) {
                used.add(plan)
                value = .object(ImageHTML.fields(plan, root: root, alt: alt).mapValues { .string($0) })
            } else {
                value = nil
            }
            memo.set(key, value)
            return value
        }
    }

    private final class Memo: Sendable {
        private let values = Locked<[String: MustacheValue?]>([:])
        func get(_ key: String) -> MustacheValue?? { values.withLock { $0[key] } }
        func set(_ key: String, _ value: MustacheValue?) { values.withLock { $0[key] = value } }
    }
}
