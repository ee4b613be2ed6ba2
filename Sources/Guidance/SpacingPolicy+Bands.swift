import Geodesy

extension SpacingPolicy {
    /// Stretches shorter than this get no intermediate waypoints under `.bands`.
    public static let shortestDensifiedStretch: Meters = 20
    /// Floating-point slack when comparing a measured length with a band edge.
    static let bandEdgeSlack: Meters = 1e-6

    /// The interval between inserted waypoints on a stretch (the segment between two consecutive shape
    /// points) of `length`, or nil when the stretch gets none.
    ///
    /// Band edges belong to the band that starts there (lower edge inclusive, upper edge exclusive):
    /// under 20 m -> none; 20 m up to (not incl.) 100 m -> every 20 m; 100 m up to 1000 m -> every 50 m;
    /// 1000 m up to 5000 m -> every 100 m; 5000 m and more -> every 200 m. So a stretch of exactly
    /// 100 m is spaced 50 m, of exactly 1000 m 100 m, and of exactly 5000 m 200 m.
    /// `.fixed(d)` uses `d` on every stretch (a non-positive or non-finite `d` inserts nothing).
    public func interval(forStretch length: Meters) -> Meters? {
        switch self {
        case .fixed(let d):
            return d > 0 && d.isFinite ? d : nil
        case .bands:
            // Lengths are measured on the sphere; a stretch drawn as exactly 100 m may measure
            // 99.9999999 m, so the edges are compared with a micrometre of slack.
            let l = length + Self.bandEdgeSlack
            if !(l >= Self.shortestDensifiedStretch) { return nil }
            if l < 100 { return 20 }
            if l < 1000 { return 50 }
            if l < 5000 { return 100 }
            return 200
        }
    }
}
