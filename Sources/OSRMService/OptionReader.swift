import Geodesy

/// Reads a request's options by name, each at most once, and rejects any left unread.
///
/// Syntax errors (a value outside the option's grammar, an unknown or repeated option) are OSRM's
/// `InvalidQuery`; values that parse but do not fit the request (a list of the wrong length, an index
/// out of range) are `InvalidOptions`, checked by the request types.
struct OptionReader {
    private var remaining: [(name: String, value: String)]

    init(_ options: [(name: String, value: String)]) throws(ServiceError) {
        var seen: Set<String> = []
        for option in options where !seen.insert(option.name).inserted {
            throw ServiceError(.invalidQuery, "option '\(option.name)' is given more than once")
        }
        remaining = options
    }

    /// Removes and returns an option's value, if given.
    mutating func take(_ name: String) -> String? {
        guard let i = remaining.firstIndex(where: { $0.name == name }) else { return nil }
        return remaining.remove(at: i).value
    }

    /// Whether an option is given (and not yet read).
    func hasOption(_ name: String) -> Bool { remaining.contains { $0.name == name } }

    /// Fails on the first option no reader asked for.
    func finish(allowed: [String]) throws(ServiceError) {
        if let unknown = remaining.first {
            throw ServiceError(.invalidQuery, "unknown option '\(unknown.name)' (this service takes \(allowed.joined(separator: ", ")))")
        }
    }

    static func invalid(_ name: String, _ value: String, expected: String) -> ServiceError {
        ServiceError(.invalidQuery, "option \(name)='\(value.prefix(60))': expected \(expected)")
    }

    mutating func bool(_ name: String, default value: Bool) throws(ServiceError) -> Bool {
        guard let text = take(name) else { return value }
        switch text {
        case "true": return true
        case "false": return false
        default: throw Self.invalid(name, text, expected: "true or false")
        }
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, default value: T) throws(ServiceError) -> T where T.RawValue == String {
        guard let text = take(name) else { return value }
        guard let parsed = T(rawValue: text) else {
            throw Self.invalid(name, text, expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return parsed
    }

    mutating func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws(ServiceError) -> Int {
        guard let text = take(name) else { return value }
        guard let parsed = Self.integer(text), range.contains(parsed) else {
            throw Self.invalid(name, text, expected: "a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return parsed
    }

    mutating func number(_ name: String, range: ClosedRange<Double>) throws(ServiceError) -> Double? {
        guard let text = take(name) else { return nil }
        guard let parsed = DecimalNumber.parse(text), range.contains(parsed) else {
            throw Self.invalid(name, text, expected: "a decimal number in \(range.lowerBound)...\(range.upperBound)")
        }
        return parsed
    }

    /// A `;`-separated list with one element per coordinate, empty elements meaning "default".
    mutating func perCoordinate<T>(_ name: String, count: Int, expected: String,
                                   _ parse: (Substring) -> T?) throws(ServiceError) -> [T?]? {
        guard let text = take(name) else { return nil }
        var result: [T?] = []
        for element in text.split(separator: ";", omittingEmptySubsequences: false) {
            if element.isEmpty { result.append(nil); continue }
            guard let value = parse(element) else { throw Self.invalid(name, String(element), expected: expected) }
            result.append(value)
        }
        guard result.count == count else {
            throw ServiceError(.invalidOptions, "Number of \(name) (\(result.count)) does not match number of coordinates (\(count))")
        }
        return result
    }

    /// `all` or a `;`-separated list of indices below `count`.
    mutating func indices(_ name: String, count: Int) throws(ServiceError) -> [Int]? {
        guard let text = take(name), text != "all" else { return nil }
        var result: [Int] = []
        for element in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let index = Self.integer(element) else {
                throw Self.invalid(name, String(element), expected: "all or {index};{index}… (whole numbers)")
            }
            guard index >= 0 && index < count else {
                throw ServiceError(.invalidOptions, "\(name) index \(index) is out of range (\(count) coordinates)")
            }
            result.append(index)
        }
        return result
    }

    /// A whole decimal number without sign or exponent, small enough for `Int`.
    static func integer<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}
