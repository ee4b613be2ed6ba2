import Geodesy

/// A distance as a navigation voice says it: rounded to what a driver can use, in words ("400 metres",
/// "1.5 kilometres", "a quarter mile", "500 feet"; "400 metara", "1,5 kilometra", "pola milje").
///
/// Metric distances round as `DistanceAnnouncement` does (10 m under 100 m, 50 m under 1 km, 0.1 km
/// under 10 km, whole kilometres beyond). Imperial ones round to 10 ft under 100 ft and 50 ft up to
/// about 0.19 mi, to quarter miles under 0.875 mi, half miles under 9.75 mi, whole miles beyond.
/// Croatian numbers take the accusative after "za" (1 metar, 2 metra, 5 metara).
public struct SpokenDistance: Sendable, Hashable {
    /// The distance as given, in metres.
    public let distance: Meters
    public let units: VoiceUnits

    static let metersPerFoot: Meters = 0.3048
    static let metersPerMile: Meters = SpeedConversion.kilometersPerMile * 1000

    public init(_ distance: Meters, units: VoiceUnits) {
        self.distance = max(0, distance.isFinite ? distance : 0)
        self.units = units
    }

    /// The words for the distance in a language.
    public func text(_ language: InstructionLanguage) -> String {
        units == .metric ? metric(language) : imperial(language)
    }

    private func metric(_ language: InstructionLanguage) -> String {
        let rounded = DistanceAnnouncement(distance).rounded
        if rounded < 1000 {
            let n = Int(rounded)
            return language == .en ? "\(n) metres" : "\(n) " + Self.croatianPlural(n, "metar", "metra", "metara")
        }
        let tenths = Int((rounded / 100).rounded())
        let whole = tenths % 10 == 0 || rounded >= 10_000
        switch language {
        case .en:
            if whole { return tenths == 10 ? "1 kilometre" : "\(tenths / 10) kilometres" }
            return "\(tenths / 10).\(tenths % 10) kilometres"
        case .hr:
            if whole { return "\(tenths / 10) " + Self.croatianPlural(tenths / 10, "kilometar", "kilometra", "kilometara") }
            return "\(tenths / 10),\(tenths % 10) kilometra"
        }
    }

    private func imperial(_ language: InstructionLanguage) -> String {
        let miles = distance / Self.metersPerMile
        let en = language == .en
        if miles < 0.1875 {
            let feet = distance / Self.metersPerFoot
            let n = feet < 95 ? max(10, Int((feet / 10).rounded()) * 10) : Int((feet / 50).rounded()) * 50
            return en ? "\(n) feet" : "\(n) " + Self.croatianPlural(n, "stopu", "stope", "stopa")
        }
        if miles < 0.875 {
            switch Int((miles * 4).rounded()) {
            case 1: return en ? "a quarter mile" : "četvrt milje"
            case 2: return en ? "half a mile" : "pola milje"
            default: return en ? "three quarters of a mile" : "tri četvrtine milje"
            }
        }
        if miles < 9.75 {
            let halves = Int((miles * 2).rounded())
            if halves % 2 == 1 { return en ? "\(halves / 2).5 miles" : "\(halves / 2),5 milje" }
            let n = halves / 2
            return en ? (n == 1 ? "1 mile" : "\(n) miles") : "\(n) " + Self.croatianPlural(n, "milju", "milje", "milja")
        }
        let n = Int(miles.rounded())
        return en ? "\(n) miles" : "\(n) " + Self.croatianPlural(n, "milju", "milje", "milja")
    }

    /// Croatian's three number forms: 1, 21, 31 … take `one`; 2–4, 22–24 … `few`; the rest (and 11–14) `many`.
    static func croatianPlural(_ n: Int, _ one: String, _ few: String, _ many: String) -> String {
        let tens = n % 100
        if (11...14).contains(tens) { return many }
        switch n % 10 {
        case 1: return one
        case 2, 3, 4: return few
        default: return many
        }
    }
}
