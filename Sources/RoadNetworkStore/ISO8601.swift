import Foundation

/// UTC timestamps in the ISO 8601 form the metadata stores (`2026-11-21T09:30:00Z`).
public enum ISO8601 {
    /// The current time.
    public static func now() -> String { format(Date()) }

    /// Formats a date in UTC with whole seconds.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        var year = String(c.year ?? 0)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }
}
