import Mustache

/// A picture as templates see it: `alt`, `placeholder`, and one key per thumbnail preset.
/// Looking a preset up plans that thumbnail, so only the presets templates use are made.
struct ImageValue: MustacheObject {
    var image: ImageSource
    var alt: String
    var stem: String
    /// From the page being rendered to the site root.
    var root: String
    var planner: ImagePlanner
    /// Where the page being rendered records the thumbnails it shows.
    var used: PageImages

    func value(forKey key: String) -> MustacheValue? {
        switch key {
        case "alt": return .string(alt)
        case "placeholder": return image.isPlaceholder ? .bool(true) : nil
        default:
            guard let plan = planner.plan(image, preset: key, stem: stem) else { return nil }
            used.add(plan)
            return .object(ImageHTML.fields(plan, root: root, alt: alt).mapValues { .string($0) })
        }
    }
}
