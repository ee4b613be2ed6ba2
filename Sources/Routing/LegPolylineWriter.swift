import Geodesy
import RoadNetwork

/// Writes a leg's polyline and the span of each of its segments into uninitialised storage reserved for
/// the whole leg, so building a route's geometry costs no allocation, uniqueness check or bounds check
/// per point.
///
/// The spans (the leg's kept edges, in order) are appended one after another; each span's first point
/// is the previous span's last, so it is written only for the leg's very first span. Segment `i` runs
/// from point `i` to point `i + 1` and belongs to `spans[i]`.
///
/// Invariant: `count <= capacity`; `points[0 ..< count]` and `spans[0 ..< max(0, count - 1)]` are
/// initialised. Writing past `capacity` traps rather than overrun the storage.
struct LegPolylineWriter {
    let points: UnsafeMutableBufferPointer<Coordinate>
    let spans: UnsafeMutableBufferPointer<Int>
    /// The most points the storage takes (one span per segment).
    let capacity: Int
    /// Points written so far.
    private(set) var count = 0

    init(points: UnsafeMutableBufferPointer<Coordinate>, spans: UnsafeMutableBufferPointer<Int>) {
        self.points = points
        self.spans = spans
        capacity = min(points.count, spans.count + 1)
    }

    /// Segments written so far.
    var segmentCount: Int { max(0, count - 1) }

    /// Starts a span at `point`: written only when it is the leg's first point.
    @inline(__always)
    mutating func beginSpan(at point: Coordinate) {
        guard count == 0 else { return }
        precondition(capacity > 0, "the leg's polyline outgrew its reserved storage")
        points.initializeElement(at: 0, to: point)
        count = 1
    }

    /// Continues the current span (number `span`) to `point`.
    @inline(__always)
    mutating func append(_ point: Coordinate, span: Int) {
        precondition(count > 0 && count < capacity, "the leg's polyline outgrew its reserved storage")
        points.initializeElement(at: count, to: point)
        spans.initializeElement(at: count - 1, to: span)
        count += 1
    }

    /// Continues the current span (number `span`) through the points of `column` at `range`, copied in bulk.
    @inline(__always)
    mutating func append(_ range: Range<Int>, of column: CoordinateColumn, span: Int) {
        guard !range.isEmpty else { return }
        precondition(count > 0 && count + range.count <= capacity, "the leg's polyline outgrew its reserved storage")
        column.copy(range, to: points.baseAddress! + count)
        (spans.baseAddress! + count - 1).initialize(repeating: span, count: range.count)
        count += range.count
    }
}
