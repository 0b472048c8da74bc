import CVips
import Foundation

/// 8-bit pixels, bands interleaved.
public struct Picture: Sendable {
    public var width: Int
    public var height: Int
    public var bands: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bands: Int, pixels: [UInt8]) {
        (self.width, self.height, self.bands) = (width, height, bands)
        self.pixels = pixels
    }
}

/// libvips' own operations, called by name (its C functions are variadic, which Swift cannot
/// call): its thumbnail, and its JPEG saver with its defaults, for the tests' references. The only
/// file importing CVips (the product reaches libvips through CVipsShim, in Thumbnails/Vips.swift).
public enum LibvipsOps {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// `vips thumbnail FILE W --height H --crop centre`, as pixels.
    public static func thumbnail(_ url: URL, width: Int, height: Int, exportSRGB: Bool = false) throws -> Picture {
        guard ThumbnailFixtures.libvipsStarted else { throw Failure(description: "libvips could not be started") }
        let box = "width=\(width),height=\(height),crop=centre" + (exportSRGB ? ",export_profile=srgb" : "")
        guard let image = try call("thumbnail", "filename=\(url.path),\(box)", input: nil) else {
            throw Failure(description: "thumbnail made no image")
        }
        defer { g_object_unref(image) }
        return try pixels(image)
    }

    /// A file decoded by libvips (`loader`: its load operation), as pixels.
    public static func load(_ url: URL, loader: String = "jpegload") throws -> Picture {
        guard ThumbnailFixtures.libvipsStarted else { throw Failure(description: "libvips could not be started") }
        guard let image = try call(loader, "filename=\(url.path)", input: nil) else {
            throw Failure(description: "\(loader) made no image")
        }
        defer { g_object_unref(image) }
        return try pixels(image)
    }

    private static func pixels(_ image: UnsafeMutablePointer<VipsImage>) throws -> Picture {
        var size = 0
        guard let memory = vips_image_write_to_memory(image, &size) else { throw Failure(description: "cannot read the image") }
        defer { g_free(memory) }
        let bands = Int(vips_image_get_bands(image))
        return Picture(width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)), bands: bands,
                       pixels: Array(UnsafeRawBufferPointer(start: memory, count: size)))
    }

    /// libvips' jpegsave at `quality`, its other settings its defaults (chroma 4:2:0 below
    /// quality 90, 4:4:4 from 90 unless `subsampled`): metadata stripped, or with only an EXIF
    /// orientation when `orientation` is 1...8.
    public static func writeJPEG(_ picture: Picture, to url: URL, quality: Int, orientation: Int = 0, cmyk: Bool = false,
                          subsampled: Bool = false) throws {
        guard ThumbnailFixtures.libvipsStarted else { throw Failure(description: "libvips could not be started") }
        let made = picture.pixels.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(raw.baseAddress, raw.count, Int32(picture.width), Int32(picture.height),
                                            Int32(picture.bands), VIPS_FORMAT_UCHAR)
        }
        guard let image = made else { throw Failure(description: "cannot make an image") }
        defer { g_object_unref(image) }
        if orientation > 0 { vips_image_set_int(image, "orientation", Int32(orientation)) }
        var saved = image
        if cmyk {
            image.pointee.Type = VIPS_INTERPRETATION_sRGB
            guard let converted = try call("colourspace", "space=cmyk", input: image) else { throw Failure(description: "no CMYK") }
            saved = converted
        }
        defer { if saved != image { g_object_unref(saved) } }
        // A CMYK picture keeps the CMYK profile it was converted with, as print files do.
        try call("jpegsave", "filename=\(url.path),Q=\(quality),strip=\(orientation > 0 || cmyk ? "false" : "true")"
                    + (subsampled ? ",subsample_mode=on" : ""), input: saved, output: false)
    }

    /// Runs operation `name` with `arguments` ("name=value,..."), and `input` as its input image
    /// (argument `inputName`);
    /// returns its "out" image (a reference the caller owns) when it has one (`output`).
    @discardableResult
    private static func call(
        _ name: String, _ arguments: String, input: UnsafeMutablePointer<VipsImage>?, named inputName: String = "in",
        output: Bool = true
    ) throws -> UnsafeMutablePointer<VipsImage>? {
        guard let operation = vips_operation_new(name) else { throw Failure(description: "no operation \(name)") }
        let object = UnsafeMutablePointer<VipsObject>(OpaquePointer(operation))
        let gobject = UnsafeMutablePointer<GObject>(OpaquePointer(operation))
        if let input {
            var value = GValue()
            g_value_init(&value, vips_image_get_type())
            g_value_set_object(&value, input)
            g_object_set_property(gobject, inputName, &value)
            g_value_unset(&value)
        }
        guard vips_object_set_from_string(object, arguments) == 0, let built = vips_cache_operation_build(operation) else {
            vips_object_unref_outputs(object)
            g_object_unref(operation)
            throw Failure(description: "\(name) failed: \(String(cString: vips_error_buffer()))")
        }
        g_object_unref(operation)
        defer {
            vips_object_unref_outputs(UnsafeMutablePointer<VipsObject>(OpaquePointer(built)))
            g_object_unref(built)
        }
        guard output else { return nil }
        var value = GValue()
        g_value_init(&value, vips_image_get_type())
        g_object_get_property(UnsafeMutablePointer<GObject>(OpaquePointer(built)), "out", &value)
        let out = g_value_dup_object(&value)
        g_value_unset(&value)
        guard let out else { throw Failure(description: "\(name) made no image") }
        return out.assumingMemoryBound(to: VipsImage.self)
    }
}
