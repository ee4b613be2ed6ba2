@testable import OSMImport

/// libFuzzer target `pbf`: the OSM PBF reader. The seeds are PBF files (zlib and raw blocks), so
/// mutations land in the framing, BlobHeaders, Blobs and, in raw blocks, the PrimitiveBlocks
/// themselves. Each input goes through the whole import (one decoding thread, and for a quarter of
/// the inputs three, so the pipeline's threads are fuzzed too), and is also decoded directly as a
/// HeaderBlock and as a PrimitiveBlock, which zlib would otherwise shield from most mutations.
/// Every input must end as an imported graph or an `OSMImportError`, never a trap or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBFReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for threads in size % 4 == 0 ? [1, 3] : [1] {
        do {
            _ = try OSMImporter.run(try ByteSource(bytes: bytes, sourceName: "<fuzz>"), options: ImportOptions(threads: threads))
        } catch {}
    }
    let raw = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? PBFHeaderBlock.decode(raw)
    let decoder = PBFPrimitiveBlockDecoder(filters: PBFTagFilters(nodeTagKeys: ImportCollector.nodeTagKeys, wayTagKeys: ImportCollector.wayTagKeys,
                                                                  relationTagKeys: ImportCollector.relationTagKeys))
    _ = try? decoder.decode(raw)
    _ = try? PBFBlob.decompress(raw)
    return 0
}
