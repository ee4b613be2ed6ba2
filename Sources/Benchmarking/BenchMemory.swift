import Foundation

/// Resident-set figures of this process, read from `/proc/self/status` (Linux).
///
/// `VmHWM` is the peak resident set since the process started (the kernel's high-water mark), so a
/// stage's figure includes everything loaded before it — the graph is what dominates.
public enum BenchMemory {
    /// Peak resident set in bytes, or nil where `/proc` is not available (macOS).
    public static func peakResidentBytes() -> Int64? { statusField("VmHWM") }

    /// Current resident set in bytes, or nil where `/proc` is not available.
    public static func currentResidentBytes() -> Int64? { statusField("VmRSS") }

    /// Bytes in MB (10⁶ bytes) to one decimal, as the bench's notes give sizes.
    static func megabytes(_ bytes: Int) -> Double { (Double(bytes) / 1e5).rounded() / 10 }

    /// Bytes per directed edge to one decimal (the unit of the memory goal), 0 for a graph without edges.
    static func bytesPerEdge(_ bytes: Int, edgeCount: Int) -> Double {
        edgeCount > 0 ? (Double(bytes) / Double(edgeCount) * 10).rounded() / 10 : 0
    }

    /// A `kB` field of /proc/self/status, in bytes.
    static func statusField(_ name: String) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parseStatusField(name, in: text)
    }

    /// Parses `NAME:   1234 kB` out of a /proc status text.
    public static func parseStatusField(_ name: String, in text: String) -> Int64? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let value = fields.first.flatMap({ Int64($0) }) else { return nil }
            let unit = fields.count > 1 ? fields[1].lowercased() : "kb"
            return unit == "kb" ? value * 1024 : value
        }
        return nil
    }
}
