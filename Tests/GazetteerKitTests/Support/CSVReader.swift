import Foundation

/// A small RFC 4180 reader for the tests: records of fields, each record ended by CRLF
/// (a lone CR or LF outside quotes is an error), fields quoted with doubled quotes inside.
enum CSVReader {
    struct Malformed: Error, CustomStringConvertible { var description: String }

    static func rows(_ bytes: [UInt8]) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var i = 0
        func end() { row.append(String(decoding: field, as: UTF8.self)); field = [] }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\""), field.isEmpty {
                i += 1
                while true {
                    guard i < bytes.count else { throw Malformed(description: "an unclosed quote") }
                    if bytes[i] == UInt8(ascii: "\"") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { field.append(bytes[i]); i += 2; continue }
                        i += 1
                        break
                    }
                    field.append(bytes[i]); i += 1
                }
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") || bytes[i] == 0x0D else {
                    throw Malformed(description: "text after a closing quote at byte \(i)")
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","): end(); i += 1
            case 0x0D:
                guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else { throw Malformed(description: "a CR without LF at byte \(i)") }
                end(); rows.append(row); row = []; i += 2
            case 0x0A: throw Malformed(description: "a bare LF at byte \(i)")
            case UInt8(ascii: "\""): throw Malformed(description: "a quote inside an unquoted field at byte \(i)")
            default: field.append(byte); i += 1
            }
        }
        guard row.isEmpty, field.isEmpty else { throw Malformed(description: "the last line does not end in CRLF") }
        return rows
    }
}
