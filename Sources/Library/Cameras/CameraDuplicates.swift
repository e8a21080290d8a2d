import Foundation

/// The camera files whose content the library already had under another name (issue 25): a
/// copy of one was imported, found a duplicate and removed, so the next import of that camera
/// must not download it again. Kept in `$XDG_STATE_HOME/photory/camera-duplicates.json` as
/// the camera file (folder, name, size, time) → the library photo it duplicates; a file counts
/// as in the library only while that photo is (removed from the library, it is downloaded again).
public struct CameraDuplicates: Sendable {
    /// Where it is kept; nil: nothing is remembered (the library's tests).
    public var file: String?
    private var photoIDs: [String: String] = [:]

    public static func defaultFile() -> String { LibraryPaths.defaultStateFolder() + "/camera-duplicates.json" }

    /// Reads `file`; a missing or unreadable one is an empty history (it only saves downloads).
    public init(file: String?) {
        self.file = file
        guard let file, let data = FileManager.default.contents(atPath: file),
              let read = try? JSONDecoder().decode([String: String].self, from: data) else { return }
        photoIDs = read
    }

    static func key(_ file: CameraFile) -> String {
        "\(file.folder)/\(file.name)|\(file.size.map(String.init) ?? "")|\(file.modified.map { String(Int64($0)) } ?? "")"
    }

    /// The library's photo that `file` duplicates, when it is remembered and still there.
    func photo(for file: CameraFile, in library: PhotoLibrary) -> Photo? {
        photoIDs[Self.key(file)].flatMap { library.photo(id: $0) }
    }

    mutating func remember(_ file: CameraFile, duplicates photoID: String) {
        photoIDs[Self.key(file)] = photoID
    }

    /// Writes it (atomically); a failure only costs a download next time, so it is not thrown.
    func save() {
        guard let file, let data = try? JSONEncoder().encode(photoIDs) else { return }
        try? AtomicFile.write(Array(data), to: file, options: .init(createFolder: true))
    }
}
