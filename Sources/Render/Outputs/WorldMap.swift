import Load

extension Page.Kind {
    package static let worldMap = Page.Kind("world-map")
}

/// `maps/world.svg`: the index's world map as a file of its own (every country of the guide,
/// filled and linked; `MapDrawing.worldDocument`), which the index shows with `<object>`
/// (its `map` value), so that its bytes are one file the browser keeps rather than a third
/// of the index's HTML. Made in each language (its names and links are that language's),
/// and only when there is something to draw.
package struct WorldMap: Output {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .worldMap }
    package var listed: Bool { false }

    package static let path = "maps/world.svg"

    package func files(of site: PageRenderer) -> [Page] {
        site.drawsWorldMap ? [Page(kind: kind, path: Self.path, title: "")] : []
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        site.worldMapDocument(at: page.path, scope: scope)
    }
}
