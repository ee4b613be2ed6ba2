import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The `Date` field of responses (RFC 9110 §6.6.1: an origin server with a clock sends one), formatted
/// once per second and shared by every connection.
final class HTTPDate: Sendable {
    static let shared = HTTPDate()

    private let cached = Mutex<(second: time_t, text: String)>((-1, ""))

    /// The current time as an IMF-fixdate: `Wed, 02 Dec 2026 03:39:12 GMT`.
    var now: String {
        let second = time(nil)
        return cached.withLock { cached in
            if cached.second != second { cached = (second, Self.format(second)) }
            return cached.text
        }
    }

    static func format(_ second: time_t) -> String {
        var seconds = second
        var utc = tm()
        gmtime_r(&seconds, &utc)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(utc.tm_wday)]), \(two(utc.tm_mday)) \(months[Int(utc.tm_mon)]) \(1900 + utc.tm_year) "
            + "\(two(utc.tm_hour)):\(two(utc.tm_min)):\(two(utc.tm_sec)) GMT"
    }
}
