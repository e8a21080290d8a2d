import Foundation
import Library

/// The geotag form (`H`, issue 25): places the marked photos on GPX tracks. The user types the
/// track files (or a folder of them), the zone of photos whose date has no offset, and the max
/// gap; Enter reads the tracks (`Effect.readTracks`, answered by `Msg.tracksRead`) and shows the
/// track as a line and the photos as pins on the braille map, with what lands and what is
/// skipped; Enter again applies the places as one undoable step of ordinary place edits.
struct GeotagForm: Equatable, Sendable, LayerState {
    enum Field: Int, CaseIterable, Sendable { case tracks, zone, maxGap }

    /// What the tracks field led to.
    enum Tracks: Equatable, Sendable {
        case notRead
        /// Asked for these typed paths; the answer is on its way.
        case reading(String)
        /// Read for the text typed: the tracks and each file's problem.
        case read(String, tracks: [GPXTrack], problems: [String])
    }

    let photoIDs: [String]
    var tracksField = TextField()
    var zoneField: TextField
    var gapField = TextField("30m")
    var field = Field.tracks
    var tracks = Tracks.notRead
    /// The map's view, fitted to the tracks and the photos' places when the tracks were read.
    var viewport: MapViewport?

    /// `zone` is the machine's offset now, for photos whose date has none ("+02:00").
    init(photoIDs: [String], zone: String) {
        self.photoIDs = photoIDs
        zoneField = TextField(zone)
    }

    var keyContext: KeyContext { .geotagForm }
    var layer: Layer { .geotagForm(self) }

    func render(_ state: AppState, into grid: inout CellGrid) { GeotagFormView.render(self, state: state, into: &grid) }

    func hints(_ state: AppState) -> String? { state.keyMap.hints([.accept, .nextField, .cancel], in: .geotagForm) }

    func title(_ state: AppState) -> String? {
        "Geotag \(Counted.text(photoIDs.count)) from GPS tracks"
    }

    /// The tracks read for the text in the field now; nil until they are.
    var readTracks: [GPXTrack]? {
        guard case let .read(text, tracks, _) = tracks, text == tracksField.text else { return nil }
        return tracks
    }

    /// What is wrong with the zone or the max gap, or the geotagger they make with the tracks.
    func geotagger(_ tracks: [GPXTrack]) -> Result<Geotagger, Failure> {
        let zone = zoneField.text.trimmingCharacters(in: .whitespaces)
        let zoneSeconds = zone.isEmpty ? nil : UTCOffset.seconds(parsing: zone)
        if !zone.isEmpty, zoneSeconds == nil {
            return .failure(Failure("zone \(zone): type an offset like +02:00 or -03:30 (empty: none)"))
        }
        guard let gap = try? TimeShift(parsing: "+" + gapField.text.trimmingCharacters(in: .whitespaces)),
              gap.months == 0, gap.seconds > 0 else {
            return .failure(Failure("max gap \(gapField.text): type a time like 30m, 1h or 90s"))
        }
        return .success(Geotagger(tracks: tracks, maxGapSeconds: Double(gap.seconds), zoneSeconds: zoneSeconds))
    }

    /// The plan for the photos on the tracks read, when they are read and the fields make sense.
    func plan(_ library: PhotoLibrary) -> GeotagPlan? {
        guard let tracks = readTracks, !tracks.isEmpty, case let .success(geotagger) = geotagger(tracks) else { return nil }
        let source = tracks.count == 1 ? (tracks[0].path as NSString).lastPathComponent : "\(tracks.count) tracks"
        return EditPlanner(library: library).geotag(photoIDs, with: geotagger, source: source)
    }

    /// The tracks read: fit the map to them.
    mutating func received(_ text: String, tracks read: [GPXTrack], problems: [String], library: PhotoLibrary) {
        guard case .reading(text) = tracks else { return }
        tracks = .read(text, tracks: read, problems: problems)
        let points = read.flatMap(\.points).map(\.position)
        viewport = GeotagForm.fitting(points + photoIDs.compactMap { library.photo(id: $0)?.gps })
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .cancel: return .close()
        case .help: return .consumed(then: .showHelp)
        case .nextField: field = Field(rawValue: (field.rawValue + 1) % Field.allCases.count)!
        case .previousField: field = Field(rawValue: (field.rawValue + Field.allCases.count - 1) % Field.allCases.count)!
        case .accept:
            let text = tracksField.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return .consumed(then: .say("Type the GPX files (or a folder of them) first")) }
            if readTracks == nil {
                if case .reading(tracksField.text) = tracks { return .consumed() }
                tracks = .reading(tracksField.text)
                return .consumed(then: .start([.readTracks(tracksField.text)]))
            }
            guard let plan = plan(state.library) else { return .consumed() }
            guard !plan.step.changes.isEmpty else {
                return .close(then: .say(plan.placed.isEmpty ? "No photo is on the track: nothing changed"
                                         : "The photos already have these places: nothing changed"))
            }
            return .close(then: .perform(plan.step))
        default:
            switch field {
            case .tracks: _ = tracksField.edit(key, action: action)
            case .zone: _ = zoneField.edit(key, action: action)
            case .maxGap: _ = gapField.edit(key, action: action)
            }
        }
        return .consumed()
    }

    /// A view showing every position, as close as it can (the whole world when there is none).
    static func fitting(_ positions: [GPSPosition]) -> MapViewport? {
        let valid = positions.filter(\.isValid)
        guard let first = valid.first else { return nil }
        let lats = valid.map(\.latitude), lons = valid.map(\.longitude)
        let span = max(lats.max()! - lats.min()!, (lons.max()! - lons.min()!) / 2, 1e-6)
        // Zoom 0 shows 180° of latitude; each level halves it. Leave a margin.
        let zoom = max(0, min(MapViewport.maxZoom, Int(log2(180 / (span * 1.5)).rounded(.down))))
        let centre = GPSPosition(latitude: (lats.max()! + lats.min()!) / 2, longitude: (lons.max()! + lons.min()!) / 2)
        return MapViewport(centredOn: valid.count == 1 ? first : centre, zoom: zoom)
    }
}
