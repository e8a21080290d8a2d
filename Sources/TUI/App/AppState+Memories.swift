import Library

// "On this day" (issue 23): photos from around today's month and day in earlier years, a
// folder a year first on the home grid. The first ones are built off the UI thread with the
// day-of-year index (`MemoryIndex`) like the folder trees (`DerivedCaches`); then the index
// follows date edits in step and the memories are read from it (`OnThisDay.inputs`: only photos
// coming and going, dates and rejects make them again), for `today`, which the browser sets
// (nil: none, as in tests unless they set it).
extension AppState {
    /// Today's memories as folders, without those dismissed today (`x` on one).
    var memoryFolders: [PhotoGroup] {
        guard let today, let memories = caches.memories(of: today) else { return [] }
        let dismissed = remembered.dismissedMemories?.day == today.iso ? remembered.dismissedMemories?.years ?? [] : []
        return memories.filter { folder in !dismissed.contains { OnThisDay.Memory.idPrefix + String($0) == folder.id } }
    }

    /// The memory folder with `id`, for its page.
    func memoryFolder(id: String) -> PhotoGroup? {
        guard id.hasPrefix(OnThisDay.Memory.idPrefix) else { return nil }
        return memoryFolders.first { $0.id == id }
    }

    /// The build to ask for when today's memories are neither on hand nor on their way; none
    /// when the day-of-year index is true now: then they are read from it here (milliseconds at a
    /// million photos), and the index is built only with the first memories or a new library.
    mutating func memoriesToBuild() -> Effect? {
        guard let today, let revision = caches.memoriesToBuild(today) else { return nil }
        if let index = caches.memoryIndexNow {
            memoriesBuilt(index.memories(on: today, in: library).map { $0.group(in: library) }, day: today, index: nil,
                          askedAt: revision)
            return nil
        }
        caches.memoryIndexToBuild()
        return .buildMemories(library, today, generation: revision)
    }

    /// Memories built at revision `askedAt` of the caches came: the home grid keeps its
    /// selected folder where the new tiles push it, unless it is on its first tile with nothing
    /// open (as at the start): then the first memory is selected.
    mutating func memoriesBuilt(_ memories: [PhotoGroup], day: OnThisDay, index: MemoryIndex?, askedAt: Int) {
        let before = openPages()
        let atTheStart = stack.count == 1 && homeCursor.selected == 0
        guard caches.memoriesBuilt(memories, day: day, index: index, askedAt: askedAt) else { return }
        follow(before)
        if atTheStart { homeCursor = GridCursor() }
    }

    /// The day turned (the browser noticed it at a key): yesterday's memories go.
    mutating func newDay(_ day: OnThisDay) -> [Effect] {
        let before = openPages()
        today = day
        invalidatePages()
        follow(before)
        return followUp()
    }

    /// `x` on a memory of the home grid: gone for today (remembered between runs, until tomorrow).
    mutating func dismissSelectedMemory() -> [Effect] {
        let folders = homeFolders
        guard let today, folders.indices.contains(homeCursor.selected),
              let year = Int(folders[homeCursor.selected].id.dropFirst(OnThisDay.Memory.idPrefix.count)),
              folders[homeCursor.selected].id.hasPrefix(OnThisDay.Memory.idPrefix) else {
            status = "Only a memory (\"… years ago\") can be dismissed here."
            return []
        }
        var dismissed = remembered.dismissedMemories ?? DismissedMemories(day: today.iso, years: [])
        if dismissed.day != today.iso { dismissed = DismissedMemories(day: today.iso, years: []) }
        dismissed.years.append(year)
        remembered.dismissedMemories = dismissed
        status = "\(folders[homeCursor.selected].name): dismissed for today."
        invalidatePages()
        clampCursors()
        return [.remember(remembered)]
    }
}
