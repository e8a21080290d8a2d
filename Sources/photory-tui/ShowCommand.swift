import ArgumentParser
import Foundation
import Library

/// `photory-tui show PATH_OR_ID`: every field held for one photo; with `--all-tags`, every tag
/// of its file (`FileTags`), for a photo of the library or any file named by its path.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show everything the library holds for one photo.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("The photo's path or id.", valueName: "path-or-id")) var photo: String
    @Flag(name: .long, help: "Print JSON.") var json = false
    @Flag(name: .long, help: "List every tag of the file instead: EXIF, maker notes libexif can name, XMP, IPTC, a video's container tags (a file outside the library too).")
    var allTags = false

    func run() throws {
        try reportingFailures {
            if allTags { return try showAllTags() }
            let library = try options.loadForReading(checkMissing: false)
            var found = try options.photos(named: [photo], in: library)[0]
            found.missing = found.isMissing(fileExists: PathBytes.exists(found.path))   // checked now, for this photo only
            let record = PhotoRecord(found, in: library)
            if json {
                try printJSON(record)
                return
            }
            let rows: [(String, String?)] = [
                ("Path", PathBytes.display(found.path)),
                ("Id", found.id),
                ("Group", record.group),
                ("Kind", found.kind.name),
                ("Duration", found.duration.map { String(format: "%.1f s", $0) }),
                ("Codec", codec(of: found)),
                ("Motion", found.hasMotion ? "LIVE" + (found.motionDuration.map { String(format: ", %.1f s", $0) } ?? "") : nil),   // Motion Photos (issue 21)
                ("Description", found.description.map { "\($0) (from \(found.descriptionSource?.label(for: found.kind) ?? "?"))" }),
                ("Taken", found.takenAtSource.map { "\(found.takenAtText) (from \($0.label))" }
                    ?? "not known until the original is downloaded"),
                ("File date", found.edits.date == nil ? nil : found.fileTakenAt ?? "not known"),
                ("Camera", found.camera),
                ("Make", found.cameraMake),
                ("Model", found.cameraModel),
                ("Pixels", found.isSizeKnown ? "\(found.displaySize.width) × \(found.displaySize.height)"   // upright, as list --json
                    : "not known until the original is downloaded"),
                ("Orientation", "\(found.orientation)"),
                ("Animated", found.animated ? "yes: the first frame is shown" : nil),   // GIF (issue 20)
                ("GPS", found.gps.map(Self.describe) ?? (found.edits.location == nil ? nil : "none (cleared)")),
                ("File GPS", found.edits.location == nil ? nil : found.fileGPS.map(Self.describe) ?? "none"),
                ("Favourite", found.isFavourite ? "yes" : "no"),
                ("Rating", found.isRejected ? "rejected" : String(repeating: "★", count: found.rating)
                    + String(repeating: "☆", count: 5 - found.rating) + (found.isPicked ? " (picked)" : "")),
                ("Label", found.label?.rawValue),
                ("Tags", found.tags.isEmpty ? nil : found.tags.joined(separator: ", ")),
                ("Edited", record.edited.isEmpty ? nil : record.edited.joined(separator: ", ")),
                ("File size", !found.isDownloaded ? "none yet (not downloaded)"
                    : ByteCountFormatter.string(fromByteCount: found.fileSize, countStyle: .file) + " (\(found.fileSize) bytes)"),
                ("Modified", Date(timeIntervalSince1970: found.fileModified).formatted(.iso8601)),
                ("Imported", Date(timeIntervalSince1970: found.importedAt).formatted(.iso8601)),
                ("Source", found.sourceURL),
                ("Feed", found.feedURL),
                ("Album", found.albumID),
                ("Downloaded", found.sourceURL == nil ? nil : found.isDownloaded ? "yes" : "no: only its thumbnail (photory-tui fetch)"),
                ("Missing", !found.missing ? "no" : found.leftFeed ? "yes: no longer in its feed" : "yes: no file at the path"),
            ]
            for case let (label, value?) in rows {
                say(label.padding(toLength: 12, withPad: " ", startingAt: 0) + value.strippingControlCharacters)
            }
        }
    }

    /// What `show --all-tags` prints for `TagsRecord`.
    struct TagsRecord: Encodable {
        var path: String
        var tags: [MetadataTag]
    }

    /// `--all-tags`: the photo named from the library, else the file at that path.
    private func showAllTags() throws {
        let path: String
        let exact = ExactArgument.paths([photo])[0]
        if let found = try? options.photos(named: [photo], in: options.loadForReading(checkMissing: false))[0] {
            path = found.path
        } else if PathBytes.exists(exact) {
            path = LibraryPaths.absolute(exact)
        } else {
            throw CommandFailure("no photo with id or path \"\(photo.strippingControlCharacters)\" in \(options.store.location), and no such file")
        }
        let tags: [MetadataTag]
        switch FileTags.read(path: path) {
        case let .success(read): tags = read
        case let .failure(error): throw CommandFailure("\(PathBytes.display(path)): \(error.reason)")
        }
        if json { return try printJSON(TagsRecord(path: path, tags: tags)) }
        let groupWidth = min(16, tags.map(\.group.count).max() ?? 0) + 2
        let nameWidth = min(32, tags.map(\.name.count).max() ?? 0) + 2
        for tag in tags {
            say(tag.group.strippingControlCharacters.padding(toLength: groupWidth, withPad: " ", startingAt: 0)
                + tag.name.strippingControlCharacters.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                + tag.value.strippingControlCharacters)
        }
    }

    /// A video's codec, read from its file as the info panel reads it (the library does not keep it).
    private func codec(of photo: Photo) -> String? {
        guard photo.kind == .video, case let .success(metadata) = FileMetadata.read(path: photo.path) else { return nil }
        return metadata.codec
    }

    static func describe(_ gps: GPSPosition) -> String {
        var text = String(format: "%.6f, %.6f", gps.latitude, gps.longitude)
        if let altitude = gps.altitude { text += String(format: " (%.0f m)", altitude) }
        return text
    }
}
