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
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
