/// A compass direction in degrees clockwise from true north, normalised to 0..<360.
public struct Bearing: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees clockwise from north, always in 0..<360.
    public let degrees: Degrees

    public init(degrees: Degrees) {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        if d >= 360 { d = 0 }
        self.degrees = d
    }

    /// The signed turn from `self` to `other`, in -180..<180 (positive = clockwise = to the right).
    public func turnAngle(to other: Bearing) -> Degrees {
        var delta = other.degrees - degrees
        while delta >= 180 { delta -= 360 }
        while delta < -180 { delta += 360 }
        return delta
    }

    /// The opposite direction.
    public var reversed: Bearing { Bearing(degrees: degrees + 180) }

    public var description: String { "\(Int(degrees.rounded()))°" }
}
