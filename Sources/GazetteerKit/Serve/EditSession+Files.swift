import Foundation
import Load

/// The content file a request names, found as every route finds it: the file the last build
/// read for that kind and slug (or where a new one would go), through the path checks.
extension EditSession {
    /// The file of the entry `slug`, or the answer refusing it (a name that escapes, a link out).
    func entryFile(_ kind: ContentKind, _ slug: String, in basis: EditBasis) -> Result<EditPaths.File, Answer> {
        do throws(EditPaths.Refusal) {
            return .success(try paths.content(kind, path: basis.path(kind, slug: slug) ?? kind.folder + "/" + slug + ".md"))
        } catch {
            return .failure(Answer(Self.refused(error)))
        }
    }

    /// The file of the entry `slug` and its bytes, or the answer refusing it (404 when it is not there).
    func existingEntry(_ kind: ContentKind, _ slug: String, in basis: EditBasis) -> Result<(file: EditPaths.File, bytes: [UInt8]), Answer> {
        entryFile(kind, slug, in: basis).flatMap { file in
            guard file.exists, let data = FileManager.default.contents(atPath: file.real) else {
                return .failure(Answer(EditJSON.error(404, "\(file.path) does not exist")))
            }
            return .success((file, [UInt8](data)))
        }
    }

    /// An answer that ends a request early, as an error (so that it can travel in a `Result`).
    struct Answer: Error {
        var response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }
}
