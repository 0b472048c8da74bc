/// How a picture is fitted to its box.
public enum ThumbnailMode: Hashable, Sendable {
    /// Scale down to fit inside the box, keeping the aspect ratio: never stretched, never cropped.
    case fit
    /// Scale to cover the whole box and crop what overflows.
    case fill(Crop)
}
