import Geodesy
@testable import Guidance
import Testing

/// A road that divides into two one-way carriageways, or whose carriageways rejoin, under one name: the
/// driver keeps on the same road and is told nothing (OSRM announces neither).
///
///                   c------d
///                  /
///     a-----------b
///                  \
///                   e------f
///
/// `ab` is two-way; `bcd` runs one way away from b, `fe b` one way towards it: both named Avenida.
@Suite struct CarriagewaySplitTests {
    static let drawing = """
                          c------d
                         /
            a-----------b
                         \\
                          e------f
        """

    static func fixture(otherName: String = "Avenida") throws -> GuidanceFixture {
        try GuidanceFixture(Self.drawing, ways: [
            .init("ab", road("Avenida", "secondary")),
            .init("bcd", road("Avenida", "secondary", ["oneway": "yes"])),
            .init("feb", road(otherName, "secondary", ["oneway": "yes"])),
        ])
    }

    @Test func dividingRoadIsNotAnnounced() throws {
        let f = try Self.fixture()
        #expect(f.turns(f.handRoute("abd")).isEmpty, "\(f.turns(f.handRoute("abd")).map(\.type))")
    }

    @Test func rejoiningCarriagewaysAreNotAnnounced() throws {
        let f = try Self.fixture()
        #expect(f.turns(f.handRoute("fba")).isEmpty, "\(f.turns(f.handRoute("fba")).map(\.type))")
    }

    @Test func aRoadOfAnotherNameAtTheSplitIsStillAJunction() throws {
        // The incoming one-way road has another name: b is a real junction, and leaving the road's line
        // onto the one-way branch is said as before (whatever the rule for it, it is not silenced here).
        let split = try Self.fixture()
        let other = try Self.fixture(otherName: "Rua Nova")
        let a = split.steps(split.handRoute("abd")).count, b = other.steps(other.handRoute("abd")).count
        #expect(a == 2 && b >= 2)
    }
}
