/// The encodings accepted as sources. Nothing else is ever handed to a decoder.
enum SourceFormat: String, Sendable {
    case jpeg, png, webp, svg

    var isVector: Bool { self == .svg }

    /// The thumbnail encoding when the spec leaves it open: it follows the picture, not the
    /// source's encoding. Drawings (SVG; PNG stored with a palette, or compressing like a
    /// drawing) become palette PNG of adaptive colours (`pngAdaptive`: over Debian's flags two
    /// thirds of the bytes of the exact palette on the index page); a picture with transparency (an alpha band) keeps it as
    /// PNG; every other picture, an opaque photo, becomes JPEG. Decided from the header and the
    /// file's size, before any pixel is decoded, so that `plan` can name the files.
    func automaticOutput(hasAlpha: Bool, isPalette: Bool, pixels: Int, bands: Int, byteCount: Int) -> ImageFormat {
        switch self {
        case .svg: return .pngAdaptive
        case .jpeg: return .jpeg
        case .png:
            let raw = Double(pixels) * Double(max(1, bands))
            if isPalette || Double(byteCount) < raw * Self.drawingCompression { return .pngAdaptive }
            return hasAlpha ? .png : .jpeg
        case .webp:
            return hasAlpha ? .png : .jpeg
        }
    }

    /// A PNG smaller than this fraction of its raw samples compresses like flat colour (a flag, a
    /// chart, a diagram), not like a photograph. Measured: Debian's 249 flags rendered as PNG at
    /// 640 pixels wide take at most 0.10 of their raw bytes; photographs from 0.20 (a smooth
    /// misty wallpaper) to 0.82.
    static let drawingCompression = 0.15

    /// Whether a file of this name is taken as SVG. SVGs are recognised by name, not by
    /// sniffing: real flag files open with XML prologues longer than libvips looks.
    static func isSVGName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".svg") || lower.hasSuffix(".svgz")
    }

    /// gzip's magic number. Compressed SVG is refused: its size limit would mean nothing.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The format of a file named `name` starting with `bytes`, or a message saying why it is refused.
    static func identify(name: String, bytes: [UInt8]) -> Result<SourceFormat, Refusal> {
        if isSVGName(name) {
            if bytes.starts(with: gzipMagic) {
                return .failure(Refusal("compressed SVG is not accepted (its size limit would not hold); save it uncompressed"))
            }
            return .success(.svg)
        }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return .success(.webp) }
        let known: [(String, [UInt8], Int)] = [
            ("GIF", ascii("GIF8"), 0), ("TIFF", [0x49, 0x49, 0x2A, 0x00], 0), ("TIFF", [0x4D, 0x4D, 0x00, 0x2A], 0),
            ("PDF", ascii("%PDF"), 0), ("BMP", ascii("BM"), 0), ("AVIF/HEIF", ascii("ftyp"), 4),
            ("JPEG 2000", [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50], 0), ("JPEG XL", [0xFF, 0x0A], 0),
            ("Photoshop", ascii("8BPS"), 0), ("ICO", [0x00, 0x00, 0x01, 0x00], 0),
        ]
        for (label, magic, offset) in known where starts(magic, at: offset) {
            return .failure(Refusal("\(label) is not an accepted image format (use JPEG, PNG, WebP or SVG)"))
        }
        if bytes.isEmpty { return .failure(Refusal("the file is empty")) }
        return .failure(Refusal("not an image in an accepted format (JPEG, PNG, WebP, or SVG named .svg)"))
    }

    /// A reason for refusing a source.
    struct Refusal: Error { var message: String; init(_ message: String) { self.message = message } }
}
