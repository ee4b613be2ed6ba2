import Foundation
import Geodesy

extension CoordinateList {
    /// One coordinate written `LAT,LON` (latitude first, as on a command line) by the input `name`, with
    /// OSRM's codes: text that is not two decimal numbers is `InvalidQuery`, numbers out of range
    /// `InvalidValue`; the message names the input (`--from: …`).
    /// - Complexity: O(length of the text).
    public static func parseLatitudeLongitude(_ text: String, input name: String) throws(ServiceError) -> Coordinate {
        do throws(CoordinateParseError) {
            return try Coordinate.parse(text)
        } catch {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            let numeric = numbers.count == 2 && numbers.allSatisfy { DecimalNumber.parse($0.trimmingCharacters(in: .whitespaces))?.isFinite == true }
            throw ServiceError(numeric ? .invalidValue : .invalidQuery, "\(name): \(error.description)")
        }
    }
}
