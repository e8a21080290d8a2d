import CAV
import Foundation

/// One video opened by FFmpeg from bytes in memory, with its best video stream: what
/// `VideoFormat` reads the metadata and the poster frame through.
///
/// Hostile files are bounded three ways: FFmpeg reads only the bytes given (a custom I/O
/// context over the buffer; no protocol may open anything else, only the four video demuxers
/// may run), every call stops at a deadline (the read and interrupt callbacks say "exit"),
/// and a poster decode reads a bounded number of packets. Every call makes its own contexts;
/// none cross threads. The bytes must outlive the file.
final class VideoFile {
    /// How long opening and decoding one file may take before FFmpeg is told to stop.
    static let timeLimit: Double = 10
    /// Packets read after the seek before a poster decode gives up.
    static let maxPosterPackets = 600

    private let input: MemoryInput
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    /// The best video stream.
    let stream: UnsafeMutablePointer<AVStream>
    let streamIndex: Int32

    /// FFmpeg logs to stderr by default, which would draw over the browser: silenced once.
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    init(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) {
        Self.quiet
        guard let base = file.baseAddress, !file.isEmpty else { throw .corrupt("empty video file") }
        input = MemoryInput(base: base, count: file.count, deadline: Self.timeLimit)
        let opaque = Unmanaged.passUnretained(input).toOpaque()
        let bufferSize = 64 << 10
        guard let buffer = av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self),
              let io = avio_alloc_context(buffer, Int32(bufferSize), 0, opaque, MemoryInput.read, nil, MemoryInput.seek) else {
            throw .corrupt("out of memory")
        }
        self.io = io
        guard var context = avformat_alloc_context() else {
            Self.release(io: io)
            throw .corrupt("out of memory")
        }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        context.pointee.interrupt_callback = AVIOInterruptCB(callback: MemoryInput.interrupt, opaque: opaque)
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
        guard let format else { throw PreviewImage.Failure("video not open") }
        guard let decoder = avcodec_find_decoder(parameters.codec_id) else {
            throw PreviewImage.Failure(Self.noDecoder(codecName))
        }
        let pixels = Int(parameters.width) * Int(parameters.height)
        guard parameters.width > 0, parameters.height > 0 else { throw PreviewImage.Failure("the video has no picture size") }
        guard pixels <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(parameters.width)×\(parameters.height))")
        }
        var codec = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&codec) }
        guard let codec, avcodec_parameters_to_context(codec, stream.pointee.codecpar) >= 0 else {
            throw PreviewImage.Failure("cannot set up the \(codecName) decoder")
        }
        codec.pointee.thread_count = 1   // files are decoded in parallel already
        guard avcodec_open2(codec, decoder, nil) >= 0 else {
            throw PreviewImage.Failure("cannot open the \(codecName) decoder")
        }
        if let duration, duration > 0, fraction > 0 {
            let timeBase = stream.pointee.time_base
            if timeBase.num > 0, timeBase.den > 0 {
                var target = duration * fraction / av_q2d(timeBase)
                if stream.pointee.start_time != photory_av_nopts_value() { target += Double(stream.pointee.start_time) }
                if target.isFinite, abs(target) < 9e18 {
                    // A failed seek leaves the position at the start: the first frame is still a poster.
                    _ = av_seek_frame(format, streamIndex, Int64(target), AVSEEK_FLAG_BACKWARD)
                }
            }
        }
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let frame, let packet else { throw PreviewImage.Failure("out of memory") }
        var lastError: Int32 = 0
        var flushed = false
        for _ in 0..<Self.maxPosterPackets {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 { return try scaled(frame, covering: covering) }
            if received == photory_averror_eof() { break }
            if received != photory_averror_eagain() { lastError = received }
            if flushed { break }
            let read = av_read_frame(format, packet)
            if read < 0 {
                if read != photory_averror_eof() { lastError = read }
                avcodec_send_packet(codec, nil)   // drain what the decoder holds
                flushed = true
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != photory_averror_eagain() { lastError = sent }
        }
        if input.isPastDeadline { throw PreviewImage.Failure("the video took too long to decode") }
        throw PreviewImage.Failure(lastError == 0 ? "the video holds no frame to show"
                                                  : "no frame could be decoded: \(Self.message(lastError, input: input))")
    }

    /// `frame` as RGBA covering `covering`, through swscale.
    private func scaled(_ frame: UnsafeMutablePointer<AVFrame>, covering: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
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
        let size = ImageTransform.coveringSize(width: display.width, height: display.height,
                                               atLeast: covering.width, covering.height)
        guard let scaler = sws_getContext(Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format),
                                          Int32(size.width), Int32(size.height), AV_PIX_FMT_RGBA,
                                          SWS_AREA, nil, nil, nil) else {
            throw PreviewImage.Failure("cannot convert the video's pixels (\(codecName), format \(frame.pointee.format))")
        }
        defer { sws_freeContext(scaler) }
        let rowBytes = size.width * 4
        var rows: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * size.height) { buffer, count in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var destinationStride: [Int32] = [Int32(rowBytes), 0, 0, 0]
            rows = withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { stride in
                            sws_scale(scaler, source, stride, 0, Int32(height), &destination, &destinationStride)
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
    static var libraryVersion: String { String(cString: av_version_info()) }

    static func noDecoder(_ codec: String) -> String {
        "video codec \"\(codec)\": FFmpeg \(libraryVersion) here has no decoder for it"
    }

    /// Why `avformat_open_input` failed, in words a user can act on.
    private static func openFailure(_ code: Int32, input: MemoryInput) -> PhotoFormatError {
        if input.isPastDeadline { return .corrupt("the video took too long to read") }
        if code == -Int32(ENOMEM) { return .corrupt("out of memory") }
        let message = message(code, input: input)
        return .corrupt("FFmpeg cannot read this video (\(message)): the file may be truncated or broken")
    }

    static func message(_ code: Int32, input: MemoryInput) -> String {
        if input.isPastDeadline { return "took too long" }
        var buffer = [CChar](repeating: 0, count: 128)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return MetadataText.clean(text)?.lowercased() ?? "error \(code)"
    }
}

/// The bytes FFmpeg reads a video from, with the position of its I/O context and the moment it
/// must stop. Reached from the C callbacks through an unretained pointer: `VideoFile` owns it.
final class MemoryInput {
    let base: UnsafeRawPointer
    let count: Int
    var position = 0
    private let deadline: UInt64

    init(base: UnsafeRawPointer, count: Int, deadline seconds: Double) {
        self.base = base
        self.count = count
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    }

    var isPastDeadline: Bool { DispatchTime.now().uptimeNanoseconds > deadline }

    static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let opaque, let buffer else { return photory_averror_exit() }
        let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
        if input.isPastDeadline { return photory_averror_exit() }
        let n = min(Int(max(size, 0)), input.count - input.position)
        guard n > 0 else { return photory_averror_eof() }
        UnsafeMutableRawPointer(buffer).copyMemory(from: input.base + input.position, byteCount: n)
        input.position += n
        return Int32(n)
    }

    static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
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
        return Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue().isPastDeadline ? 1 : 0
    }
}
