import CBzip2
import CZlib
import Foundation
import OutputFiles

/// A file being written, compressed according to its name: `.gz` (zlib, gzip framing), `.bz2`
/// (bzip2), anything else plain; `-` is standard output.
///
/// A file is written beside its target and renamed over it by `close` (see `AtomicOutputFile`), so a
/// full disk or an interrupted run never leaves a partial city, and nothing but a regular file is
/// replaced.
///
/// Writes go straight to the C libraries in the caller's chunks, so memory stays constant however
/// large the file grows.
public final class OutputFile {
    /// The compression chosen from the file name.
    public enum Compression: String, Sendable {
        case none, gzip, bzip2

        /// The compression a path's extension asks for.
        public init(path: String) {
            if path.hasSuffix(".gz") { self = .gzip } else if path.hasSuffix(".bz2") { self = .bzip2 } else { self = .none }
        }
    }

    public let path: String
    public let compression: Compression
    private var file: UnsafeMutablePointer<FILE>?
    private var gzip: gzFile?
    private var bzip: OpaquePointer?
    private var isStandardOutput: Bool
    private var replacement: AtomicOutputFile?

    /// Opens (creating or truncating) `path` for writing.
    public init(path: String) throws(OutputError) {
        self.path = path
        compression = path == "-" ? .none : Compression(path: path)
        isStandardOutput = path == "-"
        if isStandardOutput {
            // fdopen of descriptor 1 rather than the C global `stdout`, which Swift 6 treats as shared mutable state.
            file = fdopen(dup(1), "wb")
            return
        }
        let replacement = try AtomicOutputFile(path: path)
        self.replacement = replacement
        guard let handle = fopen(replacement.temporaryPath, "wb") else {
            throw OutputError(path: path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        file = handle
        switch compression {
        case .none:
            break
        case .gzip:
            // Level 4: about twice as fast as the default 6 for a few percent more bytes; the file is a
            // benchmark input, written often, read once per run.
            let descriptor = dup(fileno(handle))
            fclose(handle)
            file = nil
            guard descriptor >= 0, let gz = gzdopen(descriptor, "wb4") else {
                throw OutputError(path: path, reason: "cannot start gzip compression")
            }
            gzip = gz
        case .bzip2:
            var error: Int32 = 0
            guard let bz = BZ2_bzWriteOpen(&error, handle, 9, 0, 30), error == BZ_OK else {
                fclose(handle)
                file = nil
                throw OutputError(path: path, reason: "cannot start bzip2 compression (error \(error))")
            }
            bzip = OpaquePointer(bz)
        }
    }

    /// Appends bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        switch compression {
        case .none:
            if fwrite(base, 1, bytes.count, file) != bytes.count {
                throw OutputError(path: path, reason: "write failed (\(String(cString: strerror(errno))))")
            }
        case .gzip:
            if gzwrite(gzip, base, UInt32(bytes.count)) != Int32(bytes.count) {
                throw OutputError(path: path, reason: "gzip write failed (disk full?)")
            }
        case .bzip2:
            var error: Int32 = 0
            BZ2_bzWrite(&error, UnsafeMutableRawPointer(bzip), UnsafeMutableRawPointer(mutating: base), Int32(bytes.count))
            if error != BZ_OK { throw OutputError(path: path, reason: "bzip2 write failed (error \(error))") }
        }
    }

    /// Flushes and closes the file; further writes are invalid.
    public func close() throws(OutputError) {
        defer { file = nil; gzip = nil; bzip = nil }
        switch compression {
        case .none:
            if let file, fclose(file) != 0 {
                throw OutputError(path: path, reason: "closing failed (\(String(cString: strerror(errno))))")
            }
        case .gzip:
            if let gzip, gzclose(gzip) != Z_OK { throw OutputError(path: path, reason: "closing the gzip stream failed") }
        case .bzip2:
            var error: Int32 = 0
            BZ2_bzWriteClose(&error, UnsafeMutableRawPointer(bzip), 0, nil, nil)
            let closeFailed = file.map { fclose($0) != 0 } ?? false
            if error != BZ_OK || closeFailed { throw OutputError(path: path, reason: "closing the bzip2 stream failed") }
        }
        try replacement?.commit()
    }

    /// Abandons the output: the streams are closed and an unfinished file removed (the target keeps
    /// its previous content).
    public func discard() {
        if let gzip { gzclose(gzip) }
        if let bzip {
            var error: Int32 = 0
            BZ2_bzWriteClose(&error, UnsafeMutableRawPointer(bzip), 1, nil, nil)
        }
        if let file { fclose(file) }
        file = nil; gzip = nil; bzip = nil
        replacement?.discard()
    }

    deinit {
        if file != nil || gzip != nil || bzip != nil { discard() }
    }
}
