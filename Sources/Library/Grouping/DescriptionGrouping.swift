/// By description (the default): one folder per description, case and spacing ignored, named
/// as the first photo writes it; photos without one in "Other", last. The same folders, ids
/// and order as `PhotoLibrary.groups`.
public struct DescriptionGrouping: Grouping {
    public init() {}

    public func keys(of photo: Photo) -> [String] { [photo.description ?? ""] }

    public func folder(for keys: [String]) -> FolderStep {
        keys[0].isEmpty ? FolderStep(id: PhotoGroup.otherID, name: PhotoGroup.otherName, rank: 1)
            : FolderStep(id: PhotoGroup.id(forKey: DescriptionResolver.groupKey(keys[0])), name: keys[0])
    }
}
