/// A varied SVG flag: stripes, a cross, a disc or a star field, several aspect ratios, and
/// (for some) the long XML prologue real flag files have.
enum FlagArt {
    /// An SVG flag, different for each index.
    static func svg(_ index: Int) -> String {
        let palette = ["#ce1126", "#ffffff", "#002868", "#009739", "#fedd00", "#000000", "#ff9933", "#0072c6", "#d52b1e"]
        func colour(_ n: Int) -> String { palette[(index * 7 + n * 3) % palette.count] }
        let ratios = [(3, 2), (2, 1), (5, 3), (4, 3), (1, 1), (19, 10), (7, 4)]
        let (rw, rh) = ratios[index % ratios.count]
        let width = rw * 60, height = rh * 60
        var body = ""
        switch index % 4 {
        case 0:
            let stripes = 2 + index % 12
            for s in 0..<stripes {
                body += "<rect y=\"\(Double(height) * Double(s) / Double(stripes))\" width=\"\(width)\" height=\"\(Double(height) / Double(stripes) + 0.5)\" fill=\"\(colour(s))\"/>\n"
            }
        case 1:
            body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
            body += "<rect x=\"\(width / 3)\" width=\"\(height / 5)\" height=\"\(height)\" fill=\"\(colour(1))\"/>\n"
            body += "<rect y=\"\(height * 2 / 5)\" width=\"\(width)\" height=\"\(height / 5)\" fill=\"\(colour(1))\"/>\n"
        case 2:
            body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
            body += "<circle cx=\"\(width / 2)\" cy=\"\(height / 2)\" r=\"\(height * 3 / 10)\" fill=\"\(colour(1))\"/>\n"
            body += "<path d=\"M0,0 L\(width / 3),\(height / 2) L0,\(height) Z\" fill=\"\(colour(2))\"/>\n"
        default:
            body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
            body += "<rect width=\"\(width * 2 / 5)\" height=\"\(height / 2)\" fill=\"\(colour(2))\"/>\n"
            let star = "<path d=\"M0,-5 L1.2,-1.6 L4.8,-1.5 L1.9,0.6 L2.9,4 L0,2 L-2.9,4 L-1.9,0.6 L-4.8,-1.5 L-1.2,-1.6 Z\" fill=\"#fff\""
            for row in 0..<5 {
                for column in 0..<6 {
                    body += "\(star) transform=\"translate(\(8 + column * (width * 2 / 5 - 16) / 5),\(8 + row * (height / 2 - 16) / 4)) scale(\(Double(height) / 200))\"/>\n"
                }
            }
            for s in 0..<7 {
                body += "<rect x=\"\(width * 2 / 5)\" y=\"\(height * s / 7)\" width=\"\(width * 3 / 5)\" height=\"\(height / 14)\" fill=\"\(colour(3))\"/>\n"
            }
        }
        let prologue = index % 3 == 0
            ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- " + String(repeating: "Flag drawn from the national standard; public domain. ", count: 25) + "-->\n"
            : ""
        return prologue + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
            + body + "</svg>\n"
    }
}
