import Library

/// A photo as the CLI prints it in JSON: the stable shape scripts rely on.
struct PhotoRecord: Encodable {
    var id: String
    var path: String
    /// The exact bytes of `path` in base64, only when it is not UTF-8 (`path` then holds
    /// them as surrogate escapes, see `PathBytes`).
    var pathBytes: String?
    var group: String
    var groupId: String
    var description: String?
    var descriptionSource: String?
    var width: Int
    var height: Int
    var orientation: Int
    var takenAt: String
    var takenAtSource: String
    var cameraMake: String?
    var cameraModel: String?
    var gps: GPSPosition?
    var fileSize: Int64
    var missing: Bool

    init(_ photo: Photo, in group: PhotoGroup) {
        id = photo.id
        path = photo.path
        pathBytes = PathBytes.base64(photo.path)
        groupId = group.id
        self.group = group.name
        description = photo.description
        descriptionSource = photo.descriptionSource?.rawValue
        width = photo.width
        height = photo.height
        orientation = photo.orientation
        takenAt = photo.takenAt
        takenAtSource = photo.takenAtSource.rawValue
        cameraMake = photo.cameraMake
        cameraModel = photo.cameraModel
        gps = photo.gps
        fileSize = photo.fileSize
        missing = photo.missing
    }
}
