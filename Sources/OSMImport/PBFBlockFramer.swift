/// One file block of an OSM PBF file as framed on disk: its BlobHeader type and the Blob's bytes,
/// still compressed. Cheap to hand to another thread (the bytes are an array).
struct PBFFileBlock: Sendable {
    /// 1-based position in the file (the OSMHeader is block 1).
    var number: Int
    /// Byte offset of the block's 4-byte length prefix.
    var offset: Int64
    /// The BlobHeader's type: `OSMHeader`, `OSMData`, or something this reader skips.
    var type: String
    /// The serialized `Blob` message.
    var blob: [UInt8]
}

/// Splits an OSM PBF stream into file blocks: a 4-byte big-endian BlobHeader length, the BlobHeader,
/// then `datasize` bytes of Blob. Reads sequentially (standard input works), one block at a time, so
/// memory is bounded by the format's limits whatever the file size.
///
/// Every size is checked against the limits of the format (fileformat.proto / the OSM wiki) before
/// anything is allocated: a damaged length cannot make the reader allocate gigabytes.
final class PBFBlockFramer {
    /// A BlobHeader must be under 64 KiB.
    static let maximumHeaderBytes = 64 * 1024
    /// A Blob, compressed or not, must be under 32 MiB.
    static let maximumBlobBytes = 32 * 1024 * 1024

    private let source: ByteSource
    private(set) var blocksRead = 0
    /// Bytes of the file consumed so far (the offset of the next block).
    private(set) var offset: Int64 = 0

    init(source: ByteSource) {
        self.source = source
    }

    private func error(_ detail: String, block: Int, at blockOffset: Int64) -> OSMImportError {
        OSMImportError(kind: .malformedPBF, source: source.sourceName, block: block, blockOffset: blockOffset, detail: detail)
    }

    /// The next block, or nil at the clean end of the file (right after a whole block).
    func next() throws(OSMImportError) -> PBFFileBlock? {
        let number = blocksRead + 1
        let start = offset
        var prefix = [UInt8](repeating: 0, count: 4)
        let prefixCount = try read(into: &prefix)
        if prefixCount == 0 { return nil }
        guard prefixCount == 4 else {
            throw error("the file ends inside the block's 4-byte length prefix (\(prefixCount) bytes; truncated file?)", block: number, at: start)
        }
        let headerLength = Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3])
        guard headerLength > 0, headerLength < Self.maximumHeaderBytes else {
            throw error("the BlobHeader length is \(headerLength) bytes, expected 1 ..< \(Self.maximumHeaderBytes) (damaged file, or not PBF)",
                        block: number, at: start)
        }
        var headerBytes = [UInt8](repeating: 0, count: headerLength)
        let headerCount = try read(into: &headerBytes)
        guard headerCount == headerLength else {
            throw error("the file ends inside the BlobHeader: \(headerCount) of \(headerLength) bytes (truncated file?)", block: number, at: start)
        }
        let header: (type: String, dataSize: Int)
        do throws(ProtobufError) {
            header = try headerBytes.withBytes { bytes throws(ProtobufError) in try Self.parseBlobHeader(bytes) }
        } catch {
            throw self.error("damaged BlobHeader: \(error.detail)", block: number, at: start)
        }
        guard header.dataSize < Self.maximumBlobBytes else {
            throw error("the blob is \(header.dataSize) bytes, over the format's 32 MiB limit (\(Self.maximumBlobBytes) bytes)",
                        block: number, at: start)
        }
        let blob = try readBlob(count: header.dataSize)
        guard blob.count == header.dataSize else {
            throw error("the file ends inside the \(printable(header.type)) blob: \(blob.count) of \(header.dataSize) bytes (truncated file?)",
                        block: number, at: start)
        }
        blocksRead = number
        return PBFFileBlock(number: number, offset: start, type: header.type, blob: blob)
    }

    /// Reads up to `count` bytes, growing the array as they arrive: a damaged size in a short file then
    /// costs what the file holds, not the size it claims.
    private func readBlob(count: Int) throws(OSMImportError) -> [UInt8] {
        let step = 1 << 20
        var blob: [UInt8] = []
        blob.reserveCapacity(min(count, step))
        var chunk = [UInt8](repeating: 0, count: min(count, step))
        while blob.count < count {
            if chunk.count > count - blob.count { chunk.removeLast(chunk.count - (count - blob.count)) }
            let n = try read(into: &chunk)
            blob += chunk[..<n]
            if n < chunk.count { break }
        }
        return blob
    }

    /// Fills `buffer` from the source; fewer bytes only at the end of the input.
    private func read(into buffer: inout [UInt8]) throws(OSMImportError) -> Int {
        let wanted = buffer.count
        guard wanted > 0 else { return 0 }
        let source = self.source
        let result: Result<Int, OSMImportError> = buffer.withUnsafeMutableBytes { bytes in
            do throws(OSMImportError) {
                return .success(try source.read(into: bytes.baseAddress!, capacity: wanted))
            } catch {
                return .failure(error)
            }
        }
        let count = try result.get()
        offset += Int64(count)
        return count
    }

    /// The BlobHeader's `type` (field 1) and `datasize` (field 3); `indexdata` and unknown fields are skipped.
    static func parseBlobHeader(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) -> (type: String, dataSize: Int) {
        var reader = ProtobufReader(bytes)
        var type: String?
        var dataSize: Int?
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited):
                type = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
            case (3, .varint):
                let value = Int64(bitPattern: try reader.varint())
                guard value >= 0, value <= Int64(Int32.max) else { throw ProtobufError("datasize is \(value), expected a non-negative int32") }
                dataSize = Int(value)
            default:
                try reader.skip(field.wireType)
            }
        }
        guard let type else { throw ProtobufError("it has no type (field 1), expected OSMHeader or OSMData") }
        guard let dataSize else { throw ProtobufError("it has no datasize (field 3)") }
        return (type, dataSize)
    }
}
