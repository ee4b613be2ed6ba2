import Geodesy

/// One announcement a navigation app speaks during a step about the maneuver that ends it (Mapbox's
/// voice instruction): when, as plain text, and as SSML for a speech synthesiser.
public struct SpokenInstruction: Sendable, Hashable {
    /// How far before the end of the step (the next maneuver) to speak, in metres; within the step.
    public var distanceAlongGeometry: Meters
    /// The plain text ("In 400 metres, turn left onto Rua Nova").
    public var announcement: String
    /// The same text as SSML, wrapped as Mapbox wraps it (dynamic range compression, a slightly faster rate).
    public var ssmlAnnouncement: String

    public init(distanceAlongGeometry: Meters, announcement: String) {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.announcement = announcement
        ssmlAnnouncement = "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">" + Self.escaped(announcement)
            + "</prosody></amazon:effect></speak>"
    }

    /// The text with XML's five special characters escaped, so a road named "A & B" stays valid SSML.
    static func escaped(_ text: String) -> String {
        // Scanned as bytes: every special character is ASCII, and most announcements have none.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: out += "&amp;".utf8
            case 0x3C: out += "&lt;".utf8
            case 0x3E: out += "&gt;".utf8
            case 0x22: out += "&quot;".utf8
            case 0x27: out += "&apos;".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
