/// Which part of a picture `ThumbnailMode.fill` keeps.
public enum Crop: String, Hashable, Sendable {
    /// The middle.
    case centre
    /// The most interesting part, by libvips' attention heuristic (skin tones, saturated colour, edges).
    case attention
}
