import Foundation

/// An output file written in a temporary file beside its target and renamed over it when complete.
///
/// Invariant: the target either keeps its previous content or receives the complete new content,
/// synced to disk; the temporary file never outlives the object (except after SIGKILL or a crash, when
/// the next write into the directory removes it, see `TemporaryName.removeStale(in:)`; after SIGINT,
/// SIGTERM or SIGHUP by the program's handlers, see `PendingTemporaryFiles`). Only regular files and
/// new paths are written (see `OutputTarget`); a symbolic link's target is replaced, the link kept.
///
/// Writes are buffered and every one is checked: a full disk is an error naming the target, never a
/// silently short file. Writers that produce the file themselves (SQLite) write to `temporaryPath`.
public final class AtomicOutputFile {
    /// Where the content ends up.
    public let target: OutputTarget
    /// The unfinished file, in the target's directory so that the final rename is atomic.
    public let temporaryPath: String
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private var pendingToken: PendingTemporaryFiles.Token?
    /// The temporary file exists and was not renamed into place yet.
    private var isPending = true
    private static let bufferBytes = 1 << 16

    /// Checks `path`, removes stale temporary files left in its directory by dead processes, and creates
    /// an empty temporary file beside the target.
    public convenience init(path: String) throws(OutputError) {
        try self.init(target: OutputTarget(checking: path))
    }

    public init(target: OutputTarget) throws(OutputError) {
        self.target = target
        TemporaryName.removeStale(in: target.directory)
        var path = ""
        var fd: Int32 = -1
        var token: PendingTemporaryFiles.Token?
        for _ in 0..<8 {
            path = target.directory + "/" + TemporaryName.make(for: OutputTarget.name(of: target.resolvedPath))
            // Registered before it exists: a signal right after the file appears must still remove it.
            token = PendingTemporaryFiles.track(path)
            fd = OSPath.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { break }
            let failure = errno
            PendingTemporaryFiles.forget(token)
            token = nil
            if failure != EEXIST { errno = failure; break }
        }
        guard fd >= 0 else {
            throw OutputError(path: target.requestedPath, reason: "cannot create a temporary file in \(target.directory) (\(OutputError.systemReason()))")
        }
        temporaryPath = path
        descriptor = fd
        pendingToken = token
        pending.reserveCapacity(Self.bufferBytes)
    }

    deinit { discard() }

    /// Appends bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard descriptor >= 0 else { throw OutputError(path: target.requestedPath, reason: "written after it was closed") }
        if pending.count + bytes.count > Self.bufferBytes { try flush() }
        if bytes.count >= Self.bufferBytes {
            try writeAll(bytes)
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Appends text as UTF-8.
    public func write(_ text: String) throws(OutputError) {
        var text = text
        let result: Result<Void, OutputError> = text.withUTF8 { bytes in
            do throws(OutputError) { try write(UnsafeRawBufferPointer(bytes)); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes out the buffer, syncs the file and renames it over the target.
    /// - Throws: `OutputError` (the temporary file is then removed and the target left as it was).
    public func commit() throws(OutputError) {
        do throws(OutputError) {
            try flush()
            if let mode = target.existingMode { _ = fchmod(descriptor, mode) }
            guard fsync(descriptor) == 0 else { throw failure("syncing the file to disk failed") }
            let fd = descriptor
            descriptor = -1
            guard close(fd) == 0 else { throw failure("closing the file failed") }
            try refuseIfTargetChanged()
            guard OSPath.rename(temporaryPath, to: target.resolvedPath) == 0 else { throw failure("renaming the finished file into place failed") }
            isPending = false
            PendingTemporaryFiles.forget(pendingToken)
            pendingToken = nil
            syncDirectory()
        } catch {
            discard()
            throw error
        }
    }

    /// Removes the temporary file, leaving the target as it was (idempotent; also done on deinit).
    public func discard() {
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        if isPending {
            OSPath.unlink(temporaryPath)
            OSPath.unlink(temporaryPath + TemporaryName.journalSuffix)
            isPending = false
        }
        PendingTemporaryFiles.forget(pendingToken)
        pendingToken = nil
        pending = []
    }

    private func flush() throws(OutputError) {
        guard !pending.isEmpty else { return }
        let result: Result<Void, OutputError> = pending.withUnsafeBytes { bytes in
            do throws(OutputError) { try writeAll(bytes); return .success(()) } catch { return .failure(error) }
        }
        pending.removeAll(keepingCapacity: true)
        try result.get()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = Glibc.write(descriptor, base, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("write failed")
            }
            base += n
            remaining -= n
        }
    }

    /// The target may have been replaced by something else since it was checked (a FIFO, a device):
    /// that must not be destroyed either.
    private func refuseIfTargetChanged() throws(OutputError) {
        if let info = OSPath.linkStatus(of: target.resolvedPath), let kind = OutputTarget.nonRegularKind(info.st_mode) {
            throw OutputError(path: target.requestedPath, reason: "became \(kind) while being written; refusing to replace it")
        }
    }

    /// Makes the rename durable (best effort: some file systems refuse to sync a directory).
    private func syncDirectory() {
        let fd = OSPath.open(target.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private func failure(_ what: String) -> OutputError {
        OutputError(path: target.requestedPath, reason: "\(what) (\(OutputError.systemReason())); \(target.existingMode == nil ? "nothing was written" : "the existing file is unchanged")")
    }
}
