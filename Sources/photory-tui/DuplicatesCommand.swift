import ArgumentParser
import Foundation
import Library

/// `photory-tui duplicates [--near] [--json] [--resolve [--yes] [--keep-others]]`: the duplicate
/// groups of the library (`DuplicateFinder`), each with the photo suggested to keep; `--resolve`
/// applies the suggestions: the kept photo takes the others' favourite, rating, tags and edits
/// (`DuplicateMerge`, one undoable step), then the others go to the trash (`LibraryTrash`).
///
/// Confirmation as `trash` does it: merging is undoable and trashing restorable, so it asks only
/// on a terminal (skipped with --yes) and goes ahead in scripts, saying what it did.
struct DuplicatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicates",
        abstract: "List duplicate photos (exact copies; with --near, look-alikes too) and the one to keep of each.",
        discussion: """
            Exact copies are refused at import (the import says which photo each one duplicates). Look-alikes are \
            resized, recompressed, lightly cropped or brightened copies of one picture, found by a perceptual hash \
            of each photo's thumbnail; photos imported before hashes existed are hashed first. The photo to keep \
            has the largest resolution, then is a raw file rather than a JPEG, then the original (the older, \
            then the larger file) rather than a copy, then the richer metadata.
            """)

    @OptionGroup var options: LibraryOptions
    @Flag(name: .long, help: "Include look-alikes (kind \"near\").") var near = false
    @Flag(name: .long, help: "Print JSON: [{\"kind\", \"photos\": [...], \"keep\": ID}].") var json = false
    @Flag(name: .long, help: "Apply the suggestions: merge marks and edits into the kept photo and trash the others.")
    var resolve = false
    @Flag(name: .long, help: "With --resolve: do not ask.") var yes = false
    @Flag(name: .long, help: "With --resolve: merge, but leave the others in the library.") var keepOthers = false

    struct Record: Encodable {
        var kind: String
        var photos: [PhotoRecord]
        var keep: String
    }

    func run() throws {
        var failed = false
        try reportingFailures {
            try options.requireLibraryFile()
            var library = try options.loadForReading(checkMissing: true)
            if near { try hashMissing(in: &library) }
            let groups = DuplicateFinder.groups(in: library, near: near)
            if json {
                try printJSON(groups.map { group in
                    Record(kind: group.kind.rawValue,
                           photos: group.photoIDs.compactMap { library.photo(id: $0) }.map { PhotoRecord($0, in: library) },
                           keep: group.keep)
                })
            } else {
                show(groups, in: library)
            }
            if resolve { failed = try resolveAll(groups, in: library) }
        }
        if failed { throw ExitCode.failure }
    }

    /// Hashes the photos imported before look-alike hashes existed and saves the hashes.
    private func hashMissing(in library: inout PhotoLibrary) throws {
        let missing = LookAlikeHashes.missing(in: library)
        guard !missing.isEmpty else { return }
        let hashed = LookAlikeHashes.hash(missing, thumbnails: options.thumbnails)
        guard !hashed.isEmpty else { return }
        let imported = ImportedPhotos(photos: hashed)
        do { try options.store.appendPhotos(imported, lockTimeout: 10) } catch { throw CommandFailure("\(error)") }
        library.insert(imported)
        if !json { complain("hashed \(Counted.text(hashed.count)) imported before look-alike hashes") }
    }

    private func show(_ groups: [DuplicateGroup], in library: PhotoLibrary) {
        guard !groups.isEmpty else {
            say(near ? "no duplicates or look-alikes" : "no exact duplicates (try --near for look-alikes)")
            return
        }
        for group in groups {
            say("\(group.kind.rawValue) · \(Counted.text(group.photoIDs.count))")
            for id in group.photoIDs {
                guard let photo = library.photo(id: id) else { continue }
                let size = photo.isSizeKnown ? "\(photo.displaySize.width)×\(photo.displaySize.height)" : "?"
                let line = [id == group.keep ? "keep " : "     ", id, size, TrashCommand.size(photo.fileSize),
                            PathBytes.display(photo.path)].joined(separator: "  ")
                say("  " + line.strippingControlCharacters)
            }
        }
    }

    /// Merges and trashes as `groups` suggest; returns whether anything failed.
    private func resolveAll(_ groups: [DuplicateGroup], in library: PhotoLibrary) throws -> Bool {
        guard !groups.isEmpty else { return false }
        let others = groups.flatMap(\.others).compactMap { library.photo(id: $0) }
        let bytes = others.reduce(Int64(0)) { $0 + $1.fileSize }
        let question = keepOthers
            ? "merge \(Counted.text(others.count)) into the \(groups.count) kept?"
            : "merge and trash \(Counted.text(others.count)) (\(TrashCommand.size(bytes))), keeping \(groups.count)?"
        // Trashing files is asked for on a terminal; with none to ask on, only --yes goes ahead.
        let refusal = "nothing was changed: --resolve asks before it merges and trashes, and there is no terminal to ask on; pass --yes to apply the suggestions"
        guard try TrashCommand.confirm(question, yes: yes, refusal: refusal) else { throw CommandFailure("nothing was changed") }
        _ = try EditReport.save(options: options) { now in
            groups.flatMap { group -> [LibraryEdit] in
                guard let kept = now.photo(id: group.keep) else { return [] }
                return DuplicateMerge.step(keeping: kept, from: group.others.compactMap { now.photo(id: $0) }, albums: now.albums)
                    .map { [LibraryEdit.apply($0)] } ?? []
            }
        }
        say("merged into \(Counted.text(groups.count)) kept (undo with `photory-tui undo`)")
        guard !keepOthers else { return false }
        let trash = LibraryTrash(store: options.store)
        TrashCommand.expire(trash)
        let outcomes: [LibraryTrash.Outcome]
        do { outcomes = try trash.trash(others.map(\.id)).outcomes } catch { throw CommandFailure("\(error)") }
        let failed = TrashCommand.print(outcomes, verb: "trashed")
        let moved = outcomes.filter { $0.problem == nil }.count
        if moved > 0 { say("moved \(Counted.text(moved)) to the trash; `photory-tui trash restore PATH` brings one back") }
        return failed
    }
}
