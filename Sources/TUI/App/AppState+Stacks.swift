import Library

/// Stacks in the photo view (issue 21): Tab goes through the files of a RAW+JPEG or a Live
/// Photo (the JPEG first, then the RAW; the still, then its movie). The page holds the stack's
/// cover; `shownStackMember` says which member stands in for it until the user pages on.
extension AppState {
    /// Shows the next member of the photo's stack (back to the cover after the last).
    mutating func showNextStackMember() {
        guard case let .detail(groupID, index) = screen, let group = page(id: groupID)?.group,
              group.photoIDs.indices.contains(index) else { return }
        let coverID = group.photoIDs[index]
        guard let stack = library.stack(of: coverID), stack.memberIDs.count > 1 else {
            status = "\(library.photo(id: coverID)?.name ?? "This photo") is one file: there is no other to show"
            return
        }
        let current = detailPhoto?.id ?? coverID
        let next = stack.memberIDs[((stack.memberIDs.firstIndex(of: current) ?? 0) + 1) % stack.memberIDs.count]
        shownStackMember = next == coverID ? nil : (coverID, next)
        let position = (stack.memberIDs.firstIndex(of: next) ?? 0) + 1
        let name = library.photo(id: next)?.name ?? next
        status = "\(stack.kind.badge) \(position) of \(stack.memberIDs.count): \(name)"
    }
}
