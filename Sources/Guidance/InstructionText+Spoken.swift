import Geodesy

/// The sentences a voice and a banner add to the maneuver's own: distances in words, "then" for a
/// maneuver close behind, the approach to a destination, and the banner's word for an exit.
extension InstructionText {
    /// "In 400 metres, turn left onto Ilica" / "Za 400 metara, skrenite lijevo na Ilica".
    public static func spokenApproach(_ instruction: String, distance: Meters, units: VoiceUnits,
                                      language: InstructionLanguage) -> String {
        let d = SpokenDistance(distance, units: units).text(language)
        switch language {
        case .en: return "In \(d), \(lowercasedFirst(instruction))"
        case .hr: return "Za \(d), \(lowercasedFirst(instruction))"
        }
    }

    /// "Turn left onto Ilica, then turn right" / "Skrenite lijevo na Ilica, zatim skrenite desno".
    public static func chained(_ first: String, then second: String, language: InstructionLanguage) -> String {
        first + (language == .en ? ", then " : ", zatim ") + lowercasedFirst(second)
    }

    /// "Continue on Ilica for 2 kilometres" / "Nastavite na Ilica 2 kilometra", spoken.
    public static func spokenFollow(road: String, distance: Meters, units: VoiceUnits, language: InstructionLanguage) -> String {
        let d = SpokenDistance(distance, units: units).text(language)
        switch language {
        case .en: return road.isEmpty ? "Continue for \(d)" : "Continue on \(road) for \(d)"
        case .hr: return road.isEmpty ? "Nastavite \(d)" : "Nastavite na \(road) \(d)"
        }
    }

    /// Said before an arrival: "You will arrive at your destination, on the right" /
    /// "Stići ćete na odredište, s desne strane".
    public static func arrivalAhead(arrivalIndex: Int?, side: TurnDirection?, language: InstructionLanguage) -> String {
        let place = arrivalPlace(arrivalIndex: arrivalIndex, side: side, language: language)
        return language == .en ? "You will arrive at \(place)" : "Stići ćete \(place)"
    }

    /// The word a banner puts before an exit number: "Exit" / "Izlaz".
    public static func exitWord(_ language: InstructionLanguage) -> String { language == .en ? "Exit" : "Izlaz" }

    static func lowercasedFirst(_ text: String) -> String {
        // Road names and refs ("A1 ...") keep their case; only the sentence's first word is lowered.
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? false else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
