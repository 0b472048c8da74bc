// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, a package of their own that uses the main one by path, so that plain
// `swift build` and `make test` never see them (each has no `main`: libFuzzer's is linked in
// with -sanitize=fuzzer). Build and run them with `make fuzz` (see the README, "Fuzzing").
// `@testable import` reaches the parsers' internal entry points: SwiftPM builds debug
// dependencies with testing enabled.
let fuzzer: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
let fuzzerLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

func fuzzTarget(_ name: String, _ product: String) -> Target {
    .executableTarget(name: name, dependencies: [.product(name: product, package: "Gazetteer"),
                                                 .product(name: "GazetteerStages", package: "Gazetteer"), "FuzzSupport"],
                      swiftSettings: fuzzer, linkerSettings: fuzzerLink)
}

let package = Package(
    name: "GazetteerFuzz",
    dependencies: [.package(name: "Gazetteer", path: "..")],
    targets: [
        // What every target checks beyond "no crash": messages located inside the input.
        .target(name: "FuzzSupport", dependencies: ["CFuzzer", .product(name: "GazetteerKit", package: "Gazetteer"),
                                                    .product(name: "GazetteerStages", package: "Gazetteer")]),
        .target(name: "CFuzzer"),
        fuzzTarget("FuzzFrontMatter", "GazetteerKit"),
        fuzzTarget("FuzzSiteConfig", "GazetteerKit"),
        fuzzTarget("FuzzMarkdown", "GazetteerKit"),
        fuzzTarget("FuzzMustache", "Mustache"),
        fuzzTarget("FuzzHTTPRequest", "GazetteerKit"),
        fuzzTarget("FuzzEditing", "GazetteerKit"),
    ]
)
