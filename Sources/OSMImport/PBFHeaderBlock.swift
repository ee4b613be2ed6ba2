/// The `HeaderBlock` of an OSM PBF file (osmformat.proto): what a reader must support to read the
/// file, and what wrote it.
struct PBFHeaderBlock: Equatable {
    /// Features the reader must understand (`OsmSchema-V0.6`, `DenseNodes`, …).
    var requiredFeatures: [String] = []
    var optionalFeatures: [String] = []
    var writingProgram: String?

    /// The required features this reader implements.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// Decodes the header block's bytes (already decompressed).
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(PBFBlockProblem) -> PBFHeaderBlock {
        var header = PBFHeaderBlock()
        do throws(ProtobufError) {
            var reader = ProtobufReader(bytes)
            while let field = try reader.nextField() {
                switch (field.number, field.wireType) {
                case (4, .lengthDelimited): header.requiredFeatures.append(String(decoding: try reader.lengthDelimited(), as: UTF8.self))
                case (5, .lengthDelimited): header.optionalFeatures.append(String(decoding: try reader.lengthDelimited(), as: UTF8.self))
                case (16, .lengthDelimited): header.writingProgram = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
                default: try reader.skip(field.wireType)
                }
            }
        } catch {
            throw .malformed("damaged HeaderBlock: \(error.detail)")
        }
        return header
    }

    /// Refuses a file that needs a feature this reader lacks, naming it.
    func checkSupported() throws(PBFBlockProblem) {
        for feature in requiredFeatures where !Self.supportedFeatures.contains(feature) {
            if feature == "HistoricalInformation" {
                throw PBFBlockProblem(kind: .unsupportedPBF, detail: "the header requires feature 'HistoricalInformation': this is a history file "
                    + "(every version of every element), and waymark imports current data only (make one with: osmium time-filter FILE.osm.pbf -o NOW.osm.pbf)")
            }
            throw PBFBlockProblem(kind: .unsupportedPBF, detail: "the header requires feature '\(printable(feature))', which waymark does not support "
                + "(it reads \(Self.supportedFeatures.sorted().joined(separator: " and ")))")
        }
    }
}

/// Text from a file made safe for a one-line message: control characters escaped, at most 60 characters.
func printable(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars.prefix(60) {
        if scalar.value < 0x20 || scalar.value == 0x7f { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
    }
    return text.unicodeScalars.count > 60 ? out + "…" : out
}
