import Foundation

/// Command-line options of the benchmark.
struct Options {
    var runs = 3
    var photos = 200
    var rotated = 100
    var flags = 100
    var only: String?
    var corpus = URL(fileURLWithPath: "/tmp/gazetteer-thumbnails-bench")

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            let text = iterator.next()
            if argument == "--only", let text { only = text; continue }
            let value = text.flatMap(Int.init)
            switch (argument, value) {
            case ("--runs", let n?): runs = n
            case ("--photos", let n?): photos = n
            case ("--rotated", let n?): rotated = n
            case ("--flags", let n?): flags = n
            default:
                FileHandle.standardError.write(Data("usage: ThumbnailsBench [--runs N] [--photos N] [--rotated N] [--flags N] [--only centre|attention|rotated|flags]\n".utf8))
                exit(2)
            }
        }
    }
}
