import Geodesy

extension PlacesError {
    /// The message in a front end's own terms: the option or parameter that carried the value at fault
    /// is named instead of the library's noun (`--radius 20000.0 m is too large: …`).
    ///
    /// The names are the front end's; the wording is the one every front end shares. An error about an
    /// input without a name is described in the library's words (`description`).
    /// - Parameter parameters: the name of the input that carries each query parameter.
    public func description(naming parameters: [PlacesParameter: String]) -> String {
        switch self {
        case .invalidValue(let parameter, let value, let expected):
            return "invalid value '\(value)' for \(parameters[parameter] ?? parameter.noun): expected \(expected)"
        case .radiusTooLarge(let radius, let maximum):
            guard let name = parameters[.radius] else { return description }
            return "\(name) \(DecimalNumber.fixed(radius, decimals: 1)) m is too large: the maximum is \(Int(maximum)) m"
        case .tooManyCategories(let count, let maximum):
            guard let name = parameters[.categories] else { return description }
            return "\(name) lists \(count) categories: at most \(maximum) can be combined"
        case .unknownCategory(let category, let known):
            guard let name = parameters[.categories] else { return description }
            return "unknown category '\(category)' for \(name): known categories are \(known.joined(separator: ", "))"
        }
    }
}
