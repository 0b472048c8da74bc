extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Space or tab: what indentation and standalone lines are made of.
    var isBlank: Bool { self == .space || self == .tab }
}
