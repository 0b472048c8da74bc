/// SVG sources as text.
enum TestSVG {
    /// A three-stripe flag; `size` adds width and height attributes, else only the viewBox sizes it.
    static func flag(viewBox: (Int, Int) = (3, 2), size: (String, String)? = nil, prologue: String = "") -> String {
        let (w, h) = viewBox
        let attributes = size.map { " width=\"\($0.0)\" height=\"\($0.1)\"" } ?? ""
        return prologue + """
            <svg xmlns="http://www.w3.org/2000/svg"\(attributes) viewBox="0 0 \(w) \(h)">
            <rect width="\(w)" height="\(h)" fill="#ed2939"/>
            <rect width="\(Double(w) * 2 / 3)" height="\(h)" fill="#fff"/>
            <rect width="\(Double(w) / 3)" height="\(h)" fill="#002395"/>
            </svg>
            """
    }

    /// An XML declaration, a long comment and a DOCTYPE, as real flag files have, longer than `bytes`.
    static func longPrologue(over bytes: Int) -> String {
        var comment = "<!-- Created with a vector editor. "
        while comment.utf8.count < bytes { comment += "Licence: public domain; source: a national standard. " }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            \(comment)-->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">

            """
    }
}
