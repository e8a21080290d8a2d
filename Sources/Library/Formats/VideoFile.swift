import CAV
import Foundation

/// One video opened by FFmpeg, with its best video stream: what `VideoFormat` reads the
/// metadata and the poster frame through, and `VideoDecoder` plays.
///
/// FFmpeg reads through a custom I/O context (`VideoInput`): bytes in memory, or a file (a
/// byte range of it, `VideoSource`) read a piece at a time, never whole. Hostile files are
/// bounded three ways: FFmpeg reads only the bytes given (no protocol may open anything else,
/// only the four video demuxers may run), every call stops at a deadline (the read and
/// interrupt callbacks say "exit"; a player moves it on as it goes, `extendDeadline`), and a
/// poster decode reads a bounded number of packets. Every call makes its own contexts; none
/// cross threads at once. Bytes in memory must outlive the file.
final class VideoFile {
    /// How long opening and decoding one file may take before FFmpeg is told to stop.
    static let timeLimit: Double = 10
    /// Packets read after the seek before a poster decode gives up.
    static let maxPosterPackets = 600

    let input: VideoInput
    private var io: UnsafeMutablePointer<AVIOContext>?
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?
    /// The best video stream.
    let stream: UnsafeMutablePointer<AVStream>
    let streamIndex: Int32

    /// FFmpeg logs to stderr by default, which would draw over the browser: silenced once.
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    /// A video whose bytes are in memory (the importer has them).
    convenience init(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) {
        guard let base = file.baseAddress, !file.isEmpty else { throw .corrupt("empty video file") }
        try self.init(input: VideoInput(base: base, count: file.count, deadline: Self.timeLimit))
    }

    /// A video read from its file as FFmpeg asks for the bytes.
    convenience init(_ source: VideoSource) throws(PhotoFormatError) {
        try self.init(input: VideoInput(source, deadline: Self.timeLimit))
    }

    private init(input: VideoInput) throws(PhotoFormatError) {
        if let failure = Self.loadFailure { throw .unsupported("FFmpeg's libraries could not be loaded (\(failure))") }
        Self.quiet
        self.input = input
        let opaque = Unmanaged.passUnretained(input).toOpaque()
        let bufferSize = 64 << 10
        guard let buffer = av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self),
              let io = avio_alloc_context(buffer, Int32(bufferSize), 0, opaque, VideoInput.read, nil, VideoInput.seek) else {
            throw .corrupt("out of memory")
        }
        self.io = io
        guard var context = avformat_alloc_context() else {
            Self.release(io: io)
            throw .corrupt("out of memory")
        }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        context.pointee.interrupt_callback = AVIOInterruptCB(callback: VideoInput.interrupt, opaque: opaque)
        context.pointee.format_whitelist = av_strdup("mov,matroska,avi,mpegts")
        context.pointee.protocol_whitelist = av_strdup("none")   // never open another file or a URL
        var contextPointer: UnsafeMutablePointer<AVFormatContext>? = context
        let opened = avformat_open_input(&contextPointer, "", nil, nil)   // frees the context on failure
        guard opened >= 0, let opened = contextPointer else {
            Self.release(io: io)
            self.io = nil
            throw Self.openFailure(opened, input: input)
        }
        context = opened
        format = context
        let info = avformat_find_stream_info(context, nil)
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else {
            let reason = info < 0 ? Self.message(info, input: input) : "it holds no video stream"
            Self.close(context, io: io)
            (format, self.io) = (nil, nil)
            throw .unsupported("not a video: \(reason)")
        }
        self.stream = stream
        self.streamIndex = index
    }

    deinit {
        if let format, let io { Self.close(format, io: io) }
    }

    private static func close(_ context: UnsafeMutablePointer<AVFormatContext>, io: UnsafeMutablePointer<AVIOContext>) {
        var context: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&context)
        release(io: io)
    }

    private static func release(io: UnsafeMutablePointer<AVIOContext>) {
        var io: UnsafeMutablePointer<AVIOContext>? = io
        av_freep(&io!.pointee.buffer)
        avio_context_free(&io)
    }

    // MARK: - What the file says

    /// The codec parameters of the video stream.
    var parameters: AVCodecParameters { stream.pointee.codecpar.pointee }

    /// FFmpeg's name of the video codec ("h264", "hevc", "vp9").
    var codecName: String { String(cString: avcodec_get_name(parameters.codec_id)) }

    /// Length in seconds: the container's, else the stream's; nil when neither says.
    var duration: Double? {
        if let format, format.pointee.duration != photory_av_nopts_value(), format.pointee.duration >= 0 {
            return Double(format.pointee.duration) / Double(AV_TIME_BASE)
        }
        let stream = stream.pointee
        guard stream.duration != photory_av_nopts_value(), stream.duration >= 0 else { return nil }
        return Double(stream.duration) * av_q2d(stream.time_base)
    }

    /// Frames the container lists for the video stream (0 when it does not say).
    var frameCount: Int64 { stream.pointee.nb_frames }

    /// Pixel width with the sample aspect ratio applied (anamorphic video), and height.
    var displaySize: (width: Int, height: Int) {
        let width = Int(parameters.width), height = Int(parameters.height)
        let aspect = parameters.sample_aspect_ratio
        guard aspect.num > 0, aspect.den > 0, aspect.num != aspect.den else { return (width, height) }
        let scaled = Double(width) * Double(aspect.num) / Double(aspect.den)
        guard scaled.isFinite, scaled >= 1, scaled < 1e6 else { return (width, height) }
        return (Int(scaled.rounded()), height)
    }

    /// The EXIF orientation (1, 3, 6 or 8) the display matrix asks for; 1 without one, or when
    /// the matrix is broken (no rotation can be read from it) or is no quarter turn.
    var orientation: Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
              size >= 9 * MemoryLayout<Int32>.size else { return 1 }
        let counterclockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        return Self.orientation(counterclockwise: counterclockwise)
    }

    /// `counterclockwise` degrees (FFmpeg's sense) as the EXIF orientation that shows the
    /// picture upright: a quarter turn clockwise is 6.
    static func orientation(counterclockwise: Double) -> Int {
        guard counterclockwise.isFinite else { return 1 }
        let clockwise = Int((-counterclockwise).rounded())
        switch ((clockwise % 360) + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    /// Metadata of the container, then of the video stream, by key (first non-empty wins).
    func tag(_ key: String) -> String? {
        for dictionary in [format?.pointee.metadata, stream.pointee.metadata] {
            if let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value,
               let text = MetadataText.clean(String(cString: value)) {
                return text
            }
        }
        return nil
    }

    /// Every entry of the container's dictionary (group "Container") and of each stream's
    /// ("Track1", …), for `FileTags`.
    func allTags() -> [MetadataTag] {
        func entries(_ dictionary: OpaquePointer?, group: String) -> [MetadataTag] {
            var tags: [MetadataTag] = []
            var entry: UnsafeMutablePointer<AVDictionaryEntry>?
            while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX), tags.count < 1000 {
                entry = next
                guard let key = next.pointee.key, let value = next.pointee.value else { continue }
                tags.append(MetadataTag(group: group, name: String(cString: key), value: MetadataText.clean(String(cString: value)) ?? ""))
            }
            return tags
        }
        guard let format else { return [] }
        var tags = entries(format.pointee.metadata, group: "Container")
        for index in 0..<Int(format.pointee.nb_streams) {
            guard let stream = format.pointee.streams[index] else { continue }
            tags += entries(stream.pointee.metadata, group: "Track\(index + 1)")
        }
        return tags
    }

    // MARK: - The poster frame

    /// One frame from near `fraction` of the way in (the keyframe at or before it), as RGBA
    /// scaled by swscale to cover `covering` stored pixels (before orientation).
    func posterFrame(at fraction: Double, covering: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        let decoder = try VideoDecoder(self, threads: 1)   // files are decoded in parallel already
        if let duration, duration > 0, fraction > 0 { decoder.seek(to: duration * fraction) }
        guard try decoder.advance(maxPackets: Self.maxPosterPackets) != nil else {
            throw PreviewImage.Failure("the video holds no frame to show")
        }
        return try decoder.picture(covering: covering)
    }

    /// `frame` as RGBA covering `covering` (`exactly`: that size), through swscale, with the
    /// conversion context kept in `scaler` for the next frame of the same size.
    func scaled(_ frame: UnsafeMutablePointer<AVFrame>, covering: (width: Int, height: Int), exactly: Bool = false,
                scaler: inout OpaquePointer?) throws(PreviewImage.Failure) -> DecodedImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0, width * height <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("the decoded frame has no usable size (\(width)×\(height))")
        }
        var display = (width: width, height: height)
        let aspect = frame.pointee.sample_aspect_ratio
        if aspect.num > 0, aspect.den > 0, aspect.num != aspect.den {
            let scaledWidth = Double(width) * Double(aspect.num) / Double(aspect.den)
            if scaledWidth.isFinite, scaledWidth >= 1, scaledWidth < 1e5 { display.width = Int(scaledWidth.rounded()) }
        }
        let size = exactly ? (width: max(1, covering.width), height: max(1, covering.height))
            : ImageTransform.coveringSize(width: display.width, height: display.height, atLeast: covering.width, covering.height)
        guard let context = sws_getCachedContext(scaler, Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format),
                                                 Int32(size.width), Int32(size.height), AV_PIX_FMT_RGBA,
                                                 exactly ? SWS_FAST_BILINEAR : SWS_AREA, nil, nil, nil) else {
            throw PreviewImage.Failure("cannot convert the video's pixels (\(codecName), format \(frame.pointee.format))")
        }
        scaler = context
        let rowBytes = size.width * 4
        var rows: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * size.height) { buffer, count in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var destinationStride: [Int32] = [Int32(rowBytes), 0, 0, 0]
            rows = withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { stride in
                            sws_scale(context, source, stride, 0, Int32(height), &destination, &destinationStride)
                        }
                    }
                }
            }
            count = rowBytes * size.height   // UInt8 is trivial; discarded on failure
        }
        guard rows == Int32(size.height) else { throw PreviewImage.Failure("cannot convert the video's pixels") }
        return DecodedImage(width: size.width, height: size.height, pixels: pixels)
    }

    // MARK: - Messages

    /// FFmpeg's version here ("5.1.9-0+deb12u1").
    static var libraryVersion: String { loadFailure == nil ? String(cString: av_version_info()) : "(not loaded)" }

    /// Why FFmpeg's libraries could not be loaded, or nil when they are (they are loaded on
    /// first use, not at start-up: `Sources/CLazyLink`).
    static var loadFailure: String? { photory_av_load().map { String(cString: $0) } }

    static func noDecoder(_ codec: String) -> String {
        "video codec \"\(codec)\": FFmpeg \(libraryVersion) here has no decoder for it"
    }

    /// Why `avformat_open_input` failed, in words a user can act on.
    private static func openFailure(_ code: Int32, input: VideoInput) -> PhotoFormatError {
        if input.isPastDeadline { return .corrupt("the video took too long to read") }
        if code == -Int32(ENOMEM) { return .corrupt("out of memory") }
        let message = message(code, input: input)
        return .corrupt("FFmpeg cannot read this video (\(message)): the file may be truncated or broken")
    }

    static func message(_ code: Int32, input: VideoInput) -> String {
        if input.isPastDeadline { return "took too long" }
        var buffer = [CChar](repeating: 0, count: 128)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return MetadataText.clean(text)?.lowercased() ?? "error \(code)"
    }
}

/// The bytes FFmpeg reads a video from (memory, or a byte range of a file read with `pread`),
/// with the position of its I/O context and the moment it must stop. Reached from the C
/// callbacks through an unretained pointer: `VideoFile` owns it.
final class VideoInput {
    private enum Bytes {
        case memory(UnsafeRawPointer)
        /// An open file (closed with the input) and where the video starts in it.
        case file(fd: Int32, start: Int64)
    }

    private let bytes: Bytes
    let count: Int
    var position = 0
    private var deadline: UInt64

    init(base: UnsafeRawPointer, count: Int, deadline seconds: Double) {
        bytes = .memory(base)
        self.count = count
        deadline = Self.moment(after: seconds)
    }

    /// The bytes of `source`, checked to lie inside its file.
    init(_ source: VideoSource, deadline seconds: Double) throws(PhotoFormatError) {
        let fd = PathBytes.open(source.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .corrupt("cannot read the file: " + FileBytes.errnoReason()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = FileBytes.errnoReason()
            Foundation.close(fd)
            throw .corrupt("cannot read the file: " + reason)
        }
        let size = Int64(info.st_size)
        let range = source.range ?? 0..<size
        guard range.lowerBound >= 0, range.upperBound <= size else {
            Foundation.close(fd)
            throw .corrupt("the video's bytes \(range.lowerBound)–\(range.upperBound) lie past the end of the file (\(size) bytes)")
        }
        guard !range.isEmpty else {
            Foundation.close(fd)
            throw .corrupt("empty video file")
        }
        bytes = .file(fd: fd, start: range.lowerBound)
        count = Int(range.count)
        deadline = Self.moment(after: seconds)
    }

    deinit {
        if case let .file(fd, _) = bytes { close(fd) }
    }

    private static func moment(after seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    }

    var isPastDeadline: Bool { DispatchTime.now().uptimeNanoseconds > deadline }

    /// Gives the work from now on `seconds` more (a player reads for as long as it plays).
    func extendDeadline(by seconds: Double) {
        deadline = Self.moment(after: seconds)
    }

    /// Copies up to `size` bytes from the position; the count, 0 at the end, -1 on a read error.
    private func copy(into buffer: UnsafeMutableRawPointer, size: Int) -> Int {
        let n = min(size, count - position)
        guard n > 0 else { return 0 }
        switch bytes {
        case let .memory(base):
            buffer.copyMemory(from: base + position, byteCount: n)
            return n
        case let .file(fd, start):
            while true {
                let got = pread(fd, buffer, n, off_t(start + Int64(position)))
                if got < 0, errno == EINTR { continue }
                return got
            }
        }
    }

    static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let opaque, let buffer else { return photory_averror_exit() }
        let input = Unmanaged<VideoInput>.fromOpaque(opaque).takeUnretainedValue()
        if input.isPastDeadline { return photory_averror_exit() }
        let n = input.copy(into: buffer, size: Int(max(size, 0)))
        guard n != 0 else { return photory_averror_eof() }
        guard n > 0 else { return -Int32(EIO) }
        input.position += n
        return Int32(n)
    }

    static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let input = Unmanaged<VideoInput>.fromOpaque(opaque).takeUnretainedValue()
        if whence & photory_avio_seek_size() != 0 { return Int64(input.count) }
        let target: Int64
        switch whence & 0xFFFF {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(input.position).addingReportingOverflow(offset).partialValue
        case SEEK_END: target = Int64(input.count).addingReportingOverflow(offset).partialValue
        default: return -Int64(EINVAL)
        }
        guard target >= 0, target <= Int64(input.count) else { return -Int64(EINVAL) }
        input.position = Int(target)
        return target
    }

    static let interrupt: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
        guard let opaque else { return 0 }
        return Unmanaged<VideoInput>.fromOpaque(opaque).takeUnretainedValue().isPastDeadline ? 1 : 0
    }
}
