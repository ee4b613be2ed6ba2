import Testing
@testable import ARExport

/// A marker error names the front end's input that carried the value, in the wording every front end shares.
struct ARExportErrorNamingTests {
    static let names: [ARMarkerOptions.Setting: String] = [.cameraHeight: "--camera-height"]

    @Test func aNamedSettingIsCalledByItsInput() {
        let error = ARExportError.invalidSetting(.cameraHeight, value: "-1.000", expected: "a height in metres from 0.1 to 10")
        #expect(error.description(naming: Self.names, elevationDirectory: "--dem")
                == "invalid value '-1.000' for --camera-height: expected a height in metres from 0.1 to 10")
    }

    @Test func anUnnamedSettingIsCalledByTheLibrarysNoun() {
        let error = ARExportError.invalidSetting(.batchSize, value: "0", expected: "a whole number of markers from 1 to 100000")
        #expect(error.description(naming: Self.names, elevationDirectory: nil)
                == "invalid value '0' for batch size: expected a whole number of markers from 1 to 100000")
    }

    @Test func aMissingElevationDirectoryNamesItsInputOrKeepsTheLibrarysWords() {
        let error = ARExportError.elevationDirectoryMissing("/no/tiles")
        #expect(error.description(naming: [:], elevationDirectory: "--dem") == "--dem /no/tiles: \(ARExportError.missingDirectoryReason)")
        #expect(error.description(naming: [:], elevationDirectory: nil) == error.description)
    }

    @Test func errorsAboutNoInputReadAsTheirDescription() {
        for error in [ARExportError.emptyRoute, .invalidElevationTile(path: "N43E007.hgt", reason: "wrong size")] {
            #expect(error.description(naming: Self.names, elevationDirectory: "--dem") == error.description)
        }
    }
}
