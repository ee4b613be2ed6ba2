import RoadNetwork

/// What a way's signs announce, as OSRM's car profile reads it.
struct WaySignposts: Sendable, Equatable {
    /// The destinations in the one direction a oneway road is driven ("" on two-way roads, as in OSRM).
    var destinations: String = ""
    /// The exit numbers or names of the road (`junction:ref`), for both directions.
    var exits: String = ""
}

extension CarProfile {
    /// Way tag keys the signpost reading uses.
    static let signpostKeys = ["destination", "destination:forward", "destination:backward",
                               "destination:ref", "destination:ref:forward", "destination:ref:backward",
                               "destination:street", "destination:street:forward", "destination:street:backward",
                               "junction:ref"]

    /// Reads a way's signposts, OSRM's car profile rules (its `get_destination` and `junction:ref`):
    /// - destinations only on a oneway road, from the tags of the direction it is driven
    ///   (`destination:ref:forward` before `destination:ref`, `:backward` on a reverse oneway), as
    ///   `destination:ref: destination` (`A1: Porto, Lisboa`) when both are tagged, else whichever is,
    ///   else `destination:street`; `;` separated values become a `, ` separated list;
    /// - exits from `junction:ref`, a `; ` separated list.
    ///
    /// A tag with an empty value counts as absent.
    static func signposts(direction: WayInterpretation.Direction, _ value: (String) -> String?) -> WaySignposts {
        var result = WaySignposts()
        if direction != .both { result.destinations = destinations(forward: direction == .forward, value) }
        if let exits = value("junction:ref") { result.exits = canonicalList(exits, separator: ";") }
        return result
    }

    /// The destinations of a oneway road driven `forward` (along its node order) or against it.
    static func destinations(forward: Bool, _ value: (String) -> String?) -> String {
        func directional(_ key: String) -> String? {
            let text = [key + (forward ? ":forward" : ":backward"), key].lazy.compactMap(value).first { !$0.isEmpty }
            return text.map { $0.split(separator: ";", omittingEmptySubsequences: false).joined(separator: ", ") }
        }
        let ref = directional("destination:ref"), destination = directional("destination")
        let joined: String
        if let ref, let destination {
            joined = ref + ": " + destination
        } else {
            guard let any = ref ?? destination ?? directional("destination:street") else { return "" }
            joined = any
        }
        return canonicalList(joined, separator: ",")
    }

    /// OSRM's `canonicalizeStringList`: the items between `separator`s trimmed of white space, empty ones
    /// dropped, joined by the separator and one space (`a;b; c` -> `a; b; c`).
    static func canonicalList(_ text: String, separator: Character) -> String {
        text.split(separator: separator, omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: String(separator) + " ")
    }

    /// The exit number of a motorway junction node (`highway=motorway_junction` with a `ref`), or nil.
    func junctionExit(_ tags: [OSMTag]) -> String? {
        var isJunction = false, ref: String?
        for tag in tags {
            if tag.key == "highway" { isJunction = tag.value == "motorway_junction" }
            if tag.key == "ref" { ref = tag.value }
        }
        guard isJunction, let ref else { return nil }
        let exit = Self.canonicalList(ref, separator: ";")
        return exit.isEmpty ? nil : exit
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space of any kind (spaces, tabs, line breaks), as
    /// OSRM trims list items.
    fileprivate func trimmingWhitespace() -> String {
        var s = self[...]
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
