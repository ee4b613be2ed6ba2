import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal (so logs
/// and CI output stay clean).
///
/// Redraws at most about 100 times per stage, so drawing never shows up in the figures.
struct BenchProgress {
    let label: String
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(label: String, total: Int, enabled: Bool) {
        self.label = label
        self.total = total
        self.enabled = enabled && total > 0
    }

    mutating func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let width = 30, filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let padded = label.padding(toLength: 9, withPad: " ", startingAt: 0)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(padded)[\(bar)] \(done)/\(total)".utf8))
    }

    /// Import progress from `ImportOptions.progress` (called on the importing thread now and then):
    /// a bar over the input bytes when the size is known, else the bytes read so far.
    static func drawImport(bytesRead: Int64, totalBytes: Int64?) {
        let width = 30
        let text: String
        if let totalBytes, totalBytes > 0 {
            let filled = Int(min(bytesRead, totalBytes) * Int64(width) / totalBytes)
            text = "import   [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                + "] \(bytesRead * 100 / totalBytes) %"
        } else {
            text = "import   \(bytesRead / 1_000_000) MB read"
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
