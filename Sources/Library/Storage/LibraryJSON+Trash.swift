/// The trash in the library file and its journal lines:
///
///     "trash":[{"photo":{…a photo…},"files":[{"trash":"/home/anna/.local/share/Trash","name":"a.jpg",
///               "path":"/photos/a.jpg","at":1732520000.5, "topdir":"/mnt/disk" (top-level trashes only)}]}]
///     {"trash":{"trashed":[…records…],"step":"…"}}  {"trash":{"untrashed":["id",…],"restored":true,"undoing":"…"}}
///     {"trash":{"removed":["id",…]}}      ("step": the move's id in the undo history; "undoing": the step undone)
extension LibraryJSON {
    static func readTrash(_ scanner: inout JSONScanner) throws -> [TrashedPhoto] {
        var records: [TrashedPhoto] = []
        try scanner.readArray { s in
            var photo: Photo?, files: [FreedesktopTrash.Entry] = []
            try s.readObject { s, key in
                if key.equals("photo") { photo = try PhotoCodec.shared.read(&s, number: records.count + 1) }
                else if key.equals("files") { try s.readArray { s in files.append(try readTrashEntry(&s)) } }
                else { try s.skipValue() }
            }
            guard let photo else { throw ReadError(description: "a trash record without its \"photo\"") }
            records.append(TrashedPhoto(photo: photo, files: files))
        }
        return records
    }

    private static func readTrashEntry(_ scanner: inout JSONScanner) throws -> FreedesktopTrash.Entry {
        var folder = "", topdir: String?, name = "", path = "", at = 0.0
        try scanner.readObject { s, key in
            if key.equals("trash") { folder = try s.readString() }
            else if key.equals("topdir") { topdir = try s.readOptionalString() }
            else if key.equals("name") { name = try s.readString() }
            else if key.equals("path") { path = try s.readString() }
            else if key.equals("at") { at = try s.readDouble() }
            else { try s.skipValue() }
        }
        guard !folder.isEmpty, !name.isEmpty, !path.isEmpty else { throw ReadError(description: "a trashed file without trash, name or path") }
        return FreedesktopTrash.Entry(trash: FreedesktopTrash(folder: folder, topdir: topdir), name: name, originalPath: path, deletedAt: at)
    }

    static func readTrashChange(_ scanner: inout JSONScanner) throws -> PhotoLibrary.TrashChange {
        var change: PhotoLibrary.TrashChange?
        var ids: [String] = [], restored = false, untrashed = false, step: String?, undoing: String?
        var records: [TrashedPhoto]?
        try scanner.readObject { s, key in
            if key.equals("trashed") { records = try readTrash(&s) }
            else if key.equals("step") { step = try s.readOptionalString() }
            else if key.equals("undoing") { undoing = try s.readOptionalString() }
            else if key.equals("removed") {
                var removed: [String] = []
                try s.readArray { removed.append(try $0.readString()) }
                change = .removed(photoIDs: removed)
            } else if key.equals("untrashed") {
                untrashed = true
                try s.readArray { ids.append(try $0.readString()) }
            } else if key.equals("restored") { restored = try s.readBool() }
            else { try s.skipValue() }
        }
        if let records { change = .trashed(records, step: step) }
        if untrashed { change = .untrashed(photoIDs: ids, restored: restored, undoing: undoing) }
        guard let change else { throw ReadError(description: "a trash change that is not trashed, untrashed or removed") }
        return change
    }

    static func appendTrash(_ records: [TrashedPhoto], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, record) in records.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendTrashRecord(record, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// One record of the trash list (also a row of a PostgreSQL library's `photory_trash`).
    static func appendTrashRecord(_ record: TrashedPhoto, _ out: inout [UInt8]) {
        out.append(contentsOf: "{\"photo\":".utf8)
        var writer = PhotoCodec.Writer(bytes: [])
        swap(&out, &writer.bytes)
        PhotoCodec.shared.write(record.photo, &writer)
        swap(&out, &writer.bytes)
        out.append(contentsOf: ",\"files\":[".utf8)
        for (f, file) in record.files.enumerated() {
            out.append(contentsOf: f > 0 ? ",{".utf8 : "{".utf8)
            field("trash", file.trash.folder, &out, first: true)
            if let topdir = file.trash.topdir { field("topdir", topdir, &out) }
            field("name", file.name, &out)
            field("path", file.originalPath, &out)
            number("at", file.deletedAt, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
    }

    static func appendTrashChange(_ change: PhotoLibrary.TrashChange, _ out: inout [UInt8]) {
        func ids(_ key: String, _ list: [String]) {
            out.append(contentsOf: "{\"\(key)\":[".utf8)
            for (index, id) in list.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(id, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        switch change {
        case let .trashed(records, step):
            out.append(contentsOf: "{\"trashed\":".utf8)
            appendTrash(records, &out)
            if let step { field("step", step, &out) }
        case let .untrashed(photoIDs, restored, undoing):
            ids("untrashed", photoIDs)
            out.append(contentsOf: ",\"restored\":\(restored)".utf8)
            if let undoing { field("undoing", undoing, &out) }
        case let .removed(photoIDs):
            ids("removed", photoIDs)
        }
        out.append(UInt8(ascii: "}"))
    }
}
