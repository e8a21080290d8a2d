import Library

extension AppState {
    /// The photos whose edited date or place `W` would write into their files: the marked
    /// photos, else every photo with such edits.
    var writeBackCandidates: [String] {
        let pool = marks.isEmpty ? library.photos.map(\.id) : editTargets
        return pool.filter { library.photo(id: $0)?.edits.isEmpty == false }
    }

    mutating func askToWriteBack() -> [Effect] {
        let photos = writeBackCandidates
        guard !photos.isEmpty else {
            status = "No edits to write: the files already say what the library says"
            return []
        }
        open(.writeConfirmation(WriteConfirmation(photoIDs: photos)))
        return []
    }

    /// The files were written: the records follow them (their edits now are what the files
    /// say), and the status line says how it went, naming the first file refused.
    mutating func wroteBack(_ result: Result<Msg.WriteBackDone, Failure>) {
        switch result {
        case let .failure(failure):
            status = failure.message
        case let .success(done):
            installFromDisk(done.library)
            infoDetails = nil
            let files = done.outcomes.filter(\.wroteFile).count
            let sidecars = done.outcomes.filter { $0.sidecarPath != nil }.count
            var text = "Wrote \(Counted.text(files, "file")) and \(Counted.text(sidecars, "sidecar"))"
            let leftAlone = done.outcomes.filter { $0.note != nil }.count
            if leftAlone > 0 {
                text += " (\(Counted.text(leftAlone, "file")) left alone: \(LibraryWriteBack.onlyJPEGFiles))"
            }
            let problems = done.outcomes.compactMap(\.problem)
            if let first = problems.first {
                text += "; \(problems.count) refused: " + first
            }
            status = text
        }
    }
}
