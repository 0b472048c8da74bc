import FuzzSupport
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Model

/// `gazetteer.yaml`: parsed as YAML, then read as settings; every problem located in the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = FuzzInput.text(data, size) else { return 0 }
    do throws(DiagnosticList) {
        let config = try SiteConfig.parse(YAMLParser.parse(text, path: "gazetteer.yaml"))
        precondition(config.presets.values.allSatisfy { $0.width > 0 && $0.height > 0 }, "a preset without a size")
    } catch {
        FuzzCheck.located(error, in: text)
    }
    return 0
}
