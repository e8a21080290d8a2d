import ArgumentParser
import Foundation
import Library

/// `photory-tui edit`: sets the user's date, place, favourite, description, stars, reject, pick,
/// colour label, tags or orientation (a turn, a flip) of photos, as one undoable step. The files are not touched (see `write-metadata`).
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit photos' date, place, favourite, description, rating, label, tags or orientation (kept in the library; files untouched).",
        discussion: """
            Dates: --date 2004 | 2004-12 | 2004-12-25 | "2004-12-25 18:30" (several photos keep their \
            order, a second apart). --shift +3h | +1h30m | "-1d 2h" | +1y | -0:30 moves every photo's date, \
            keeping their spacing. --tz +02:00 sets the UTC offset. All changes of one command are one \
            step for `photory-tui undo`. Tags are paths with "/" (--tag Places/Italy/Rome); --untag \
            Places/Italy takes away the tag and every tag under it. --rotate 90 turns the photos a \
            quarter clockwise as shown, --flip mirrors them left to right (after the turn); \
            `write-metadata` writes the result as EXIF Orientation.
            """)

    @OptionGroup var options: LibraryOptions
    @Argument(help: ArgumentHelp("Photos, by path or id.", valueName: "path-or-id")) var photos: [String]
    @Option(help: ArgumentHelp("Set the date taken.", valueName: "date")) var date: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Move the date taken by an offset.", valueName: "offset"))
    var shift: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Set the UTC offset of the date taken.", valueName: "±HH:MM"))
    var tz: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Set the place: \"LAT,LON\" or degrees like 22°54'24\"S 43°10'22\"W.", valueName: "position"))
    var location: String?
    @Option(help: ArgumentHelp("Set the place to a city of the offline table (GeoNames): \"Rio de Janeiro\", \"paris, fr\".",
                               valueName: "name"))
    var place: String?
    @Flag(help: "Remove the place (the file's GPS is then ignored).") var clearLocation = false
    @Flag(inversion: .prefixedNo, exclusivity: .exclusive, help: "Mark or unmark as favourite.") var favourite: Bool?
    @Option(help: ArgumentHelp("Set the description (empty: none, the photo goes to Other).", valueName: "text"))
    var description: String?
    @Option(help: ArgumentHelp("Set the stars, 0–5 (0: not rated).", valueName: "0-5")) var rating: Int?
    @Flag(help: "Reject the photos (xmp:Rating -1 when written).") var reject = false
    @Flag(help: "Take the reject away.") var unreject = false
    @Flag(help: "Pick the photos (kept in the library only).") var pick = false
    @Flag(help: "Take the pick away.") var unpick = false
    @Option(help: ArgumentHelp("Set the colour label: red, orange, yellow, green, blue, purple, or none.", valueName: "colour"))
    var label: String?
    @Option(help: ArgumentHelp("Add a tag (repeatable): Places/Italy/Rome.", valueName: "path")) var tag: [String] = []
    @Option(help: ArgumentHelp("Remove a tag and the tags under it (repeatable).", valueName: "path")) var untag: [String] = []
    // Rotate and flip (issue 20)
    @Option(help: ArgumentHelp("Turn the photos clockwise as shown: 90, 180 or 270 degrees.", valueName: "degrees"))
    var rotate: Int?
    @Flag(help: "Mirror the photos left to right as shown (after --rotate).") var flip = false
    @Flag(name: .long, help: "Print JSON.") var json = false

    func validate() throws {
        let marks = rating != nil || reject || unreject || pick || unpick || label != nil || !tag.isEmpty || !untag.isEmpty
        guard date != nil || shift != nil || tz != nil || location != nil || place != nil || clearLocation || favourite != nil
                || description != nil || marks || rotate != nil || flip else {
            throw ValidationError("say what to change: --date, --shift, --tz, --location, --clear-location, --favourite, "
                                  + "--description, --rating, --reject, --pick, --label, --tag, --untag, --rotate or --flip")
        }
        if let rotate, ![90, 180, 270].contains(rotate) {
            throw ValidationError("--rotate takes 90, 180 or 270 (degrees clockwise), not \(rotate)")
        }
        if let rating, !(0...5).contains(rating) { throw ValidationError("--rating takes 0 to 5 stars, not \(rating)") }
        if reject && unreject { throw ValidationError("--reject and --unreject cannot be used together") }
        if pick && unpick { throw ValidationError("--pick and --unpick cannot be used together") }
        if let label, label.lowercased() != "none", ColourLabel(rawValue: label.lowercased()) == nil {
            throw ValidationError("--label takes red, orange, yellow, green, blue, purple or none, not \"\(label)\"")
        }
        if let bad = (tag + untag).first(where: { TagPath.normalised($0) == nil }) {
            throw ValidationError("\"\(bad)\" is not a tag: give a path like Places/Italy")
        }
        if date != nil && shift != nil { throw ValidationError("--date and --shift cannot be used together") }
        if [location != nil, place != nil, clearLocation].filter({ $0 }).count > 1 {
            throw ValidationError("use one of --location, --place and --clear-location")
        }
    }

    func run() throws {
        try reportingFailures {
            if let tz, let problem = UTCOffset.problem(tz) { throw CommandFailure("--tz \(problem)") }
            try options.requireLibraryFile()
            // Planned on the library as read under the lock, so it is read once.
            var before = PhotoLibrary(), step: EditStep?
            let saved = try EditReport.save(options: options) { library throws in
                before = library
                step = try plan(try options.photos(named: photos, in: library).map(\.id), in: library)
                return step.map { $0.changes.isEmpty ? [] : [.apply($0)] } ?? []
            }
            guard let step, !step.changes.isEmpty else {
                say(json ? "{\"changed\":[]}" : "nothing to change: the photos already are so")
                return
            }
            try EditReport(step: step, before: before, after: saved.library).print(json: json)
        }
    }

    /// Every change asked for, planned one after another, as one step.
    private func plan(_ ids: [String], in library: PhotoLibrary) throws -> EditStep {
        var scratch = library
        var steps: [EditStep] = []
        func add(_ make: (EditPlanner) throws -> EditStep) rethrows {
            let step = try make(EditPlanner(library: scratch))
            scratch.apply(step)
            steps.append(step)
        }
        do {
            if let date { try add { $0.setDate(ids, to: try DateInput(parsing: date)) } }
            if shift != nil || tz != nil {
                let offset = try shift.map { try TimeShift(parsing: $0) } ?? TimeShift()
                add { $0.shiftDate(ids, by: offset, offset: tz) }
            }
            if let location {
                let position: GPSPosition
                do {
                    position = try CoordinateParser.parse(location)
                } catch {
                    throw CommandFailure("--location \(location): \(error)")
                }
                add { $0.setLocation(ids, to: position) }
            }
            if let place {
                let found = try Self.place(named: place)
                add { $0.setLocation(ids, to: found.position, name: found.label) }
            }
            if clearLocation { add { $0.setLocation(ids, to: nil) } }
            if let favourite { add { $0.setFavourite(ids, favourite) } }
            if let description { add { $0.setDescription(ids, to: description) } }
            if let rating { add { $0.setRating(ids, rating) } }
            if reject || unreject { add { $0.setRejected(ids, reject) } }
            if pick || unpick { add { $0.setPicked(ids, pick) } }
            if let label { add { $0.setLabel(ids, ColourLabel(rawValue: label.lowercased())) } }
            if !tag.isEmpty || !untag.isEmpty { add { $0.changeTags(ids, adding: tag, removing: untag) } }
            if rotate != nil || flip { add { $0.turn(ids, quarterTurns: (rotate ?? 0) / 90, flip: flip) } }
        } catch let error as DateInput.ParseError {
            throw CommandFailure("--date \(date ?? ""): \(error)")
        } catch let error as TimeShift.ParseError {
            throw CommandFailure("--shift \(shift ?? ""): \(error)")
        }
        return EditStep.combined(steps, label: steps.map(\.label).joined(separator: "; "))
    }

    /// The most populous city the name finds; an exact name wins over a prefix.
    static func place(named name: String) throws -> Place {
        let table: PlaceTable
        do {
            table = try PlaceTable.shared()
        } catch {
            throw CommandFailure("--place: \(error)")
        }
        let found = table.search(name, limit: 20)
        let exact = found.first { $0.name.compare(name.split(separator: ",")[0].trimmingCharacters(in: .whitespaces),
                                                  options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        guard let best = exact ?? found.first else {
            throw CommandFailure("--place \(name): no city of that name in the place table (GeoNames cities over 15,000 people)")
        }
        return best
    }
}
