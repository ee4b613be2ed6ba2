import Foundation
import TestSupport
import Testing

/// The reference docs cover what the code offers: every `waymark` subcommand has its section in
/// docs/cli.md whose option table names every option its `--help` lists, and every HTTP service the
/// server answers is a path, with a section, in docs/http-api.md. The lists come from the code, not from a copy here: the subcommands from
/// `Waymark.configuration` in Sources/waymark (checked against the built binary's `--help`), the options
/// from the binary's `--help` of each, the services from OSRMService's and Server's tables.
@Suite struct DocumentationCoverageTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: SharedExtracts.projectRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String, options: NSRegularExpression.Options = []) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern, options: options)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { i in Range(match.range(at: i), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// The subcommands' names, in the order `Waymark.swift` lists their types: each type's
    /// `commandName:` from the file that declares it.
    static func subcommandsFromSource() throws -> [String] {
        let main = try read("Sources/waymark/Waymark.swift")
        let list = try #require(try matches(#"subcommands:\s*\[(.*?)\]"#, in: main, options: [.dotMatchesLineSeparators]).first?[1])
        let types = try matches(#"(\w+)\.self"#, in: list).map { $0[1] }
        let directory = SharedExtracts.projectRoot.appendingPathComponent("Sources/waymark")
        let sources = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
        return try types.map { type in
            let file = try #require(sources.first { $0.contains("struct \(type):") }, "no declaration of \(type) in Sources/waymark")
            let body = file.components(separatedBy: "struct \(type):")[1]
            return try #require(try matches(#"commandName:\s*"([\w-]+)""#, in: body).first?[1], "\(type) has no commandName")
        }
    }

    /// The subcommands `waymark --help` lists.
    static func subcommandsFromHelp() throws -> [String] {
        let help = try CLI.run(["--help"])
        let section = try #require(help.stdout.components(separatedBy: "SUBCOMMANDS:").dropFirst().first, "\(help)")
        return try matches(#"(?m)^  ([a-z][\w-]*)"#, in: section).map { $0[1] }
    }

    /// The long options `waymark NAME --help` lists (the option column only, not the descriptions),
    /// without `--help` and `--version`.
    static func options(of subcommand: String) throws -> [String] {
        let help = try CLI.run([subcommand, "--help"])
        #expect(help.status == 0, "\(help)")
        let section = try #require(help.stdout.components(separatedBy: "OPTIONS:").dropFirst().first, "\(help)")
        var found: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("  -") {
            let column = line.dropFirst(2).components(separatedBy: "  ")[0]
            for match in try matches(#"--[a-z][a-z0-9-]*"#, in: column) where !["--help", "--version"].contains(match[0]) {
                found.append(match[0])
            }
        }
        return found
    }

    /// The text of `## waymark NAME` in docs/cli.md, up to the next `## ` heading.
    static func cliSection(_ subcommand: String, in document: String) -> String? {
        document.components(separatedBy: "\n## waymark \(subcommand)\n").dropFirst().first?.components(separatedBy: "\n## ").first
    }

    @Test func everySubcommandAndOptionIsInTheCLIReference() throws {
        let subcommands = try Self.subcommandsFromSource()
        #expect(subcommands.count >= 10, "found \(subcommands)")
        let listed = try Self.subcommandsFromHelp()
        #expect(subcommands == listed, "Waymark.swift's subcommands differ from `waymark --help`")
        let document = try Self.read("docs/cli.md")
        for subcommand in subcommands {
            guard let section = Self.cliSection(subcommand, in: document) else {
                Issue.record("docs/cli.md has no section '## waymark \(subcommand)'")
                continue
            }
            let options = try Self.options(of: subcommand)
            #expect(!options.isEmpty || subcommand == "info", "no options found for \(subcommand)")
            // In the section's option table, not only in its synopsis or prose.
            let table = section.split(separator: "\n").filter { $0.hasPrefix("| ") }.joined(separator: "\n")
            for option in options {
                let listed = try !Self.matches("`\(option)(?![\\w-])", in: table).isEmpty
                #expect(listed, "docs/cli.md, section 'waymark \(subcommand)': \(option) is not in its option table")
            }
        }
    }

    /// Every service name the server answers or labels in its metrics: OSRMService's services (OSRM's
    /// URL scheme, with a version), and Server's known services (the map page's base map, health,
    /// metrics) with the literal paths it answers itself.
    static func servicesFromSource() throws -> (versioned: Set<String>, all: Set<String>) {
        let service = try read("Sources/OSRMService/RoutingService.swift")
        let services = try #require(try matches(#"static let services\s*=\s*\[(.*?)\]"#, in: service, options: [.dotMatchesLineSeparators]).first?[1])
        let versioned = Set(try matches(#""(\w+)""#, in: services).map { $0[1] })
        let responder = try read("Sources/Server/OSRMResponder.swift")
        let known = try #require(try matches(#"knownServices[^=]*=\s*\[(.*?)\]"#, in: responder, options: [.dotMatchesLineSeparators]).first?[1])
        var all = Set(try matches(#""(\w+)""#, in: known).map { $0[1] })
        all.formUnion(try matches(#"case "/(\w+)""#, in: responder).map { $0[1] })
        return (versioned, all.union(versioned))
    }

    @Test func everyHTTPServiceIsInTheAPIReference() throws {
        let (versioned, all) = try Self.servicesFromSource()
        #expect(versioned.count >= 6 && all.count >= 9, "found \(versioned.sorted()) and \(all.sorted())")
        let document = try Self.read("docs/http-api.md")
        for name in all.sorted() {
            // A path in code font: `/route/v1/…` for OSRM's URL scheme, else `/health` or `/roads/…`.
            let path = versioned.contains(name) ? "`/\(name)/v[0-9]" : "`/\(name)(?![\\w-])"
            let shown = try !Self.matches(path, in: document).isEmpty
            #expect(shown, "docs/http-api.md does not show the path /\(name)")
            let title = name.prefix(1).uppercased() + name.dropFirst()
            let hasSection = document.contains("\n## \(title)\n") || document.contains("\n### \(title)\n")
            #expect(hasSection, "docs/http-api.md has no section on \(name)")
        }
        // The map page's paths (MapPageFiles.isPagePath).
        let page = try Self.read("Sources/MapPage/MapPageFiles.swift")
        let prefixes = try Self.matches(#"hasPrefix\("(/\w+/)"\)"#, in: page).map { $0[1] }
        #expect(!prefixes.isEmpty, "found no page paths in MapPageFiles.isPagePath")
        for prefix in prefixes {
            let shown = document.contains("`\(prefix)")
            #expect(shown, "docs/http-api.md does not show the map page's paths under \(prefix)")
        }
    }
}
