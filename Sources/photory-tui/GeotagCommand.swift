import ArgumentParser
import Foundation
import Library

/// `photory-tui geotag TRACK.gpx… PATH_OR_ID…` (issue 25): places photos on GPS tracks by
/// their time (`Geotagger`), as one undoable step of ordinary place edits.
struct GeotagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geotag",
        abstract: "Place photos on GPX tracks by the time they were taken (kept in the library; files untouched).",
        discussion: """
            Arguments ending in .gpx are tracks (GPX 1.0/1.1 tracks and routes; several files at once); the \
            others are photos by path or id, or folders (every photo under them). Each photo's time is made UTC \
            with its own offset, else --offset, and placed by linear interpolation between the two track points \
            around it when they are at most --max-gap apart, else at the nearest point when that is at most \
            --max-gap away; otherwise it is skipped and named (exit 1). One step for `photory-tui undo`; \
            `write-metadata` writes the places into the files.
            """)

    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("GPX files, then photos by path or id, or folders.", valueName: "track.gpx|path-or-id"))
    var arguments: [String]
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The UTC offset of photos whose date has none, e.g. +02:00 or -03:30:15.", valueName: "±HH:MM[:SS]"))
    var offset: String?
    @Option(help: ArgumentHelp("How far in time a photo may be from the track: 30m, 1h, 90s (default 30m).", valueName: "duration"))
    var maxGap: String = "30m"
    @Flag(help: "Show what would be placed; change nothing.") var dryRun = false
    @Flag(name: .long, help: "Print JSON.") var json = false

    /// Arguments naming GPX files.
    private var trackPaths: [String] { arguments.filter(Self.isTrack) }
    private var photoArguments: [String] { arguments.filter { !Self.isTrack($0) } }

    static func isTrack(_ argument: String) -> Bool { argument.lowercased().hasSuffix(".gpx") }

    func validate() throws {
        guard !trackPaths.isEmpty else { throw ValidationError("give at least one GPX file (its name ending in .gpx)") }
        guard !photoArguments.isEmpty else { throw ValidationError("give the photos to place: paths, ids or folders") }
        if let offset, UTCOffset.seconds(parsing: offset) == nil {
            throw ValidationError("--offset \(offset) is not a UTC offset like +02:00, -03:30 or +05:45:30")
        }
        _ = try maxGapSeconds()
    }

    private func maxGapSeconds() throws -> Double {
        let gap: TimeShift
        do {
            gap = try TimeShift(parsing: maxGap.hasPrefix("+") || maxGap.hasPrefix("-") ? maxGap : "+" + maxGap)
        } catch {
            throw ValidationError("--max-gap \(maxGap): \(error)")
        }
        guard gap.months == 0, gap.seconds > 0 else {
            throw ValidationError("--max-gap \(maxGap): give a positive time like 30m, 1h or 90s")
        }
        return Double(gap.seconds)
    }

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            var tracks: [GPXTrack] = []
            for path in trackPaths {
                do {
                    tracks.append(try GPXTrack.read(path: path))
                } catch {
                    complain("\(error)")
                    failed = true
                }
            }
            guard !tracks.isEmpty else { throw CommandFailure("no track to place photos on") }
            let geotagger = Geotagger(tracks: tracks, maxGapSeconds: try maxGapSeconds(),
                                      zoneSeconds: offset.flatMap(UTCOffset.seconds(parsing:)))
            let source = tracks.count == 1 ? URL(fileURLWithPath: tracks[0].path).lastPathComponent : "\(tracks.count) tracks"
            let makePlan = { (library: PhotoLibrary) throws -> GeotagPlan in
                EditPlanner(library: library).geotag(try photos(in: library).map(\.id), with: geotagger, source: source)
            }
            var planned: GeotagPlan?
            let library: PhotoLibrary
            if dryRun {
                library = try options.loadForReading(checkMissing: false)
                planned = try makePlan(library)
            } else {
                library = try EditReport.save(options: options) { library throws in
                    let made = try makePlan(library)
                    planned = made
                    return made.step.changes.isEmpty ? [] : [.apply(made.step)]
                }.library
            }
            guard let plan = planned else { return }
            try report(plan, in: library)
            if !plan.skipped.isEmpty { failed = true }
        }
        if failed { throw ExitCode.failure }
    }

    /// The photos named, folders giving every photo under them.
    private func photos(in library: PhotoLibrary) throws -> [Photo] {
        var found: [Photo] = []
        for argument in photoArguments {
            let path = LibraryPaths.absolute(ExactArgument.paths([argument])[0])
            var isFolder: ObjCBool = false
            if library.photo(id: argument.lowercased()) == nil,
               FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let prefix = path.hasSuffix("/") ? path : path + "/"
                let inside = library.photos.filter { $0.path.hasPrefix(prefix) }
                guard !inside.isEmpty else {
                    throw CommandFailure("no photo of \(options.store.location) is under \(PathBytes.display(path))")
                }
                found += inside
            } else {
                found += try options.photos(named: [argument], in: library)
            }
        }
        return found
    }

    private struct Record: Encodable {
        struct Placed: Encodable {
            var id, path: String
            var latitude, longitude: Double
            var altitude: Double?
            /// "interpolated" or "nearest".
            var how: String
            /// Interpolated: how far apart the two points were; nearest: how far the point was.
            var seconds: Double
        }
        struct Skipped: Encodable { var id, path, reason: String }
        var step: String
        var stepId: String?
        var dryRun: Bool
        var placed: [Placed]
        var skipped: [Skipped]
    }

    private func report(_ plan: GeotagPlan, in library: PhotoLibrary) throws {
        func path(_ id: String) -> String { library.photo(id: id).map { PathBytes.display($0.path) } ?? id }
        let label = dryRun ? "dry run, nothing changed: would " + plan.step.label : plan.step.label
        if json {
            let placed = plan.placed.compactMap { outcome -> Record.Placed? in
                guard let position = outcome.placement.position else { return nil }
                let (how, seconds): (String, Double) = switch outcome.placement {
                case let .interpolated(_, apart): ("interpolated", apart)
                case let .nearest(_, away): ("nearest", away)
                case .skipped: ("", 0)
                }
                return .init(id: outcome.photoID, path: path(outcome.photoID), latitude: position.latitude,
                             longitude: position.longitude, altitude: position.altitude, how: how, seconds: seconds)
            }
            let skipped = plan.skipped.map { outcome -> Record.Skipped in
                guard case let .skipped(reason) = outcome.placement else { return .init(id: "", path: "", reason: "") }
                return .init(id: outcome.photoID, path: path(outcome.photoID), reason: reason.description)
            }
            try printJSON(Record(step: label, stepId: dryRun || plan.step.changes.isEmpty ? nil : plan.step.id,
                                 dryRun: dryRun, placed: placed, skipped: skipped))
            return
        }
        for outcome in plan.outcomes {
            let name = path(outcome.photoID).strippingControlCharacters
            switch outcome.placement {
            case let .interpolated(position, apart):
                say("\(name)  \(ShowCommand.describe(position))  between points \(Geotagger.SkipReason.duration(apart)) apart")
            case let .nearest(position, away):
                say("\(name)  \(ShowCommand.describe(position))  "
                    + (away == 0 ? "at a track point" : "nearest point \(Geotagger.SkipReason.duration(away)) away"))
            case let .skipped(reason):
                say("skipped \(name): \(reason)")
            }
        }
        let unchanged = plan.placed.count > 0 && plan.step.changes.isEmpty ? " (all already there)" : ""
        say(label.strippingControlCharacters + unchanged
            + (plan.skipped.isEmpty ? "" : "; \(plan.skipped.count) skipped"))
    }
}
