import Foundation
import Library
import TUI

extension Benchmark {
    /// Makes (or takes from the memo) every preview `state` wants and hands them to it, the
    /// way the preview workers would have by now. Not timed.
    func prefetch(_ state: inout AppState, maker: PreviewMaker) {
        for request in state.wantedPreviews() {
            let memoKey = "\(request.path)|\(request.key.columns)|\(request.key.rows)|\(request.key.colorMode)|\(String(describing: request.key.pixels))"
            let result = previewMemo[memoKey] ?? maker.make(request)
            previewMemo[memoKey] = result
            _ = state.update(.previewReady(request.key, result))
        }
    }

    /// A state showing one group (every photo of `library` has one description) at the given size.
    func groupState(_ library: PhotoLibrary, columns: Int, rows: Int) -> AppState {
        var state = AppState(library: library, columns: columns, rows: rows, colorMode: .truecolor,
                             startFolder: temp, homeFolder: temp)
        _ = state.update(.key(.enter))   // home → the group
        return state
    }

    /// The same photos under one description, with distinct ids, in this order (taken a
    /// minute apart, so copies of one file are not next to each other).
    static func oneGroup(_ photos: [Photo], name: String) -> PhotoLibrary {
        PhotoLibrary(photos: photos.enumerated().map { index, photo in
            var copy = photo
            copy.id = String(format: "%016llx", 0xbe7c_0000_0000 + UInt64(index))
            copy.fileTakenAt = String(format: "2024-01-%02dT%02d:%02d:00", 1 + index / 1440, index / 60 % 24, index % 60)
            copy.fileDescription = name
            copy.fileDescriptionSource = .exif
            return copy
        })
    }

    /// Times one key press: update + render + headless draw.
    static func frame(_ state: inout AppState, _ key: Key, on terminal: Terminal) -> Double {
        Measure.time {
            _ = state.update(.key(key))
            terminal.draw(AppView.render(state))
        }
    }

    /// Figure 4: the detail view of the largest photos.
    func runDetail() throws {
        let big = importedSources.map(\.photo)
            .sorted { $0.width * $0.height > $1.width * $1.height }.prefix(5)
        let megapixels = big.map { String(format: "%.1f", Double($0.width * $0.height) / 1e6) }.joined(separator: ", ")
        report.section("4. Detail view, the \(big.count) largest photos (\(megapixels) MP), terminal 200×62")
        let library = Self.oneGroup(Array(big), name: "Detail bench")
        guard let group = library.groups.first else { return }
        let maker = PreviewMaker(thumbnails: nil)
        var cold: [[Double]] = [], warm: [[Double]] = []
        var area = "", areaCells = 0
        let terminal = try Terminal(headlessColumns: 200, rows: 62, colorModeOverride: .truecolor)
        defer { terminal.restore() }
        for (index, _) in group.photoIDs.enumerated() {
            var state = groupState(library, columns: 200, rows: 62)
            for _ in 0..<index { _ = state.update(.key(.right)) }   // cursor onto the photo…
            _ = state.update(.key(.enter))                          // …and open it
            guard let request = state.wantedPreviews().first else { continue }
            if request.key.columns * request.key.rows > areaCells {
                areaCells = request.key.columns * request.key.rows
                area = "\(request.key.columns)×\(request.key.rows)"
            }
            // Cold: read + scaled decode + chafa, as a preview worker makes it.
            cold.append((0..<Self.runsPerFile).map { _ in Measure.time { _ = maker.make(request) } })
            // Prefetched: the photo was a neighbour; its cells are in the cache when → is pressed.
            guard index > 0 else { continue }
            _ = state.update(.key(.left))
            prefetch(&state, maker: maker)
            terminal.draw(AppView.render(state))
            warm.append((0..<Self.runsPerFile).map { _ in
                let ms = Self.frame(&state, .right, on: terminal)
                _ = state.update(.key(.left))
                terminal.draw(AppView.render(state))
                return ms
            })
        }
        let coldStats = Measure.perItem(cold), warmStats = Measure.perItem(warm)
        report.row("cold: read + scaled decode + chafa (up to \(area) cells)", median: coldStats.median, worst: coldStats.worst,
                   unit: "ms", target: .below(120))
        report.row("prefetched neighbour: → + render + draw", median: warmStats.median, worst: warmStats.worst,
                   unit: "ms", target: .below(20))
        report.note("at 200×62 the image area is 200×59 (title and status lines), fitted to each photo's shape; cold = not in the "
                    + "PreviewCache, file in the page cache; PreviewMaker(thumbnails: nil).make as the workers call it")
    }

    /// Figure 5: a group of 200 photos at 160×48.
    func runGrid() throws {
        let real = importedSources.map(\.photo)
        guard !real.isEmpty else { return }
        let photos = (0..<200).map { real[$0 % real.count] }
        let library = Self.oneGroup(photos, name: "Grid bench")
        let maker = PreviewMaker(thumbnails: store)
        // Every synthetic id gets its stored thumbnail first (the import would have made them).
        for photo in library.photos {
            _ = store.entryMakingIfNeeded(photoID: photo.id, path: photo.path, orientation: photo.fileOrientation)
        }
        let terminal = try Terminal(headlessColumns: 160, rows: 48, colorModeOverride: .truecolor)
        defer { terminal.restore() }

        var state = groupState(library, columns: 160, rows: 48)
        let visible = state.visiblePreviewCount
        report.section("5. Group grid, 200 photos (\(real.count) files cycled), terminal 160×48, \(visible) tiles visible")
        // (a) Warm: everything the screen wants is in memory before each key press.
        prefetch(&state, maker: maker)
        terminal.draw(AppView.render(state))
        var warm: [Double] = []
        for press in 0..<Self.keyPresses {
            // Right along the rows; at the end of the group, back to the start.
            let key: Key = press % 50 == 49 ? .home : .right
            prefetch(&state, maker: maker)
            warm.append(Self.frame(&state, key, on: terminal))
        }
        report.row("(a) warm: key + update + render + draw (issue #3: key→frame)",
                   median: Measure.median(warm), worst: warm.max(), unit: "ms", target: .below(16))

        // (b) From the disk store: make the visible tiles on 2 threads, then render + draw.
        var fromStore: [Double] = []
        for _ in 0..<10 {
            var fresh = groupState(library, columns: 160, rows: 48)
            terminal.draw(AppView.render(fresh))   // the frame with empty tiles
            let requests = Array(fresh.wantedPreviews().prefix(fresh.visiblePreviewCount))
            fromStore.append(Measure.time {
                let results = Self.makeAll(requests, maker: maker, threads: 2)
                for (request, result) in zip(requests, results) {
                    _ = fresh.update(.previewReady(request.key, result))
                }
                terminal.draw(AppView.render(fresh))
            })
        }
        report.row("(b) \(visible) tiles from the disk store (2 threads) + render + draw",
                   median: Measure.median(fromStore), worst: fromStore.max(), unit: "ms", target: .below(80))
        report.note("(a) \(Self.keyPresses) presses of → (Home every 50); (b) 10 runs, a fresh PreviewCache each")

        // Detail paging in the same group, neighbours prefetched.
        state = groupState(library, columns: 160, rows: 48)
        _ = state.update(.key(.enter))
        prefetch(&state, maker: maker)
        terminal.draw(AppView.render(state))
        var paging: [Double] = []
        for press in 0..<Self.keyPresses {
            prefetch(&state, maker: maker)
            paging.append(Self.frame(&state, press < Self.keyPresses / 2 ? .right : .left, on: terminal))
        }
        report.row("detail paging →/← with neighbours prefetched (160×48)", median: Measure.median(paging),
                   worst: paging.max(), unit: "ms", target: .below(20))
    }

    /// Makes `requests` on `threads` threads, like the preview workers; results in order.
    static func makeAll(_ requests: [PreviewRequest], maker: PreviewMaker, threads: Int) -> [PreviewResult] {
        struct Work {
            var next = 0
            var results: [PreviewResult?]
        }
        let work = Locked(Work(results: Array(repeating: nil, count: requests.count)))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let index: Int? = work.withLock { work in
                    guard work.next < requests.count else { return nil }
                    defer { work.next += 1 }
                    return work.next
                }
                guard let index else { return }
                let result = maker.make(requests[index])
                work.withLock { $0.results[index] = result }
            }
        }
        return work.withLock { $0.results }.map { $0 ?? .failed("not made") }
    }
}
