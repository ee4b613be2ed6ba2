import CZlib

/// The `Blob` message of fileformat.proto: one block's bytes, raw or zlib-compressed.
enum PBFBlob {
    /// Returns the block's uncompressed bytes.
    ///
    /// Raw and zlib data are read; LZMA, LZ4, ZSTD and the obsolete bzip2 are refused by name. The
    /// uncompressed size (`raw_size`) must be under the format's 32 MiB limit and must be what the
    /// zlib data really inflates to, so a damaged size can neither allocate without bound nor go unnoticed.
    /// - Complexity: O(uncompressed bytes).
    static func decompress(_ blob: UnsafeRawBufferPointer) throws(PBFBlockProblem) -> [UInt8] {
        var raw: UnsafeRawBufferPointer?
        var zlib: UnsafeRawBufferPointer?
        var rawSize: Int64?
        var unsupported: String?
        do throws(ProtobufError) {
            var reader = ProtobufReader(blob)
            while let field = try reader.nextField() {
                switch (field.number, field.wireType) {
                case (1, .lengthDelimited): raw = try reader.lengthDelimited()
                case (2, .varint): rawSize = Int64(bitPattern: try reader.varint())
                case (3, .lengthDelimited): zlib = try reader.lengthDelimited()
                case (4, .lengthDelimited): _ = try reader.lengthDelimited(); unsupported = "LZMA"
                case (5, .lengthDelimited): _ = try reader.lengthDelimited(); unsupported = "bzip2 (obsolete since 2010)"
                case (6, .lengthDelimited): _ = try reader.lengthDelimited(); unsupported = "LZ4"
                case (7, .lengthDelimited): _ = try reader.lengthDelimited(); unsupported = "ZSTD"
                default: try reader.skip(field.wireType)
                }
            }
        } catch {
            throw .malformed("damaged Blob message: \(error.detail)")
        }
        if let raw { return Array(raw) }
        if let zlib { return try inflate(zlib, rawSize: rawSize) }
        if let unsupported {
            throw PBFBlockProblem(kind: .unsupportedPBF,
                                  detail: "unsupported compression: the blob is \(unsupported)-compressed; waymark reads raw and zlib blobs (convert with: osmium cat FILE.osm.pbf -o NEW.osm.pbf)")
        }
        throw .malformed("the Blob has no data (expected raw or zlib_data)")
    }

    private static func inflate(_ data: UnsafeRawBufferPointer, rawSize: Int64?) throws(PBFBlockProblem) -> [UInt8] {
        guard let rawSize else { throw .malformed("zlib data without raw_size (the uncompressed size is required)") }
        guard rawSize >= 0, rawSize < Int64(PBFBlockFramer.maximumBlobBytes) else {
            throw .malformed("raw_size is \(rawSize) bytes, over the format's 32 MiB limit (\(PBFBlockFramer.maximumBlobBytes) bytes)")
        }
        let size = Int(rawSize)
        var failure: PBFBlockProblem?
        // One spare byte: inflating into exactly `size` bytes could not tell "ends here" from "has more".
        let output = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            var stream = z_stream()
            guard waymark_inflateInit2(&stream, 15) == Z_OK else {
                failure = .malformed("cannot initialise zlib")
                initialized = 0
                return
            }
            defer { inflateEnd(&stream) }
            stream.next_in = UnsafeMutablePointer(mutating: data.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(data.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(size + 1)
            let status = CZlib.inflate(&stream, Z_FINISH)
            initialized = Int(stream.total_out)
            switch status {
            case Z_STREAM_END:
                if Int(stream.total_out) != size {
                    failure = .malformed("the zlib data inflates to \(stream.total_out) bytes, but raw_size says \(size)")
                }
            case Z_BUF_ERROR where stream.avail_out == 0:
                failure = .malformed("the zlib data inflates to more than raw_size (\(size) bytes)")
            case Z_BUF_ERROR:
                failure = .malformed("broken zlib data: it ends early (\(stream.total_out) of \(size) bytes; truncated block?)")
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                failure = .malformed("broken zlib data: \(message)")
            }
        }
        if let failure { throw failure }
        return output
    }
}
