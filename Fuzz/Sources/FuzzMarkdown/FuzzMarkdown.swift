import FuzzSupport
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Model

/// A Markdown body with its links and images rewritten as the build does: every other link
/// gets a new destination (with characters that need escaping), every other image becomes
/// trusted HTML. Checked: every link and image is located inside the body, and every image
/// replacement reaches the output.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard size > 0, let text = FuzzInput.text(data.map { $0 + 1 }, size - 1) else { return 0 }
    let flags = data![0]
    let options = MarkdownOptions(unsafe: flags & 1 != 0, smartPunctuation: flags & 2 != 0)
    var places: [Diagnostic] = []
    var links = 0, replacements: [String] = []
    let html = MarkdownRenderer.render(
        text, bodyStartLine: 1, path: "content/countries/fuzz.md", options: options,
        resolveLink: { link in
            places.append(Diagnostic("link to \(link.destination)", at: link.location))
            links += 1
            return links % 2 == 0 ? "../cities/x\(links).html#a\"<b>&c" : nil
        },
        resolveImage: { image in
            places.append(Diagnostic("image \(image.source)", at: image.location))
            guard places.count % 2 == 0 else { return nil }
            replacements.append("<img data-fuzz=\"\(replacements.count)\" alt=\"\(image.alt.count)\">")
            return replacements.last
        })
    if !places.isEmpty { FuzzCheck.located(DiagnosticList(places), in: text) }
    for replacement in replacements {
        precondition(html.contains(replacement), "the image \(replacement) is missing from the output")
    }
    return 0
}
