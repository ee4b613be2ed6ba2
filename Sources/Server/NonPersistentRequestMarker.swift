import NIOCore
import NIOHTTP1

/// Marks a request that does not keep its connection open as `Connection: close` while the protocol
/// version is still known: an HTTP/1.0 request without `Connection: keep-alive`, or any request whose
/// `Connection` field says `close` (NIO's parser reads both).
///
/// Hummingbird converts requests to HTTP types, which have no protocol version; without this, an
/// HTTP/1.0 client (ApacheBench, old proxies, health checkers) got its answer on a connection the server
/// kept open, while HTTP/1.0 says it closes. Marked here, `ConnectionCloseHeader` then answers
/// `Connection: close` and Hummingbird closes after the answer.
///
/// Goes right after NIO's HTTP/1 request decoder, before the conversion to HTTP types.
final class NonPersistentRequestMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    init() {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
