import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Says `Connection: close` on the response to a request that asked for it, so the client knows the
/// server closes after this answer (HTTP/1.1, RFC 9112 §9.6) and opens a new connection for its next
/// request instead of writing it into a closing socket.
///
/// Hummingbird stops reading a connection after answering a request whose `Connection` field is
/// exactly `close`, but neither says so in the response nor reads the field as the token list it is
/// (`Close`, `keep-alive, close`). Here the field is read as tokens, case-insensitively; a request
/// asking to close gets its field rewritten to `close` (so Hummingbird ends the connection after it)
/// and its response head gets `Connection: close`. Pipelined requests are answered in order, so the
/// handler keeps one flag per request whose response has not ended; keep-alive requests pass
/// untouched and their connections stay open.
///
/// Sits after the HTTP codec, as the last of the additional handlers, so it sees every response
/// Hummingbird writes (the parser-error refusals of `ParserErrorResponder` carry their own
/// `Connection: close`).
final class ConnectionCloseHeader: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Per request read whose response has not ended, oldest first: whether it asked to close.
    private var closes: [Bool] = []

    init() {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let close = Self.asksToClose(head.headerFields[values: .connection])
        closes.append(close)
        if close && head.headerFields[.connection] != "close" {
            head.headerFields[.connection] = "close"
            context.fireChannelRead(wrapInboundOut(.head(head)))
        } else {
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational && closes.first == true:
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            if !closes.isEmpty { closes.removeFirst() }
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    /// Whether the `Connection` field (a comma-separated token list, in one or more lines: `values`)
    /// holds `close`.
    static func asksToClose(_ values: [String]) -> Bool {
        values.contains { value in
            value.split(separator: ",").contains { token in
                token.trimmingASCIISpaces.utf8.elementsEqual("close".utf8) { a, b in a | 0x20 == b }
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
