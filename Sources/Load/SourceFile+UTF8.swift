import Diagnostics

/// Reading a file's bytes as text: content must be UTF-8, and an invalid byte is reported
/// at its line and column (a Swift `String` would silently replace it).
extension SourceFile {
    package init(path: String, contents bytes: some Collection<UInt8>) throws(DiagnosticList) {
        if let text = String(validating: bytes, as: UTF8.self) {
            self.init(path: path, text: text)
            return
        }
        // Everything before the first undecodable scalar is valid: its length is the offset.
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        let position = TextPosition.lineAndColumn(ofByte: offset, in: bytes)
        let byte = bytes.dropFirst(offset).first ?? 0
        let hex = String(byte, radix: 16, uppercase: true)
        throw DiagnosticList([Diagnostic("invalid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex)): files must be UTF-8 text",
                                         at: SourceLocation(path: path, line: position.line, column: position.column))])
    }
}
