import Diagnostics

/// When an entry was written, from its `date` front matter key: a day (`2024-05-01`) or a
/// moment (`2024-05-01T09:30:00+02:00`, RFC 3339), for the feed. Kept as the instant and as
/// RFC 3339 text (a day is its first second in UTC).
package struct EntryDate: Hashable, Sendable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var seconds: Int64
    /// RFC 3339, as Atom writes it: the moment as written, or the day at `T00:00:00Z`.
    package var text: String

    package init(seconds: Int64, text: String) {
        self.seconds = seconds
        self.text = text
    }

    /// A moment the build knows, as RFC 3339 in UTC (the first appearance of a file).
    package init(seconds: Int64) {
        self.seconds = seconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        text = Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) + "T"
            + Self.pad(Int(rest / 3600), 2) + ":" + Self.pad(Int(rest % 3600 / 60), 2) + ":" + Self.pad(Int(rest % 60), 2) + "Z"
    }

    package static func < (a: EntryDate, b: EntryDate) -> Bool { a.seconds < b.seconds }

    /// `text` read as a day or an RFC 3339 moment; nil when it is neither (or no real day).
    package init?(parsing text: String) {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count, range.allSatisfy({ b[$0] >= 48 && b[$0] <= 57 }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(b[$1] - 48) }
        }
        guard b.count >= 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        var seconds = Self.days(year: year, month: month, day: day) * 86_400
        guard b.count > 10 else {
            self.init(seconds: seconds, text: text + "T00:00:00Z")
            return
        }
        guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
              b[13] == UInt8(ascii: ":"), let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
        else { return nil }
        var at = 16
        var second = 0
        if at < b.count, b[at] == UInt8(ascii: ":") {
            guard let s = number(17..<19), s < 61 else { return nil }
            second = s
            at = 19
            if at < b.count, b[at] == UInt8(ascii: ".") {
                at += 1
                let digits = at
                while at < b.count, b[at] >= 48, b[at] <= 57 { at += 1 }
                guard at > digits else { return nil }
            }
        }
        seconds += Int64(hour * 3600 + minute * 60 + second)
        var zone = ""
        if at == b.count {
            zone = "Z"  // no zone: taken as UTC
        } else if b[at] == UInt8(ascii: "Z") || b[at] == UInt8(ascii: "z"), at + 1 == b.count {
            zone = ""
        } else if b[at] == UInt8(ascii: "+") || b[at] == UInt8(ascii: "-"), at + 6 == b.count, b[at + 3] == UInt8(ascii: ":"),
                  let hours = number(at + 1..<at + 3), let minutes = number(at + 4..<at + 6), hours < 24, minutes < 60 {
            let offset = Int64(hours * 3600 + minutes * 60)
            seconds += b[at] == UInt8(ascii: "+") ? -offset : offset
        } else {
            return nil
        }
        var written = text
        if b[10] != UInt8(ascii: "T") {
            written = String(text.prefix(10)) + "T" + String(text.dropFirst(11))
        }
        self.init(seconds: seconds, text: written.uppercased() + zone)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a day of the proleptic Gregorian calendar.
    private static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// What the editor says of a picture (a city's `picture`, a country's `flag`): a caption,
/// who made it, and under which licence, shown under it and listed on the Picture credits page.
package struct PictureCredit: Hashable, Sendable {
    package var caption: String?
    package var credit: String?
    package var license: String?

    package init(caption: String?, credit: String?, license: String?) {
        self.caption = caption
        self.credit = credit
        self.license = license
    }

    package var isEmpty: Bool { caption == nil && credit == nil && license == nil }
}
