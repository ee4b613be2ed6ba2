import Guidance
import Testing

/// Guidance options read from text as typed (a command line, a form): the values guidance accepts, and
/// one error naming the setting at fault with the text as given, in the front end's words or the library's.
@Suite struct GuidanceOptionsParsingTests {
    @Test func bandsOrMetresASpeedAndALanguageInAnyCase() throws {
        let bands = try GuidanceOptions(parsingSpacing: "BANDS", plannedSpeed: nil, language: "HR")
        #expect(bands.spacing == .bands && bands.plannedSpeed == nil && bands.language == .hr)
        let fixed = try GuidanceOptions(parsingSpacing: " 25\t", plannedSpeed: " 50 ", language: "en")
        #expect(fixed.spacing == .fixed(25) && fixed.plannedSpeed == 50 && fixed.language == .en)
    }

    @Test func aBadValueIsNamedWithItsTextAndWhatWasExpected() {
        let names: [GuidanceOptions.Setting: String] = [.spacing: "--spacing", .plannedSpeed: "--speed", .language: "--language"]
        func message(_ spacing: String, _ speed: String?, _ language: String) -> (named: String, plain: String)? {
            do throws(GuidanceInputError) {
                _ = try GuidanceOptions(parsingSpacing: spacing, plannedSpeed: speed, language: language)
                return nil
            } catch {
                return (error.description(naming: names), error.description)
            }
        }
        #expect(message("bands", "fast", "en")?.named == "--speed 'fast' is invalid (expected a number of km/h above 0 and below 1000)")
        #expect(message("bands", "-5", "en")?.plain == "planned speed '-5' is invalid (expected a number of km/h above 0 and below 1000)")
        #expect(message("0.5", nil, "en")?.named == "--spacing '0.5' is invalid (expected 'bands' or a number of metres from 1 to 100000)")
        #expect(message("0x10", nil, "en")?.plain == "waypoint spacing '0x10' is invalid (expected 'bands' or a number of metres from 1 to 100000)")
        #expect(message("bands", nil, "de")?.named == "--language 'de' is not supported (expected en or hr)")
    }

    @Test func theLanguageIsCheckedFirstThenTheSpacingThenTheSpeed() {
        #expect(throws: GuidanceInputError(setting: .language, value: "de", expected: "en or hr")) {
            try GuidanceOptions(parsingSpacing: "abc", plannedSpeed: "fast", language: "de")
        }
        #expect(throws: GuidanceInputError.self) { try GuidanceOptions(parsingSpacing: "abc", plannedSpeed: "fast", language: "en") }
        do throws(GuidanceInputError) {
            _ = try GuidanceOptions(parsingSpacing: "abc", plannedSpeed: "fast", language: "en")
        } catch {
            #expect(error.setting == .spacing && error.value == "abc")
        }
        #expect(throws: Never.self) { try InstructionLanguage(parsing: "Hr") }
    }
}
