import Foundation

extension AtomicFile {
    /// `replace` as write-back uses it: the file's permissions (and, when asked, times) kept,
    /// and a veto by `unchanged` (the photo changed while it was being rewritten) reported as
    /// `changedMeanwhile`.
    static func replace(_ path: String, with chunks: [UnsafeRawBufferPointer], keep: Keep,
                        unchanged: () -> Bool) throws(WriteBackError) -> stat {
        let written: stat?
        do {
            written = try replace(path, with: chunks, options: Options(keep: keep), unchanged: unchanged)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        guard let written else { throw .changedMeanwhile(path: path) }
        return written
    }
}
