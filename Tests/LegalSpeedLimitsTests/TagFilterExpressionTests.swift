import Testing
@testable import LegalSpeedLimits

@Suite struct TagFilterExpressionTests {
    private func matches(_ filter: String, _ tags: [String: String], placeholders: [String: Bool] = [:]) throws -> Bool {
        try TagFilterExpression(filter).matches(tags: tags, placeholder: { placeholders[$0] ?? false })
    }

    private func syntaxError(_ filter: String) -> TagFilterSyntaxError? {
        do {
            _ = try TagFilterExpression(filter)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Conditions

    @Test func keysAndTheirAbsence() throws {
        #expect(try matches("highway", ["highway": "primary"]))
        #expect(try !matches("highway", ["name": "x"]))
        #expect(try matches("!ref", ["highway": "primary"]))
        #expect(try !matches("!ref", ["ref": "A1"]))
        #expect(try matches("! ref", [:]))
    }

    @Test func valuesEqualAndNotEqual() throws {
        #expect(try matches("highway=primary", ["highway": "primary"]))
        #expect(try !matches("highway=primary", ["highway": "primary_link"]))
        #expect(try matches("highway = primary", ["highway": "primary"]))
        // A missing key is "not equal".
        #expect(try matches("bridge!=no", [:]))
        #expect(try matches("bridge!=no", ["bridge": "yes"]))
        #expect(try !matches("bridge!=no", ["bridge": "no"]))
    }

    @Test func regularExpressionsMatchTheWholeValue() throws {
        #expect(try matches("highway~motorway|motorway_link", ["highway": "motorway_link"]))
        #expect(try !matches("highway~motorway|motorway_link", ["highway": "motorway_junction"]))
        #expect(try matches("ref~N.*", ["ref": "N12"]))
        #expect(try !matches("ref~N.*", ["ref": "AN12"]))
        #expect(try matches("ref~[0-9][0-9]?", ["ref": "7"]))
        #expect(try !matches("ref~[0-9][0-9]?", ["ref": "712"]))
        #expect(try matches("network~\"US:(AL|US)(:.*)?\"", ["network": "US:AL:Bibb"]))
        #expect(try !matches("network~\"US:(AL|US)(:.*)?\"", ["network": "US:ALX"]))
        #expect(try !matches("ref~N.*", [:]))
        // `!~`: a missing key does not match, so the negation holds.
        #expect(try matches("junction!~roundabout|circular", [:]))
        #expect(try !matches("junction!~roundabout|circular", ["junction": "circular"]))
    }

    @Test func keyPatterns() throws {
        #expect(try matches("~construction|proposed", ["proposed": "maybe"]))
        #expect(try !matches("~construction|proposed", ["highway": "primary"]))
        #expect(try matches("~imagination:.*", ["imagination:1": "rainbow"]))
        #expect(try !matches("~imagination:.*", ["not:imagination": "yes"]))
        #expect(try matches("!~imagination:.*", ["highway": "x"]))
        #expect(try matches("~construction|proposed~yes", ["construction": "yes"]))
        #expect(try !matches("~construction|proposed~yes", ["construction": "no"]))
        #expect(try matches("~\"sidewalk(:.*)?\"~no|none", ["sidewalk:left": "no"]))
    }

    @Test func comparisonsReadNumbersWithUnits() throws {
        #expect(try matches("lanes>=2", ["lanes": "2"]))
        #expect(try !matches("lanes>2", ["lanes": "2"]))
        #expect(try matches("lanes<2", ["lanes": "1"]))
        #expect(try matches("width<=7.6", ["width": "7.6"]))
        #expect(try !matches("width<=7.6", ["width": "7.61"]))
        #expect(try matches("ref >= 400 and ref <= 999", ["ref": "440"]))
        // The tag's unit converts to metres, km/h or tonnes: 10 ft = 3.048 m, 30 mph = 48.3 km/h, 3 st = 2.72 t.
        #expect(try matches("width<3.1", ["width": "10 ft"]))
        #expect(try !matches("width<3", ["width": "10ft"]))
        #expect(try matches("width<3.1", ["width": "10'0\""]))
        #expect(try matches("maxspeed>48", ["maxspeed": "30 mph"]))
        #expect(try !matches("maxspeed>49", ["maxspeed": "30 mph"]))
        #expect(try matches("maxweight<3", ["maxweight": "3 st"]))
        // The filter's own limit may carry a unit: 3 ft = 0.9144 m.
        #expect(try matches("width<3ft", ["width": "0.9"]))
        #expect(try !matches("width<3ft", ["width": "0.92"]))
        // Not a number, or missing: false for every comparison.
        #expect(try !matches("lanes>=2", ["lanes": "two"]))
        #expect(try !matches("lanes<2", [:]))
    }

    @Test func quotedKeysAndValues() throws {
        #expect(try matches("name=\"Main Street\"", ["name": "Main Street"]))
        #expect(try matches("name='Main Street'", ["name": "Main Street"]))
        #expect(try matches("\"and\"=yes", ["and": "yes"]))
        #expect(try matches("note=\"say \\\"hi\\\"\"", ["note": "say \"hi\""]))
        // Quoted, a value may hold brackets and operators.
        #expect(try matches("ref~\"(US|AL|I).*\" and lanes", ["ref": "I 65", "lanes": "4"]))
        #expect(try matches("name~\"Vía Expresa.*\"", ["name": "Vía Expresa Sur"]))
    }

    // MARK: Structure

    @Test func andBindsTighterThanOr() throws {
        let filter = "a or b and c"
        #expect(try matches(filter, ["a": "1"]))
        #expect(try !matches(filter, ["b": "1"]))
        #expect(try matches(filter, ["b": "1", "c": "1"]))
        let bracketed = "(a or b) and c"
        #expect(try !matches(bracketed, ["a": "1"]))
        #expect(try matches(bracketed, ["b": "1", "c": "1"]))
    }

    @Test func bracketsNestAndNegate() throws {
        #expect(try matches("!(a or b)", ["c": "1"]))
        #expect(try !matches("!(a or b)", ["b": "1"]))
        #expect(try matches("! (a and b) and c", ["a": "1", "c": "1"]))
        #expect(try matches("((a))and(b)", ["a": "1", "b": "1"]))
        #expect(try matches("!(!(a))", ["a": "1"]))
        let guatemala = "{urban} and ((!{oneway} and lanes>=3 and width>=10.5) or ({oneway} and lanes>=2 and width>=7))"
        #expect(try matches(guatemala, ["lanes": "2", "width": "7"], placeholders: ["urban": true, "oneway": true]))
        #expect(try !matches(guatemala, ["lanes": "2", "width": "7"], placeholders: ["urban": true, "oneway": false]))
        #expect(try !matches(guatemala, ["lanes": "2", "width": "7"], placeholders: ["oneway": true]))
    }

    @Test func placeholdersAreAnsweredByTheCaller() throws {
        let filter = try TagFilterExpression("{urban} and !{oneway} or {urban} and lanes=1")
        #expect(filter.placeholders == ["urban", "oneway"])
        var asked: [String] = []
        #expect(filter.matches(tags: [:], placeholder: { asked.append($0); return $0 == "urban" }))
        #expect(asked == ["urban", "oneway"])
        #expect(!filter.matches(tags: [:], placeholder: { _ in true }))
        // Unknown placeholders are false by default.
        #expect(!filter.matches(tags: ["lanes": "1"]))
    }

    @Test func keysReadByNameAndByPattern() throws {
        let filter = try TagFilterExpression("highway=service and (!width or width<=7.6) and ~a|b and ~x:.*")
        #expect(filter.keysRead == ["highway", "width", "a", "b"])
        #expect(filter.readsKey("x:1"))
        #expect(!filter.readsKey("y"))
    }

    @Test func plainAlternationsAreSetsAndWildcardsAreAffixTests() throws {
        func form(_ pattern: String) throws -> String {
            switch try TagPattern(pattern).form {
            case .oneOf: "set"
            case .startsWithOneOf: "prefix"
            case .endsWithOneOf: "suffix"
            case .containsOneOf: "infix"
            case .regex: "regex"
            }
        }
        #expect(try form("motorway|motorway_link") == "set")
        #expect(try form("yes|-1") == "set")
        #expect(try form(".*urban") == "suffix")
        #expect(try form(".*(rural|motorway|motorroad)") == "suffix")
        #expect(try form("(US|AL|I).*") == "prefix")
        #expect(try form(".*Rural.*") == "infix")
        #expect(try form(".*a|b") == "regex")
        #expect(try form("US:(AL|US)(:.*)?") == "regex")
        #expect(try form("[0-9][0-9]?") == "regex")
    }

    @Test func fastFormsAgreeWithTheRegularExpression() throws {
        let patterns = ["motorway|motorway_link", ".*urban", ".*(rural|motorway|motorroad)", "(US|AL|I).*", ".*Rural.*", "N.*", ".*nsl_dual"]
        let texts = ["", "urban", "DE:urban", "DE:urban\n", "x\nurban", "rural", "DE:motorway", "US 1", "I\n5", "ALPS", "HFCS Rural Road",
                     "N", "N12", "AN12", "GB:nsl_dual", "nsl_dual2", "motorway", "motorway_link", "Motorway"]
        for pattern in patterns {
            let fast = try TagPattern(pattern)
            let regex = try Regex(pattern)
            for text in texts {
                #expect(fast.matches(text) == ((try? regex.wholeMatch(in: text)) != nil), "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    // MARK: Errors

    @Test func syntaxErrorsNameTheExpressionAndPosition() {
        let cases: [(String, Int, String)] = [
            ("and and", 0, "reserved word 'and'"),
            ("highway=", 8, "Missing value"),
            ("a and", 5, "Expected a whitespace or bracket before the tag"),
            ("a andb", 5, "Expected a whitespace or bracket before the tag"),
            ("a b", 2, "Expected end of string, 'and' or 'or'"),
            ("a=b)c", 4, "Closed one bracket too much"),
            ("(a or b", 7, "Closed one bracket too little"),
            ("{urban and a", 12, "Missing closing bracket '}'"),
            ("name=\"Main", 5, "Did not close quotation marks"),
            ("lanes>=two", 7, "Expected a number"),
            ("lanes>=\"2\"", 7, "Expected a number"),
            ("~a=b", 3, "must be used together with the binary operator '~'"),
            ("ref~[0-9", 4, "Invalid regular expression"),
            ("", 0, "Missing key"),
            ("a or ", 5, "Missing key"),
            ("{urban}x", 7, "Expected a whitespace or bracket after the tag"),
        ]
        for (filter, position, reason) in cases {
            let error = syntaxError(filter)
            #expect(error?.expression == filter, "\(filter)")
            #expect(error?.position == position, "\(filter): \(String(describing: error))")
            #expect(error?.reason.contains(reason) == true, "\(filter): \(String(describing: error))")
        }
        #expect(syntaxError("a or b")?.description == nil)
        #expect(syntaxError("highway=")?.description == "tag filter \"highway=\": at position 8: Missing value (dangling operator)")
    }

    @Test func everyFilterOfTheBundledRulesParses() throws {
        // The catalog parses them all at load; this keeps the count in view.
        let speeds = try LegalDefaultSpeeds.bundled()
        let filters = speeds.catalog.filters.flatMap(\.all)
        #expect(filters.count == 207)
    }
}
