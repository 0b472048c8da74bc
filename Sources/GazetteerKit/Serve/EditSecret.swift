/// The random texts that guard edit mode: the secret of the login address, each session's
/// cookie and each session's token (the page's scripts send it in a header of their own).
/// 128 random bits each, from the system's generator (getrandom(2) on Linux), as hex.
enum EditSecret {
    static func make(bits: Int = 128) -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<(bits + 63) / 64 {
            let word = generator.next()
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return text
    }

    /// Compares in a time that does not depend on where the texts differ.
    static func matches(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<b.count { difference |= (i < a.count ? a[i] : 0) ^ b[i] }
        return difference == 0
    }
}
