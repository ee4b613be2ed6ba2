@testable import OSMImport

/// libFuzzer target `xml`: any bytes through the whole import (expat decoding, the collector, graph
/// assembly). Every input must end as an imported graph or an `OSMImportError`, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let source = try ByteSource(bytes: bytes, sourceName: "<fuzz>")
        _ = try OSMImporter.run(source, options: ImportOptions())
    } catch {
        // A clean, typed error is the expected outcome for most inputs.
    }
    return 0
}
