import Geodesy
@testable import Guidance
import RoadNetwork
import Testing

/// Spoken distances, the signs read in instruction texts, and the voice and banner instructions of steps
/// built by hand (speeds, lengths, lanes and signs set to what each case needs).
@Suite struct SpokenAndBannerInstructionTests {
    // MARK: Steps by hand

    /// A step of `metres` driven at `kmh`, its maneuver's sentence built as the step builder builds it.
    static func step(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, metres: Meters, kmh: Double = 50,
                     name: String = "", ref: String = "", exit: Int? = nil, exits: String = "", destinations: String = "",
                     before: Double = 0, after: Double = 0, language: InstructionLanguage = .en) -> RouteStep {
        let sign = DirectionSign(exits: exits, destinations: destinations)
        let text = InstructionText.maneuver(type: type, modifier: modifier, exit: exit, road: DirectionSign.spokenRoad(name: name, ref: ref),
                                            departBearing: type == .depart ? Bearing(degrees: after) : nil, sign: sign, language: language)
        let maneuver = Maneuver(type: type, modifier: modifier, direction: .straight, exit: exit,
                                location: Coordinate(latitude: 41.15, longitude: -8.61), bearingBefore: Bearing(degrees: before),
                                bearingAfter: Bearing(degrees: after), roadName: name, roadRef: ref, instruction: text,
                                distanceAlongRoute: 0)
        return RouteStep(maneuver: maneuver, name: name, ref: ref, destinations: destinations, exits: exits,
                         distance: metres, duration: metres / (kmh / 3.6), coordinates: [])
    }

    static func assertInsideAndDecreasing(_ distances: [[Meters]], _ steps: [RouteStep],
                                          sourceLocation: SourceLocation = #_sourceLocation) {
        for (k, list) in distances.enumerated() {
            #expect(!list.isEmpty, "step \(k) has none", sourceLocation: sourceLocation)
            #expect(list.allSatisfy { $0 >= 0 && $0 <= steps[k].distance }, "step \(k): \(list) outside 0...\(steps[k].distance)",
                    sourceLocation: sourceLocation)
            #expect(zip(list, list.dropFirst()).allSatisfy { $0 > $1 }, "step \(k): \(list) not decreasing", sourceLocation: sourceLocation)
        }
    }

    // MARK: Spoken distances

    @Test(arguments: [
        (44.0, VoiceUnits.metric, "40 metres", "40 metara"), (400.0, .metric, "400 metres", "400 metara"),
        (1000.0, .metric, "1 kilometre", "1 kilometar"), (1530.0, .metric, "1.5 kilometres", "1,5 kilometra"),
        (2000.0, .metric, "2 kilometres", "2 kilometra"), (5000.0, .metric, "5 kilometres", "5 kilometara"),
        (152.4, .imperial, "500 feet", "500 stopa"), (400.0, .imperial, "a quarter mile", "četvrt milje"),
        (800.0, .imperial, "half a mile", "pola milje"), (1609.0, .imperial, "1 mile", "1 milju"),
        (2414.0, .imperial, "1.5 miles", "1,5 milje"), (3219.0, .imperial, "2 miles", "2 milje"),
    ])
    func distancesAreSpokenAsNavigationAppsSayThem(metres: Double, units: VoiceUnits, english: String, croatian: String) {
        #expect(SpokenDistance(metres, units: units).text(.en) == english)
        #expect(SpokenDistance(metres, units: units).text(.hr) == croatian)
    }

    // MARK: Signs in sentences

    @Test func signsAreReadAsADriverReadsThem() {
        let sign = DirectionSign(exits: "5;6", destinations: "A1, A3: Porto, Braga, Lisboa")
        #expect(sign.exitNumber == "5")
        #expect(sign.destinationRefs == ["A1", "A3"])
        #expect(sign.destinationNames == ["Porto", "Braga"])
        #expect(sign.towards == "Porto, Braga")
        #expect(DirectionSign(destinations: "N13").towards == "N13")
        #expect(DirectionSign.spokenRoad(name: "", ref: "IC 1;IC 23") == "IC 1")
        #expect(DirectionSign.spokenRoad(name: "Rua Nova", ref: "IC 1") == "Rua Nova")
    }

    @Test func exitNumbersAndDestinationsInEnglishAndCroatian() {
        let sign = DirectionSign(exits: "5", destinations: "A1: Porto, Braga")
        #expect(InstructionText.maneuver(type: .offRamp, modifier: .slightRight, exit: nil, road: "", sign: sign, language: .en)
            == "Take exit 5 towards Porto, Braga")
        #expect(InstructionText.maneuver(type: .offRamp, modifier: .slightRight, exit: nil, road: "", sign: sign, language: .hr)
            == "Izađite na izlazu 5 prema Porto, Braga")
        #expect(InstructionText.maneuver(type: .fork, modifier: .slightLeft, exit: nil, road: "", sign: sign, language: .en)
            == "Keep left to take exit 5 towards Porto, Braga")
        let unnumbered = DirectionSign(destinations: "Maia")
        #expect(InstructionText.maneuver(type: .offRamp, modifier: .right, exit: nil, road: "N13", sign: unnumbered, language: .en)
            == "Take the exit on the right towards Maia")
        #expect(InstructionText.maneuver(type: .turn, modifier: .left, exit: nil, road: "Rua Nova", sign: unnumbered, language: .en)
            == "Turn left onto Rua Nova towards Maia")
        #expect(InstructionText.maneuver(type: .turn, modifier: .left, exit: nil, road: "Rua Nova", sign: unnumbered, language: .hr)
            == "Skrenite lijevo na Rua Nova prema Maia")
    }

    // MARK: Voice

    @Test func townStepsAreAnnouncedNearAndJustBefore() {
        let steps = [Self.step(.depart, metres: 600, name: "Rua A", after: 90),
                     Self.step(.turn, .left, metres: 300, name: "Rua B"), Self.step(.arrive, metres: 0)]
        let voice = VoiceInstructionPlanner(language: .en, units: .metric).instructions(for: steps)
        Self.assertInsideAndDecreasing(voice.map { $0.map(\.distanceAlongGeometry) }, steps)
        #expect(voice[0].map(\.announcement) == ["Head east on Rua A", "In 250 metres, turn left onto Rua B", "Turn left onto Rua B"])
        #expect(voice[0].map(\.distanceAlongGeometry)[1] == 250)
        // 5 s at 50 km/h.
        #expect(abs(voice[0][2].distanceAlongGeometry - 69.4) < 0.1)
        #expect(voice[1].map(\.announcement) == ["In 300 metres, you will arrive at your destination",
                                                 "You will arrive at your destination"])
        #expect(voice[2].map(\.announcement) == ["You have arrived at your destination"])
        #expect(voice[2].map(\.distanceAlongGeometry) == [0])
    }

    @Test func motorwayStepsAreAnnouncedFarAhead() {
        let steps = [Self.step(.depart, metres: 50, name: "Rua A"),
                     Self.step(.onRamp, .slightRight, metres: 6000, kmh: 110, ref: "A1"),
                     Self.step(.offRamp, .slightRight, metres: 900, exits: "5", destinations: "Porto, Braga"),
                     Self.step(.arrive, metres: 0)]
        let voice = VoiceInstructionPlanner(language: .en, units: .metric).instructions(for: steps)
        Self.assertInsideAndDecreasing(voice.map { $0.map(\.distanceAlongGeometry) }, steps)
        #expect(voice[1].map(\.distanceAlongGeometry).prefix(3) == [6000, 2000, 500])
        #expect(voice[1].map(\.announcement) == ["Continue on A1 for 6 kilometres",
                                                 "In 2 kilometres, take exit 5 towards Porto, Braga",
                                                 "In 500 metres, take exit 5 towards Porto, Braga",
                                                 "Take exit 5 towards Porto, Braga"])
        // 6 s at 110 km/h.
        #expect(abs(voice[1][3].distanceAlongGeometry - 183.3) < 0.1)
    }

    @Test func aManeuverCloseBehindIsChainedWithThen() {
        let steps = [Self.step(.depart, metres: 500, name: "Rua A"),
                     Self.step(.turn, .left, metres: 60, name: "Rua B"),
                     Self.step(.turn, .right, metres: 400, name: "Rua C"), Self.step(.arrive, metres: 0)]
        let english = VoiceInstructionPlanner(language: .en, units: .metric).instructions(for: steps)
        #expect(english[0].last?.announcement == "Turn left onto Rua B, then turn right onto Rua C")
        let croatian = VoiceInstructionPlanner(language: .hr, units: .metric).instructions(for: steps.map {
            var s = $0
            s.maneuver.instruction = InstructionText.maneuver(type: s.maneuver.type, modifier: s.maneuver.modifier, exit: nil,
                                                              road: s.name, language: .hr)
            return s
        })
        #expect(croatian[0].last?.announcement == "Skrenite lijevo na Rua B, zatim skrenite desno na Rua C")
        #expect(croatian[0].dropLast().last?.announcement == "Za 250 metara, skrenite lijevo na Rua B")
        // The step after the close one is long: no chaining there.
        #expect(english[2].last?.announcement == "You will arrive at your destination")
    }

    @Test func imperialUnitsAndSSML() {
        let steps = [Self.step(.depart, metres: 3000, kmh: 90, name: "Main Street & 5th"),
                     Self.step(.turn, .right, metres: 200, name: "Oak <Avenue>"), Self.step(.arrive, metres: 0)]
        let voice = VoiceInstructionPlanner(language: .en, units: .imperial).instructions(for: steps)
        #expect(voice[0].map(\.announcement).contains("In 1 mile, turn right onto Oak <Avenue>"))
        #expect(voice[0].map(\.announcement).contains("In 500 metres, turn right onto Oak <Avenue>") == false)
        let last = try! #require(voice[0].last)
        #expect(last.ssmlAnnouncement == "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"
            + "Turn right onto Oak &lt;Avenue&gt;</prosody></amazon:effect></speak>")
    }

    @Test func zeroLengthStepsStillSpeakOnce() {
        let steps = [Self.step(.depart, metres: 0, name: "Rua A"), Self.step(.turn, .left, metres: 0, name: "Rua B"),
                     Self.step(.arrive, metres: 0)]
        let voice = VoiceInstructionPlanner(language: .en, units: .metric).instructions(for: steps)
        #expect(voice.map { $0.map(\.distanceAlongGeometry) } == [[0], [0], [0]])
    }

    // MARK: Banners

    @Test func bannerNamesTheExitShieldAndDestinations() {
        let steps = [Self.step(.depart, metres: 1200, kmh: 100, ref: "A1;A3"),
                     Self.step(.offRamp, .slightRight, metres: 500, name: "Rua Nova", ref: "N13", exits: "5", destinations: "N13: Porto, Braga"),
                     Self.step(.arrive, metres: 0)]
        let banners = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: steps)
        let banner = try! #require(banners[0].first)
        #expect(banner.distanceAlongGeometry == 1200)
        #expect(banner.primary.components == [.exit("Exit"), .exitNumber("5"), .text("Rua Nova"), .delimiter("/"), .icon("N13")])
        #expect(banner.primary.text == "Exit 5 Rua Nova / N13")
        #expect(banner.primary.type == .offRamp && banner.primary.modifier == .slightRight)
        #expect(banner.secondary?.components == [.icon("N13"), .delimiter("/"), .text("Porto"), .delimiter("/"), .text("Braga")])
        #expect(banner.sub == nil)
        #expect(banners[2].map(\.primary.type) == [.arrive])
        let croatian = BannerInstructionBuilder(language: .hr, drivingSide: .right).instructions(for: steps)
        #expect(croatian[0].first?.primary.components.first == .exit("Izlaz"))
    }

    @Test func unnamedSlipRoadShowsItsDestinationsAsThePrimaryLine() {
        let steps = [Self.step(.depart, metres: 300), Self.step(.offRamp, .right, metres: 500, destinations: "Maia"),
                     Self.step(.arrive, metres: 0)]
        let banner = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: steps)[0][0]
        #expect(banner.primary.components == [.text("Maia")])
        #expect(banner.secondary == nil)
        // A numbered exit with nothing else signed is just the number.
        let numbered = [Self.step(.depart, metres: 300), Self.step(.fork, .slightLeft, metres: 500, exits: "6"), Self.step(.arrive, metres: 0)]
        let exit = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: numbered)[0][0]
        #expect(exit.primary.components == [.exit("Exit"), .exitNumber("6")])
        #expect(exit.primary.text == "Exit 6")
        // Nothing at all: the maneuver in words.
        let bare = [Self.step(.depart, metres: 300), Self.step(.turn, .left, metres: 500), Self.step(.arrive, metres: 0)]
        #expect(BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: bare)[0][0].primary.text == "Turn left")
    }

    @Test func lanesAreTheSubLineFromFourHundredMetres() {
        var turn = Self.step(.turn, .left, metres: 300, name: "Rua B")
        turn.lanes = [Lane(indications: [.left], valid: true, active: true, validIndication: .left),
                      Lane(indications: [.straight, .left], valid: true, active: false, validIndication: .left),
                      Lane(indications: [.straight, .right], valid: false)]
        let steps = [Self.step(.depart, metres: 900, name: "Rua A"), turn, Self.step(.arrive, metres: 0)]
        let banners = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: steps)[0]
        #expect(banners.map(\.distanceAlongGeometry) == [900, 400])
        #expect(banners[0].sub == nil)
        let sub = try! #require(banners[1].sub)
        #expect(sub.text == "")
        #expect(sub.components.map(\.type) == ["lane", "lane", "lane"])
        guard case .lane(let first) = sub.components[0], case .lane(let second) = sub.components[1],
              case .lane(let third) = sub.components[2] else { Issue.record("not lanes"); return }
        #expect([first.active, second.active, third.active] == [true, false, false])
        #expect(third.indications == [.straight, .right])

        // Lanes that say only which lead on: those are the active ones.
        var unranked = turn
        unranked.lanes = unranked.lanes.map { var l = $0; l.active = false; return l }
        let short = [Self.step(.depart, metres: 200, name: "Rua A"), unranked, Self.step(.arrive, metres: 0)]
        let shortBanners = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: short)[0]
        #expect(shortBanners.count == 1)
        let lanes = (shortBanners[0].sub?.components ?? []).compactMap { if case .lane(let l) = $0 { l.active } else { nil } }
        #expect(lanes == [true, true, false])
    }

    @Test func theManeuverCloseBehindIsTheSubLine() {
        let steps = [Self.step(.depart, metres: 500, name: "Rua A"), Self.step(.turn, .left, metres: 60, name: "Rua B"),
                     Self.step(.turn, .right, metres: 400, name: "Rua C"), Self.step(.arrive, metres: 0)]
        let banners = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: steps)
        #expect(banners[0][0].sub?.components == [.text("Rua C")])
        #expect(banners[0][0].sub?.type == .turn && banners[0][0].sub?.modifier == .right)
        #expect(banners[1][0].sub == nil)
    }

    @Test func roundaboutDegreesFollowTheTrafficSide() {
        let steps = [Self.step(.depart, metres: 300, name: "Rua A", after: 0),
                     Self.step(.roundabout, .right, metres: 40, name: "Rua B", exit: 1, before: 0, after: 60),
                     Self.step(.exitRoundabout, .right, metres: 300, name: "Rua B", before: 45, after: 90),
                     Self.step(.arrive, metres: 0)]
        #expect(BannerInstructionBuilder(language: .en, drivingSide: .right).degrees(steps, 1) == 90)
        #expect(BannerInstructionBuilder(language: .en, drivingSide: .left).degrees(steps, 1) == 270)
        var straight = steps
        straight[2].maneuver.bearingAfter = Bearing(degrees: 0)
        #expect(BannerInstructionBuilder(language: .en, drivingSide: .right).degrees(straight, 1) == 180)
        let banner = BannerInstructionBuilder(language: .en, drivingSide: .right).instructions(for: steps)[0][0]
        #expect(banner.primary.degrees == 90)
        // Entering and leaving a roundabout is one maneuver: no "then" for its exit.
        #expect(banner.sub == nil)
    }

    // MARK: Roundabout exits folded

    @Test func roundaboutExitStepsFoldIntoTheirEntry() {
        let steps = [Self.step(.depart, metres: 300), Self.step(.roundabout, .right, metres: 40, exit: 2),
                     Self.step(.exitRoundabout, .right, metres: 300), Self.step(.arrive, metres: 0)]
        let merged = RouteGuidance.mergingRoundaboutExits(steps)
        #expect(merged.map(\.maneuver.type) == [.depart, .roundabout, .arrive])
        #expect(merged[1].distance == 340)
        #expect(abs(merged[1].duration - (steps[1].duration + steps[2].duration)) < 1e-9)
        // A ring passed without entering it keeps its step.
        let passed = [Self.step(.depart, metres: 300), Self.step(.exitRoundabout, .right, metres: 300), Self.step(.arrive, metres: 0)]
        #expect(RouteGuidance.mergingRoundaboutExits(passed).count == 3)
    }
}
