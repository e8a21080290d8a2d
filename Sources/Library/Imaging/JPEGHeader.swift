import CTurboJPEG

/// What a JPEG's frame header says, read without decoding any pixels.
public struct JPEGHeader: Sendable, Equatable {
    /// Chroma subsampling of the file, as turbojpeg names it.
    public enum Subsampling: Sendable, Equatable {
        case s444, s422, s420, gray, s440, s411
        /// A layout turbojpeg 2.1 cannot name ("Could not determine subsampling type");
        /// libjpeg still decodes such files to RGB.
        case unknown

        init(tj value: Int32) {
            switch value {
            case Int32(TJSAMP_444.rawValue): self = .s444
            case Int32(TJSAMP_422.rawValue): self = .s422
            case Int32(TJSAMP_420.rawValue): self = .s420
            case Int32(TJSAMP_GRAY.rawValue): self = .gray
            case Int32(TJSAMP_440.rawValue): self = .s440
            case Int32(TJSAMP_411.rawValue): self = .s411
            default: self = .unknown
            }
        }
    }

    /// Colour space of the coded components.
    public enum Colorspace: Sendable, Equatable {
        case rgb, ycbcr, gray, cmyk, ycck
        case unknown

        init(tj value: Int32) {
            switch value {
            case Int32(TJCS_RGB.rawValue): self = .rgb
            case Int32(TJCS_YCbCr.rawValue): self = .ycbcr
            case Int32(TJCS_GRAY.rawValue): self = .gray
            case Int32(TJCS_CMYK.rawValue): self = .cmyk
            case Int32(TJCS_YCCK.rawValue): self = .ycck
            default: self = .unknown
            }
        }

        /// CMYK and YCCK files decode as CMYK and are converted to RGB by us.
        public var isCMYK: Bool { self == .cmyk || self == .ycck }
    }

    /// Pixel size as stored, before any EXIF orientation.
    public var width: Int
    public var height: Int
    public var subsampling: Subsampling
    public var colorspace: Colorspace
    /// The libjpeg warning text, when it reported a recoverable problem (e.g. junk bytes
    /// before a marker) while reading the header.
    public var warning: String?

    /// libjpeg reported a recoverable problem while reading it.
    public var hadWarning: Bool { warning != nil }

    public init(width: Int, height: Int, subsampling: Subsampling, colorspace: Colorspace,
                warning: String? = nil) {
        self.width = width
        self.height = height
        self.subsampling = subsampling
        self.colorspace = colorspace
        self.warning = warning
    }
}
