import Diagnostics
import Load

/// Scalar resolution with the YAML 1.2 core schema, done here rather than by libyaml
/// (whose YAML 1.1 rules would turn `NO`, `yes` or `off` into booleans).
/// Only plain (unquoted) scalars are resolved; quoted and block scalars are strings. A
/// number's or a boolean's characters are kept beside its value (`YAMLNode.written`), so
/// that `name: 007` can still be read as the text "007".
extension YAMLValue {
    /// The core schema's reading of a plain scalar: null, bool, int, float, else a string.
    package static func resolvingPlain(_ text: String) -> YAMLValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let int = coreInt(text) { return .int(int) }
        if let double = coreFloat(text) { return .double(double) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; nil when not an int or out of range.
    package static func coreInt(_ text: String) -> Int? {
        func digits(_ rest: Substring, radix: Int) -> Int? {
            guard !rest.isEmpty, rest.allSatisfy({ $0.isHexDigit && $0.hexDigitValue! < radix }) else { return nil }
            return Int(rest, radix: radix)
        }
        if text.hasPrefix("0o") { return digits(text.dropFirst(2), radix: 8) }
        if text.hasPrefix("0x") { return digits(text.dropFirst(2), radix: 16) }
        var unsigned = Substring(text)
        if let first = unsigned.first, first == "-" || first == "+" { unsigned = unsigned.dropFirst() }
        return digits(unsigned, radix: 10) == nil ? nil : Int(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` and `.nan`.
    package static func coreFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // Matched by hand: Swift's Regex would cost more than the rest of the parse.
        var rest = Substring(text).utf8[...]
        func skipSign() { if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { rest.removeFirst() } }
        func skipDigits() -> Int {
            let count = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            rest.removeFirst(count)
            return count
        }
        skipSign()
        var mantissaDigits = skipDigits()
        if rest.first == UInt8(ascii: ".") {
            rest.removeFirst()
            mantissaDigits += skipDigits()
        }
        guard mantissaDigits > 0 else { return nil }
        if let first = rest.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            rest.removeFirst()
            skipSign()
            guard skipDigits() > 0 else { return nil }
        }
        return rest.isEmpty ? Double(text) : nil
    }
}
