extension Character {
    var isBlankOrNewline: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}
