import Library

/// The map (`m`): the photo's place as the main pin, the other photos of the marks or the
/// group as dimmer pins; zoom and pan around.
struct MapScreenState: Equatable, Sendable, LayerState {
    var viewport: MapViewport
    var pins: [MapPin]
    /// What the title says: the photo's name and place.
    var title: String

    /// The map for `photoID` among `others` (their pins dimmer); nil when no photo has a place.
    init?(photoID: String, others: [String], library: PhotoLibrary) {
        let main = library.photo(id: photoID)
        let otherPins = others.filter { $0 != photoID }.compactMap { library.photo(id: $0)?.gps }
            .map { MapPin($0, emphasis: .other) }
        guard let centre = main?.gps ?? otherPins.first?.position else { return nil }
        pins = otherPins + (main?.gps.map { [MapPin($0, emphasis: .main, label: main?.name)] } ?? [])
        viewport = MapViewport(centredOn: centre, zoom: 2)
        title = "Map · " + (main?.name ?? "") + (main?.gps == nil ? " (no place)" : "")
    }

    var keyContext: KeyContext { .map }
    var layer: Layer { .map(self) }

    func hints(_ state: AppState) -> String? {
        state.keyMap.hints([.zoomIn, .zoomOut, .close, .help], in: .map) + " · arrows pan"
    }

    func title(_ state: AppState) -> String? { title }

    func render(_ state: AppState, into grid: inout CellGrid) {
        MapView.render(into: &grid, rect: state.contentArea, viewport: viewport, pins: pins, outline: try? WorldOutline.shared())
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let area = state.contentArea
        switch action {
        case .zoomIn: viewport = viewport.zoomed(in: true)
        case .zoomOut: viewport = viewport.zoomed(in: false)
        case .left: viewport = viewport.panned(dx: -max(1, area.width / 4), dy: 0, in: area)
        case .right: viewport = viewport.panned(dx: max(1, area.width / 4), dy: 0, in: area)
        case .up: viewport = viewport.panned(dx: 0, dy: -max(1, area.height / 4), in: area)
        case .down: viewport = viewport.panned(dx: 0, dy: max(1, area.height / 4), in: area)
        case .help: return .consumed(then: .showHelp)
        case .close: return .close()
        default: break
        }
        return .consumed()
    }
}
