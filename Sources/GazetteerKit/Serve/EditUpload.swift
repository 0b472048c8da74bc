import Foundation
import Glibc
import Thumbnails
import Images

/// An uploaded picture, judged by its bytes alone (whatever its name or Content-Type said):
/// identified, then decoded and made into a small thumbnail by the thumbnails stage, and planned
/// with every preset the templates show it with, before anything is written to the guide.
enum EditUpload {
    /// The ending the picture gets, from its first bytes: nil when it is none of the formats
    /// the thumbnails accept (an SVG is text that opens an `<svg` element).
    static func ending(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("<") && text.contains("<svg") ? "svg" : nil
    }

    /// Why the picture cannot be used, in plain words, or nil when it can. `scratch` is a
    /// folder of the cache for the check's files (emptied again before this returns).
    static func problem(with bytes: [UInt8], ending: String, presets: [ThumbnailSpec], basis: EditBasis, scratch: URL) -> String? {
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let source = scratch.appending(path: "upload-\(EditSecret.make(bits: 64)).\(ending)")
        let thumbnails = scratch.appending(path: "thumbnails-\(EditSecret.make(bits: 64))")
        defer {
            unlink(source.path)
            try? FileManager.default.removeItem(at: thumbnails)
        }
        guard FileManager.default.createFile(atPath: source.path, contents: Data(bytes)) else {
            return "cannot be checked: the cache folder \(scratch.path) cannot be written"
        }
        var limits = Limits()
        limits.maxPixels = basis.config.maxImagePixels
        do throws(ThumbnailError) {
            let checker = try Thumbnailer(cacheDirectory: thumbnails, limits: limits)
            let plan = try checker.plan(ThumbnailRequest(
                source: source, spec: ThumbnailSpec(width: 64, height: 64, mode: .fit, scales: [1]), stem: "upload"))
            if let error = checker.make([plan]).errors.first { throw error }
            for spec in presets {
                _ = try checker.plan(ThumbnailRequest(source: source, spec: spec, stem: "upload"))
            }
        } catch {
            return ImageProblem.plain(error.message)
        }
        return nil
    }
}

extension EditSession {
    /// `POST api/upload?kind=country&slug=france`, the picture's bytes as the body: checked,
    /// then written beside the kind's other pictures under a name made from the slug
    /// (`flags/france.png`, or `flags/france-2.png` when that is taken), never over a file.
    func upload(_ bytes: [UInt8], query: [String: String]) -> HTTPResponse {
        guard let basis = basis.current else { return Self.notBuilt }
        guard let kind = Self.kind(query["kind"]), let slug = query["slug"], !slug.isEmpty else {
            return EditJSON.error(400, "say whose picture it is: kind=country or kind=city, and the slug")
        }
        if let problem = EditPaths.problem(withName: slug) { return EditJSON.error(403, problem) }
        guard let ending = EditUpload.ending(of: bytes) else {
            return Self.problems([EditProblem(field: kind == .country ? "flag" : "picture",
                                              message: "the file uploaded is not a picture: use a JPEG, PNG, WebP or SVG file")])
        }
        let presets = (kind == .country ? basis.presets.flag : basis.presets.picture).sorted().compactMap { basis.config.presets[$0] }
        if let problem = EditUpload.problem(with: bytes, ending: ending, presets: presets, basis: basis, scratch: scratch) {
            return Self.problems([EditProblem(field: kind == .country ? "flag" : "picture", message: "the picture uploaded \(problem)")])
        }
        let written = EditPaths.pictureFolder(kind).written
        for number in 1...1000 {
            let name = (number == 1 ? slug : "\(slug)-\(number)") + "." + ending
            let file: EditPaths.File
            do throws(EditPaths.Refusal) {
                file = try paths.picture(kind, name: name)
            } catch {
                return Self.refused(error)
            }
            if file.exists { continue }
            let answer = write(bytes, to: file, before: nil, what: "adding the picture \(written + name)", url: "/", isUpload: true) {
                EditJSON.response(200, ["value": written + name])
            }
            if answer.status != 409 { return answer }  // 409: a file of that name appeared meanwhile
        }
        return EditJSON.error(409, "every name for this picture is taken")
    }
}
