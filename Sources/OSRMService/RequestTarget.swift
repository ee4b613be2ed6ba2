import Geodesy

/// An OSRM request target taken apart: `/{service}/{version}/{profile}/{coordinates}[.json]?{options}`.
///
/// Only the syntax is checked here (OSRM's `InvalidUrl`); which services, versions and options exist is
/// up to `ServiceRequest`. Percent escapes are decoded in the coordinates and in option values, so
/// `%3B` and `;` mean the same. Waymark's `/pois/v1/{coordinates}` has no profile segment; Mapbox's
/// `/directions/v5/{owner}/{profile}/{coordinates}` has two, kept as `owner/profile`.
public struct RequestTarget: Sendable, Equatable {
    public var service: String
    public var version: String
    /// The profile segment (`owner/profile` for `directions`); nil for services without one (`pois`).
    public var profile: String?
    /// The coordinates segment, decoded, without a `.json` suffix.
    public var coordinates: String
    /// The options in the order given, names and values decoded.
    public var options: [(name: String, value: String)]

    public static func == (a: RequestTarget, b: RequestTarget) -> Bool {
        a.service == b.service && a.version == b.version && a.profile == b.profile && a.coordinates == b.coordinates
            && a.options.map(\.name) == b.options.map(\.name) && a.options.map(\.value) == b.options.map(\.value)
    }

    /// Services whose URL has no profile segment.
    static let servicesWithoutProfile: Set<String> = ["pois"]
    /// Services whose profile is two segments, an owner and a profile (Mapbox's `mapbox/driving`).
    static let servicesWithOwner: Set<String> = ["directions"]

    /// Parses a request target such as `/route/v1/driving/7.42,43.73;7.43,43.74?steps=true`.
    /// - Throws: `InvalidUrl` for a target that is not `/service/version/profile/coordinates`, a bad
    ///   percent escape, or a format other than `json`; `InvalidQuery` for an option without `=`.
    public static func parse(_ target: String) throws(ServiceError) -> RequestTarget {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        guard path.hasPrefix("/") else { throw ServiceError(.invalidUrl, "URL must start with '/'") }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let service = segments.first, !service.isEmpty else {
            throw ServiceError(.invalidUrl, "URL must be /{service}/{version}/{profile}/{coordinates}")
        }
        let hasProfile = !servicesWithoutProfile.contains(service), hasOwner = servicesWithOwner.contains(service)
        let expected = hasOwner ? 5 : hasProfile ? 4 : 3
        guard segments.count == expected, segments.allSatisfy({ !$0.isEmpty }) else {
            let shape = hasOwner ? "/\(service)/{version}/{owner}/{profile}/{coordinates}"
                : hasProfile ? "/{service}/{version}/{profile}/{coordinates}" : "/\(service)/{version}/{coordinates}"
            throw ServiceError(.invalidUrl, "URL must be \(shape)")
        }
        var coordinates = try decode(segments[expected - 1], what: "coordinates")
        if let dot = coordinates.lastIndex(of: "."), !coordinates.hasSuffix(")") {
            // A format suffix is letters only after the last dot; a dot inside a number is not one.
            let suffix = coordinates[coordinates.index(after: dot)...]
            if !suffix.isEmpty && suffix.allSatisfy({ $0.isLetter }) {
                guard suffix == "json" else { throw ServiceError(.invalidUrl, "format '\(suffix)' is not supported (only json)") }
                coordinates = String(coordinates[..<dot])
            }
        }
        var options: [(String, String)] = []
        if parts.count > 1 && !parts[1].isEmpty {
            for item in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
                guard let equals = item.firstIndex(of: "=") else {
                    throw ServiceError(.invalidQuery, "option '\(item)' has no value (expected name=value)")
                }
                let name = try decode(item[..<equals], what: "option name")
                let value = try decode(item[item.index(after: equals)...], what: "option '\(name)'")
                options.append((name, value))
            }
        }
        let profile = hasOwner ? segments[2] + "/" + segments[3] : hasProfile ? segments[2] : nil
        return RequestTarget(service: service, version: segments[1], profile: profile,
                             coordinates: coordinates, options: options)
    }

    /// Decodes `%XX` escapes (and `+` as a space, as form-encoded query strings write it).
    static func decode<S: StringProtocol>(_ text: S, what: String) throws(ServiceError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw ServiceError(.invalidUrl, "bad percent escape in \(what)")
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw ServiceError(.invalidUrl, "\(what) is not UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
