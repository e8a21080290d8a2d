import Foundation

/// Builds the edit steps the user asks for from the library as it is: which photos change
/// and to what. Nothing is applied here (`PhotoLibrary.apply` does that), so a form can show
/// the result before the user confirms it.
public struct EditPlanner: Sendable {
    public let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// `ids` as photos, oldest first (by date taken, then path), unknown ids left out; each
    /// stack's other members right after the photo that stands for it (an edit applies to a
    /// whole stack: RAW+JPEG, Live Photo).
    func photosInDateOrder(_ ids: [String]) -> [Photo] {
        var seen = Set<String>()
        let shown = ids.compactMap { id -> Photo? in
            let cover = library.stack(of: id)?.id ?? id
            return seen.insert(cover).inserted ? library.photo(id: cover) : nil
        }
        let ordered = PhotoSort.dateOrder(of: shown).map { shown[$0] }
        guard !library.stacks.isEmpty else { return ordered }
        return library.withStackMembers(ordered.map(\.id)).compactMap(library.photo(id:))
    }

    /// The step changing `photos` by `change`, given each photo and its position among the
    /// photos shown (a stack's members share their cover's).
    func step(_ label: String, _ photos: [Photo], _ change: (Photo, Int) -> PhotoEdits) -> EditStep {
        var position = -1
        return EditStep(label: label, changes: photos.compactMap { photo in
            if !photo.isHiddenInStack { position += 1 }
            let after = change(photo, max(0, position))
            return after == photo.edits ? nil : EditStep.Change(photoID: photo.id, before: photo.edits, after: after)
        })
    }


    /// "3 photos" for `photos` as the user sees them: a stack (RAW+JPEG, Live Photo) once, its
    /// other members riding along with the photo that stands for it (issue 21).
    func count(_ photos: [Photo]) -> String { Counted.text(library.itemCount(of: photos.map(\.id))) }

    /// Favourites every photo, or none when all already are (a toggle for a batch).
    public func toggleFavourite(_ ids: [String]) -> EditStep {
        let photos = photosInDateOrder(ids)
        let favourite = !photos.allSatisfy(\.isFavourite)
        return setFavourite(ids, favourite)
    }

    public func setFavourite(_ ids: [String], _ favourite: Bool) -> EditStep {
        let photos = photosInDateOrder(ids)
        return step("\(favourite ? "favourite" : "unfavourite") \(count(photos))", photos) { photo, _ in
            var edits = photo.edits
            edits.favourite = favourite
            return edits
        }
    }

    /// Sets every photo to `date`; several photos keep their order, a second apart. A date
    /// typed without a UTC offset keeps each photo's own offset, when its camera recorded one.
    public func setDate(_ ids: [String], to date: DateInput) -> EditStep {
        let photos = photosInDateOrder(ids)
        return step("set date of \(count(photos)) to \(date.clock.text(date.precision))", photos) { photo, index in
            var edits = photo.edits
            var clock = date.clock.shifted(by: TimeShift(seconds: index))
            // (A file time's offset is only the computer's zone: not worth keeping.)
            if clock.offset == nil, photo.takenAtSource != .fileTime { clock.offset = photo.takenAt.flatMap { WallClock(iso: $0) }?.offset }
            edits.date = EditedDate(value: clock.iso, precision: date.precision)
            return edits
        }
    }

    /// Moves every photo's date by `shift`, so their spacing stays exactly the same; `offset`
    /// ("+02:00") also sets their UTC offset.
    public func shiftDate(_ ids: [String], by shift: TimeShift, offset: String? = nil) -> EditStep {
        let photos = photosInDateOrder(ids)
        let n = count(photos)
        let label = switch (shift.isZero, offset) {
        case let (true, offset?): "set time zone of \(n) to \(offset)"
        case let (false, offset?): "shift date of \(n) by \(shift.text), zone \(offset)"
        default: "shift date of \(n) by \(shift.text)"
        }
        return step(label, photos) { photo, _ in
            guard var clock = photo.takenAt.flatMap({ WallClock(iso: $0) }) else { return photo.edits }
            clock = clock.shifted(by: shift)
            if let offset { clock.offset = offset }
            var edits = photo.edits
            edits.date = EditedDate(value: clock.iso, precision: photo.takenAtPrecision)
            return edits
        }
    }

    /// Sets (or, with nil, clears) the place of every photo; `name` says it in the label.
    public func setLocation(_ ids: [String], to position: GPSPosition?, name: String? = nil) -> EditStep {
        let photos = photosInDateOrder(ids)
        let what = position.map { name ?? String(format: "%.5f, %.5f", $0.latitude, $0.longitude) }
        let label = what.map { "set place of \(count(photos)) to \($0)" } ?? "clear place of \(count(photos))"
        return step(label, photos) { photo, _ in
            var edits = photo.edits
            edits.location = position.map(LocationEdit.set) ?? .cleared
            return edits
        }
    }

    /// Sets the description of every photo; a text with nothing to show (empty, blank, control
    /// characters: its group key is "") clears it, so the photos go to "Other" (as a file's
    /// blank description does), not to a folder without a name.
    public func setDescription(_ ids: [String], to text: String) -> EditStep {
        let photos = photosInDateOrder(ids)
        let text = DescriptionResolver.groupKey(text).isEmpty ? "" : text
        let label = text.isEmpty ? "clear description of \(count(photos))"
            : "describe \(count(photos)) as \"\(text)\""
        return step(label, photos) { photo, _ in
            var edits = photo.edits
            edits.description = text
            return edits
        }
    }
}
