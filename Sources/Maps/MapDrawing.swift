import Foundation
import Locking

/// Maps as inline SVG: the world (Equal Earth) with the guide's countries, and a region
/// (Lambert azimuthal equal-area, centred on it) framing some countries, with cities as dots.
/// The picture is a group named by `label` ("Map of Europe, France highlighted"); land is one
/// path; the guide's countries and cities are links named like them, left out of the tab
/// order (`tabindex="-1"`: the page lists the same places as links in its text). Colours are
/// classes the theme's CSS fills (`land`, `guide`, `on`, `marker`, `city`). The same values
/// give the same bytes.
package enum MapDrawing {
    /// The world map: every country's shape, `countries` filled and linked.
    package static func world(_ countries: [MapCountry], label: String, data: MapData = .world) -> String {
        drawWorld(countries, label: label, data: data, standalone: false)
    }

    /// The world map as a document of its own (`image/svg+xml`), for a page to show with
    /// `<object>` so that its bytes are one file the browser keeps, not repeated in the page:
    /// the drawing of `world`, styled by the theme's `stylesheet` (its address from the file),
    /// its links opening in the page that shows it.
    package static func worldDocument(_ countries: [MapCountry], label: String, stylesheet: String,
                                      data: MapData = .world) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet href=\"\(escape(stylesheet))\" type=\"text/css\"?>\n"
            + drawWorld(countries, label: label, data: data, standalone: true) + "\n"
    }

    private static func drawWorld(_ countries: [MapCountry], label: String, data: MapData, standalone: Bool) -> String {
        let base = worldCanvas.land(data, except: Set(countries.compactMap(\.code)))
        return worldCanvas.svg(label: label, land: base, countries: countries, cities: [], data: data, markerRadius: 5,
                               standalone: standalone)
    }

    /// The element that shows the document of `worldDocument` at `url` in a page: an image
    /// to assistive technology, named `label` (its links are those of the page's text too),
    /// as wide as the drawing is and as tall in proportion.
    package static func worldObject(url: String, label: String) -> String {
        "<object class=\"map-drawing\" data=\"\(escape(url))\" type=\"image/svg+xml\" width=\"\(Int(worldCanvas.width))\""
            + " height=\"\(Int(worldCanvas.height))\" role=\"img\" aria-label=\"\(escape(label))\"></object>"
    }

    private static let worldCanvas: Canvas = {
        let width = 960.0
        let scale = width / 2 / EqualEarth.halfWidth
        let height = (2 * EqualEarth.halfHeight * scale).rounded()
        return Canvas(projection: EqualEarth(), scale: scale, originX: width / 2, originY: height / 2,
                      width: width, height: height, clips: false)
    }()

    /// A map framing `countries` (their main parts; for a country marked `partial`, only what
    /// lies near the others), with every country around them, and `cities` as named dots.
    package static func region(_ countries: [MapCountry], cities: [MapCity], label: String, data: MapData = .world) -> String {
        let key = FrameKey(countries: countries.map { FrameKey.Part(code: $0.code, marker: $0.marker, partial: $0.partial) },
                           cities: countries.isEmpty ? cities.map(\.position) : [])
        // Framed by countries, made once (a country's page and its cities' share it); framed by
        // a city alone (its country has no shape), made each time, so that the cache stays small.
        let base = key.countries.isEmpty ? Base(key: key, data: data) : bases.withLock { $0[key] } ?? {
            let made = Base(key: key, data: data)
            bases.withLock { $0[key] = made }
            return made
        }()
        return base.canvas.svg(label: label, land: base.land, countries: countries, cities: cities, data: data, markerRadius: 5,
                               drawn: base.shapes)
    }

    /// What a region's map is drawn on, made once per set of framed countries (a country's
    /// page and each of its cities' share one).
    private struct Base: Sendable {
        var canvas: Canvas
        var land: String
        /// The framed countries' shapes as drawn on it, by code (those with none drawn left out):
        /// the same on a country's page and each of its cities'.
        var shapes: [String: String] = [:]

        init(key: FrameKey, data: MapData) {
            canvas = Frame.canvas(key, data: data)
            land = canvas.land(data, except: Set(key.countries.compactMap(\.code)))
            for code in key.countries.compactMap(\.code) where shapes[code] == nil {
                var path = PathWriter()
                if let shape = data.shape(code), canvas.draw(shape, into: &path) { shapes[code] = path.data }
            }
        }
    }

    struct FrameKey: Hashable, Sendable {
        struct Part: Hashable, Sendable {
            var code: String?
            var marker: GeoPoint?
            var partial: Bool
        }
        var countries: [Part]
        /// Framed instead when there is no country.
        var cities: [GeoPoint]
    }

    private static let bases = Locked<[FrameKey: Base]>([:])
}

/// Where a region's map looks: its centre and the extent around the framed places.
enum Frame {
    static let width = 600.0

    static func canvas(_ key: MapDrawing.FrameKey, data: MapData) -> Canvas {
        func points(_ part: MapDrawing.FrameKey.Part) -> [GeoPoint] {
            if let code = part.code, let shape = data.shape(code) {
                return shape.mainRings.flatMap { shape.rings[$0] }
            }
            return (part.marker ?? part.code.flatMap { data.labels[$0] }).map { [$0] } ?? []
        }
        let whole = key.countries.filter { !$0.partial }.map(points).filter { !$0.isEmpty }
        let partial = key.countries.filter(\.partial).map(points).filter { !$0.isEmpty }
        var core = whole.isEmpty ? partial : whole
        if core.isEmpty { core = key.cities.map { [$0] } }
        let center = core.isEmpty ? GeoPoint(latitude: 0, longitude: 0)
            : Sphere.middle(of: core.map { Sphere.middle(of: $0) })
        let projection = AzimuthalEqualArea(center: center)
        var box = Box()
        for country in core { for p in country { if let q = projection.project(p) { box.add(q) } } }
        if !whole.isEmpty {
            // A country on several continents adds what lies near the others, or all of it.
            let near = box.expanded(by: 750 / Sphere.earthRadius)
            for country in partial {
                let projected = country.compactMap(projection.project)
                let close = projected.filter(near.contains)
                for q in close.isEmpty ? projected : close { box.add(q) }
            }
        }
        if box.isEmpty { box.add((0, 0)) }
        // Surroundings a third of the span on each side for one country, a sixteenth for
        // several; at least 900 km across (Malta shows Sicily and Tunisia); a shape between
        // 2:1 and 1:1.
        box = box.expanded(by: box.span / (key.countries.count > 1 ? 16 : 3))
        box.widen(toAtLeast: 900 / Sphere.earthRadius)
        box.fit(ratioFrom: 0.5, to: 1)
        let scale = width / (box.maxX - box.minX)
        let height = ((box.maxY - box.minY) * scale).rounded()
        // How far from the centre the view's corners are, as an angle: ρ = 2 sin(c / 2).
        let corner = [box.minX, box.maxX].flatMap { x in [box.minY, box.maxY].map { hypot(x, $0) } }.max()!
        var canvas = Canvas(projection: projection, scale: scale, originX: -box.minX * scale, originY: box.maxY * scale,
                            width: width, height: height, clips: true)
        canvas.view = (center, corner >= 2 ? .pi : 2 * asin(corner / 2))
        return canvas
    }
}

/// A rectangle of the projected plane.
struct Box {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { minX > maxX }
    var span: Double { isEmpty ? 0 : max(maxX - minX, maxY - minY) }

    mutating func add(_ p: (x: Double, y: Double)) {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    func contains(_ p: (x: Double, y: Double)) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    func expanded(by d: Double) -> Box { Box(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d) }

    mutating func widen(toAtLeast span: Double) {
        let (cx, cy) = ((minX + maxX) / 2, (minY + maxY) / 2)
        let w = max(maxX - minX, span) / 2, h = max(maxY - minY, span) / 2
        (minX, maxX, minY, maxY) = (cx - w, cx + w, cy - h, cy + h)
    }

    /// Grows the shorter side so that height / width is between `low` and `high`.
    mutating func fit(ratioFrom low: Double, to high: Double) {
        let (cx, cy) = ((minX + maxX) / 2, (minY + maxY) / 2)
        var w = maxX - minX, h = maxY - minY
        if h < w * low { h = w * low }
        if h > w * high { w = h / high }
        (minX, maxX, minY, maxY) = (cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2)
    }
}

/// A projection scaled onto a picture `width` by `height` units, y down.
struct Canvas: Sendable {
    var projection: any MapProjection
    var scale: Double
    var originX: Double
    var originY: Double
    var width: Double
    var height: Double
    /// Whether shapes are cut to the picture (a region; the world map holds everything).
    var clips: Bool
    /// The centre of a region's view and the angle to its corners: rings further away are skipped.
    var view: (center: GeoPoint, radius: Double)?

    func screen(_ p: GeoPoint) -> (x: Double, y: Double)? {
        projection.project(p).map { (originX + $0.x * scale, originY - $0.y * scale) }
    }

    /// Adds a shape's rings to `path`, cut to the picture; false when none shows.
    @discardableResult
    func draw(_ shape: MapData.Shape, into path: inout PathWriter) -> Bool {
        var drawn = false
        let margin = 4.0
        ring: for (ring, reach) in zip(shape.rings, shape.reach) {
            if let view, Sphere.distance(view.center, reach.middle) - reach.radius > view.radius { continue }
            var points: [(x: Double, y: Double)] = []
            points.reserveCapacity(ring.count)
            var box = Box()
            for p in ring {
                guard let q = screen(p) else { continue ring }
                points.append(q)
                box.add(q)
            }
            if clips {
                guard box.maxX >= 0, box.minX <= width, box.maxY >= 0, box.minY <= height else { continue }
                if box.minX < -margin || box.minY < -margin || box.maxX > width + margin || box.maxY > height + margin {
                    points = clip(points, minX: -margin, minY: -margin, maxX: width + margin, maxY: height + margin)
                }
            }
            if path.ring(points) { drawn = true }
        }
        return drawn
    }

    /// Every country but `except`, as one path.
    func land(_ data: MapData, except: Set<String>) -> String {
        var path = PathWriter()
        for shape in data.shapes where !except.contains(shape.code) { draw(shape, into: &path) }
        return path.data
    }

    /// `standalone`: a document of its own (its namespace named, its links opening in the
    /// page that shows it), not an element of a page.
    /// With `drawn`, the shapes of the countries framed (see `MapDrawing.Base.shapes`), which
    /// are not drawn again.
    func svg(label: String, land: String, countries: [MapCountry], cities: [MapCity], data: MapData,
             markerRadius: Double, standalone: Bool = false, drawn: [String: String]? = nil) -> String {
        var svg = standalone ? "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map-drawing\"" : "<svg class=\"map-drawing\""
        svg += " viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"group\" aria-label=\"" + escape(label) + "\">"
        if !land.isEmpty { svg += "<path class=\"land\" d=\"\(land)\"/>" }
        // The page's own country last, so that its outline is on top.
        for country in countries.filter({ !$0.highlighted }) + countries.filter(\.highlighted) {
            let kind = country.highlighted ? "on" : "guide"
            var shape: String?
            if let code = country.code, let drawn {
                shape = drawn[code]
            } else if let code = country.code, let outline = data.shape(code) {
                var path = PathWriter()
                if draw(outline, into: &path) { shape = path.data }
            }
            let (open, close) = Canvas.link(country.url, name: country.name, target: standalone ? "_top" : nil)
            if let shape {
                svg += open + "<path class=\"\(kind)\" d=\"\(shape)\"/>" + close
            } else if let at = country.marker ?? country.code.flatMap({ data.labels[$0] }), let q = screen(at),
                      q.x >= 0, q.x <= width, q.y >= 0, q.y <= height {
                svg += open + "<circle class=\"\(kind) marker\" cx=\"\(Self.fixed(q.x))\" cy=\"\(Self.fixed(q.y))\" r=\"\(Self.fixed(markerRadius))\"/>" + close
            }
        }
        svg += Labels(canvas: self).dots(cities)
        return svg + "</svg>"
    }

    /// A link around a place, named like it, out of the tab order; none without an address.
    static func link(_ url: String?, name: String, target: String? = nil) -> (open: String, close: String) {
        guard let url else { return ("", "") }
        let opens = target.map { " target=\"\($0)\"" } ?? ""
        return ("<a href=\"\(escape(url))\"\(opens) tabindex=\"-1\" aria-label=\"\(escape(name))\">", "</a>")
    }

    static func fixed(_ v: Double) -> String {
        let n = (v * 10).rounded() / 10
        return n == n.rounded() ? String(Int(n)) : String(n)
    }
}

/// Cities as dots, each named where its name fits beside it without covering another.
struct Labels {
    var canvas: Canvas
    static let fontSize = 18.0

    func dots(_ cities: [MapCity]) -> String {
        var placed: [Box] = []
        var out = ""
        // The page's own city first, so that its name always shows.
        let order = cities.filter(\.highlighted) + cities.filter { !$0.highlighted }
        var shown: [(MapCity, (x: Double, y: Double))] = []
        for city in order {
            guard let q = canvas.screen(city.position), q.x >= 0, q.x <= canvas.width, q.y >= 0, q.y <= canvas.height
            else { continue }
            shown.append((city, q))
            placed.append(Box(minX: q.x - 5, minY: q.y - 5, maxX: q.x + 5, maxY: q.y + 5))
        }
        for (city, q) in shown {
            let textWidth = Double(city.name.count) * Self.fontSize * 0.55
            let r = city.highlighted ? 6.0 : 4.5
            var text = ""
            for side in [1.0, -1.0] {
                let x = side > 0 ? q.x + r + 3 : q.x - r - 3 - textWidth
                let box = Box(minX: x, minY: q.y - Self.fontSize / 2, maxX: x + textWidth, maxY: q.y + Self.fontSize / 2)
                guard box.minX >= 0, box.maxX <= canvas.width, box.minY >= 0, box.maxY <= canvas.height,
                      !placed.contains(where: { $0.overlaps(box) && !$0.isDot(at: q) }) else { continue }
                placed.append(box)
                let anchor = side > 0 ? "" : " text-anchor=\"end\""
                let tx = side > 0 ? q.x + r + 3 : q.x - r - 3
                text = "<text x=\"\(Canvas.fixed(tx))\" y=\"\(Canvas.fixed(q.y + Self.fontSize * 0.35))\"\(anchor)>\(escape(city.name))</text>"
                break
            }
            let (open, close) = Canvas.link(city.url, name: city.name)
            out += open + "<circle class=\"city\(city.highlighted ? " on" : "")\" cx=\"\(Canvas.fixed(q.x))\" cy=\"\(Canvas.fixed(q.y))\" r=\"\(Canvas.fixed(r))\"/>"
            out += text + close
        }
        return out
    }
}

extension Box {
    func overlaps(_ other: Box) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether this is the dot at `q` (a name may start beside its own dot).
    func isDot(at q: (x: Double, y: Double)) -> Bool {
        abs((minX + maxX) / 2 - q.x) < 0.01 && abs((minY + maxY) / 2 - q.y) < 0.01 && maxX - minX == 10
    }
}

/// Text for an attribute or element: `&`, `<`, `>` and `"` escaped.
func escape(_ text: String) -> String {
    let utf8 = text.utf8
    let special: (UInt8) -> Bool = { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") }
    guard utf8.contains(where: special) else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
        switch byte {
        case UInt8(ascii: "&"): out += "&amp;".utf8
        case UInt8(ascii: "<"): out += "&lt;".utf8
        case UInt8(ascii: ">"): out += "&gt;".utf8
        case UInt8(ascii: "\""): out += "&quot;".utf8
        default: out.append(byte)
        }
    }
    return String(decoding: out, as: UTF8.self)
}
