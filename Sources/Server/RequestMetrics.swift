import Metrics
import Prometheus

/// The server's Prometheus metrics, recorded through swift-metrics into this server's own registry
/// (not the process-wide `MetricsSystem`, so several servers, as in tests, keep separate counts).
///
/// - `waymark_requests_total{service,code}`: requests answered, by service and OSRM code
///   (`Ok`, `NoRoute`, …; `Error` for HTTP-level refusals).
/// - `waymark_request_duration_seconds{service}`: latency histogram, from the request head to the
///   response body being handed to the connection.
/// - `waymark_request_errors_total{service}`: answers with a status of 400 or more.
/// - `waymark_reloads_total{result}`: database reloads (`ok`, `failed`).
final class RequestMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    /// Latency buckets: routing answers in milliseconds, a slow table in seconds.
    static let buckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.buckets
        self.factory = factory
    }

    func record(service: String, code: String, status: Int, duration: Duration) {
        Counter(label: "waymark_requests_total", dimensions: [("service", service), ("code", code)], factory: factory).increment()
        Metrics.Timer(label: "waymark_request_duration_seconds", dimensions: [("service", service)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
        if status >= 400 {
            Counter(label: "waymark_request_errors_total", dimensions: [("service", service)], factory: factory).increment()
        }
    }

    func recordReload(succeeded: Bool) {
        Counter(label: "waymark_reloads_total", dimensions: [("result", succeeded ? "ok" : "failed")], factory: factory).increment()
    }

    /// The Prometheus text exposition.
    func exposition() -> String { registry.emitToString() }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max
            : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in milliseconds.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
