import CAV
import Foundation

/// Decodes a video's frames in order, from its start or from where `seek` put it: what the
/// poster frame comes from and what the photo view plays.
///
/// `advance` decodes the next frame and says its time; `picture` converts that frame (swscale)
/// into RGBA at a size, upright. A player that falls behind calls `advance` and skips `picture`
/// (every frame must be decoded, the others depend on it; only converting and drawing it can be
/// dropped). One thread at a time; the decoder keeps its `VideoFile` open.
public final class VideoDecoder {
    private let video: VideoFile
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    /// The EXIF orientation `picture` turns frames by (the display matrix's).
    public let orientation: Int
    /// Whether the decoder was drained after the last packet (no frame will come).
    private var finished = false
    /// The time of the frame `advance` decoded last.
    public private(set) var time = 0.0

    /// Opens `source` to play it: its best video stream, with `threads` decoding threads.
    public convenience init(_ source: VideoSource, threads: Int = 2) throws(PreviewImage.Failure) {
        let video: VideoFile
        do {
            video = try VideoFile(source)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        try self.init(video, threads: threads)
    }

    init(_ video: VideoFile, threads: Int) throws(PreviewImage.Failure) {
        self.video = video
        orientation = video.orientation
        let parameters = video.parameters
        guard let decoder = avcodec_find_decoder(parameters.codec_id) else {
            throw PreviewImage.Failure(VideoFile.noDecoder(video.codecName))
        }
        guard parameters.width > 0, parameters.height > 0 else { throw PreviewImage.Failure("the video has no picture size") }
        guard Int(parameters.width) * Int(parameters.height) <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(parameters.width)×\(parameters.height))")
        }
        codec = avcodec_alloc_context3(decoder)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let codec, frame != nil, packet != nil else { throw PreviewImage.Failure("out of memory") }
        guard avcodec_parameters_to_context(codec, video.stream.pointee.codecpar) >= 0 else {
            throw PreviewImage.Failure("cannot set up the \(video.codecName) decoder")
        }
        codec.pointee.thread_count = Int32(max(1, threads))
        guard avcodec_open2(codec, decoder, nil) >= 0 else {
            throw PreviewImage.Failure("cannot open the \(video.codecName) decoder")
        }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        sws_freeContext(scaler)
    }

    /// Length in seconds, when the file says.
    public var duration: Double? { video.duration }

    /// Pixel size as shown (sample aspect ratio and orientation applied).
    public var displaySize: (width: Int, height: Int) {
        let size = video.displaySize
        return orientation >= 5 ? (size.height, size.width) : size
    }

    /// Moves to the keyframe at or before `seconds` (the start when the seek fails); the next
    /// `advance` decodes from there.
    public func seek(to seconds: Double) {
        guard let format = video.format, let codec else { return }
        let stream = video.stream.pointee
        let timeBase = stream.time_base
        guard timeBase.num > 0, timeBase.den > 0 else { return }
        var target = max(0, seconds) / av_q2d(timeBase)
        if stream.start_time != photory_av_nopts_value() { target += Double(stream.start_time) }
        guard target.isFinite, abs(target) < 9e18 else { return }
        // A failed seek leaves the position where it was: the frames go on from there.
        _ = av_seek_frame(format, video.streamIndex, Int64(target), AVSEEK_FLAG_BACKWARD)
        avcodec_flush_buffers(codec)
        finished = false
    }

    /// Decodes the next frame and returns its time in seconds from the start; nil at the end.
    /// Throws when no frame can be decoded within `maxPackets` packets, naming the reason.
    /// `keepAlive` true gives reading a fresh deadline first (a player reads as long as it plays).
    @discardableResult
    public func advance(maxPackets: Int = 2_000, keepAlive: Bool = false) throws(PreviewImage.Failure) -> Double? {
        guard let format = video.format, let codec, let frame, let packet else { return nil }
        if keepAlive { video.input.extendDeadline(by: VideoFile.timeLimit) }
        var lastError: Int32 = 0
        for _ in 0..<maxPackets {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                time = frameTime(frame)
                return time
            }
            if received == photory_averror_eof() { return nil }
            if received != photory_averror_eagain() { lastError = received }
            if finished { break }
            let read = av_read_frame(format, packet)
            if read < 0 {
                if read != photory_averror_eof() { lastError = read }
                avcodec_send_packet(codec, nil)   // drain what the decoder holds
                finished = true
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == video.streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != photory_averror_eagain() { lastError = sent }
        }
        if video.input.isPastDeadline { throw PreviewImage.Failure("the video took too long to decode") }
        guard lastError != 0 else { return nil }
        throw PreviewImage.Failure("no frame could be decoded: \(VideoFile.message(lastError, input: video.input))")
    }

    /// The frame `advance` decoded, as RGBA covering `covering` stored pixels (before orientation).
    func picture(covering: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        guard let frame else { throw PreviewImage.Failure("out of memory") }
        return try video.scaled(frame, covering: covering, scaler: &scaler)
    }

    /// The frame `advance` decoded, upright, scaled to exactly `width`×`height` display pixels.
    public func picture(width: Int, height: Int) throws(PreviewImage.Failure) -> DecodedImage {
        guard let frame else { throw PreviewImage.Failure("out of memory") }
        let stored = orientation >= 5 ? (width: height, height: width) : (width: width, height: height)
        let image = try video.scaled(frame, covering: stored, exactly: true, scaler: &scaler)
        return ImageTransform.oriented(image, orientation: orientation)
    }

    /// `frame`'s presentation time in seconds from the stream's start.
    private func frameTime(_ frame: UnsafeMutablePointer<AVFrame>) -> Double {
        let stream = video.stream.pointee
        var stamp = frame.pointee.best_effort_timestamp
        if stamp == photory_av_nopts_value() { stamp = frame.pointee.pts }
        guard stamp != photory_av_nopts_value() else { return time }
        if stream.start_time != photory_av_nopts_value() { stamp -= stream.start_time }
        let seconds = Double(stamp) * av_q2d(stream.time_base)
        return seconds.isFinite ? max(0, seconds) : time
    }
}
