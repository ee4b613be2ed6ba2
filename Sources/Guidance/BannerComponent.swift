/// One piece of a banner's line, as Mapbox's visual instruction components type them: words, a road
/// shield, the word "Exit" and its number, a separator, or one lane's arrows.
public enum BannerComponent: Sendable, Hashable {
    /// A road or place name (`text`).
    case text(String)
    /// A route ref shown as a shield (`icon`; the text is the ref, for clients without shield images).
    case icon(String)
    /// The word for "Exit" (`exit`), before an exit number.
    case exit(String)
    /// An exit number (`exit-number`).
    case exitNumber(String)
    /// A separator between two names or shields (`delimiter`, "/").
    case delimiter(String)
    /// One lane of the approach (`lane`): its arrows and whether it leads on.
    case lane(Lane)

    /// Mapbox's `type` of the component.
    public var type: String {
        switch self {
        case .text: "text"
        case .icon: "icon"
        case .exit: "exit"
        case .exitNumber: "exit-number"
        case .delimiter: "delimiter"
        case .lane: "lane"
        }
    }

    /// The component's text ("" for a lane).
    public var text: String {
        switch self {
        case .text(let t), .icon(let t), .exit(let t), .exitNumber(let t), .delimiter(let t): t
        case .lane: ""
        }
    }
}
