/// The undo and redo stacks of edit steps; saved with the library so undo works after a
/// restart and from the CLI. Only the newest `limit` steps are kept.
public struct EditHistory: Sendable, Equatable {
    public static let limit = 200

    /// Done steps, oldest first; the last is undone first.
    public var undo: [EditStep] = []
    /// Undone steps, oldest first; the last is redone first.
    public var redo: [EditStep] = []

    public init(undo: [EditStep] = [], redo: [EditStep] = []) {
        self.undo = undo
        self.redo = redo
    }

    public var isEmpty: Bool { undo.isEmpty && redo.isEmpty }

    mutating func recordDone(_ step: EditStep) {
        undo.removeAll { $0.id == step.id }
        undo.append(step)
        if undo.count > Self.limit { undo.removeFirst(undo.count - Self.limit) }
    }

    /// A photo's id changed (its file was rewritten): the steps follow it.
    mutating func renamePhoto(_ old: String, to new: String) {
        for list in [\EditHistory.undo, \EditHistory.redo] {
            for s in self[keyPath: list].indices {
                for c in self[keyPath: list][s].changes.indices where self[keyPath: list][s].changes[c].photoID == old {
                    self[keyPath: list][s].changes[c].photoID = new
                }
                for t in self[keyPath: list][s].trashedIDs.indices where self[keyPath: list][s].trashedIDs[t] == old {
                    self[keyPath: list][s].trashedIDs[t] = new   // an undone move to the trash, redone later
                }
            }
        }
    }

    /// A write-back rewrote a photo's file: every step's values for that photo are told what
    /// the file holds now (`FileRewrite.rebase`), so undo and redo still give what they gave.
    mutating func fileRewritten(_ rewrite: FileRewrite) {
        for list in [\EditHistory.undo, \EditHistory.redo] {
            for s in self[keyPath: list].indices {
                for c in self[keyPath: list][s].changes.indices where self[keyPath: list][s].changes[c].photoID == rewrite.photoID {
                    self[keyPath: list][s].changes[c] = rewrite.rebase(self[keyPath: list][s].changes[c])
                }
            }
        }
    }
}
