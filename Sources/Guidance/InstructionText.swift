import Geodesy

/// Instruction sentences in English and Croatian.
///
/// Croatian uses the simple form the design allows (the road name stays in the nominative after
/// "na": "Skrenite lijevo na Trpimirova"), which is always grammatical enough to be understood and
/// needs no declension tables.
public enum InstructionText {
    /// The sentence for a maneuver.
    /// - Parameters:
    ///   - road: the name (or ref) of the road taken, "" when unnamed.
    ///   - arrivalIndex: for `arrive`, nil at the destination, else the 1-based number of the via point.
    ///   - arrivalSide: for `arrive`, the side the destination lies on (`.left`/`.right`), or nil.
    ///   - rotaryName: for `rotary`, the name of the ring, or nil.
    ///   - sign: the exit number and destinations signed for the road taken ("Take exit 5 towards
    ///     Porto, Braga"); on ramps and exits the destinations stand in for the road's name.
    public static func maneuver(type: ManeuverType, modifier: ManeuverModifier?, exit: Int?, road: String,
                                rotaryName: String? = nil, departBearing: Bearing? = nil, arrivalIndex: Int? = nil,
                                arrivalSide: TurnDirection? = nil, sign: DirectionSign = DirectionSign(),
                                language: InstructionLanguage) -> String {
        let sentence: String
        switch language {
        case .en: sentence = english(type: type, modifier: modifier, exit: exit, road: road, rotaryName: rotaryName,
                                     departBearing: departBearing, arrivalIndex: arrivalIndex, arrivalSide: arrivalSide)
        case .hr: sentence = croatian(type: type, modifier: modifier, exit: exit, road: road, rotaryName: rotaryName,
                                      departBearing: departBearing, arrivalIndex: arrivalIndex, arrivalSide: arrivalSide)
        }
        guard !sign.isEmpty, type != .depart, type != .arrive else { return sentence }
        return signed(sentence, type: type, modifier: modifier, road: road, sign: sign, language: language)
    }

    /// A sentence with its signs read: a numbered exit ("Take exit 5", "Keep right to take exit 5"), then
    /// "towards" the destinations, which on a ramp or an exit replace the road's name (the sign shows
    /// places, not the slip road's name).
    private static func signed(_ sentence: String, type: ManeuverType, modifier: ManeuverModifier?, road: String,
                               sign: DirectionSign, language: InstructionLanguage) -> String {
        let en = language == .en
        let towards = sign.towards.map { en ? " towards \($0)" : " prema \($0)" } ?? ""
        let onto = road.isEmpty ? "" : en ? " onto \(road)" : " na \(road)"
        let isExit = type == .offRamp || type == .onRamp || type == .fork
        let target = isExit && !towards.isEmpty ? towards : onto + towards
        let sideWord = side(modifier) == .left ? (en ? "left" : "lijevo") : (en ? "right" : "desno")
        if let number = sign.exitNumber {
            switch type {
            case .offRamp: return (en ? "Take exit \(number)" : "Izađite na izlazu \(number)") + target
            case .fork where side(modifier) != .straight:
                return (en ? "Keep \(sideWord) to take exit \(number)" : "Držite se \(sideWord) za izlaz \(number)") + target
            default: break
            }
        }
        // On a ramp or an exit with signed destinations the sentence drops the slip road's name for them.
        let base = isExit && !towards.isEmpty
            ? maneuver(type: type, modifier: modifier, exit: nil, road: "", language: language) : sentence
        let exitNote = sign.exitNumber.map { en ? " (exit \($0))" : " (izlaz \($0))" } ?? ""
        return base + exitNote + towards
    }

    /// "Continue on Trpimirova for 1.2 km" / "Nastavite na Trpimirova 1,2 km".
    public static func follow(road: String, distance: Meters, language: InstructionLanguage) -> String {
        let d = DistanceAnnouncement(distance).text(language)
        switch language {
        case .en: return road.isEmpty ? "Continue for \(d)" : "Continue on \(road) for \(d)"
        case .hr: return road.isEmpty ? "Nastavite \(d)" : "Nastavite na \(road) \(d)"
        }
    }

    /// "In 200 m, turn left onto Ilica" / "Za 200 m, skrenite lijevo na Ilica".
    public static func approaching(_ instruction: String, distance: Meters, language: InstructionLanguage) -> String {
        let d = DistanceAnnouncement(distance).text(language)
        let lowered = instruction.prefix(1).lowercased() + instruction.dropFirst()
        switch language {
        case .en: return "In \(d), \(lowered)"
        case .hr: return "Za \(d), \(lowered)"
        }
    }

    /// English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st …
    static func englishOrdinal(_ n: Int) -> String {
        let tens = n % 100
        if (11...13).contains(tens) { return "\(n)th" }
        switch n % 10 {
        case 1: return "\(n)st"
        case 2: return "\(n)nd"
        case 3: return "\(n)rd"
        default: return "\(n)th"
        }
    }

    /// The eight compass points, clockwise from north, for a bearing.
    static func compassIndex(_ bearing: Bearing) -> Int {
        Int(((bearing.degrees + 22.5) / 45).rounded(.down)) % 8
    }

    private static let englishCompass = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
    /// Dative after "prema": "prema sjeveru".
    private static let croatianCompass = ["sjeveru", "sjeveroistoku", "istoku", "jugoistoku", "jugu", "jugozapadu", "zapadu", "sjeverozapadu"]

    private static func englishModifier(_ m: ManeuverModifier?) -> String {
        switch m {
        case .none, .straight: "straight"
        case .slightLeft: "slight left"
        case .slightRight: "slight right"
        case .left: "left"
        case .right: "right"
        case .sharpLeft: "sharp left"
        case .sharpRight: "sharp right"
        case .uturn: "U-turn"
        }
    }

    private static func croatianModifier(_ m: ManeuverModifier?) -> String {
        switch m {
        case .none, .straight: "ravno"
        case .slightLeft: "blago lijevo"
        case .slightRight: "blago desno"
        case .left: "lijevo"
        case .right: "desno"
        case .sharpLeft: "oštro lijevo"
        case .sharpRight: "oštro desno"
        case .uturn: "polukružno"
        }
    }

    /// "left"/"right" for side-only wording (ramps, forks, merges).
    /// The place and side of an arrival, as the arrive sentence and the one said before it end:
    /// "waypoint 2, on the right" / "na međuodredište 2, s desne strane" (`arrivalIndex` nil: the destination).
    static func arrivalPlace(arrivalIndex: Int?, side: TurnDirection?, language: InstructionLanguage) -> String {
        switch language {
        case .en:
            let place = arrivalIndex.map { "waypoint \($0)" } ?? "your destination"
            return place + (side.map { $0 == .straight ? ", straight ahead" : ", on the \($0.rawValue)" } ?? "")
        case .hr:
            let place = arrivalIndex.map { "na međuodredište \($0)" } ?? "na odredište"
            switch side {
            case .left: return place + ", s lijeve strane"
            case .right: return place + ", s desne strane"
            case .straight: return place + ", ravno ispred vas"
            case .none: return place
            }
        }
    }

    private static func side(_ m: ManeuverModifier?) -> TurnDirection {
        TurnAngleBands.direction(for: m)
    }

    private static func english(type: ManeuverType, modifier: ManeuverModifier?, exit: Int?, road: String, rotaryName: String?,
                                departBearing: Bearing?, arrivalIndex: Int?, arrivalSide: TurnDirection?) -> String {
        let onto = road.isEmpty ? "" : " onto \(road)"
        let sideWord = side(modifier) == .left ? "left" : "right"
        switch type {
        case .depart:
            let heading = departBearing.map { " " + englishCompass[compassIndex($0)] } ?? ""
            return road.isEmpty ? "Head\(heading)" : "Head\(heading) on \(road)"
        case .arrive:
            return "You have arrived at \(arrivalPlace(arrivalIndex: arrivalIndex, side: arrivalSide, language: .en))"
        case .turn:
            if modifier == .uturn { return "Make a U-turn\(onto)" }
            if modifier == .straight || modifier == nil { return "Go straight\(onto)" }
            return "Turn \(englishModifier(modifier))\(onto)"
        case .newName:
            return road.isEmpty ? "Continue" : "Continue onto \(road)"
        case .continue:
            if modifier == .uturn { return "Make a U-turn\(road.isEmpty ? "" : " on \(road)")" }
            let on = road.isEmpty ? "" : " on \(road)"
            return modifier == .straight || modifier == nil ? "Continue straight\(on)" : "Continue \(englishModifier(modifier))\(on)"
        case .merge:
            return side(modifier) == .straight ? "Merge\(onto)" : "Merge \(sideWord)\(onto)"
        case .onRamp:
            return side(modifier) == .straight ? "Take the ramp\(onto)" : "Take the ramp on the \(sideWord)\(onto)"
        case .offRamp:
            return side(modifier) == .straight ? "Take the exit\(onto)" : "Take the exit on the \(sideWord)\(onto)"
        case .fork:
            return side(modifier) == .straight ? "Go straight at the fork\(onto)" : "Keep \(sideWord) at the fork\(onto)"
        case .endOfRoad:
            return "At the end of the road, turn \(sideWord)\(onto)"
        case .roundabout:
            guard let exit else { return "Enter the roundabout" }
            return "At the roundabout, take the \(englishOrdinal(exit)) exit\(onto)"
        case .exitRoundabout:
            return "Exit the roundabout\(onto)"
        case .rotary:
            let circle = rotaryName ?? "the traffic circle"
            guard let exit else { return "Enter \(circle)" }
            return "Enter \(circle) and take the \(englishOrdinal(exit)) exit\(onto)"
        case .exitRotary:
            return "Exit the traffic circle\(onto)"
        case .roundaboutTurn:
            let exitText = exit.map { " (\(englishOrdinal($0)) exit)" } ?? ""
            if modifier == .uturn { return "At the roundabout, make a U-turn\(exitText)\(onto)" }
            if modifier == .straight || modifier == nil { return "At the roundabout, go straight\(exitText)\(onto)" }
            return "At the roundabout, turn \(englishModifier(modifier))\(exitText)\(onto)"
        case .notification:
            return road.isEmpty ? "Continue" : "Continue onto \(road)"
        }
    }

    private static func croatian(type: ManeuverType, modifier: ManeuverModifier?, exit: Int?, road: String, rotaryName: String?,
                                 departBearing: Bearing?, arrivalIndex: Int?, arrivalSide: TurnDirection?) -> String {
        let onto = road.isEmpty ? "" : " na \(road)"
        let sideWord = side(modifier) == .left ? "lijevo" : "desno"
        switch type {
        case .depart:
            let heading = departBearing.map { " prema " + croatianCompass[compassIndex($0)] } ?? ""
            return "Krenite\(heading)\(onto)"
        case .arrive:
            return "Stigli ste \(arrivalPlace(arrivalIndex: arrivalIndex, side: arrivalSide, language: .hr))"
        case .turn:
            if modifier == .uturn { return "Okrenite se polukružno\(onto)" }
            if modifier == .straight || modifier == nil { return "Nastavite ravno\(onto)" }
            return "Skrenite \(croatianModifier(modifier))\(onto)"
        case .newName:
            return "Nastavite\(onto)"
        case .continue:
            if modifier == .uturn { return "Okrenite se polukružno\(onto)" }
            return "Nastavite \(croatianModifier(modifier))\(onto)"
        case .merge:
            return side(modifier) == .straight ? "Uključite se\(onto)" : "Uključite se \(sideWord)\(onto)"
        case .onRamp:
            return side(modifier) == .straight ? "Uđite na priključnu cestu\(onto)" : "Uđite na priključnu cestu \(sideWord)\(onto)"
        case .offRamp:
            return side(modifier) == .straight ? "Izađite\(onto)" : "Izađite \(sideWord)\(onto)"
        case .fork:
            return side(modifier) == .straight ? "Na račvanju nastavite ravno\(onto)" : "Na račvanju držite se \(sideWord)\(onto)"
        case .endOfRoad:
            return "Na kraju ceste skrenite \(sideWord)\(onto)"
        case .roundabout:
            guard let exit else { return "Uđite u kružni tok" }
            return "Na kružnom toku izađite na \(exit). izlaz\(onto)"
        case .exitRoundabout:
            return "Izađite s kružnog toka\(onto)"
        case .rotary:
            let circle = rotaryName.map { "kružni tok \($0)" } ?? "kružni tok"
            guard let exit else { return "Uđite u \(circle)" }
            return "Uđite u \(circle) i izađite na \(exit). izlaz\(onto)"
        case .exitRotary:
            return "Izađite s kružnog toka\(onto)"
        case .roundaboutTurn:
            let exitText = exit.map { " (\($0). izlaz)" } ?? ""
            if modifier == .uturn { return "Na kružnom toku okrenite se polukružno\(exitText)\(onto)" }
            if modifier == .straight || modifier == nil { return "Na kružnom toku nastavite ravno\(exitText)\(onto)" }
            return "Na kružnom toku skrenite \(croatianModifier(modifier))\(exitText)\(onto)"
        case .notification:
            return "Nastavite\(onto)"
        }
    }
}
