/// Which trips a solver may return: closed or open, and which stops, if any, are pinned to its ends.
///
/// OSRM's `roundtrip`, `source=first|any` and `destination=last|any`. A round trip with a pinned end
/// starts and ends there; with both ends pinned it runs start → … → end and back to start. An open trip
/// (`roundtrip=false`) needs at least one pinned end (OSRM answers `NotImplemented` otherwise).
public struct TripShape: Sendable, Equatable {
    /// Whether the trip returns to its first stop.
    public var roundtrip: Bool
    /// The stop the trip must start at, if any.
    public var start: Int?
    /// The stop the trip must end at, if any (a round trip with only this pinned starts there too).
    public var end: Int?

    public init(roundtrip: Bool = true, start: Int? = nil, end: Int? = nil) {
        self.roundtrip = roundtrip
        self.start = start
        self.end = end
    }

    /// Whether solvers handle the shape: every round trip, and open trips with a pinned end.
    public var isSupported: Bool { roundtrip || start != nil || end != nil }
}
