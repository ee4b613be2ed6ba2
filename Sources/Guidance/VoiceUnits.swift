/// The units spoken distances are given in (Mapbox's `voice_units`).
public enum VoiceUnits: String, Sendable, CaseIterable {
    /// Metres and kilometres.
    case metric
    /// Feet and miles.
    case imperial
}
