import RoadNetwork

/// The country table for `CC:zone` speed-limit forms (`DE:urban`, `GB:nsl_single`, `FR:rural` …).
///
/// Values are the statutory limits for cars in each country's zone (from the OSM wiki page
/// "Default speed limits"); mph countries (GB, US) keep their unit so exports can show "60 mph".
/// A zone resolving to `nil` means "no limit" (German Autobahn). `zone30`/`zone:30`/`CC:30` forms are
/// parsed generically, so the table only lists named zones.
enum SpeedZones {
    /// A zone's limit: a number in `unit`, or nil for unlimited.
    struct Entry: Sendable {
        var value: Double?
        var unit: SpeedUnit
    }

    private static func kmh(_ v: Double?) -> Entry { Entry(value: v, unit: .kilometersPerHour) }
    private static func mph(_ v: Double) -> Entry { Entry(value: v, unit: .milesPerHour) }

    /// Named zones by upper-case country code, then lower-case zone name.
    static let table: [String: [String: Entry]] = [
        "AT": ["urban": kmh(50), "rural": kmh(100), "trunk": kmh(100), "motorway": kmh(130), "living_street": kmh(5), "bicycle_road": kmh(30)],
        "BE": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(120), "motorway": kmh(120), "living_street": kmh(20)],
        "BE-VLG": ["urban": kmh(50), "rural": kmh(70), "motorway": kmh(120)],
        "CH": ["urban": kmh(50), "rural": kmh(80), "trunk": kmh(100), "motorway": kmh(120), "living_street": kmh(20)],
        "CZ": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(20)],
        "DE": ["urban": kmh(50), "rural": kmh(100), "trunk": kmh(nil), "motorway": kmh(nil), "living_street": kmh(7),
               "bicycle_road": kmh(30), "walk": kmh(7)],
        "DK": ["urban": kmh(50), "rural": kmh(80), "motorway": kmh(130), "living_street": kmh(15)],
        "ES": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(100), "motorway": kmh(120), "living_street": kmh(20)],
        "FI": ["urban": kmh(50), "rural": kmh(80), "motorway": kmh(120), "living_street": kmh(20)],
        "FR": ["urban": kmh(50), "rural": kmh(80), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(20)],
        "GB": ["nsl_single": mph(60), "nsl_dual": mph(70), "motorway": mph(70), "nsl_restricted": mph(30), "urban": mph(30)],
        "GR": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130)],
        "HR": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(10)],
        "HU": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(20)],
        "IE": ["urban": kmh(50), "rural": kmh(80), "trunk": kmh(100), "motorway": kmh(120)],
        "IT": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130)],
        "LU": ["urban": kmh(50), "rural": kmh(90), "motorway": kmh(130)],
        "MT": ["urban": kmh(50), "rural": kmh(80)],
        "NL": ["urban": kmh(50), "rural": kmh(80), "trunk": kmh(100), "motorway": kmh(100), "living_street": kmh(15)],
        "NO": ["urban": kmh(50), "rural": kmh(80), "motorway": kmh(110)],
        "PL": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(120), "expressway": kmh(120), "motorway": kmh(140), "living_street": kmh(20)],
        "PT": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(100), "motorway": kmh(120), "living_street": kmh(20)],
        "RO": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(100), "motorway": kmh(130)],
        "RU": ["urban": kmh(60), "rural": kmh(90), "motorway": kmh(110), "living_street": kmh(20)],
        "SE": ["urban": kmh(50), "rural": kmh(70), "motorway": kmh(110)],
        "SI": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(10)],
        "SK": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(130), "motorway": kmh(130), "living_street": kmh(20)],
        "UA": ["urban": kmh(50), "rural": kmh(90), "trunk": kmh(110), "motorway": kmh(130), "living_street": kmh(20)],
        "US": ["urban": mph(25), "rural": mph(55), "motorway": mph(65), "school": mph(15)],
    ]

    /// Countries whose plain `zone30`/`CC:30` numbers are in mph.
    static let mphCountries: Set<String> = ["GB", "US", "LR", "MM"]

    /// Resolves `CC:zone` (e.g. `DE:urban`, `DE:zone30`, `DE:zone:30`, `FR:30`); nil when unknown.
    static func resolve(_ text: String) -> SpeedLimit? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let country = text[..<colon].uppercased()
        let zone = text[text.index(after: colon)...].lowercased()
        guard !country.isEmpty, !zone.isEmpty else { return nil }
        let unit: SpeedUnit = mphCountries.contains(country) ? .milesPerHour : .kilometersPerHour
        if let entry = table[country]?[zone] {
            guard let value = entry.value else { return .unlimited(source: .zone) }
            return .limited(kilometersPerHour(value, entry.unit), unit: entry.unit, source: .zone)
        }
        // Generic numeric zones: `zone30`, `zone:30`, `zone 30`, or a bare number (`DE:30`, used by zone:maxspeed).
        var digits = Substring(zone)
        if digits.hasPrefix("zone") { digits = digits.dropFirst(4) }
        while let first = digits.first, first == ":" || first == " " || first == "_" { digits.removeFirst() }
        if let value = Double(digits), value > 0, value < 400 {
            return .limited(kilometersPerHour(value, unit), unit: unit, source: .zone)
        }
        return nil
    }

    static func kilometersPerHour(_ value: Double, _ unit: SpeedUnit) -> KilometersPerHourValue {
        switch unit {
        case .kilometersPerHour: value
        case .milesPerHour: value * 1.609344
        case .knots: value * 1.852
        }
    }
}
