/// What the signs at a maneuver say, as a driver reads them: the exit number and the destinations
/// the road taken leads towards.
///
/// Built from a step's OSRM strings (`exits` as `5;6`, `destinations` as `A1: Porto, Braga`, the form
/// the import writes); the instruction texts and banners read only the first exit number, the
/// destination refs as shields and at most two place names, which is what a sign at speed shows.
public struct DirectionSign: Sendable, Hashable {
    /// The exit number to read ("5"), nil when the maneuver takes no numbered exit.
    public var exitNumber: String?
    /// The route refs the destinations lead to (`A1`), in order.
    public var destinationRefs: [String]
    /// The place names the destinations lead to (`Porto`, `Braga`), in order, at most two.
    public var destinationNames: [String]

    /// The most place names a sentence or a banner repeats from a sign.
    static let namesRead = 2

    /// The signs of a maneuver from its OSRM `exits` and `destinations` strings ("" when unsigned).
    public init(exits: String = "", destinations: String = "") {
        // Most maneuvers are unsigned: nothing to take apart.
        guard !exits.isEmpty || !destinations.isEmpty else {
            (exitNumber, destinationRefs, destinationNames) = (nil, [], [])
            return
        }
        exitNumber = Self.items(exits, separator: ";").first
        let parts = destinations.split(separator: ":", maxSplits: 1).map { Self.trimmed(String($0)) }
        if parts.count == 2 {
            destinationRefs = Self.items(parts[0], separator: ",")
            destinationNames = Array(Self.items(parts[1], separator: ",").prefix(Self.namesRead))
        } else {
            // Refs alone or names alone: the import joins either the same way, so read them as places.
            destinationRefs = []
            destinationNames = Array(Self.items(parts.first ?? "", separator: ",").prefix(Self.namesRead))
        }
    }

    /// Whether the sign says nothing.
    public var isEmpty: Bool { exitNumber == nil && destinationRefs.isEmpty && destinationNames.isEmpty }

    /// The destinations as a sentence names them: the places ("Porto, Braga"), else the refs; nil when none.
    public var towards: String? {
        let read = destinationNames.isEmpty ? Array(destinationRefs.prefix(Self.namesRead)) : destinationNames
        return read.isEmpty ? nil : read.joined(separator: ", ")
    }

    /// The one road ref a driver is told ("IC 1" of `IC 1;IC 23`): the first of a `;` list.
    public static func firstRef(_ ref: String) -> String {
        // Most refs are one ref already (`A1`): returned as they are.
        let bytes = ref.utf8
        guard bytes.contains(0x3B) || bytes.first == 0x20 || bytes.last == 0x20 else { return ref }
        return items(ref, separator: ";").first ?? ""
    }

    /// The road a sentence names: its name, else its first ref ("" when neither).
    public static func spokenRoad(name: String, ref: String) -> String { name.isEmpty ? firstRef(ref) : name }

    private static func items(_ text: String, separator: Character) -> [String] {
        text.split(separator: separator).map { trimmed(String($0)) }.filter { !$0.isEmpty }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
