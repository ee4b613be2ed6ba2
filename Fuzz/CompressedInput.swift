@testable import OSMImport

/// libFuzzer target `compressed`: the gzip and bzip2 readers. The seeds are compressed extracts, so
/// mutations land in compressed streams (headers, block data, checksums, truncation, trailing bytes).
/// The bytes are first drained straight from `ByteSource` (the reader alone), then imported (the
/// reader behind the prefetching thread). Either must finish with bytes or an error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompressedInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let bufferBytes = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferBytes, alignment: 16)
    defer { buffer.deallocate() }
    do {
        let source = try ByteSource(bytes: bytes, sourceName: "<fuzz>")
        while try source.read(into: buffer, capacity: bufferBytes) > 0 {}
    } catch {}
    do {
        _ = try OSMImporter.run(try ByteSource(bytes: bytes, sourceName: "<fuzz>"), options: ImportOptions())
    } catch {}
    return 0
}
