import OutputFiles
import CBzip2
import CZlib
import Foundation

/// A stream of decompressed bytes read in fixed-size chunks, whatever the input's compression.
///
/// The compression is detected from the first bytes (gzip `1f 8b`, bzip2 `BZh`), not from the file
/// name, so standard input and misnamed files work too; so is OSM PBF (`isPBF`: a BlobHeader length,
/// then a BlobHeader), whose bytes are passed through unchanged for the PBF decoder to frame. Memory
/// stays bounded by the chunk buffers.
final class ByteSource {
    /// How the raw bytes are encoded.
    enum Compression: Equatable { case none, gzip, bzip2 }

    let sourceName: String
    /// Size of the raw input when known (a regular file), for progress.
    let totalBytes: Int64?
    private(set) var compression: Compression = .none
    /// Whether the content is OSM PBF rather than XML (detected from the first bytes).
    private(set) var isPBF = false
    /// Raw (possibly compressed) bytes consumed so far.
    private(set) var rawBytesRead: Int64 = 0
    /// Decompressed bytes produced so far.
    private(set) var bytesProduced: Int64 = 0

    private let readRaw: (UnsafeMutableRawPointer, Int) -> Int   // returns bytes read, 0 at end, -1 on error
    /// Sees every raw byte once, in order, as it is read (the import hashes the extract this way, so a
    /// pipe need not be read twice).
    private let observeRaw: ((UnsafeRawBufferPointer) -> Void)?
    private let closeRaw: () -> Void
    private static let rawChunk = 1 << 18
    private var raw: UnsafeMutableRawPointer
    private var rawStart = 0, rawEnd = 0
    private var rawAtEnd = false

    private var zStream: UnsafeMutablePointer<z_stream>?
    private var bzStream: UnsafeMutablePointer<bz_stream>?
    private var decompressedEnd = false

    /// Opens a file (`-` means standard input); pipes, FIFOs and devices are read as a stream.
    init(path: String, observeRaw: ((UnsafeRawBufferPointer) -> Void)? = nil) throws(OSMImportError) {
        self.observeRaw = observeRaw
        if path == "-" {
            sourceName = "<stdin>"
            totalBytes = nil
            readRaw = { buffer, count in Self.readAvailable(fd: 0, buffer, count) }
            closeRaw = {}
        } else {
            sourceName = path
            // The path's own bytes (`OSPath`): a name that is not UTF-8 opens as given.
            guard let info = OSPath.status(of: path) else {
                throw OSMImportError(kind: .cannotOpen, source: path, detail: "cannot open: \(String(cString: strerror(errno))) (expected an .osm, .osm.gz, .osm.bz2 or .osm.pbf file)")
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw OSMImportError(kind: .cannotOpen, source: path, detail: "is a directory, expected an .osm, .osm.gz, .osm.bz2 or .osm.pbf file")
            }
            let fd = OSPath.open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 {
                throw OSMImportError(kind: .cannotOpen, source: path, detail: "cannot open: \(String(cString: strerror(errno)))")
            }
            // Only a regular file's size is its length (a FIFO or device reports 0).
            totalBytes = (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : nil
            readRaw = { buffer, count in Self.readAvailable(fd: fd, buffer, count) }
            closeRaw = { close(fd) }
        }
        raw = UnsafeMutableRawPointer.allocate(byteCount: Self.rawChunk, alignment: 16)
        try start()
    }

    /// Wraps bytes held in memory.
    init(bytes: [UInt8], sourceName: String) throws(OSMImportError) {
        self.sourceName = sourceName
        observeRaw = nil
        totalBytes = Int64(bytes.count)
        let box = MemoryReader(bytes)
        readRaw = { buffer, count in box.read(buffer, count) }
        closeRaw = {}
        raw = UnsafeMutableRawPointer.allocate(byteCount: Self.rawChunk, alignment: 16)
        try start()
    }

    deinit {
        if let z = zStream { inflateEnd(z); z.deallocate() }
        if let b = bzStream { BZ2_bzDecompressEnd(b); b.deallocate() }
        raw.deallocate()
        closeRaw()
    }

    private final class MemoryReader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(_ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
            let n = min(count, bytes.count - offset)
            if n <= 0 { return 0 }
            bytes.withUnsafeBytes { src in buffer.copyMemory(from: src.baseAddress! + offset, byteCount: n) }
            offset += n
            return n
        }
    }

    /// One `read` (retried when interrupted): what is available now, up to `count` bytes; 0 only at the
    /// end of the input, -1 on an error. A pipe gives what its writer has written so far, so a reader
    /// never waits for more than it asked to need.
    private static func readAvailable(fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let n = Glibc.read(fd, buffer, count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Bytes the content detection looks at (when the input has that many).
    private static let detectionBytes = 64

    /// Reads the first raw chunk, rejects an empty input and detects the compression.
    private func start() throws(OSMImportError) {
        try refillRaw()
        // A pipe may deliver the first bytes a few at a time: read on until detection has its bytes.
        while rawEnd < Self.detectionBytes && !rawAtEnd { try readMore() }
        if rawEnd == 0 {
            throw OSMImportError(kind: .emptyInput, source: sourceName, detail: "the file is empty, expected OSM XML (<osm> ... </osm>) or OSM PBF")
        }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        if rawEnd >= 2 && p[0] == 0x1f && p[1] == 0x8b {
            compression = .gzip
            try startGzip()
        } else if rawEnd >= 3 && p[0] == 0x42 && p[1] == 0x5a && p[2] == 0x68 {
            compression = .bzip2
            try startBzip2()
        } else if Self.looksLikePBF(UnsafeRawBufferPointer(start: raw, count: rawEnd)) {
            isPBF = true
        } else if let format = Self.unsupportedFormat(UnsafeRawBufferPointer(start: raw, count: min(rawEnd, 64))) {
            throw OSMImportError(kind: .notOSM, source: sourceName, detail: format)
        }
    }

    /// Whether the bytes start like OSM PBF: a 4-byte big-endian BlobHeader length under 64 KiB, then the
    /// first field of a BlobHeader (its `type`, or `indexdata`/`datasize` from an unusual writer). XML
    /// cannot start with a NUL byte, so nothing else is taken for PBF; the PBF decoder then checks the rest.
    static func looksLikePBF(_ head: UnsafeRawBufferPointer) -> Bool {
        guard head.count >= 5, head[0] == 0, head[1] == 0, head[2] != 0 || head[3] != 0 else { return false }
        return [0x0a, 0x12, 0x18].contains(head[4])
    }

    /// Names inputs people pass by mistake (other compressors), so the error says what to do.
    static func unsupportedFormat(_ head: UnsafeRawBufferPointer) -> String? {
        let bytes = Array(head)
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && Array(bytes[..<magic.count]) == magic }
        if starts([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) {
            return "this is xz-compressed; expected OSM XML, .osm.gz, .osm.bz2 or .osm.pbf (decompress with: xz -d)"
        }
        if starts([0x28, 0xb5, 0x2f, 0xfd]) {
            return "this is zstd-compressed; expected OSM XML, .osm.gz, .osm.bz2 or .osm.pbf (decompress with: zstd -d)"
        }
        if starts([0x50, 0x4b, 0x03, 0x04]) {
            return "this is a zip archive; expected OSM XML, .osm.gz, .osm.bz2 or .osm.pbf (unzip it first)"
        }
        // XML starts with '<' after an optional byte-order mark and white space; anything else (NUL bytes
        // from /dev/zero, random data) is not worth reading on.
        var first = bytes.startIndex
        if starts([0xef, 0xbb, 0xbf]) { first += 3 }
        while first < bytes.endIndex, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[first]) { first += 1 }
        if first < bytes.endIndex, bytes[first] != UInt8(ascii: "<") {
            return "not OSM XML: the first bytes are \(bytes[first] == 0 ? "NUL bytes (binary data)" : "not text starting with '<'"); expected OSM XML (<osm> ... </osm>), .osm.gz, .osm.bz2 or .osm.pbf"
        }
        return nil
    }

    /// Replaces the raw buffer's content with the next bytes of the input (none only at its end).
    private func refillRaw() throws(OSMImportError) {
        rawStart = 0
        rawEnd = 0
        guard !rawAtEnd else { return }
        try readMore()
    }

    /// Appends what the input has now after the raw buffer's content; sets `rawAtEnd` at the end.
    private func readMore() throws(OSMImportError) {
        let n = readRaw(raw + rawEnd, Self.rawChunk - rawEnd)
        if n < 0 {
            throw OSMImportError(kind: .readFailed, source: sourceName, detail: "read failed: \(String(cString: strerror(errno)))")
        }
        if n == 0 { rawAtEnd = true; return }
        if let observeRaw { observeRaw(UnsafeRawBufferPointer(start: raw + rawEnd, count: n)) }
        rawEnd += n
        rawBytesRead += Int64(n)
    }

    private func startGzip() throws(OSMImportError) {
        let z = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        z.initialize(to: z_stream())
        // 15 + 32: maximum window, and detect the gzip or zlib header automatically.
        guard waymark_inflateInit2(z, 15 + 32) == Z_OK else {
            z.deallocate()
            throw OSMImportError(kind: .brokenCompressedData, source: sourceName, detail: "cannot initialise gzip decompression")
        }
        zStream = z
    }

    private func startBzip2() throws(OSMImportError) {
        let b = UnsafeMutablePointer<bz_stream>.allocate(capacity: 1)
        b.initialize(to: bz_stream())
        guard BZ2_bzDecompressInit(b, 0, 0) == BZ_OK else {
            b.deallocate()
            throw OSMImportError(kind: .brokenCompressedData, source: sourceName, detail: "cannot initialise bzip2 decompression")
        }
        bzStream = b
    }

    /// Fills `buffer` with up to `capacity` decompressed bytes; returns 0 only at the end of the input.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(OSMImportError) -> Int {
        let n: Int
        switch compression {
        case .none: n = try readPlain(buffer, capacity)
        case .gzip: n = try readGzip(buffer, capacity)
        case .bzip2: n = try readBzip2(buffer, capacity)
        }
        bytesProduced += Int64(n)
        return n
    }

    private func readPlain(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) throws(OSMImportError) -> Int {
        var produced = 0
        while produced < capacity {
            if rawStart == rawEnd {
                if rawAtEnd { break }
                try refillRaw()
                if rawEnd == 0 { break }
            }
            let n = min(capacity - produced, rawEnd - rawStart)
            (buffer + produced).copyMemory(from: raw + rawStart, byteCount: n)
            rawStart += n
            produced += n
        }
        return produced
    }

    private func brokenData(_ format: String, _ detail: String) -> OSMImportError {
        OSMImportError(kind: .brokenCompressedData, source: sourceName,
                       detail: "broken \(format) data after \(rawBytesRead) compressed bytes: \(detail)")
    }

    /// Refills the compressed buffer once the decompressor has consumed it; a stream that ends before
    /// its decompressor says so is a truncated file.
    private func refillWhenDrained(format: String) throws(OSMImportError) {
        guard rawStart == rawEnd else { return }
        try refillRaw()
        if rawEnd == 0 { throw brokenData(format, "the compressed stream ends early (truncated file?)") }
    }

    private func readGzip(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) throws(OSMImportError) -> Int {
        guard let z = zStream else { return 0 }
        var produced = 0
        while produced < capacity && !decompressedEnd {
            try refillWhenDrained(format: "gzip")
            z.pointee.next_in = (raw + rawStart).assumingMemoryBound(to: Bytef.self)
            z.pointee.avail_in = uInt(rawEnd - rawStart)
            z.pointee.next_out = (buffer + produced).assumingMemoryBound(to: Bytef.self)
            z.pointee.avail_out = uInt(capacity - produced)
            let status = inflate(z, Z_NO_FLUSH)
            let consumed = (rawEnd - rawStart) - Int(z.pointee.avail_in)
            rawStart += consumed
            produced = capacity - Int(z.pointee.avail_out)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                // gzip allows several members one after another (`cat a.gz b.gz`): carry on if more follows.
                if rawStart == rawEnd && !rawAtEnd { try refillRaw() }
                if rawStart < rawEnd {
                    inflateReset(z)
                } else {
                    decompressedEnd = true
                }
            default:
                let message = z.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw brokenData("gzip", message)
            }
        }
        return produced
    }

    private func readBzip2(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) throws(OSMImportError) -> Int {
        guard let b = bzStream else { return 0 }
        var produced = 0
        while produced < capacity && !decompressedEnd {
            try refillWhenDrained(format: "bzip2")
            b.pointee.next_in = (raw + rawStart).assumingMemoryBound(to: CChar.self)
            b.pointee.avail_in = UInt32(rawEnd - rawStart)
            b.pointee.next_out = (buffer + produced).assumingMemoryBound(to: CChar.self)
            b.pointee.avail_out = UInt32(capacity - produced)
            let status = BZ2_bzDecompress(b)
            let consumed = (rawEnd - rawStart) - Int(b.pointee.avail_in)
            rawStart += consumed
            produced = capacity - Int(b.pointee.avail_out)
            switch status {
            case BZ_OK:
                continue
            case BZ_STREAM_END:
                // Parallel compressors (pbzip2, lbzip2) write concatenated streams: restart for the next one.
                if rawStart == rawEnd && !rawAtEnd { try refillRaw() }
                if rawStart < rawEnd {
                    BZ2_bzDecompressEnd(b)
                    b.initialize(to: bz_stream())
                    guard BZ2_bzDecompressInit(b, 0, 0) == BZ_OK else {
                        throw brokenData("bzip2", "cannot restart for the next concatenated stream")
                    }
                } else {
                    decompressedEnd = true
                }
            case BZ_DATA_ERROR, BZ_DATA_ERROR_MAGIC:
                throw brokenData("bzip2", "corrupt compressed block (error \(status))")
            default:
                throw brokenData("bzip2", "libbz2 error \(status)")
            }
        }
        return produced
    }
}
