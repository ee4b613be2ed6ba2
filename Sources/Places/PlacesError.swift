import Geodesy

/// Why a point-of-interest query could not be made.
///
/// Messages name the value at fault in the library's words (a search radius, a category list), not a
/// command-line option: the CLI, a server or an app each say which of their inputs carried it.
public enum PlacesError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A value out of its range.
    case invalidValue(PlacesParameter, value: String, expected: String)
    /// A search radius above the maximum.
    case radiusTooLarge(Meters, maximum: Meters)
    /// More categories than a query may combine.
    case tooManyCategories(count: Int, maximum: Int)
    /// A category name not in `PointOfInterestCategory.known`.
    case unknownCategory(String, known: [String])

    public var description: String {
        switch self {
        case .invalidValue(let parameter, let value, let expected):
            "invalid \(parameter.noun) '\(value)': expected \(expected)"
        case .radiusTooLarge(let radius, let maximum):
            "search radius \(DecimalNumber.fixed(radius, decimals: 1)) m is too large: the maximum is \(Int(maximum)) m"
        case .tooManyCategories(let count, let maximum):
            "\(count) categories listed: at most \(maximum) can be combined"
        case .unknownCategory(let name, let known):
            "unknown category '\(name)': known categories are \(known.joined(separator: ", "))"
        }
    }
}

/// The inputs of a point-of-interest query, as named in `PlacesError`.
public enum PlacesParameter: String, Sendable, CaseIterable {
    /// The centre of a "places near here" query.
    case center
    /// Its search radius.
    case radius
    /// A list of category names.
    case categories
    /// The most places to list.
    case limit
    /// The width of the corridor searched on each side of a route.
    case corridor

    /// The parameter in words.
    public var noun: String {
        switch self {
        case .center: "search centre"
        case .radius: "search radius"
        case .categories: "category list"
        case .limit: "result limit"
        case .corridor: "route corridor"
        }
    }
}
