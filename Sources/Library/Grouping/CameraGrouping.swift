/// By camera: make and model ("Canon EOS 6D"), case ignored; "Unknown camera" last.
public struct CameraGrouping: Grouping {
    public init() {}

    public func keys(of photo: Photo) -> [String] { [photo.camera ?? ""] }

    public func folder(for keys: [String]) -> FolderStep {
        keys[0].isEmpty ? FolderStep(id: "nocamera", name: "Unknown camera", rank: 1)
            : FolderStep(id: FolderStep.id("c", SearchText.fold(keys[0])), name: keys[0])
    }
}
