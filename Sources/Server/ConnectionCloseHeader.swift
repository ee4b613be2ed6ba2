import NIOHTTP1

/// Whether a request keeps its connection open, and what the response says about it (RFC 9112 §9.3, §9.6).
///
/// The `Connection` field is a comma-separated token list, possibly in several lines, compared without
/// case (`Close`, `keep-alive, close`). An HTTP/1.1 request keeps its connection unless it says `close`;
/// an HTTP/1.0 request closes unless it says `keep-alive` (ApacheBench, old proxies, health checkers).
/// A response to a request that closes says `Connection: close`, so the client opens a new connection
/// for its next request instead of writing it into a closing socket; a response to an HTTP/1.0 request
/// that keeps its connection says `Connection: keep-alive`, as HTTP/1.0 clients expect to read it.
enum ConnectionCloseHeader {
    /// The decision for one request.
    struct Persistence: Equatable {
        /// Whether the connection stays open after the response.
        var keepsAlive: Bool
        /// The response's `Connection` field, if it needs one.
        var responseField: String? {
            keepsAlive ? (isHTTP10 ? "keep-alive" : nil) : "close"
        }
        var isHTTP10: Bool
    }

    /// Whether `head` keeps its connection open.
    static func persistence(of head: HTTPRequestHead) -> Persistence {
        let values = head.headers[canonicalForm: "connection"]
        let isHTTP10 = head.version.major == 1 && head.version.minor == 0
        if head.version.major < 1 || isHTTP10 {
            return Persistence(keepsAlive: hasToken("keep-alive", in: values) && !hasToken("close", in: values), isHTTP10: true)
        }
        return Persistence(keepsAlive: !hasToken("close", in: values), isHTTP10: false)
    }

    /// Whether the `Connection` field (a comma-separated token list, in one or more lines: `values`)
    /// holds `close`.
    static func asksToClose(_ values: [String]) -> Bool {
        hasToken("close", in: values.map { $0[...] })
    }

    /// Whether one of the comma-separated tokens of `values` is `token` (lowercase ASCII), ignoring case.
    static func hasToken(_ token: String, in values: [Substring]) -> Bool {
        values.contains { value in
            value.split(separator: ",").contains { candidate in
                candidate.trimmingASCIISpaces.utf8.elementsEqual(token.utf8) { a, b in a | 0x20 == b }
            }
        }
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    fileprivate var trimmingASCIISpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
