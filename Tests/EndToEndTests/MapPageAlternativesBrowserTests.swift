import Foundation
import Testing

/// The map page's choice of routes: between two points the best route and its alternatives are listed
/// with their time and distance, the others drawn muted, and selecting one makes the page follow it.
extension MapPageBrowserTests {
    @Test func alternativeRoutesAreListedDrawnAndSelectable() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route and its alternatives")
            let routes = try browser.execute("return window.waymarkPage.alternatives") as? [[String: Any]] ?? []
            try #require(routes.count >= 2, "the drive across the sample town has an alternative")
            #expect(routes.first?["selected"] as? Bool == true)
            #expect(routes.dropFirst().allSatisfy { $0["drawnMuted"] as? Bool == true })
            let labels = try browser.execute("return [...document.querySelectorAll('#alternatives button')].map(b => b.textContent)") as? [String] ?? []
            #expect(labels.count == routes.count)
            #expect(labels.first?.hasPrefix("Best: ") == true && labels.last?.hasPrefix("Alternative \(routes.count - 1): ") == true)
            #expect(labels.allSatisfy { $0.contains("min, ") && ($0.hasSuffix("km") || $0.hasSuffix(" m")) }, "\(labels)")
            #expect(try browser.execute("return document.getElementById('alternatives-section').hidden") as? Bool == false)

            // Selecting the first alternative: the waypoints, summary and markers follow it.
            try browser.click("#alternatives li:nth-child(2) button")
            try Self.waitUntilIdle(browser, "the selected alternative")
            let selected = try browser.execute("return window.waymarkPage.alternatives.map(a => a.selected)") as? [Bool] ?? []
            #expect(selected.count == routes.count && selected[1] && !selected[0])
            let summary = try browser.execute("return window.waymarkPage.view.route.summary.distance") as? Double ?? -1
            #expect(abs(summary - (routes[1]["distance"] as? Double ?? 0)) < 1, "the stream follows the alternative")
            let markerQuery = try browser.execute("return document.querySelector('#downloads a').href") as? String ?? ""
            #expect(markerQuery.contains("alternative=1"))
            try Self.saveScreenshot(browser, name: "map-page-alternatives.png", directory: setup.directory)
            #expect(try Self.consoleErrors(browser) == [])
        }
    }
}
