import Foundation
import Library

/// Made-up libraries for timing: realistic paths, ~300 descriptions plus Other, dates over ten
/// years, a few dozen cameras, GPS on a third of the photos. Deterministic for a given seed.
public enum SyntheticLibrary {
    /// `count` photos. With `files`, photo i points at `files[i % files.count]` (real pixels
    /// for previews; ids stay distinct); otherwise at paths that do not exist.
    public static func make(count: Int, descriptions: Int = 300, files: [Photo] = [], seed: UInt64 = 0x5eed) -> PhotoLibrary {
        var random = SeededRandom(seed: seed)
        let cameras: [(String, String)] = [
            ("Apple", "iPhone 12"), ("Apple", "iPhone 14 Pro"), ("Apple", "iPhone SE"), ("Canon", "Canon EOS 6D"),
            ("Canon", "Canon EOS R6"), ("Canon", "Canon PowerShot G7 X"), ("NIKON CORPORATION", "NIKON D750"),
            ("NIKON CORPORATION", "NIKON Z 6"), ("SONY", "ILCE-7M3"), ("SONY", "DSC-RX100M5"),
            ("FUJIFILM", "X-T3"), ("FUJIFILM", "X100V"), ("samsung", "SM-G991B"), ("Google", "Pixel 7"),
            ("OLYMPUS CORPORATION", "E-M10MarkIII"), ("Panasonic", "DMC-GX80"), ("Xiaomi", "Mi 9T"),
            ("HMD Global", "Nokia 8.3 5G"), ("OnePlus", "ONEPLUS A6003"), ("LEICA", "Q2"),
        ]
        let places = ["Lisbon", "Porto", "Berlin", "the Alps", "Grandma's garden", "Kyoto", "the lake house",
                      "Barcelona", "Iceland", "the office", "Scotland", "Brittany", "Norway", "Rome", "Vienna"]
        let events = ["Holiday in", "Weekend in", "Wedding in", "Birthday party at", "Hiking in", "Christmas at",
                      "School trip to", "Summer in", "Road trip to", "Conference in"]
        let descriptionList: [String] = (0..<max(1, descriptions)).map { i in
            "\(events[i % events.count]) \(places[(i / events.count) % places.count]) \(2014 + i % 11)"
        }
        let folders = ["/home/alex/Pictures", "/home/alex/Pictures/Phone", "/mnt/photos/archive", "/home/alex/Camera"]
        var photos: [Photo] = []
        photos.reserveCapacity(count)
        let start = 1_400_000_000.0   // 2014
        for i in 0..<count {
            let taken = start + Double(random.next() % (11 * 365 * 86_400))
            let day = TakenAt.fromFileTime(taken)
            let camera = cameras[Int(random.next() % UInt64(cameras.count))]
            let hasDescription = random.next() % 4 != 0   // a quarter go to Other
            let description = hasDescription ? descriptionList[Int(random.next() % UInt64(descriptionList.count))] : nil
            let gps: GPSPosition? = i % 3 == 0
                ? GPSPosition(latitude: Double(random.next() % 180_000) / 1000 - 90,
                              longitude: Double(random.next() % 360_000) / 1000 - 180,
                              altitude: Double(random.next() % 3000)) : nil
            let id = ContentHash.photoID(random.next())
            let source = files.isEmpty ? nil : files[i % files.count]
            let path = source?.path
                ?? "\(folders[i % folders.count])/\(day.prefix(4))/\(day.prefix(10))/IMG_\(String(format: "%05d", i % 100_000)).jpg"
            photos.append(Photo(
                id: id, path: path, fileSize: source?.fileSize ?? Int64(1_500_000 + random.next() % 4_000_000),
                fileModified: source?.fileModified ?? taken + 60,
                width: source?.width ?? 4032, height: source?.height ?? 3024, orientation: source?.orientation ?? 1,
                takenAt: String(day.prefix(19)), takenAtSource: .dateTimeOriginal,
                cameraMake: camera.0, cameraModel: camera.1, gps: gps,
                description: description, descriptionSource: description == nil ? nil : .exif,
                importedAt: 1_700_000_000 + Double(i)))
        }
        return PhotoLibrary(photos: photos)
    }
}
