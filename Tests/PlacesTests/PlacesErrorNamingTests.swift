import Testing
@testable import Places

/// A place query error names the front end's input that carried the value, in the wording every front end shares.
struct PlacesErrorNamingTests {
    static let names: [PlacesParameter: String] = [.radius: "--radius", .categories: "--category", .limit: "--limit"]

    @Test func aRadiusTooLargeNamesItsInput() {
        #expect(PlacesError.radiusTooLarge(20_000.5, maximum: 10_000).description(naming: Self.names)
                == "--radius 20000.5 m is too large: the maximum is 10000 m")
    }

    @Test func categoryErrorsNameTheListsInput() {
        #expect(PlacesError.tooManyCategories(count: 7, maximum: 6).description(naming: Self.names)
                == "--category lists 7 categories: at most 6 can be combined")
        #expect(PlacesError.unknownCategory("pizza", known: ["cafe", "bar"]).description(naming: Self.names)
                == "unknown category 'pizza' for --category: known categories are cafe, bar")
    }

    @Test func anInvalidValueNamesItsInputOrTheLibrarysNoun() {
        #expect(PlacesError.invalidValue(.limit, value: "0", expected: "a positive number").description(naming: Self.names)
                == "invalid value '0' for --limit: expected a positive number")
        #expect(PlacesError.invalidValue(.corridor, value: "0", expected: "a positive distance").description(naming: Self.names)
                == "invalid value '0' for route corridor: expected a positive distance")
    }

    @Test func withoutNamesTheMessageIsTheDescription() {
        let errors: [PlacesError] = [.radiusTooLarge(20_000, maximum: 10_000), .tooManyCategories(count: 7, maximum: 6),
                                     .unknownCategory("pizza", known: ["cafe"])]
        for error in errors { #expect(error.description(naming: [:]) == error.description) }
    }
}
