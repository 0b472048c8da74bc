import FuzzSupport
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Model

/// A content file: front matter split from the body and parsed as YAML, every problem located
/// inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = FuzzInput.text(data, size) else { return 0 }
    let file = SourceFile(path: "content/cities/fuzz.md", text: text)
    do throws(DiagnosticList) {
        let document = try FrontMatterParser.parse(file)
        precondition(document.bodyStartLine >= 2, "the body starts after the closing line")
    } catch {
        FuzzCheck.located(error, in: text)
    }
    return 0
}
