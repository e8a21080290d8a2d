import Library

/// What an edit form does with a key: stays open, closes, or closes with the step to apply.
enum FormOutcome: Equatable {
    case stay, cancel
    case apply(EditStep)
}
