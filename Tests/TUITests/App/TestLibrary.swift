import Foundation
import Library
@testable import TUI

/// A made-up library for update and snapshot tests: no files behind it.
///
/// Folders, in the order the home grid shows them:
/// 0. "Missing" — the smart folder of the 2 missing photos
/// 1. "Beach␛[31m day␇" — 1 photo, a description with control characters
/// 2. "Garden" — 30 photos (`garden-01.jpg` … `garden-30.jpg`), the third one missing
/// 3. "東京の旅 🍣 Tokyo" — 5 photos, wide characters in the name and in one file name
/// 4. "Other" — 3 photos without a description, one missing
enum TestLibrary {
    static let beachName = "Beach\u{1B}[31m day\u{07}"
    static let gardenName = "Garden"
    static let tokyoName = "東京の旅 🍣 Tokyo"

    static func photo(_ number: Int, name: String, description: String?, day: Int, hour: Int = 12, minute: Int? = nil,
                      width: Int = 4032, height: Int = 3024, orientation: Int = 1, missing: Bool = false,
                      camera: (String, String)? = ("Canon", "Canon EOS 6D"), takenAt: String? = nil) -> Photo {
        Photo(
            id: String(format: "%016x", 0xA000 + number), path: "/photos/\(name)",
            fileSize: 2_000_000 + Int64(number), fileModified: 1_700_000_000 + Double(number),
            width: width, height: height, orientation: orientation,
            takenAt: takenAt ?? String(format: "2024-05-%02dT%02d:%02d:00", day, hour, minute ?? number % 60),
            takenAtSource: .dateTimeOriginal,
            cameraMake: camera?.0, cameraModel: camera?.1,
            description: description, descriptionSource: description == nil ? nil : .exif,
            missing: missing, importedAt: 1_700_000_000)
    }

    /// The standard library described above.
    static func standard() -> PhotoLibrary {
        var photos: [Photo] = []
        photos.append(photo(1, name: "beach.jpg", description: beachName, day: 1))
        for i in 1...30 {
            photos.append(photo(100 + i, name: String(format: "garden-%02d.jpg", i), description: gardenName,
                                day: 10, hour: 9, minute: i, missing: i == 3))
        }
        for i in 1...5 {
            let name = i == 2 ? "寿司の写真.jpg" : "tokyo-\(i).jpg"
            photos.append(photo(200 + i, name: name, description: tokyoName, day: 20 + i,
                                width: 3000, height: 4000, orientation: i == 4 ? 6 : 1))
        }
        photos.append(photo(301, name: "scan-001.jpg", description: nil, day: 2, width: 800, height: 600, camera: nil))
        photos.append(photo(302, name: "IMG_0002.jpg", description: nil, day: 3, missing: true))
        photos.append(photo(303, name: "IMG_0003.jpg", description: nil, day: 4, width: 1200, height: 1200))
        return PhotoLibrary(photos: photos)
    }

    /// The standard library plus a new group that sorts first ("Aquarium", 2 photos).
    static func afterImport() -> PhotoLibrary {
        var library = standard()
        library.add(contentsOf: [
            photo(401, name: "aquarium-1.jpg", description: "Aquarium", day: 5),
            photo(402, name: "aquarium-2.jpg", description: "Aquarium", day: 6),
        ])
        return library
    }

    static let beachIndex = 1, gardenIndex = 2, tokyoIndex = 3, otherIndex = 4

    static func state(_ library: PhotoLibrary = standard(), columns: Int = 80, rows: Int = 24,
                      colorMode: ColorMode = .colors256, keyMap: KeyMap = KeyMap(),
                      remembered: RememberedState = RememberedState()) -> AppState {
        AppState(library: library, columns: columns, rows: rows, colorMode: colorMode,
                 startFolder: "/home/ana/Pictures", homeFolder: "/home/ana", keyMap: keyMap, remembered: remembered)
    }
}

extension AppState {
    /// `update(msg)` whose effects may be ignored.
    @discardableResult
    mutating func send(_ msg: Msg) -> [Effect] { update(msg) }

    /// Sends each key in turn and returns all effects.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += send(.key(key)) }
        return effects
    }

    /// Sends printable characters one by one.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        var effects: [Effect] = []
        for character in text { effects += send(.key(.char(character))) }
        return effects
    }

    /// The id of the home group at `index`.
    func groupID(at index: Int) -> String { homeFolders[index].id }

    /// Opens the group at home index `index` (from the home screen).
    mutating func openGroup(at index: Int) {
        press(.home)
        for _ in 0..<index { press(.right) }
        press(.enter)
    }
}
