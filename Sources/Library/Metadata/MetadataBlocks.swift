/// The raw metadata blocks a format's `inspect` met, kept only while `recording` asks for them
/// (for `FileTags`, which lists every tag): so the formats find their blocks in one place each,
/// as they always do, and nothing is copied during an import.
///
/// The readers hand their blocks over where they take them: `EXIFReader.read` the EXIF payload,
/// `Metadata.readXMP` the XMP packet, `IPTCReader` the IIM datasets; a format may add tags of
/// its own (a video's container dictionaries, a GIF's frame count) with `record(tags:)`.
/// The first block of each kind wins, as in the readers.
public struct MetadataBlocks: Sendable {
    /// "Exif\0\0" + the TIFF stream.
    public var exif: [UInt8]?
    /// The XMP packet.
    public var xmp: [UInt8]?
    /// IPTC-IIM datasets (0x1C …).
    public var iptc: [UInt8]?
    /// Tags the format read itself.
    public var tags: [MetadataTag] = []

    /// What `body` recorded on this thread (`body` is a format's `inspect`).
    static func recording<R>(_ body: () throws -> R) rethrows -> (R, MetadataBlocks) {
        let recorder = Recorder()
        let result = try $current.withValue(recorder) { try body() }
        return (result, recorder.blocks)
    }

    /// Whether a recording is under way on this thread (to skip work only it needs).
    static var isRecording: Bool { current != nil }

    static func record(exif payload: UnsafeRawBufferPointer) {
        guard let recorder = current, recorder.blocks.exif == nil else { return }
        recorder.blocks.exif = Array(payload)
    }

    static func record(xmp packet: UnsafeRawBufferPointer) {
        guard let recorder = current, recorder.blocks.xmp == nil else { return }
        recorder.blocks.xmp = Array(packet)
    }

    static func record(iptc datasets: UnsafeRawBufferPointer) {
        guard let recorder = current, recorder.blocks.iptc == nil else { return }
        recorder.blocks.iptc = Array(datasets)
    }

    static func record(tags: [MetadataTag]) {
        current?.blocks.tags += tags
    }

    @TaskLocal private static var current: Recorder?

    /// Lives on one thread only, inside `recording` (a task-local value is per thread here).
    private final class Recorder: @unchecked Sendable {
        var blocks = MetadataBlocks()
    }
}
