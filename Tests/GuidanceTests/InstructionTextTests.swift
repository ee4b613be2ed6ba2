@testable import Guidance
import Testing

@Suite struct InstructionTextTests {
    @Test func turnTextsInEnglishAndCroatian() {
        #expect(InstructionText.maneuver(type: .turn, modifier: .left, exit: nil, road: "Trpimirova", language: .en) == "Turn left onto Trpimirova")
        #expect(InstructionText.maneuver(type: .turn, modifier: .left, exit: nil, road: "Trpimirova", language: .hr) == "Skrenite lijevo na Trpimirova")
        #expect(InstructionText.maneuver(type: .turn, modifier: .sharpRight, exit: nil, road: "", language: .en) == "Turn sharp right")
        #expect(InstructionText.maneuver(type: .turn, modifier: .slightRight, exit: nil, road: "Ilica", language: .hr) == "Skrenite blago desno na Ilica")
    }

    @Test func roundaboutTexts() {
        #expect(InstructionText.maneuver(type: .roundabout, modifier: .straight, exit: 2, road: "Savska", language: .en)
            == "At the roundabout, take the 2nd exit onto Savska")
        #expect(InstructionText.maneuver(type: .roundabout, modifier: .straight, exit: 2, road: "Savska", language: .hr)
            == "Na kružnom toku izađite na 2. izlaz na Savska")
        #expect(InstructionText.englishOrdinal(1) == "1st")
        #expect(InstructionText.englishOrdinal(3) == "3rd")
        #expect(InstructionText.englishOrdinal(11) == "11th")
        #expect(InstructionText.englishOrdinal(22) == "22nd")
    }

    @Test func arrivalTexts() {
        #expect(InstructionText.maneuver(type: .arrive, modifier: .right, exit: nil, road: "", arrivalSide: .right, language: .en)
            == "You have arrived at your destination, on the right")
        #expect(InstructionText.maneuver(type: .arrive, modifier: .right, exit: nil, road: "", arrivalSide: .right, language: .hr)
            == "Stigli ste na odredište, s desne strane")
        #expect(InstructionText.maneuver(type: .arrive, modifier: .left, exit: nil, road: "", arrivalIndex: 1, arrivalSide: .left, language: .en)
            == "You have arrived at waypoint 1, on the left")
    }

    /// The sentence said before an arrival names the place and side as the arrival's own sentence does,
    /// in both languages, for the destination and a via point, on every side.
    @Test func arrivalAheadNamesThePlaceAndSideAsTheArrivalDoes() {
        let openings: [InstructionLanguage: (arrived: String, ahead: String)] = [
            .en: ("You have arrived at ", "You will arrive at "), .hr: ("Stigli ste ", "Stići ćete "),
        ]
        for language in InstructionLanguage.allCases {
            let opening = openings[language]!
            for index in [nil, 2] as [Int?] {
                for side in [nil, .left, .right, .straight] as [TurnDirection?] {
                    let arrived = InstructionText.maneuver(type: .arrive, modifier: nil, exit: nil, road: "", arrivalIndex: index,
                                                           arrivalSide: side, language: language)
                    let ahead = InstructionText.arrivalAhead(arrivalIndex: index, side: side, language: language)
                    #expect(arrived.hasPrefix(opening.arrived) && ahead.hasPrefix(opening.ahead))
                    #expect(arrived.dropFirst(opening.arrived.count) == ahead.dropFirst(opening.ahead.count))
                }
            }
        }
        #expect(InstructionText.arrivalAhead(arrivalIndex: 2, side: .straight, language: .hr) == "Stići ćete na međuodredište 2, ravno ispred vas")
        #expect(InstructionText.arrivalAhead(arrivalIndex: nil, side: .left, language: .en) == "You will arrive at your destination, on the left")
    }

    @Test func departAndFollowTexts() {
        #expect(InstructionText.maneuver(type: .depart, modifier: nil, exit: nil, road: "Ilica", departBearing: .init(degrees: 92), language: .en)
            == "Head east on Ilica")
        #expect(InstructionText.maneuver(type: .depart, modifier: nil, exit: nil, road: "Ilica", departBearing: .init(degrees: 2), language: .hr)
            == "Krenite prema sjeveru na Ilica")
        #expect(InstructionText.follow(road: "Trpimirova", distance: 1234, language: .en) == "Continue on Trpimirova for 1.2 km")
        #expect(InstructionText.follow(road: "Trpimirova", distance: 1234, language: .hr) == "Nastavite na Trpimirova 1,2 km")
        #expect(InstructionText.approaching("Turn left onto Ilica", distance: 203, language: .en) == "In 200 m, turn left onto Ilica")
        #expect(InstructionText.approaching("Skrenite lijevo na Ilica", distance: 203, language: .hr) == "Za 200 m, skrenite lijevo na Ilica")
    }

    @Test(arguments: [
        (3.0, "10 m"), (44.0, "40 m"), (94.0, "90 m"), (96.0, "100 m"), (120.0, "100 m"), (130.0, "150 m"),
        (960.0, "950 m"), (980.0, "1 km"), (1234.0, "1.2 km"), (9940.0, "9.9 km"), (9960.0, "10 km"), (12_600.0, "13 km"),
    ])
    func distancesAreRoundedLikeNavigationApps(metres: Double, text: String) {
        #expect(DistanceAnnouncement(metres).text(.en) == text)
    }
}
