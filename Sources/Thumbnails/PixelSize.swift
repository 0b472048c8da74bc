/// A width and height in pixels.
struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int

    var pixels: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }
    var transposed: PixelSize { PixelSize(width: height, height: width) }
    var description: String { "\(width)x\(height)" }

    func scaled(by factor: Int) -> PixelSize { PixelSize(width: width * factor, height: height * factor) }
}
