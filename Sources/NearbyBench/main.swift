// The nearby lists of 100,000 cities (issue 28's budget: at most 2 s of processor time in a
// cold build), as the model stage makes them: random positions, some clustered as real
// cities are, the k-d tree built and searched across the cores. Prints the processor time
// (every thread's: the budget counts all cores) and the wall time.
//
//     swift run -c release NearbyBench [cities]

import Dispatch
import Model
#if canImport(Glibc)
import Glibc
#endif

/// Processor time of the whole process, every thread, in seconds.
func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func wallTime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// SplitMix64: the same cities on every run.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
var random = Seeded(state: 100_000)
// Half spread over the land-ish latitudes, half around 2,000 centres (towns near a big city).
let centres = (0..<2_000).map { _ in (Double.random(in: -50...65, using: &random), Double.random(in: -180...180, using: &random)) }
let positions: [GeoPosition?] = (0..<count).map { index in
    if index % 2 == 0 {
        return GeoPosition(latitude: Double.random(in: -55...70, using: &random), longitude: Double.random(in: -180...180, using: &random))
    }
    let (latitude, longitude) = centres[Int.random(in: 0..<centres.count, using: &random)]
    return GeoPosition(latitude: max(-90, min(90, latitude + Double.random(in: -1...1, using: &random))),
                       longitude: (longitude + Double.random(in: -1...1, using: &random)).clamped)
}

extension Double {
    /// Back into -180...180.
    var clamped: Double { self > 180 ? self - 360 : self < -180 ? self + 360 : self }
}

let (cpu, wall) = (processCPUTime(), wallTime())
let lists = NearbyCities.search(positions, count: NearbyCities.count)
let (cpuUsed, wallUsed) = (processCPUTime() - cpu, wallTime() - wall)
let total = lists.reduce(0) { $0 + $1.count }
print("NearbyBench: \(count) cities, \(total) neighbours: \(String(format: "%.3f", cpuUsed)) s processor, \(String(format: "%.3f", wallUsed)) s wall")

// A city moved, as an edit's build finds whose lists it can change (`NearbyCities.mayChange`):
// 100 moves of random cities to random places, one at a time; the mean time and the most cities named.
var moves: [(Int, GeoPosition?)] = []
for _ in 0..<100 {
    moves.append((Int.random(in: 0..<count, using: &random),
                  GeoPosition(latitude: Double.random(in: -55...70, using: &random), longitude: Double.random(in: -180...180, using: &random))))
}
var named = 0
let moveStart = wallTime()
for (moved, to) in moves {
    var after = positions
    after[moved] = to
    named = max(named, NearbyCities.mayChange(moved: [moved], before: positions, after: after).count)
}
let perMove = (wallTime() - moveStart) / Double(moves.count)
print("NearbyBench: a city moved among \(count): \(String(format: "%.1f", perMove * 1000)) ms to find the lists it may change (at most \(named) of them)")
