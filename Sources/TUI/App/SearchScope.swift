/// Where `/` searches: the group it was pressed in (a date folder, a smart folder, a tag), or the
/// whole library. The group's photos are looked up again at each search (see
/// `AppState.scopePhotoIDs`), so an edit that moves a photo out of the group takes it out of the
/// results too; a photo in several groups (tags, smart folders) is found from each of them.
struct SearchScope: Equatable, Sendable {
    /// The id of the group the search began in (a page id).
    var groupID: String
    /// Its name, for the search line and the results' title.
    var groupName: String
    /// The user widened the search to the whole library (`Tab` on the search line); `Tab` again
    /// narrows it back to the group.
    var wholeLibrary = false

    /// "in 2019-06" or "whole library": where the results come from now.
    var label: String { wholeLibrary ? "whole library" : "in " + groupName }

    /// "whole library" or "in 2019-06": where the toggle key takes the search.
    var otherLabel: String { wholeLibrary ? "in " + groupName : "whole library" }
}
