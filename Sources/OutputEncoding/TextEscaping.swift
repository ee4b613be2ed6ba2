/// Escaping of text embedded in the XML (GPX) and CSV outputs.
public enum TextEscaping {
    /// Text escaped for XML character data and attribute values.
    public static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A CSV field (RFC 4180): quoted, inner quotes doubled, when it holds a comma, quote or line break.
    public static func csv(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        var out = "\""
        for ch in text {
            if ch == "\"" { out += "\"\"" } else { out.append(ch) }
        }
        return out + "\""
    }
}
