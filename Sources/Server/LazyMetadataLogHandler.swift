import Logging

/// A log handler that keeps metadata as it is set and hands it to `base` only with a message.
///
/// Hummingbird gives every request a logger of its own, the server's logger with a request ID set
/// (`hb.request.id`); swift-log's `StreamLogHandler` formats all of its metadata each time metadata is
/// set, which cost about 4 % of a routed request's CPU on Porto for log lines the server almost never
/// writes. Behind this handler, setting metadata is a dictionary insertion, and a message still carries
/// the same metadata (the message's own winning over the logger's).
struct LazyMetadataLogHandler: LogHandler {
    var base: any LogHandler
    var metadata: Logger.Metadata = [:]

    init(base: any LogHandler) {
        self.base = base
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard !metadata.isEmpty else { return base.log(event: event) }
        var event = event
        event.metadata = metadata.merging(event.metadata ?? [:]) { _, message in message }
        base.log(event: event)
    }
}
