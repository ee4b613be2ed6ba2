import Geodesy
import OutputEncoding
import Testing

/// The JSON writer's layouts, escaping and numbers, and the GeoJSON feature writer built on it.
@Suite struct JSONWriterTests {
    @Test func compactAndSpacedLayoutsDifferOnlyInSpaces() {
        for (layout, expected) in [(JSONWriter.Layout.compact, #"{"a":1,"b":[1.5,null],"c":"x"}"#),
                                   (.spaced, #"{"a": 1, "b": [1.5, null], "c": "x"}"#)] {
            var w = JSONWriter(layout: layout)
            w.beginObject()
            w.field("a", 1)
            w.key("b")
            w.beginArray()
            w.number(1.5)
            w.number(.nan)
            w.endArray()
            w.field("c", "x")
            w.endObject()
            #expect(w.text == expected)
        }
    }

    @Test func multilineContainersPutEachElementOnItsOwnLine() {
        var w = JSONWriter(layout: .spaced)
        w.beginArray(multilineIndent: 0)
        w.integer(1)
        w.beginArray(multilineIndent: 2)
        w.endArray()
        w.endArray()
        #expect(w.text == "[\n  1,\n  []\n]")
    }

    @Test func stringsAreEscapedAsRFC8259Asks() {
        #expect(JSONWriter.quoted("a\"b\\c\nd\te\u{01}é") == #""a\"b\\c\nd\te\u0001é""#)
    }

    @Test func numbersAreFixedWithoutExponentOrTrailingZeros() {
        var w = JSONWriter()
        w.beginArray()
        w.number(2.50, decimals: 2)
        w.number(0.000123457, significantDigits: 6)
        w.number(1234567.8, significantDigits: 7)
        w.number(roundTrip: 0.1)
        w.endArray()
        #expect(w.text == "[2.5,0.000123457,1234568,0.1]")
    }

    @Test func featuresAreRFC7946FeatureObjectsInACollection() {
        var w = JSONWriter()
        w.featureCollection { w in
            w.feature(.point) { w in
                w.position(Coordinate(latitude: 45.5, longitude: 15.25), decimals: 2)
            } properties: { w in
                w.field("name", "A")
            }
            w.feature(.lineString) { w in
                w.beginArray()
                w.endArray()
            } properties: { _ in }
        }
        #expect(w.text == #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[15.25,45.5]},"properties":{"name":"A"}},"#
            + #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[]},"properties":{}}]}"#)
    }

    @Test func xmlAndCSVEscaping() {
        #expect(TextEscaping.xml(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(TextEscaping.csv("plain") == "plain")
        #expect(TextEscaping.csv("a,\"b\"") == "\"a,\"\"b\"\"\"")
    }
}
