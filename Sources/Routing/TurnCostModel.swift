import Foundation
import Geodesy
import RoadNetwork

/// What a turn at a junction costs in time, after OSRM's car profile (`process_turn` in `car.lua`).
///
/// A turn is the move from the edge a car arrives over to the edge it leaves on, at their shared node.
/// Its time, in this order:
/// - **waiting at the node**: `trafficSignalDelay` at `highway=traffic_signals`, `stopDelay` at a stop
///   sign, `giveWayDelay` at a give-way sign, `gateDelay` at a gate, when the control faces the arrival direction. As in OSRM,
///   a `stop=minor` sign only stops a car arriving on a road slower than another road of the junction,
///   and an undirected stop sign on a plain road point (two roads) is passed without stopping by a car
///   that arrives within `stopSignReach` of the previous node and leaves over more than that (the sign
///   stands at the junction behind it, facing the other way);
/// - **the turn itself**, only at a real junction (more than two roads meet), where the travel mode
///   changes (boarding a ferry), or on a U-turn: OSRM's sigmoid of the turn angle,
///   `turnPenalty / (1 + e^-(13/b × a/180 − 6.5 b))` for a turn of `a` degrees to the right and
///   `turnPenalty / (1 + e^-(13 b × a/180 − 6.5/b))` for `a` degrees to the left, with `b = turnBias` in
///   right-hand traffic and `1/turnBias` in left-hand traffic: straight on costs next to nothing, a right
///   turn 2.1 s, a left turn 5.4 s, a U-turn 7.5 s in right-hand traffic (mirrored on the left);
/// - **a U-turn** (back over the same road) adds `uTurnPenalty`.
///
/// Angles come from `bearingReach` metres of each edge's geometry next to the node, so a shape point a
/// metre from the junction does not decide the angle. Turns cost no distance: the distance metric only
/// keeps the rules on which turns are possible (see `Router`).
public struct TurnCostModel: Sendable, Hashable {
    /// The largest angle penalty (OSRM's `turn_penalty`).
    var turnPenalty: Seconds
    /// How much dearer turns across traffic are than turns with it (OSRM's `turn_bias`).
    var turnBias: Double
    /// Added to the angle penalty of a U-turn (OSRM's `u_turn_penalty`).
    var uTurnPenalty: Seconds
    /// Waiting at traffic signals (OSRM's `traffic_signal_penalty`/`traffic_light_penalty`).
    var trafficSignalDelay: Seconds
    /// Waiting at a stop sign (OSRM's obstacle duration for `highway=stop`).
    var stopDelay: Seconds
    /// Waiting at a give-way sign (OSRM's obstacle duration for `highway=give_way`).
    var giveWayDelay: Seconds
    /// Opening a gate (OSRM's `barrier_penalties` for `gate` and `lift_gate`).
    var gateDelay: Seconds
    /// How far along each edge the bearings of a turn are measured.
    var bearingReach: Meters
    /// OSRM's limit for telling which way an undirected stop sign on a plain road point faces.
    var stopSignReach: Meters

    /// OSRM's car profile values.
    init(turnPenalty: Seconds = 7.5, turnBias: Double = 1.075, uTurnPenalty: Seconds = 20,
                trafficSignalDelay: Seconds = 2, stopDelay: Seconds = 2, giveWayDelay: Seconds = 1,
                gateDelay: Seconds = 60, bearingReach: Meters = 10, stopSignReach: Meters = 20) {
        self.turnPenalty = turnPenalty
        self.turnBias = turnBias
        self.uTurnPenalty = uTurnPenalty
        self.trafficSignalDelay = trafficSignalDelay
        self.stopDelay = stopDelay
        self.giveWayDelay = giveWayDelay
        self.gateDelay = gateDelay
        self.bearingReach = bearingReach
        self.stopSignReach = stopSignReach
    }

    /// OSRM's car profile.
    public static let osrmCar = TurnCostModel()

    /// No turn costs at all: every turn is free (the U-turn rule of `Router` still applies).
    static let free = TurnCostModel(turnPenalty: 0, uTurnPenalty: 0, trafficSignalDelay: 0, stopDelay: 0, giveWayDelay: 0,
                                           gateDelay: 0)

    /// The angle penalty of a turn `degrees` to the right (negative: to the left), -180...180.
    func anglePenalty(degrees: Double, drivingSide: DrivingSide) -> Seconds {
        guard turnPenalty > 0 else { return 0 }
        let bias = drivingSide == .left ? 1 / turnBias : turnBias
        let exponent = degrees >= 0
            ? (13 / bias) * degrees / 180 - 6.5 * bias
            : (13 * bias) * -degrees / 180 - 6.5 / bias
        return turnPenalty / (1 + exp(-exponent))
    }

    /// The wait a control causes (before the direction and minor-road rules).
    func delay(at control: TrafficControl.Kind) -> Seconds {
        switch control {
        case .none: 0
        case .trafficSignals: trafficSignalDelay
        case .stop, .stopMinor: stopDelay
        case .giveWay: giveWayDelay
        case .gate: gateDelay
        // Nothing passes a barrier: the import ends every road there.
        case .barrier: 0
        }
    }

    /// The time of one turn, from its geometry and the junction's make-up (see the type's rules).
    func cost(of turn: TurnDescription, drivingSide: DrivingSide) -> Seconds {
        var seconds: Seconds = turn.controlApplies ? delay(at: turn.control) : 0
        if turn.roadCount > 2 || turn.changesMode || turn.isUTurn {
            seconds += anglePenalty(degrees: turn.isUTurn ? 180 : turn.angleDegrees, drivingSide: drivingSide)
            if turn.isUTurn { seconds += uTurnPenalty }
        }
        return seconds
    }
}

/// The facts about one turn that `TurnCostModel` prices.
struct TurnDescription: Sendable, Hashable {
    /// Degrees to the right (negative: to the left) between the arrival and the departure bearing.
    var angleDegrees: Double
    /// Roads meeting at the node (a two-way road counts once).
    var roadCount: Int
    /// Leaving back over the road the car arrived on.
    var isUTurn: Bool
    /// Boarding or leaving a ferry.
    var changesMode: Bool
    /// What stands at the node.
    var control: TrafficControl.Kind
    /// Whether that control makes this car wait (direction, minor-road and stop-sign-reach rules applied).
    var controlApplies: Bool

    init(angleDegrees: Double, roadCount: Int, isUTurn: Bool, changesMode: Bool = false,
                control: TrafficControl.Kind = .none, controlApplies: Bool = false) {
        self.angleDegrees = angleDegrees
        self.roadCount = roadCount
        self.isUTurn = isUTurn
        self.changesMode = changesMode
        self.control = control
        self.controlApplies = controlApplies
    }
}
