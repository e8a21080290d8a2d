import Foundation
import Library
import TUI

extension Benchmark {
    /// Items a page of the infinite-scroll figure holds (the gallery's page).
    static let feedPageItems = 24

    /// Infinite scroll (issue 24), against a server in this process on 127.0.0.1 serving
    /// a feed in pages of 24 items with thumbnails (a body cursor to the next page). The browser's
    /// state on page 1, every tile made, the cursor on photo 12: the key that crosses the threshold
    /// (update + frame drawn), then from that key to the next page's tiles drawn: the page fetched
    /// and saved as the browser does (`FeedPageLoad`, thumbnails and all), its 24 tiles' previews
    /// made on every core as the preview loader does, and the frame drawn.
    func runFeeds() throws {
        let count = Self.feedPageItems
        report.section("Infinite scroll (issue 24): a feed in pages of \(count) with thumbnails (server in-process, 127.0.0.1), 200×62")
        var files: [String: [UInt8]] = [:]
        for page in 1...2 {
            var items: [[String: Any]] = []
            for number in (page - 1) * count..<page * count {
                files["/thumb/\(number).jpg"] = try Self.syntheticJPEG(width: 160, height: 120, seed: number)
                items.append(["id": number, "title": "photo \(number)", "url": "/img/\(number).jpg",
                              "thumbnailUrl": "/thumb/\(number).jpg"])
            }
            var body: [String: Any] = ["items": items]
            if page == 1 { body["next"] = "/page-2.json" }
            files["/page-\(page).json"] = Array(try JSONSerialization.data(withJSONObject: body))
        }
        let server = try BenchWebServer(files: files)
        defer { server.stop() }
        let fetcher = CurlFetcher(options: .init(userAgent: "photory-tui/bench"))
        let terminal = try Terminal(headlessColumns: 200, rows: 62, colorModeOverride: .truecolor)
        defer { terminal.restore() }
        let address = server.url("/page-1.json")

        var keyTimes: [Double] = [], pageTimes: [Double] = [], fetchTimes: [Double] = [], tilesWanted = 0
        for run in 0..<7 {
            let root = folder("feeds/run-\(run)")
            let store = LibraryStore(path: root + "/library.json")
            let thumbnails = ThumbnailStore(folder: root + "/thumbnails")
            let web = WebImporter(fetcher: fetcher, downloads: DownloadFolder(root: root + "/downloads"), thumbnails: thumbnails)
            let (library, first) = try web.run([address], store: store)
            guard first.count(.imported) == count, let feedFolder = library.homeFolders.firstIndex(where: { LibraryFeed.isFeedGroup($0.id) })
            else { throw Failure(description: "infinite scroll: page 1 gave \(first.line)") }
            let maker = PreviewMaker(thumbnails: thumbnails)
            var state = AppState(library: library, columns: 200, rows: 62, colorMode: .truecolor, startFolder: temp, homeFolder: temp)
            for _ in 0..<feedFolder { _ = state.update(.key(.right)) }
            _ = state.update(.key(.enter))
            Self.makePreviews(state.wantedPreviews(), maker: maker, into: &state)
            terminal.draw(AppView.render(state))
            for _ in 0..<(count / 2 - 1) { _ = state.update(.key(.right)) }   // photo 12 of 24: not past half
            terminal.draw(AppView.render(state))

            var effects: [Effect] = []
            let start = Measure.now()
            keyTimes.append(Measure.time {
                effects = state.update(.key(.right))
                terminal.draw(AppView.render(state))
            })
            guard effects.contains(.loadMoreOfFeed(address)) else { throw Failure(description: "infinite scroll: photo 13 asked for no page") }
            var message: Msg?
            fetchTimes.append(Measure.time { message = FeedPageLoad.run(address, web: web, store: store) })
            _ = state.update(message!)
            let known = Set(library.photos.map(\.id))
            let newTiles = state.wantedPreviews().filter { !known.contains($0.key.photoID) }
            guard !newTiles.isEmpty else { throw Failure(description: "infinite scroll: the new page's tiles were not wanted") }
            tilesWanted = newTiles.count
            Self.makePreviews(newTiles, maker: maker, into: &state)
            terminal.draw(AppView.render(state))
            pageTimes.append(Measure.now() - start)
        }
        report.row("the key crossing the threshold: update + frame drawn", median: Measure.median(keyTimes),
                   worst: keyTimes.max(), unit: "ms", target: .below(16))
        report.row("crossing → next page's \(tilesWanted) tiles drawn", median: Measure.median(pageTimes),
                   worst: pageTimes.max(), unit: "ms", target: .below(300))
        report.note("of which the page fetched and saved with its \(count) thumbnails of 160×120 (as the browser's import queue does): "
                    + "median \(Report.format(Measure.median(fetchTimes), 1)) ms; the tiles' previews made on "
                    + "\(ProcessInfo.processInfo.activeProcessorCount) threads as the preview loader does")
    }

    /// Makes `requests`' previews on every core (the preview loader's workers) and hands them to `state`.
    private static func makePreviews(_ requests: [PreviewRequest], maker: PreviewMaker, into state: inout AppState) {
        let results = Locked<[PreviewResult?]>(Array(repeating: nil, count: requests.count))
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let made = maker.make(requests[index])
            results.withLock { $0[index] = made }
        }
        for (request, result) in zip(requests, results.withLock { $0 }) {
            if let result { _ = state.update(.previewReady(request.key, result)) }
        }
    }
}
