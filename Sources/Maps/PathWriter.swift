/// SVG path data in whole units and relative moves (`m3 4 5-6z`): a ring is a move, its
/// points as implicit relative lines, and a close.
struct PathWriter {
    private(set) var data = ""
    private var x = 0, y = 0
    private var afterCommand = true

    var isEmpty: Bool { data.isEmpty }

    private mutating func number(_ n: Int) {
        if n >= 0 && !afterCommand { data += " " }
        data += String(n)
        afterCommand = false
    }

    /// Adds a ring of screen points; false when it is less than a triangle once rounded.
    @discardableResult
    mutating func ring(_ points: [(x: Double, y: Double)]) -> Bool {
        var rounded: [(Int, Int)] = []
        rounded.reserveCapacity(points.count)
        for p in points {
            let q = (Int(p.x.rounded()), Int(p.y.rounded()))
            if let last = rounded.last, last == q { continue }
            rounded.append(q)
        }
        while rounded.count > 1, rounded.first! == rounded.last! { rounded.removeLast() }
        guard rounded.count >= 3 else { return false }
        data += "m"
        afterCommand = true
        number(rounded[0].0 - x)
        number(rounded[0].1 - y)
        var (cx, cy) = rounded[0]
        for q in rounded.dropFirst() {
            number(q.0 - cx)
            number(q.1 - cy)
            (cx, cy) = q
        }
        data += "z"
        afterCommand = true
        // After a close, the current point is the ring's first.
        (x, y) = rounded[0]
        return true
    }
}

/// Sutherland-Hodgman: a ring cut to a rectangle (a filled shape keeps its part inside).
func clip(_ ring: [(x: Double, y: Double)], minX: Double, minY: Double, maxX: Double, maxY: Double) -> [(x: Double, y: Double)] {
    var points = ring
    for edge in 0..<4 {
        guard !points.isEmpty else { return [] }
        func inside(_ p: (x: Double, y: Double)) -> Bool {
            switch edge {
            case 0: p.x >= minX
            case 1: p.x <= maxX
            case 2: p.y >= minY
            default: p.y <= maxY
            }
        }
        func cross(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
            switch edge {
            case 0, 1:
                let at = edge == 0 ? minX : maxX
                return (at, a.y + (b.y - a.y) * (at - a.x) / (b.x - a.x))
            default:
                let at = edge == 2 ? minY : maxY
                return (a.x + (b.x - a.x) * (at - a.y) / (b.y - a.y), at)
            }
        }
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(points.count + 4)
        var previous = points[points.count - 1]
        for current in points {
            if inside(current) {
                if !inside(previous) { out.append(cross(previous, current)) }
                out.append(current)
            } else if inside(previous) {
                out.append(cross(previous, current))
            }
            previous = current
        }
        points = out
    }
    return points
}
