import Foundation

/// Checked writes to standard output.
///
/// `print` and `FileHandle.write` either ignore a failed write (exit 0 with nothing written to a full
/// disk) or trap; these report it as an error, so a command's exit status says whether its output
/// arrived. Writes go straight to descriptor 1, unbuffered, so a reader of a pipe sees each line at once.
public enum StandardOutput {
    /// Writes `text` completely, retrying partial writes and interrupted calls.
    /// - Throws: `OutputError` for `-` (standard output) when the write fails (full disk, `/dev/full`,
    ///   a closed pipe).
    public static func write(_ text: String) throws(OutputError) {
        var text = text
        let result: Result<Void, OutputError> = text.withUTF8 { bytes in
            do throws(OutputError) { try write(UnsafeRawBufferPointer(bytes)); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes bytes completely (see `write(_:)` for text).
    public static func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = Glibc.write(STDOUT_FILENO, base, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: "-", reason: "write failed (\(OutputError.systemReason()))")
            }
            base += n
            remaining -= n
        }
    }
}
