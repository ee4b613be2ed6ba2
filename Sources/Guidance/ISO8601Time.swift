import Geodesy

/// ISO 8601 date-times as GPX writes them, converted to seconds since 1970 (no Foundation formatter:
/// it is slow and its parsing differs between platforms).
enum ISO8601Time {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]` (a missing zone means UTC); nil when malformed.
    static func parse(_ text: Substring) -> Seconds? {
        let s = Array(text.trimmingWhitespace().utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var v = 0
            for k in from..<(from + count) {
                guard s[k] >= 48 && s[k] <= 57 else { return nil }
                v = v * 10 + Int(s[k] - 48)
            }
            return v
        }
        guard s.count >= 19, let year = number(0, 4), s[4] == UInt8(ascii: "-"), let month = number(5, 2),
              s[7] == UInt8(ascii: "-"), let day = number(8, 2), s[10] == UInt8(ascii: "T") || s[10] == UInt8(ascii: " "),
              let hour = number(11, 2), s[13] == UInt8(ascii: ":"), let minute = number(14, 2),
              s[16] == UInt8(ascii: ":"), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var i = 19
        var fraction: Double = 0
        if i < s.count && (s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",")) {
            i += 1
            var scale = 0.1
            let digitsStart = i
            while i < s.count && s[i] >= 48 && s[i] <= 57 { fraction += Double(s[i] - 48) * scale; scale /= 10; i += 1 }
            if i == digitsStart { return nil }
        }
        var offset = 0
        if i < s.count {
            if s[i] == UInt8(ascii: "Z") {
                i += 1
            } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
                let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
                guard let oh = number(i + 1, 2) else { return nil }
                var j = i + 3
                var om = 0
                if j < s.count && s[j] == UInt8(ascii: ":") { j += 1 }
                if j + 2 <= s.count, let m = number(j, 2) { om = m; j += 2 }
                offset = sign * (oh * 3600 + om * 60)
                i = j
            } else {
                return nil
            }
        }
        guard i == s.count else { return nil }
        // Days from civil (Howard Hinnant's algorithm), exact for the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }
}
