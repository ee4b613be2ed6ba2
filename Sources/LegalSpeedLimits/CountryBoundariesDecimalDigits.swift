/// The digits of a JSON number as the scanner reads them, and their value when one rounding gives it exactly.
///
/// The boundaries file spells every coordinate with at most ten digits, so nearly all numbers take the
/// fast path: an integer significand below 2⁵³ and a power of ten up to 10²² are both exact doubles, and one
/// multiplication or division of exact operands rounds correctly (Clinger's fast path). Anything else is
/// left to the standard library's conversion.
struct CountryBoundariesDecimalDigits {
    private var significand: UInt64 = 0
    private var significantDigitCount = 0
    private var fractionDigitCount = 0
    private var hasTooManyDigits = false
    /// The decimal exponent written after `e`, if any.
    var exponent = 0

    // 19 decimal digits always fit in a UInt64.
    private static let maximumDigitCount = 19
    private static let largestExactSignificand: UInt64 = 1 << 53
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// Adds the next digit, before or after the decimal point.
    mutating func append(_ digit: Int, isFraction: Bool) {
        if significand == 0 && digit == 0 {
            // A leading zero adds no precision, only a place after the point.
            if isFraction { fractionDigitCount += 1 }
            return
        }
        guard significantDigitCount < Self.maximumDigitCount else {
            hasTooManyDigits = true
            return
        }
        significand = significand * 10 + UInt64(digit)
        significantDigitCount += 1
        if isFraction { fractionDigitCount += 1 }
    }

    /// The correctly rounded value, or nil when the fast path cannot promise it.
    var exactValue: Double? {
        guard !hasTooManyDigits, significand <= Self.largestExactSignificand else { return nil }
        if significand == 0 { return 0 }
        let power = exponent - fractionDigitCount
        let limit = Self.exactPowersOfTen.count
        if power >= 0 && power < limit { return Double(significand) * Self.exactPowersOfTen[power] }
        if power < 0 && -power < limit { return Double(significand) / Self.exactPowersOfTen[-power] }
        return nil
    }
}
