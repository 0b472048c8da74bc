// swift-tools-version:6.0
import PackageDescription

// Gazetteer depends on nothing but the toolchain and Debian's C libraries (libcmark-dev,
// libyaml-dev, libvips-dev, libjpeg-dev, librsvg2-dev, libcairo2-dev, libdeflate-dev), reached
// through pkg-config or named in the linker settings below.
// It is built and tested on Linux only (Debian 12, x86_64): the preview server uses Glibc
// sockets and inotify, so no other platform is declared.
let package = Package(
    name: "Gazetteer",
    products: [
        .executable(name: "gazetteer", targets: ["gazetteer"]),
        .library(name: "GazetteerKit", targets: ["GazetteerKit"]),
        // The stages below GazetteerKit, for the fuzz targets in Fuzz/ (a package of its own).
        .library(name: "GazetteerStages", targets: ["Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Model", "Editing"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "Thumbnails", targets: ["Thumbnails"]),
        .library(name: "Search", targets: ["Search"]),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift file (CVips only by the test support's
        // LibvipsOperations.swift: the product reaches libvips through CVipsShim, which
        // Sources/Thumbnails/Vips.swift alone imports).
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // libdeflate (libdeflate-dev, also the palette PNGs'), for the plain texts the search
        // index is made from, held deflated between the Markdown and search stages.
        .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
        // libvips' headers sit in the default include path; they need GLib's and GObject's, which
        // gobject-2.0's pkg-config gives. Its link lines are in Sources/CVips/module.modulemap.
        // (vips.pc is not used: it would pass every private dependency's flags, -pthread among
        // them, which SwiftPM prohibits and warns about on every build.)
        .systemLibrary(name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev"])]),
        // Non-variadic wrappers around libvips (Swift cannot call C variadic functions), and the
        // direct path for plain JPEG photos over libjpeg (libjpeg-dev, which libvips-dev pulls in),
        // the drawing path for SVGs over librsvg and cairo (librsvg2-dev and libcairo2-dev, which
        // libvips-dev pulls in), and palette PNG over libdeflate (libdeflate-dev), and their lossless
        // WebP over libwebp (libwebp-dev, which libvips-dev pulls in).
        // A C target does not autolink the module map's libraries, so it names them here too.
        // libvips, librsvg, cairo and libwebp are not linked: the shim opens them at their first use
        // (Sources/CVipsShim/libraries.h says why).
        .target(name: "CVipsShim", dependencies: ["CVips", "CContentHash"], linkerSettings: [
            .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"), .linkedLibrary("jpeg"),
            .linkedLibrary("deflate"), .linkedLibrary("dl"),
        ]),

        // Test pictures made and read back with libvips, and the shim's SSIM, for the tests and
        // ThumbnailsBench only (imported by Sources/ThumbnailsTestSupport/ThumbnailFixtures.swift).
        .target(name: "CThumbnailFixtures", dependencies: ["CVips", "CVipsShim"], linkerSettings: [
            .linkedLibrary("vips"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
        ]),

        // File-system calls Glibc's Swift module lacks: an atomic exchange of two folders
        // (renameat2), and a folder placed in a quiet block group on ext4 (FS_TOPDIR_FL).
        .target(name: "CFileSystem"),

        // A value shared between threads behind the toolchain's Mutex (every lock of the sources),
        // and `Parallel`, the one way a loop is spread across the cores.
        .target(name: "Locking"),

        // SHA-256 of content (sources, cache keys, digests of files) by the processor's SHA
        // instructions or plain C, and the switch that forces the portable twins of processor-specific
        // code (the shim's AVX2 loops too): for the loader and the thumbnails alike.
        .target(name: "CContentHash"),
        .target(name: "Hashing", dependencies: ["CContentHash"]),

        // A spec-true Mustache engine, independent of the rest of the project.
        .target(name: "Mustache"),
        // libvips-backed thumbnails with a content-addressed cache.
        .target(name: "Thumbnails", dependencies: ["CVipsShim", "Hashing", "Locking"]),
        // ThumbnailFixtures and LibvipsOps: test pictures, and libvips' own operations as the
        // tests' references, for test targets and benchmarks (never the product).
        .target(name: "ThumbnailsTestSupport", dependencies: ["CVips", "CThumbnailFixtures", "Thumbnails"]),
        // The site generator, one target a stage, each depending only on those before it:
        // load -> front matter, images -> Markdown -> model -> render -> write; the incremental engine
        // above them (the stages know nothing of manifests); the pipeline, CLI and server on top.
        .target(name: "Diagnostics"),
        .target(name: "Load", dependencies: ["Diagnostics", "Hashing", "Mustache"], plugins: ["EmbedTheme"]),
        .target(name: "FrontMatter", dependencies: ["CYaml", "Diagnostics", "Load"]),
        .target(name: "Images", dependencies: ["Diagnostics", "Load", "Thumbnails", "Locking"]),
        .target(name: "Markdown", dependencies: ["CCmark", "Diagnostics", "Load", "FrontMatter", "Images", "Thumbnails"]),
        .target(name: "Model", dependencies: ["Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Thumbnails", "Locking"]),
        .target(name: "Render", dependencies: ["Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Model", "Mustache", "Thumbnails", "Locking", "Search", "Maps"]),
        .target(name: "Write", dependencies: ["CFileSystem", "Diagnostics", "Locking"]),
        // Edit mode's writer: a content file with some values changed, every other byte kept
        // (beside the stages: it reads with the front matter stage and writes text files).
        .target(name: "Editing", dependencies: ["Diagnostics", "Load", "FrontMatter"]),
        .target(name: "Incremental", dependencies: [
            "Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Model", "Render", "Mustache", "Thumbnails", "Locking",
        ]),
        .target(name: "GazetteerKit", dependencies: [
            "CDeflate", "Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Model", "Render", "Write", "Incremental",
            "Mustache", "Thumbnails", "Hashing", "Locking", "Search", "Editing",
        ]),
        // Builds the repository's templates/ (the default theme) into GazetteerKit.
        .executableTarget(name: "EmbedThemeTool", path: "Sources/EmbedThemeTool"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["EmbedThemeTool"]),
        // A thin command-line front end.
        .executableTarget(name: "gazetteer", dependencies: ["GazetteerKit", "Diagnostics"]),
        // Renders a realistic country page 10,000 times and prints MB/s (run in release mode).
        .executableTarget(name: "MustacheBench", dependencies: ["Mustache"]),
        // The nearby lists of 100,000 cities, processor time: `swift run -c release NearbyBench`.
        .executableTarget(name: "NearbyBench", dependencies: ["Model"]),

        // The optional tools some tests use (Chromium, zsh, fish, groff, axe-core): one helper
        // each that skips the test with a line where the tool is missing, and headless Chromium.
        .target(name: "OptionalTools", path: "Tests/Support"),

        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "EditingTests", dependencies: ["Editing", "Diagnostics", "Load", "FrontMatter"]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "ThumbnailsTestSupport", "Hashing", "Locking"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "GazetteerKitTests", dependencies: [
            "GazetteerKit", "Diagnostics", "Load", "FrontMatter", "Markdown", "Images", "Model", "Render", "Write", "Incremental",
            "Mustache", "Thumbnails", "Locking", "OptionalTools",
        ]),

        // Thumbnail throughput (photos and flags, 1x+2x): `swift run -c release ThumbnailsBench`.
        .executableTarget(name: "ThumbnailsBench", dependencies: ["Thumbnails", "ThumbnailsTestSupport", "Locking"]),

        // The maps of issue 28: Natural Earth's countries embedded (Sources/Maps/DATA.md), Equal
        // Earth and Lambert azimuthal equal-area, and SVG drawing of plain values (countries by
        // ISO code, cities by position). Knows nothing of guides; Render draws its maps with it.
        .target(name: "Maps", dependencies: ["Locking"], exclude: ["DATA.md"]),
        .testTarget(name: "MapsTests", dependencies: ["Maps", "OptionalTools"]),

        // The search index of issue 16: records in, content-hashed <script> shards out (works from
        // file://), with incremental updates. Depends on nothing but Foundation and Locking. Its
        // reading side is the default theme's templates/assets/search.js.
        .target(name: "Search", dependencies: ["Locking"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "OptionalTools"]),
        // 10,000 synthetic records: build, update, bytes per query and Chromium timings:
        // `swift run -c release SearchBench`.
        .executableTarget(name: "SearchBench", dependencies: ["Search"]),
    ]
)
