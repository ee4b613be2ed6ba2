import Foundation
import Testing
import TestSupport

/// The map page in a real browser: `waymark serve` on an ephemeral loopback port with the sample town,
/// headless Chromium driven over WebDriver. Skipped (not passed) without Debian's chromium and
/// chromium-driver; each test is bounded by the suite's time limit and every wait by its own.
///
/// Screenshots go to `$WAYMARK_SCREENSHOTS` when set (the docs' come from there), else to the
/// test's scratch directory.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable), .timeLimit(.minutes(3)))
struct MapPageBrowserTests {
    /// The sample town shipped with the repository (osm/sample-town.osm).
    static let sampleTown = TestFiles.sampleTown
    /// A drive across the sample town: start on Južna ulica, through the roundabout, to the east.
    static let start = (45.8100, 15.9800), destination = (45.8150, 15.9900)
    static let routeQuery = "from=45.810000,15.980000&to=45.815000,15.990000&speed=60&lang=hr"

    /// The server and browser of one test.
    struct Setup {
        let server: ServeCommandTests.Server
        let browser: WebDriver
        let directory: URL
        var base: String { "http://127.0.0.1:\(server.port)" }
    }

    static func withPage(width: Int = 1280, height: Int = 800, _ body: (Setup) throws -> Void) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let imported = try CLI.run(["import", sampleTown.path, "--db", directory.appendingPathComponent("town.sqlite").path, "--quiet"])
        try #require(imported.status == 0, "\(imported)")
        let server = try ServeCommandTests.Server(arguments: ["--db", "town.sqlite", "--threads", "2", "--landmarks", "0"], directory: directory)
        defer { if server.process.isRunning { _ = server.stop(SIGKILL) } }
        let browser = try WebDriver(width: width, height: height, directory: directory)
        defer { browser.quit() }
        try body(Setup(server: server, browser: browser, directory: directory))
    }

    /// Waits until the page has started and nothing is loading.
    static func waitUntilIdle(_ browser: WebDriver, _ what: String = "the page to settle") throws {
        try browser.wait(for: what, until: "const p = window.waymarkPage; return !!(p && p.ready && p.busy === 0)")
    }

    static func saveScreenshot(_ browser: WebDriver, name: String, directory: URL) throws {
        let target = ProcessInfo.processInfo.environment["WAYMARK_SCREENSHOTS"].map { URL(fileURLWithPath: $0) } ?? directory
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let data = try browser.screenshot()
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        try data.write(to: target.appendingPathComponent(name))
        print("screenshot: \(target.appendingPathComponent(name).path)")
    }

    /// Console entries at level SEVERE (errors), ignoring none.
    static func consoleErrors(_ browser: WebDriver) throws -> [String] {
        try browser.consoleEntries().filter { $0.level == "SEVERE" }.map(\.message)
    }

    @Test func thePageLoadsOfflineOpensOnTheDatabaseAndDrawsItsRoads() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/")
            try Self.waitUntilIdle(browser)
            let roads = try browser.execute("return window.waymarkPage.roadsDrawn") as? Int ?? 0
            #expect(roads > 20)
            // Every resource came from the server itself (the browser resolves no other host anyway).
            let origins = try browser.execute("""
                return performance.getEntriesByType('resource').map(e => new URL(e.name).origin)
                  .concat([location.origin]).filter((o, i, a) => a.indexOf(o) === i)
                """) as? [String] ?? []
            #expect(origins == [setup.base])
            let leaflet = try browser.execute("return typeof L === 'object' && typeof L.canvas === 'function'") as? Bool
            #expect(leaflet == true)
            // The view holds the whole database (its bounding box from /roads/v1/info).
            let inView = try browser.execute("""
                const b = window.waymarkPage.map.getBounds();
                return b.contains([45.806339, 15.972268]) && b.contains([45.817187, 15.995465]);
                """) as? Bool
            #expect(inView == true)
            let loadMilliseconds = try browser.execute("""
                const n = performance.getEntriesByType('navigation')[0]; return Math.round(n.loadEventEnd - n.startTime)
                """) as? Int ?? -1
            print("page load on the sample town: \(loadMilliseconds) ms")
            #expect(try Self.consoleErrors(browser) == [])
        }
    }

    @Test func aRouteInTheURLShowsColoursInstructionsLimitsAndTheARPreview() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route")
            // Croatian instructions, numbered, from the depart to the arrival.
            let steps = try browser.execute("return [...document.querySelectorAll('#instructions li .text')].map(e => e.textContent)") as? [String] ?? []
            #expect(steps.count >= 3)
            #expect(steps.first?.hasPrefix("Krenite") == true)
            #expect(steps.last?.hasPrefix("Stigli ste") == true)
            #expect(try browser.execute("return document.getElementById('language').value") as? String == "hr")
            // At 60 km/h on 30-50 km/h streets the route has blue and red stretches in their colours.
            let segments = try browser.execute("return window.waymarkPage.routeSegments.map(s => s.warning + ' ' + s.color)") as? [String] ?? []
            #expect(segments.contains("far_over #d62828"))
            #expect(segments.contains("normal #1f6fd1"))
            let distance = try browser.execute("return document.getElementById('distance').textContent") as? String ?? ""
            #expect(distance.hasSuffix("km") || distance.hasSuffix(" m"))
            let limits = try browser.execute("return document.getElementById('limits-text').textContent") as? String ?? ""
            #expect(limits.contains("km/h for"))
            // Clicking an instruction zooms the map to its point.
            try browser.click("#instructions li:nth-child(2) button")
            let zoomed = try browser.execute("""
                const b = document.querySelector('#instructions li:nth-child(2) button');
                const m = window.waymarkPage.map; return m.getZoom() >= 17 && m.getCenter().distanceTo([+b.dataset.lat, +b.dataset.lon]) < 5
                """) as? Bool
            #expect(zoomed == true)
            // The AR preview at that maneuver: road markers and its turn arrow within 50 m, batch 1 loaded.
            let ar = try browser.execute("""
                const a = window.waymarkPage.ar; return {kinds: a.visible.map(v => v.kind), batch: a.batch,
                  text: document.getElementById('ar-status').textContent, max: a.visible.reduce((m, v) => Math.max(m, v.distance), 0)}
                """) as? [String: Any] ?? [:]
            let kinds = ar["kinds"] as? [String] ?? []
            #expect(kinds.contains("road"))
            #expect(kinds.contains("turn_arrow"))
            #expect((ar["max"] as? Double ?? 99) <= 50)
            #expect((ar["text"] as? String ?? "").contains("Batch 1 of"))
            // The slider at the end shows the destination arrow.
            _ = try browser.execute("""
                const s = document.getElementById('ar-position'); s.value = s.max; s.dispatchEvent(new Event('input'));
                """)
            let atEnd = try browser.execute("return window.waymarkPage.ar.visible.map(v => v.kind)") as? [String] ?? []
            #expect(atEnd.contains("destination"))
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route again")
            // The AR preview 25 m before the roundabout, as the README and docs/map-page.md show it.
            _ = try browser.execute("""
                const b = document.querySelector('#instructions li:nth-child(3) button'), s = document.getElementById('ar-position');
                s.value = Math.max(0, Math.round(+b.dataset.distance - 25)); s.dispatchEvent(new Event('input'));
                """)
            try Self.saveScreenshot(browser, name: "map-page-1280x800.png", directory: setup.directory)
            #expect(try Self.consoleErrors(browser) == [])
        }
    }

    /// A drive from Stara cesta (posted and zone limits) up Vinogradska ulica, which has no maxspeed: its
    /// limit is an estimate.
    static let mixedQuery = "from=45.810000,15.978000&to=45.814000,15.985800&speed=60&lang=en"

    @Test func theRouteAndItsChartTellEstimatedLimitsFromPostedOnes() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.mixedQuery)
            try Self.waitUntilIdle(browser, "the route")
            // Far over everywhere at 60 km/h; the stretch on the estimated limit is drawn dashed.
            let segments = try browser.execute("return window.waymarkPage.routeSegments.map(s => s.warning + ' ' + s.estimated)") as? [String] ?? []
            #expect(segments.contains("far_over true"), "\(segments)")
            #expect(segments.contains("far_over false"), "\(segments)")
            let chart = try browser.execute("return window.waymarkPage.limitChart") as? [String: Any] ?? [:]
            #expect((chart["posted"] as? Double ?? 0) > 0 && (chart["estimated"] as? Double ?? 0) > 0, "\(chart)")
            let text = try browser.execute("return document.getElementById('limits-text').textContent") as? String ?? ""
            #expect(text.contains(" km/h (estimated) for "), "\(text)")
            #expect(text.contains("Solid bars: posted limits; pale bars: estimated."), "\(text)")
            let legend = try browser.execute("""
                const e = document.getElementById('legend-estimated'); return [e.textContent, String(getComputedStyle(e).display !== 'none')]
                """) as? [String] ?? []
            #expect(legend == ["dashed: against an estimated limit", "true"])
            let warnings = try browser.execute("return document.getElementById('warnings').textContent") as? String ?? ""
            #expect(warnings.contains("of them against estimated limits"), "\(warnings)")
            #expect(try Self.consoleErrors(browser) == [])
        }
    }

    @Test func theSpeedLimitLayerColoursRoadsByLimitAndDrawsEstimatesDashed() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.mixedQuery)
            try Self.waitUntilIdle(browser, "the route")
            // Off at first: roads in their class colours, no limit legend.
            #expect(try browser.execute("return window.waymarkPage.limitLayer === null") as? Bool == true)
            #expect(try browser.execute("return document.getElementById('limits-legend').hidden") as? Bool == true)
            try browser.click("#limits-layer")
            try browser.wait(for: "the speed limit layer", until: "return !!window.waymarkPage.limitLayer")
            let layer = try browser.execute("""
                const l = window.waymarkPage.limitLayer; return {lines: l.lines, posted: l.posted, estimated: l.estimated,
                  bands: l.bands, drawn: window.waymarkPage.roadsDrawn}
                """) as? [String: Any] ?? [:]
            let lines = layer["lines"] as? Int ?? 0
            #expect(lines > 20 && lines == layer["drawn"] as? Int)
            // The town has posted streets and untagged ones (class defaults), so both kinds are drawn.
            #expect((layer["posted"] as? Int ?? 0) > 0 && (layer["estimated"] as? Int ?? 0) > 0, "\(layer)")
            #expect((layer["posted"] as? Int ?? 0) + (layer["estimated"] as? Int ?? 0) == lines)
            let bands = layer["bands"] as? [String: Int] ?? [:]
            #expect(bands["up_to_30"] ?? 0 > 0 && bands["up_to_50"] ?? 0 > 0, "\(bands)")
            #expect(bands.values.reduce(0, +) == lines)
            // The legend: a swatch per band and the dashed estimate.
            let legend = try browser.execute("""
                const l = document.getElementById('limits-legend');
                return [l.hidden, getComputedStyle(l).display, [...l.querySelectorAll('span')].map(s => s.dataset.band + '=' + s.textContent)]
                """) as? [Any] ?? []
            #expect(legend.first as? Bool == false && legend.dropFirst().first as? String == "flex")
            let items = legend.last as? [String] ?? []
            #expect(items == ["up_to_30=≤ 30", "up_to_50=31–50", "up_to_70=51–70", "up_to_90=71–90", "up_to_110=91–110",
                              "over_110=> 110", "unlimited=no limit", "unknown=unknown", "estimated=dashed: estimated, not posted"])
            // The address keeps the layer; a reload shows it again.
            let search = try browser.execute("return location.search") as? String ?? ""
            #expect(search.contains("limits=1"))
            try Self.saveScreenshot(browser, name: "map-page-speed-limits.png", directory: setup.directory)
            try browser.navigate(setup.base + "/" + search)
            try Self.waitUntilIdle(browser, "the reloaded page")
            #expect(try browser.execute("return document.getElementById('limits-layer').checked && !!window.waymarkPage.limitLayer") as? Bool == true)
            // Off again: class colours, no legend, and the address drops it.
            try browser.click("#limits-layer")
            #expect(try browser.execute("return window.waymarkPage.limitLayer === null && document.getElementById('limits-legend').hidden") as? Bool == true)
            #expect(!(try browser.execute("return location.search") as? String ?? "").contains("limits="))
            #expect(try Self.consoleErrors(browser) == [])
        }
    }

    @Test func clickingTwoPointsDrawsARouteAndTheURLReloadsIt() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/")
            try Self.waitUntilIdle(browser)
            for (lat, lon) in [Self.start, Self.destination] {
                let pixel = try browser.execute("return window.waymarkPage.pixelOf(\(lat), \(lon))") as? [Int] ?? []
                try #require(pixel.count == 2)
                try browser.click(x: pixel[0], y: pixel[1])
            }
            try Self.waitUntilIdle(browser, "the clicked route")
            try browser.wait(for: "the route to be drawn", until: "return window.waymarkPage.routeSegments.length > 0")
            let url = try browser.execute("return location.search") as? String ?? ""
            #expect(url.contains("from=45.8"))
            #expect(url.contains("to=45.8"))
            #expect(url.contains("speed=50"))
            let first = try browser.execute("return document.getElementById('distance').textContent") as? String
            // Shift-click adds a via point (numbered 1), which the URL keeps.
            let via = try browser.execute("return window.waymarkPage.pixelOf(45.8125, 15.9850)") as? [Int] ?? []
            try browser.click(x: via[0], y: via[1], shift: true)
            try Self.waitUntilIdle(browser, "the route with a via point")
            let withVia = try browser.execute("return location.search") as? String ?? ""
            #expect(withVia.contains("via=45.8"))
            #expect(try browser.execute("return document.querySelectorAll('.point-icon.via').length") as? Int == 1)
            // Reloading the address gives the same points and the same route.
            let summary = try browser.execute("return document.getElementById('distance').textContent") as? String
            try browser.navigate(setup.base + "/" + withVia)
            try Self.waitUntilIdle(browser, "the reloaded route")
            #expect(try browser.execute("return document.getElementById('distance').textContent") as? String == summary)
            #expect(try browser.execute("return location.search") as? String == withVia)
            #expect(first != nil)
            #expect(try Self.consoleErrors(browser) == [])
        }
    }

    @Test func theMarkerListDownloadsInEveryFormat() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route")
            let links = try browser.execute("return [...document.querySelectorAll('#downloads a')].map(a => [a.dataset.format, a.href])") as? [[String]] ?? []
            #expect(links.map { $0.first ?? "" } == ["json", "geojson", "csv", "gpx"])
            // Each link answers its format.
            for link in links {
                let path = String(link[1].dropFirst(setup.base.count))
                let response = try setup.server.get(path)
                #expect(response.status == 200, "\(path)")
                switch link[0] {
                case "json": #expect(response.body.contains("\"waymark-ar-markers\""))
                case "geojson": #expect(response.body.contains("\"FeatureCollection\""))
                case "csv": #expect(response.body.hasPrefix("index,"))
                default: #expect(response.body.contains("<gpx"))
                }
            }
            // A click saves the file.
            try browser.click("#downloads a[data-format=csv]")
            let file = browser.downloads.appendingPathComponent("waymark-markers.csv")
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: file.path) && Date() < deadline { usleep(100_000) }
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix("index,"))
            #expect(text.split(whereSeparator: \.isNewline).count > 10)
        }
    }

    @Test func placesNearTheRouteAreToggledByCategory() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route")
            let categories = try browser.execute("return [...document.querySelectorAll('#pois input')].map(i => i.value)") as? [String] ?? []
            try #require(!categories.isEmpty, "the sample town has places along this route")
            let before = try browser.execute("return document.querySelector('#downloads a[data-format=csv]').href") as? String ?? ""
            try browser.click("#pois input[value=\(categories[0])]")
            let after = try browser.execute("return document.querySelector('#downloads a[data-format=csv]').href") as? String ?? ""
            #expect(before.contains("pois=all"))
            #expect(!after.contains("pois=all"))
            #expect(!after.contains(categories[0]))
            let hidden = try browser.execute("return [...window.waymarkPage.view.hiddenCategories]") as? [String]
            #expect(hidden == [categories[0]])
        }
    }

    @Test func everyControlIsReachedWithTheKeyboardAndShowsFocus() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route")
            var reached: [String] = []
            var outlined = 0
            for _ in 0..<60 {
                try browser.press("\u{E004}")
                let focus = try browser.execute("""
                    const e = document.activeElement; const s = getComputedStyle(e);
                    return [e.id || e.className || e.tagName, e.tagName, s.outlineStyle !== 'none' && s.outlineWidth !== '0px']
                    """) as? [Any] ?? []
                reached.append("\(focus.first ?? "")|\(focus.dropFirst().first ?? "")")
                if focus.last as? Bool == true { outlined += 1 }
            }
            for control in ["speed|INPUT", "language|SELECT", "limits-layer|INPUT", "reverse|BUTTON", "clear|BUTTON", "ar-position|INPUT"] {
                #expect(reached.contains(control), "\(control) not reached: \(reached)")
            }
            #expect(reached.contains("A|A"))                 // a download link (no id or class)
            #expect(reached.contains("BUTTON|BUTTON"))       // an instruction (no id or class)
            #expect(reached.contains { $0.contains("point-icon") })  // a draggable point
            #expect(outlined >= 10)
        }
    }

    @Test func aPointInTheSeaShowsAMessageAndKeepsTheMap() throws {
        try Self.withPage { setup in
            let browser = setup.browser
            try browser.navigate(setup.base + "/?from=45.0,15.0&to=45.8150,15.9900")
            try Self.waitUntilIdle(browser, "the refused route")
            let message = try browser.execute("const m = document.getElementById('message'); return m.hidden ? '' : m.textContent") as? String ?? ""
            #expect(message.contains("No road near"))
            #expect(try browser.execute("return window.waymarkPage.roadsDrawn") as? Int ?? 0 > 20)
            // A malformed address is named, not silently dropped.
            try browser.navigate(setup.base + "/?from=north&to=45.8150,15.9900")
            try Self.waitUntilIdle(browser)
            let named = try browser.execute("return document.getElementById('message').textContent") as? String ?? ""
            #expect(named.contains("from=north"))
        }
    }

    @Test func aPhoneSizedViewportStacksTheMapAndPanelWithoutSideScrolling() throws {
        try Self.withPage(width: 390, height: 844) { setup in
            let browser = setup.browser
            try browser.setViewport(width: 390, height: 844, mobile: true)
            try browser.navigate(setup.base + "/?" + Self.routeQuery)
            try Self.waitUntilIdle(browser, "the route")
            let layout = try browser.execute("""
                const m = document.getElementById('map').getBoundingClientRect(), p = document.querySelector('.panel').getBoundingClientRect();
                return [document.documentElement.scrollWidth, window.innerWidth, m.height, p.top >= m.bottom - 1]
                """) as? [Any] ?? []
            #expect(layout.count == 4)
            #expect((layout[0] as? Int ?? 999) <= (layout[1] as? Int ?? 0))
            #expect((layout[2] as? Double ?? 0) > 300)
            #expect(layout[3] as? Bool == true)
            try Self.saveScreenshot(browser, name: "map-page-390x844.png", directory: setup.directory)
            #expect(try Self.consoleErrors(browser) == [])
        }
    }
}
