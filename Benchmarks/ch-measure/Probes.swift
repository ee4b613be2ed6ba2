import Foundation

// What ch-measure reads of the process and how it summarises timings.

/// A field of /proc/self/status (`VmRSS`, `VmHWM`) in MiB; NaN where unreadable.
func residentField(_ name: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        let fields = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
        return (Double(fields.first ?? "") ?? .nan) / 1024
    }
    return .nan
}

/// Resets the kernel's peak-RSS mark, so VmHWM afterwards is the peak of what follows.
func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}

/// CPU time of this thread (what the machine's other load does not inflate, unlike wall time).
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The nearest-rank percentile (`p` in 0...1).
func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : s[min(s.count - 1, Int((Double(s.count) * p).rounded(.up)) - 1)]
}

func format(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
