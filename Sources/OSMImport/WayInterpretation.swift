import Geodesy
import RoadNetwork

/// What the car profile makes of one OSM way: nil from `interpret` when a car may not use it.
struct WayInterpretation: Sendable, Equatable {
    /// Which way(s) along the node order a car may drive.
    enum Direction: Sendable, Equatable { case both, forward, backward }

    var highway: HighwayClass
    var direction: Direction
    /// Flags shared by both directions (roundabout, link, destinationOnly, toll, tunnel, bridge);
    /// `oneway`/`againstWayDirection` are added per edge.
    var flags: EdgeFlags
    var forwardLimit: SpeedLimit
    var backwardLimit: SpeedLimit
    var forwardSpeed: KilometersPerHour
    var backwardSpeed: KilometersPerHour
    var name: String
    var ref: String
    /// Destinations (in the driven direction of a oneway) and exit numbers the way's signs announce.
    var signposts = WaySignposts()
    /// The lanes of each direction (`turn:lanes`), or why they were dropped.
    var turnLanes = WayTurnLanes()
    /// A `maxspeed*` tag was present but could not be read (the class default was used).
    var hadUnreadableMaxspeed: Bool
    /// A ferry's tagged crossing time for the whole way (its `duration`); nil times edges by speed.
    var crossingDuration: Seconds? = nil
}
