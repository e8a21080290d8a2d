import Foundation
import Library

/// "All the metadata" (`I`, issue 20): opening the tags layer and taking its tags in.
extension AppState {
    /// Opens `AllTagsLayer` for the selected photo and asks for its tags; says why not when
    /// there is no file to read.
    mutating func openAllTags() -> [Effect] {
        guard let id = selectedPhotoID, let photo = library.photo(id: id) else { return [] }
        guard !photo.missing, photo.isDownloaded else {
            status = photo.missing ? "No file to read the tags of: it is missing" : "The tags can be read once the original is downloaded"
            return []
        }
        open(.allTags(AllTagsLayer(photoID: id, fileName: (photo.path as NSString).lastPathComponent)))
        return [.readAllTags(photoID: id, path: photo.path)]
    }

    /// The tags read for `photoID`, when its layer is still open.
    mutating func allTagsRead(photoID: String, _ result: Result<[MetadataTag], FileMetadataError>) {
        changeLayer(AllTagsLayer.self) { layer in
            if layer.photoID == photoID { layer.tags = result }
        }
    }
}
