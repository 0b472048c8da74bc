import Foundation
import Dispatch
import Locking

/// The cities nearest each city of the guide (`count` of them, nearest first, ties in the
/// guide's order of names), by great-circle distance; for the `nearby` list of a city's page.
/// Found with a k-d tree over the cities' points on the unit sphere, so that the poles and the
/// antimeridian need no special case and 100,000 cities take a fraction of a second; the tree
/// is made once, the first time a list is asked for, and each list is looked up in it.
package final class NearbyCities: Sendable {
    package struct Neighbour: Hashable, Sendable {
        /// Its position in the model's `cities`.
        package var index: Int
        package var kilometres: Double

        /// Whole kilometres, as pages show them ("412").
        package var distanceText: String { String(Int(kilometres.rounded())) }
    }

    package static let count = 5

    private let positions: [GeoPosition?]
    private let tree = Locked<Tree?>(nil)

    /// `positions`: each city's, in the model's order of cities (nil for one without).
    package init(positions: [GeoPosition?]) {
        self.positions = positions
    }

    /// The cities nearest the city at `index` (none when it has no position), looked up in
    /// the tree, made on the first call (under the lock, so that pages rendered at once on
    /// every core wait for one tree instead of each making its own): a build that renders one
    /// city's page looks up its neighbours alone, not every city's.
    package func neighbours(of index: Int) -> [Neighbour] {
        guard positions.indices.contains(index), positions[index] != nil else { return [] }
        return searchTree.nearest(to: index, count: Self.count)
    }

    /// Every city's list.
    package var all: [[Neighbour]] {
        let tree = searchTree
        return Parallel.map(positions.count, chunk: positions.count < 2_000 ? max(1, positions.count) : 128) { index in
            positions[index] == nil ? [] : tree.nearest(to: index, count: Self.count)
        }
    }

    private var searchTree: Tree {
        tree.withLock { tree in
            if tree == nil { tree = Tree(positions) }
            return tree!
        }
    }

    /// The `count` nearest of every point (with a position) to each, by k-d tree.
    package static func search(_ positions: [GeoPosition?], count: Int) -> [[Neighbour]] {
        let tree = Tree(positions)
        return Parallel.map(positions.count, chunk: positions.count < 2_000 ? max(1, positions.count) : 128) { index in
            positions[index] == nil ? [] : tree.nearest(to: index, count: count)
        }
    }

    /// A k-d tree kept in one array: the median of each range is its node, the points
    /// before it and after it its two halves, split along the axis of widest spread.
    private struct Tree: Sendable {
        /// Each city's point on the unit sphere, and its latitude and longitude in radians.
        private var x: [Double] = [], y: [Double] = [], z: [Double] = []
        private var latitude: [Double] = [], longitude: [Double] = []
        /// City indexes in tree order, and each node's axis (0, 1, 2).
        private var order: [Int] = []
        private var axis: [UInt8] = []

        init(_ positions: [GeoPosition?]) {
            let count = positions.count
            (x, y, z) = (.init(repeating: 0, count: count), .init(repeating: 0, count: count), .init(repeating: 0, count: count))
            (latitude, longitude) = (.init(repeating: 0, count: count), .init(repeating: 0, count: count))
            for (index, position) in positions.enumerated() {
                guard let position else { continue }
                let (phi, lambda) = (position.latitude * .pi / 180, position.longitude * .pi / 180)
                (latitude[index], longitude[index]) = (phi, lambda)
                (x[index], y[index], z[index]) = (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
            }
            order = positions.indices.filter { positions[$0] != nil }
            axis = [UInt8](repeating: 0, count: order.count)
            build(0, order.count)
        }

        private func coordinate(_ index: Int, _ axis: UInt8) -> Double {
            axis == 0 ? x[index] : axis == 1 ? y[index] : z[index]
        }

        private mutating func build(_ low: Int, _ high: Int) {
            guard high - low > 1 else { return }
            var lower = [Double.infinity, .infinity, .infinity], upper = [-Double.infinity, -.infinity, -.infinity]
            for slot in low..<high {
                let index = order[slot]
                for a in 0..<3 {
                    let c = coordinate(index, UInt8(a))
                    lower[a] = min(lower[a], c)
                    upper[a] = max(upper[a], c)
                }
            }
            let spread = (0..<3).map { upper[$0] - lower[$0] }
            let split: UInt8 = spread[0] >= spread[1] && spread[0] >= spread[2] ? 0 : spread[1] >= spread[2] ? 1 : 2
            let middle = (low + high) / 2
            select(middle, low, high, split)
            axis[middle] = split
            build(low, middle)
            build(middle + 1, high)
        }

        /// Puts the point of rank `k` along `axis` within `low..<high` at `k`, smaller before it
        /// and larger after (quickselect, middle-of-three pivots).
        private mutating func select(_ k: Int, _ low: Int, _ high: Int, _ axis: UInt8) {
            var (low, high) = (low, high - 1)
            while low < high {
                let mid = (low + high) / 2
                let (a, b, c) = (coordinate(order[low], axis), coordinate(order[mid], axis), coordinate(order[high], axis))
                let pivot = max(min(a, b), min(max(a, b), c))
                var (i, j) = (low, high)
                while i <= j {
                    while coordinate(order[i], axis) < pivot { i += 1 }
                    while coordinate(order[j], axis) > pivot { j -= 1 }
                    if i <= j {
                        order.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j { high = j } else if k >= i { low = i } else { return }
            }
        }

        /// The `count` points nearest the point of city `city`, itself left out. The search
        /// compares chords (the distance through the sphere, which grows with the distance
        /// along it): the great-circle distance, with its sines and arcsine, is worked out
        /// only for the few left at the end (it was for every point within reach, most of a
        /// query's time), and they are ordered by it.
        func nearest(to city: Int, count: Int) -> [Neighbour] {
            // The nearest by chord so far, nearer first: `count` of them, and any as near as the
            // last of those (a little over, so that rounding never leaves out one at the same
            // distance); beyond `reach` no point can be among them.
            var pool: [(chord: Double, index: Int)] = []
            pool.reserveCapacity(count + 2)
            var reach = Double.infinity
            let (qx, qy, qz) = (x[city], y[city], z[city])
            func visit(_ low: Int, _ high: Int) {
                guard low < high else { return }
                let middle = (low + high) / 2
                let index = order[middle]
                if index != city {
                    let (dx, dy, dz) = (x[index] - qx, y[index] - qy, z[index] - qz)
                    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
                    if chord <= reach {
                        pool.insert((chord, index), at: pool.firstIndex { chord < $0.chord } ?? pool.count)
                        if pool.count >= count {
                            reach = pool[count - 1].chord * (1 + 1e-9) + 1e-12
                            while pool[pool.count - 1].chord > reach { pool.removeLast() }
                        }
                    }
                }
                guard high - low > 1 else { return }
                let a = axis[middle]
                let difference = (a == 0 ? qx : a == 1 ? qy : qz) - coordinate(index, a)
                if difference < 0 {
                    visit(low, middle)
                    if -difference <= reach { visit(middle + 1, high) }
                } else {
                    visit(middle + 1, high)
                    if difference <= reach { visit(low, middle) }
                }
            }
            visit(0, order.count)
            let found = pool.map { candidate in
                Neighbour(index: candidate.index, kilometres: GreatCircle.kilometres(
                    latitude1: latitude[city], longitude1: longitude[city],
                    latitude2: latitude[candidate.index], longitude2: longitude[candidate.index]))
            }
            return Array(found.sorted(by: Self.before).prefix(count))
        }

        /// Nearer first; at the same distance, the earlier in the guide's order of names.
        static func before(_ a: Neighbour, _ b: Neighbour) -> Bool {
            a.kilometres != b.kilometres ? a.kilometres < b.kilometres : a.index < b.index
        }
    }
}
