import Foundation
import Geodesy
import RoadNetwork
import Testing
@testable import OSMImport

/// The XML dialects real OSM files come in: each quirk as a tiny inline document.
@Suite struct DecodingQuirkTests {
    @Test func waysBeforeNodesAsOverpassWritesThem() throws {
        let xml = osmDocument("""
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
          <node id="1" lat="45.80" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"/>
          <node id="3" lat="45.802" lon="15.97"/>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.nodeCount == 2)
        #expect(result.graph.edgeCount == 2)
        #expect(result.graph.edges(fromOSM: 1, toOSM: 3).count == 1)
        #expect(result.graph.shapePoints.count == 2)
    }

    /// OSM coordinates have seven decimals, so the imported graph holds them in 8 bytes each and reads
    /// back exactly the values the file spells.
    @Test func importedCoordinatesAreHeldInFixedPointAndReadBackAsSpelled() throws {
        let xml = osmDocument("""
          <node id="1" lat="45.8150001" lon="15.9819999"/>
          <node id="2" lat="-33.9000007" lon="-70.6000003"/>
          <node id="3" lat="0.0000001" lon="179.9999999"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
        """)
        let graph = try OSMImporter.importXML(xml).graph
        #expect(graph.nodeCoordinates.isCompact && graph.shapePoints.isCompact)
        let points = Array(graph.nodeCoordinates) + Array(graph.shapePoints)
        for spelled in [(45.8150001, 15.9819999), (-33.9000007, -70.6000003), (0.0000001, 179.9999999)] {
            #expect(points.contains(Coordinate(latitude: spelled.0, longitude: spelled.1)), "\(spelled)")
        }
    }

    @Test func unsortedNodeIDsAreFoundAfterSorting() throws {
        let xml = osmDocument("""
          <node id="30" lat="45.802" lon="15.97"/>
          <node id="10" lat="45.80" lon="15.97"/>
          <node id="20" lat="45.801" lon="15.97"/>
          <way id="1"><nd ref="10"/><nd ref="20"/><nd ref="30"/><tag k="highway" v="primary"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        let edge = try #require(result.graph.edges(fromOSM: 10, toOSM: 30).first)
        #expect(result.graph.shapePoints(of: edge).first == Coordinate(latitude: 45.801, longitude: 15.97))
    }

    @Test func missingNodesOfClippedExtractSplitTheWayAndAreCounted() throws {
        // Node 3 lies outside the clip: the way keeps 1-2 and 4-5 but does not bridge the gap.
        let xml = osmDocument("""
          <node id="1" lat="45.800" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"/>
          <node id="4" lat="45.803" lon="15.97"/>
          <node id="5" lat="45.804" lon="15.97"/>
          <way id="7"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="secondary"/></way>
          <way id="8"><nd ref="98"/><nd ref="99"/><tag k="highway" v="secondary"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.statistics.missingNodeRefsDropped == 3)
        #expect(result.statistics.waysWithMissingNodes == 2)
        #expect(result.statistics.waysDropped == 1)
        #expect(result.graph.edges(fromOSM: 1, toOSM: 2).count == 1)
        #expect(result.graph.edges(fromOSM: 4, toOSM: 5).count == 1)
        #expect(result.graph.edges(fromOSM: 2, toOSM: 4).isEmpty)
        #expect(result.graph.edgeCount == 4)
    }

    @Test func singleQuotedAttributesDecode() throws {
        let xml = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version='0.6' generator='JOSM'>
          <node id='1' lat='45.8' lon='15.97'/>
          <node id='2' lat='45.801' lon='15.97'/>
          <way id='3'><nd ref='1'/><nd ref='2'/><tag k='highway' v='tertiary'/><tag k='name' v="O'Brien Street"/></way>
        </osm>
        """
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.edgeCount == 2)
        #expect(result.graph.name(of: 0) == "O'Brien Street")
    }

    @Test func boundsThatLieAreIgnored() throws {
        let xml = osmDocument("""
          <bounds minlat="0" minlon="0" maxlat="90" maxlon="180"/>
          <node id="1" lat="-33.9" lon="-70.6"/>
          <node id="2" lat="-33.901" lon="-70.6"/>
          <way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.nodeCoordinates.contains(Coordinate(latitude: -33.9, longitude: -70.6)))
    }

    @Test func negativeIDsFromEditorsAreOrdinaryIDs() throws {
        let xml = osmDocument("""
          <node id="-1" action="modify" visible="true" lat="45.8" lon="15.97"/>
          <node id="-2" action="modify" visible="true" lat="45.801" lon="15.97"/>
          <way id="-3" action="modify"><nd ref="-1"/><nd ref="-2"/><tag k="highway" v="residential"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.edges(fromOSM: -1, toOSM: -2).count == 1)
        #expect(result.graph.wayID.allSatisfy { $0 == -3 })
    }

    @Test func metadataAttributesNoteAndMetaAreSkipped() throws {
        let xml = osmDocument("""
          <note>The data included in this document is from www.openstreetmap.org.</note>
          <meta osm_base="2024-01-01T00:00:00Z"/>
          <node id="1" version="3" timestamp="2020-01-01T00:00:00Z" changeset="5" uid="7" user="a &amp; b" lat="45.8" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"/>
          <way id="3" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="R&#252;ckweg &quot;Nord&quot;"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.statistics.nodesRead == 2)
        #expect(result.statistics.waysRead == 1)
        #expect(result.graph.name(of: 0) == "Rückweg \"Nord\"")
    }

    @Test func consecutiveDuplicateNodeRefsAreSkipped() throws {
        let xml = osmDocument("""
          <node id="1" lat="45.8" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"/>
          <node id="3" lat="45.802" lon="15.97"/>
          <way id="4"><nd ref="1"/><nd ref="2"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
        """)
        let result = try OSMImporter.importXML(xml)
        let edge = try #require(result.graph.edges(fromOSM: 1, toOSM: 3).first)
        #expect(result.graph.shapePoints(of: edge).count == 1)
    }

    @Test func coordinatesKeepSevenDecimalsExactly() throws {
        let xml = osmDocument("""
          <node id="1" lat="45.8123456" lon="-0.0000001"/>
          <node id="2" lat="-45.8123457" lon="179.9999999"/>
          <way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="road"/></way>
        """)
        let graph = try OSMImporter.importXML(xml).graph
        #expect(graph.nodeCoordinates[0] == Coordinate(latitude: 45.8123456, longitude: -0.0000001))
        #expect(graph.nodeCoordinates[1] == Coordinate(latitude: -45.8123457, longitude: 179.9999999))
    }

    @Test func fixedPointParserHandlesUnusualButValidNumbers() {
        func parse(_ text: String, limit: Int64 = 90) -> Int32? { text.withCString { parseFixedPoint($0, limit: limit) } }
        #expect(parse("45") == 450_000_000)
        #expect(parse("-0.5") == -5_000_000)
        #expect(parse("45.80000004") == 458_000_000)
        #expect(parse("45.80000005") == 458_000_001)
        #expect(parse("4.58e1") == 458_000_000)
        #expect(parse("90.0000001") == nil)
        #expect(parse("abc") == nil)
        #expect(parse("") == nil)
        #expect(parse("-") == nil)
        #expect(parse("180", limit: 180) == 1_800_000_000)
    }

    @Test func elementsOfEveryKindAreCounted() throws {
        let xml = osmDocument("""
          <node id="1" lat="45.8" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"><tag k="highway" v="traffic_signals"/></node>
          <way id="3"><nd ref="1"/><nd ref="2"/><tag k="building" v="yes"/></way>
          <relation id="4"><member type="way" ref="3" role="outer"/><tag k="type" v="multipolygon"/></relation>
          <relation id="5"><tag k="type" v="route"/></relation>
        """)
        let s = try OSMImporter.importXML(xml).statistics
        #expect(s.nodesRead == 2)
        #expect(s.waysRead == 1)
        #expect(s.relationsRead == 2)
        #expect(s.highwayWays == 0)
        #expect(s.edges == 0)
    }

    @Test func elementsDeletedInAnEditorAreSkipped() throws {
        let xml = osmDocument("""
          <node id="-1" action="modify" lat="45.8" lon="15.97"/>
          <node id="-2" lat="45.801" lon="15.97"/>
          <node id="-3" action="delete" lat="45.802" lon="15.97"/>
          <node id="-4" visible="false" lat="45.803" lon="15.97"/>
          <way id="-5"><nd ref="-1"/><nd ref="-2"/><tag k="highway" v="residential"/></way>
          <way id="-6" action="delete"><nd ref="-2"/><nd ref="-3"/><tag k="highway" v="primary"/></way>
          <relation id="-7" action="delete"><member type="way" ref="-5" role="from"/><tag k="type" v="restriction"/></relation>
        """)
        let result = try OSMImporter.importXML(xml)
        #expect(result.statistics.nodesRead == 2)
        #expect(result.statistics.waysRead == 1)
        #expect(result.statistics.relationsRead == 0)
        #expect(result.statistics.deletedElementsSkipped == 4)
        #expect(result.graph.edgeCount == 2)
        #expect(!result.graph.nodeOSMIDs.contains(-3))
    }
}
