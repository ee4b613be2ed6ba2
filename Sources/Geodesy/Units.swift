/// Units carried in type names, so a signature says what a number measures.
///
/// They are aliases rather than wrapper structs: the hot loops (A*, densifying) do plain arithmetic on
/// them, and an alias costs nothing while still stating the unit at every declaration.
public typealias Meters = Double
/// A duration in seconds.
public typealias Seconds = Double
/// A speed in kilometres per hour, the unit OSM's plain `maxspeed` numbers use.
public typealias KilometersPerHour = Double
/// A speed in metres per second.
public typealias MetersPerSecond = Double
/// An angle in degrees (latitude, longitude, turn angles).
public typealias Degrees = Double

/// Conversions between the speed units OSM tags use.
public enum SpeedConversion {
    /// Kilometres per international mile (1609.344 m).
    public static let kilometersPerMile = 1.609344
    /// Kilometres per nautical mile (1852 m), the unit of a knot.
    public static let kilometersPerNauticalMile = 1.852

    /// Converts km/h to m/s.
    @inlinable public static func metersPerSecond(_ speed: KilometersPerHour) -> MetersPerSecond { speed / 3.6 }
    /// Converts m/s to km/h.
    @inlinable public static func kilometersPerHour(_ speed: MetersPerSecond) -> KilometersPerHour { speed * 3.6 }
    /// Converts miles per hour to km/h.
    @inlinable public static func kilometersPerHour(milesPerHour: Double) -> KilometersPerHour { milesPerHour * kilometersPerMile }
    /// Converts knots to km/h.
    @inlinable public static func kilometersPerHour(knots: Double) -> KilometersPerHour { knots * kilometersPerNauticalMile }
}
