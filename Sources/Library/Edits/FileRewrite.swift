/// What one write-back did to a photo's file, field by field: the value the file held before
/// and the one it holds now, both as edits. In an edit step "no edit" means "what the file
/// says", and the file says something else now: `rebase` re-expresses a step's values so
/// that undoing it still brings back what the photo showed then (the old value, now as an edit
/// waiting to be written) and redoing it still brings back what was written (no edit).
public struct FileRewrite: Sendable, Equatable {
    public var photoID: String
    /// What the file held, for the fields written: `.cleared` when it had no place, "" when it
    /// had no description; no date stays nil (the old value cannot be said as an edit).
    public var replaced: PhotoEdits
    /// The edits written, for the same fields (nil: the field was not written).
    public var written: PhotoEdits

    public init(photoID: String, replaced: PhotoEdits, written: PhotoEdits) {
        self.photoID = photoID
        self.replaced = replaced
        self.written = written
    }

    /// From a photo's record before the write and after it (`LibraryWriteBack.record`): the
    /// fields whose edit the write folded into the file. Nil when none was.
    public init?(before old: Photo, after new: Photo) {
        var replaced = PhotoEdits(), written = PhotoEdits()
        if let date = old.edits.date, new.edits.date == nil {
            written.date = date
            replaced.date = old.fileTakenAt.map { EditedDate(value: $0, precision: .second) }
        }
        if let location = old.edits.location, new.edits.location == nil {
            written.location = location
            replaced.location = old.fileGPS.map(LocationEdit.set) ?? .cleared
        }
        if let description = old.edits.description, new.edits.description == nil {
            written.description = description
            replaced.description = old.fileDescription ?? ""
        }
        let oldMarks = old.fileMarks
        if let rating = old.edits.rating, new.edits.rating == nil { (written.rating, replaced.rating) = (rating, oldMarks.rating) }
        if let rejected = old.edits.rejected, new.edits.rejected == nil { (written.rejected, replaced.rejected) = (rejected, oldMarks.rejected) }
        if let label = old.edits.label, new.edits.label == nil {
            (written.label, replaced.label) = (label, oldMarks.label.map(LabelEdit.set) ?? .cleared)
        }
        if let tags = old.edits.tags, new.edits.tags == nil { (written.tags, replaced.tags) = (tags, oldMarks.tags) }
        if let orientation = old.edits.orientation, new.edits.orientation == nil {
            (written.orientation, replaced.orientation) = (orientation, old.fileOrientation)
        }
        guard !written.editedFields.isEmpty else { return nil }
        self.init(photoID: old.id, replaced: replaced, written: written)
    }

    /// `edits` (a state of the photo recorded before the write) said against the file as it
    /// is now: "no edit" of a written field becomes the value the file held, and the value
    /// written becomes "no edit".
    public func rebase(_ edits: PhotoEdits) -> PhotoEdits {
        func rebased<Value: Equatable>(_ value: Value?, replaced: Value?, written: Value?) -> Value? {
            guard let written else { return value }
            let meant = value ?? replaced
            return meant == written ? nil : meant
        }
        var edits = edits
        edits.date = rebased(edits.date, replaced: replaced.date, written: written.date)
        edits.location = rebased(edits.location, replaced: replaced.location, written: written.location)
        edits.description = rebased(edits.description, replaced: replaced.description, written: written.description)
        edits.rating = rebased(edits.rating, replaced: replaced.rating, written: written.rating)
        edits.rejected = rebased(edits.rejected, replaced: replaced.rejected, written: written.rejected)
        edits.label = rebased(edits.label, replaced: replaced.label, written: written.label)
        edits.tags = rebased(edits.tags, replaced: replaced.tags, written: written.tags)
        edits.orientation = rebased(edits.orientation, replaced: replaced.orientation, written: written.orientation)
        return edits
    }

    /// `change` rebased; marked `written` when it sets a field that was written.
    public func rebase(_ change: EditStep.Change) -> EditStep.Change {
        guard change.photoID == photoID else { return change }
        let (before, after) = (change.before, change.after)
        let touches = (written.date != nil && before.date != after.date)
            || (written.location != nil && before.location != after.location)
            || (written.description != nil && before.description != after.description)
            || (written.rating != nil && before.rating != after.rating) || (written.rejected != nil && before.rejected != after.rejected)
            || (written.label != nil && before.label != after.label) || (written.tags != nil && before.tags != after.tags)
            || (written.orientation != nil && before.orientation != after.orientation)
        return EditStep.Change(photoID: photoID, before: rebase(before), after: rebase(after),
                               written: change.written || touches)
    }
}
