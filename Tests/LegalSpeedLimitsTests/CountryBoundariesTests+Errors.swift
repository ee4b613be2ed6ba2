import Geodesy
@testable import LegalSpeedLimits
import Testing

/// Damaged boundary files: each is refused with an error that names the file, the feature and what was
/// expected; and the unusual but valid forms are read.
@Suite struct CountryBoundariesErrorTests {
    typealias Fixture = BoundaryFixture

    private static let square = "[[[0,0],[1,0],[1,1],[0,1],[0,0]]]"

    private func refusal(reading text: String) -> LegalDataError? {
        do {
            _ = try CountryBoundaries(geoJSON: Array(text.utf8), sourceName: "broken.geojson")
            return nil
        } catch {
            return error
        }
    }

    private func collection(_ features: String...) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    @Test func notJSONNamesTheFileAndTheFirstByte() throws {
        let error = try #require(refusal(reading: "hello"))
        #expect(error.file == "broken.geojson")
        #expect(error.problem == "at byte 0, expected a GeoJSON FeatureCollection '{', found 'h'")
    }

    @Test func emptyOrTruncatedTextIsRefused() throws {
        #expect(refusal(reading: "")?.problem == "at byte 0, expected a GeoJSON FeatureCollection '{', found the end of the text")
        let whole = collection(Fixture.feature("PT", type: "Polygon", coordinates: Self.square))
        let truncated = try #require(refusal(reading: String(whole.prefix(whole.count - 20))))
        #expect(truncated.problem.hasPrefix("feature 0 (id \"PT\"): "))
        #expect(truncated.problem.hasSuffix("found the end of the text"))
    }

    @Test func otherTopLevelTypesOrNoFeaturesAreRefused() throws {
        let feature = try #require(refusal(reading: #"{"type":"Feature","features":[]}"#))
        #expect(feature.problem == #"at byte 8, expected type "FeatureCollection", found "Feature""#)
        let noFeatures = try #require(refusal(reading: #"{"type":"FeatureCollection"}"#))
        #expect(noFeatures.problem.contains(#"expected a "features" array in the FeatureCollection, found none"#))
        let trailing = try #require(refusal(reading: collection() + " x"))
        #expect(trailing.problem.contains("expected the end of the text, found 'x'"))
    }

    @Test func missingIdNamesTheFeatureByIndex() throws {
        let second = #"{"type":"Feature","properties":{"name":"Nowhere"},"geometry":{"type":"Polygon","coordinates":\#(Self.square)}}"#
        let error = try #require(refusal(reading: collection(Fixture.feature("PT", type: "Polygon", coordinates: Self.square), second)))
        #expect(error.problem.hasPrefix("feature 1: "))
        #expect(error.problem.contains(#"expected properties.id, a string such as "PT" or "US-CA", found none"#))
        let nullProperties = #"{"type":"Feature","properties":null,"geometry":{"type":"Polygon","coordinates":\#(Self.square)}}"#
        #expect(refusal(reading: collection(nullProperties))?.problem.contains("expected properties.id") == true)
        let numericID = #"{"type":"Feature","properties":{"id":7},"geometry":{"type":"Polygon","coordinates":\#(Self.square)}}"#
        #expect(refusal(reading: collection(numericID))?.problem.contains("expected a string, found '7'") == true)
    }

    @Test func otherGeometryTypesAreRefused() throws {
        let line = Fixture.feature("PT", type: "LineString", coordinates: "[[0,0],[1,1]]")
        let error = try #require(refusal(reading: collection(line)))
        #expect(error.problem.hasPrefix(#"feature 0 (id "PT"): "#))
        #expect(error.problem.hasSuffix(#"expected geometry type Polygon or MultiPolygon, found "LineString""#))
        let nullGeometry = #"{"type":"Feature","properties":{"id":"PT"},"geometry":null}"#
        #expect(refusal(reading: collection(nullGeometry))?.problem.hasSuffix("expected a Polygon or MultiPolygon geometry, found null") == true)
        let untyped = #"{"type":"Feature","properties":{"id":"PT"},"geometry":{"coordinates":\#(Self.square)}}"#
        #expect(refusal(reading: collection(untyped))?.problem.contains("expected a geometry type") == true)
    }

    @Test func ringsOfFewerThanFourPositionsAreRefused() throws {
        let triangle = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[1,0],[0,0]]]")
        let error = try #require(refusal(reading: collection(triangle)))
        #expect(error.problem.hasPrefix(#"feature 0 (id "PT"): "#))
        #expect(error.problem.hasSuffix("expected a ring of at least 4 positions (a closed ring repeats its first last), found 3"))
        let inMultiPolygon = Fixture.feature("ES", type: "MultiPolygon", coordinates: "[\(Self.square),[[]]]")
        #expect(refusal(reading: collection(inMultiPolygon))?.problem.hasSuffix("found 0") == true)
    }

    @Test func openRingsAndEmptyPolygonsAreRefused() throws {
        let open = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[1,0],[1,1],[0,1],[0,0.5]]]")
        #expect(refusal(reading: collection(open))?.problem.contains("expected a closed ring") == true)
        let empty = Fixture.feature("PT", type: "Polygon", coordinates: "[]")
        #expect(refusal(reading: collection(empty))?.problem.hasSuffix("expected at least one ring in a polygon, found none") == true)
    }

    @Test func nonNumericCoordinatesAreRefused() throws {
        let text = Fixture.feature("PT", type: "Polygon", coordinates: #"[[[0,0],[1,"north"],[1,1],[0,1],[0,0]]]"#)
        let error = try #require(refusal(reading: collection(text)))
        #expect(error.problem.hasPrefix(#"feature 0 (id "PT"): at byte "#))
        #expect(error.problem.hasSuffix(#"expected a number, found '"'"#))
        let tooDeep = Fixture.feature("PT", type: "Polygon", coordinates: "[\(Self.square)]")
        #expect(refusal(reading: collection(tooDeep))?.problem.hasSuffix("expected a number, found '['") == true)
        let short = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[1],[1,1],[0,1],[0,0]]]")
        #expect(refusal(reading: collection(short))?.problem.hasSuffix("expected a latitude after the longitude, found none") == true)
        let bare = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[1,-],[1,1],[0,1],[0,0]]]")
        #expect(refusal(reading: collection(bare))?.problem.hasSuffix("expected a number, found '-'") == true)
    }

    @Test func coordinatesOutOfRangeAreRefused() throws {
        let text = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[1,95],[1,1],[0,1],[0,0]]]")
        #expect(refusal(reading: collection(text))?.problem.hasSuffix("expected a latitude in -90...90, found 95.0") == true)
        let east = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0],[180.5,0],[1,1],[0,1],[0,0]]]")
        #expect(refusal(reading: collection(east))?.problem.hasSuffix("expected a longitude in -180...180, found 180.5") == true)
    }

    @Test func repeatedIdsAreRefused() throws {
        let text = collection(Fixture.feature("PT", type: "Polygon", coordinates: Self.square),
                              Fixture.feature("PT", type: "Polygon", coordinates: Self.square))
        let error = try #require(refusal(reading: text))
        #expect(error.problem.hasPrefix(#"feature 1 (id "PT"): "#))
        #expect(error.problem.hasSuffix(#"expected each id once, found "PT" again (first in feature 0)"#))
    }

    // MARK: Valid but unusual

    @Test func membersInAnyOrderAndUnknownOnesAreRead() throws {
        let text = """
            { "features" : [ { "geometry" : { "coordinates" : [ [ [ 0 , 0 ] , [ 1 , 0 ] , [ 1 , 1 ] , [ 0 , 1 ] , [ 0 , 0 ] ] ],
                                              "bbox" : [ 0, 0, 1, 1 ], "type" : "Polygon" },
                               "properties" : { "name" : { "en" : "Somewhere", "tags" : [ true, false, null, -1.5e3 ] },
                                                "id" : "S\\u00e9-\\u0041\\n\\"\\/" },
                               "id" : 17, "type" : "Feature" } ],
              "type" : "FeatureCollection", "crs" : null }
            """
        let boundaries = try CountryBoundaries(geoJSON: Array(text.utf8), sourceName: "odd.geojson")
        #expect(boundaries.ids == ["Sé-A\n\"/"])
        #expect(boundaries.region(at: Coordinate(latitude: 0.5, longitude: 0.5)) == "Sé-A\n\"/")
    }

    @Test func positionsMayCarryAnAltitude() throws {
        let text = Fixture.feature("PT", type: "Polygon", coordinates: "[[[0,0,10],[1,0,12.5],[1,1,0],[0,1,-3],[0,0,10]]]")
        let boundaries = try CountryBoundaries(geoJSON: Array(collection(text).utf8), sourceName: "altitude.geojson")
        #expect(boundaries.region(at: Coordinate(latitude: 0.5, longitude: 0.5)) == "PT")
    }

    @Test func numbersAreReadAsTheNearestDouble() throws {
        let spellings = ["0", "-0", "12", "-8.61", "41.15", "1e1", "1.5E+1", "25e-1", "0.000123", "12.345678901234567890123",
                         "179.99999999999999999", "1234567890123456789012", "4.9e-324", "1.7976931348623157e308", "0.1e-400"]
        for spelling in spellings {
            var scanner = CountryBoundariesJSONScanner(Array(spelling.utf8))
            let value = try scanner.readNumber()
            #expect(value == Double(spelling), "\(spelling)")
            #expect(value.sign == (spelling.hasPrefix("-") ? .minus : .plus), "\(spelling)")
        }
        for broken in ["-", ".5", "1.", "1e", "1e+", "+1"] {
            var scanner = CountryBoundariesJSONScanner(Array(broken.utf8))
            var trailing = true
            do {
                _ = try scanner.readNumber()
                trailing = (try? scanner.expectEnd()) == nil
            } catch {}
            #expect(trailing, "\(broken) is not a JSON number")
        }
    }
}
