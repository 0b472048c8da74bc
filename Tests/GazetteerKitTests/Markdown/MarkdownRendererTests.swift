import Testing
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

/// The Markdown stage: HTML output, link and image resolution, safety, and locations.
@Suite struct MarkdownRendererTests {
    let path = "content/cities/madrid.md"

    func render(_ body: String, bodyStartLine: Int = 1, options: MarkdownOptions = MarkdownOptions(),
                resolveLink: (MarkdownLink) -> String? = { _ in nil },
                resolveImage: (MarkdownImage) -> String? = { _ in nil }) -> String {
        MarkdownRenderer.render(body, bodyStartLine: bodyStartLine, path: path, options: options,
                                resolveLink: resolveLink, resolveImage: resolveImage)
    }

    func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation { SourceLocation(path: path, line: line, column: column) }

    @Test func rendersCommonMark() {
        #expect(render("# Madrid\n\nCapital *of* Spain.\n") == "<h1>Madrid</h1>\n<p>Capital <em>of</em> Spain.</p>\n")
        #expect(render("") == "")
    }

    @Test func smartPunctuationIsOnByDefault() {
        #expect(render("\"Madrid\" -- it's big...\n") == "<p>\u{201C}Madrid\u{201D} \u{2013} it\u{2019}s big\u{2026}</p>\n")
        var plain = MarkdownOptions()
        plain.smartPunctuation = false
        #expect(render("\"Madrid\" -- it's\n", options: plain) == "<p>&quot;Madrid&quot; -- it's</p>\n")
    }

    @Test func rewritesLinksKeepingTheFragment() {
        var seen: [String] = []
        let html = render("See [Madrid](../cities/madrid.md#sights), [Spain](../countries/spain.md) and [the web](https://example.org).\n",
                          resolveLink: { link in
            seen.append(link.destination)
            guard !link.destination.hasPrefix("https:") else { return nil }
            return link.destination.replacing(".md", with: ".html")
        })
        #expect(seen == ["../cities/madrid.md#sights", "../countries/spain.md", "https://example.org"])
        #expect(html == "<p>See <a href=\"../cities/madrid.html#sights\">Madrid</a>, <a href=\"../countries/spain.html\">Spain</a>"
                + " and <a href=\"https://example.org\">the web</a>.</p>\n")
    }

    @Test func dangerousURLsAreEmptiedEvenWhenAResolverReturnsThem() {
        let body = "[a](javascript:alert(1)) [b](page.md) [c](data:text/html,x)\n"
        let html = render(body, resolveLink: { $0.destination == "page.md" ? "VBScript:msgbox(1)" : nil })
        #expect(html == "<p><a href=\"\">a</a> <a href=\"\">b</a> <a href=\"\">c</a></p>\n")
        let unsafe = render(body, options: MarkdownOptions(unsafe: true),
                            resolveLink: { $0.destination == "page.md" ? "javascript:x()" : nil })
        #expect(unsafe == "<p><a href=\"javascript:alert(1)\">a</a> <a href=\"javascript:x()\">b</a> <a href=\"data:text/html,x\">c</a></p>\n")
    }

    @Test func rawHTMLIsDroppedUnlessUnsafe() {
        let body = "<script>alert(1)</script>\n\nHello <b>Madrid</b>\n"
        #expect(render(body) == "<!-- raw HTML omitted -->\n<p>Hello <!-- raw HTML omitted -->Madrid<!-- raw HTML omitted --></p>\n")
        #expect(render(body, options: MarkdownOptions(unsafe: true)) == "<script>alert(1)</script>\n<p>Hello <b>Madrid</b></p>\n")
    }

    @Test func replacesImagesWithTheResolversHTML() {
        var seen: [MarkdownImage] = []
        let html = render("Intro.\n\n![Plaza *Mayor* `1617`](plaza.jpg \"The square\") and ![kept](kept.png)\n", bodyStartLine: 6, resolveImage: { image in
            seen.append(image)
            guard image.source == "plaza.jpg" else { return nil }
            return "<img src=\"thumbs/plaza.jpg\" width=\"600\" height=\"450\" alt=\"\(image.alt)\">"
        })
        #expect(seen == [
            MarkdownImage(source: "plaza.jpg", alt: "Plaza Mayor 1617", title: "The square", location: at(8, 1)),
            MarkdownImage(source: "kept.png", alt: "kept", title: "", location: at(8, 53)),
        ])
        #expect(html == "<p>Intro.</p>\n<p><img src=\"thumbs/plaza.jpg\" width=\"600\" height=\"450\" alt=\"Plaza Mayor 1617\">"
                + " and <img src=\"kept.png\" alt=\"kept\" /></p>\n")
    }

    @Test func manyImagesEachGetTheirOwnReplacement() {
        let body = (0..<12).map { "![\($0)](p\($0).jpg)" }.joined(separator: " ")
        #expect(render(body, resolveImage: { "[\($0.source)]" })
                == "<p>" + (0..<12).map { "[p\($0).jpg]" }.joined(separator: " ") + "</p>\n")
    }

    @Test func userContentCannotForgeTheImageMarker() {
        // Written markers, as URL, entity-encoded URL and raw HTML, all stay as written.
        let body = "![a](gazetteer-image-0:0) ![b](gazetteer&#45;image-1:0) ![real](real.jpg)\n\n<img src=\"gazetteer-image-2:0\">\n"
        let replace: (MarkdownImage) -> String? = { $0.source == "real.jpg" ? "<THUMB>" : nil }
        #expect(render(body, resolveImage: replace)
                == "<p><img src=\"gazetteer-image-0:0\" alt=\"a\" /> <img src=\"gazetteer-image-1:0\" alt=\"b\" /> <THUMB></p>\n"
                + "<!-- raw HTML omitted -->\n")
        #expect(render(body, options: MarkdownOptions(unsafe: true), resolveImage: replace)
                == "<p><img src=\"gazetteer-image-0:0\" alt=\"a\" /> <img src=\"gazetteer-image-1:0\" alt=\"b\" /> <THUMB></p>\n"
                + "<img src=\"gazetteer-image-2:0\">\n")
    }

    @Test func linksInsideAnImageDescriptionAreNotResolved() {
        var links: [String] = []
        var images: [String] = []
        _ = render("![a [b](b.md) ![c](c.png)](a.png)\n", resolveLink: { links.append($0.destination); return nil },
                   resolveImage: { images.append($0.source); return nil })
        #expect(links.isEmpty)
        #expect(images == ["a.png"])
    }

    /// A body that begins on line 4 of its file; every link sits at a known file position.
    static let locationBody = """
        Intro with a [first](a.md) link.
          Indented é [second](b.md) here.

        > Quote [third](c.md)
        > more [fourth](d.md)

        - Item [fifth
          spans](e.md) and <http://example.com>

        ## Head ![pic](p.jpg)
        [`code`](f.md) and [![flag](g.png)](h.md)

        """

    func linkLocations(_ body: String) -> [String: Diagnostics.SourceLocation] {
        var found: [String: Diagnostics.SourceLocation] = [:]
        _ = render(body, bodyStartLine: 4, resolveLink: { found[$0.destination] = $0.location; return nil },
                   resolveImage: { found[$0.source] = $0.location; return nil })
        return found
    }

    @Test func locationsPointIntoTheWholeFile() {
        let expected: [String: Diagnostics.SourceLocation] = [
            "a.md": at(4, 14),               // first line of a paragraph
            "b.md": at(5, 14),               // indented continuation line, after a two-byte é
            "c.md": at(7, 9),                // in a blockquote
            "d.md": at(8, 8),                // continuation line in a blockquote
            "e.md": at(10, 8),               // link text spanning two lines: where it opens
            "http://example.com": at(11, 20),  // autolink
            "p.jpg": at(13, 9),              // image in a heading
            "f.md": at(14, 1),               // a code span begins after its backtick
            "g.png": at(14, 21),             // an image inside a link
            "h.md": at(14, 20),
        ]
        #expect(linkLocations(Self.locationBody) == expected)
    }

    @Test func locationsAreTheSameWithCRLF() {
        #expect(linkLocations(Self.locationBody.replacing("\n", with: "\r\n")) == linkLocations(Self.locationBody))
    }

    @Test func bodyLinksLineUpWithTheFrontMatterParser() throws {
        let file = SourceFile(path: path, text: "---\nname: Madrid\ncountry: spain\n---\n\nSee [Spain](../countries/spain.md).\n")
        let document = try FrontMatterParser.parse(file)
        var location: Diagnostics.SourceLocation?
        _ = MarkdownRenderer.render(document.body, bodyStartLine: document.bodyStartLine, path: path, options: MarkdownOptions(),
                                    resolveLink: { location = $0.location; return nil }, resolveImage: { _ in nil })
        #expect(location == at(6, 5))
    }
}
