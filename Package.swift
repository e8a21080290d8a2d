// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "photory-tui",
    products: [
        .executable(name: "photory-tui", targets: ["photory-tui"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - System libraries (module map + shim header only)
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw",
                       providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif",
                       providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        /// HEIC/HEIF and AVIF: libheif with its built-in libde265 (HEVC) and dav1d/aom (AV1) decoders.
        .systemLibrary(name: "CHeif", pkgConfig: "libheif",
                       providers: [.apt(["libheif-dev"])]),
        /// PNG: libpng's simplified read API (no setjmp on our side) plus zlib for compressed text chunks.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16",
                       providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        /// WebP: the decoder (scaled decoding) and the demuxer (EXIF/XMP chunks, animation frames).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux",
                       providers: [.apt(["libwebp-dev"])]),
        /// Videos: FFmpeg's demuxers and decoders (the poster frame), and swscale to scale it.
        /// Loaded on first use, not linked (`Sources/CLazyLink`): `apt` libavformat-dev,
        /// libavcodec-dev, libswscale-dev, libavutil-dev.
        .target(name: "CAV", dependencies: ["CLazyLink"]),
        /// Camera raw files: LibRaw (the thread-safe build), for the embedded preview and a
        /// half-size decode. Loaded on first use, not linked: `apt` libraw-dev.
        .target(name: "CRaw", dependencies: ["CLazyLink"]),
        /// Libraries loaded on first use (dlopen) so a start-up never pays for them.
        .target(name: "CLazyLink"),
        // Cameras (issue 25): libgphoto2 (PTP/MTP cameras and phones, "Directory Browse" folders).
        // Loaded on first use, not linked: `apt` libgphoto2-dev.
        .target(name: "CGPhoto2", dependencies: ["CLazyLink"]),
        /// Webcams (issue 25): V4L2 devices through libv4l2, which converts their frames to RGB24;
        /// `apt` libv4l-dev. Linked (it is small: libv4l2 and libv4lconvert).
        .target(name: "CV4L2", linkerSettings: [.linkedLibrary("v4l2")]),
        /// The web client (`CurlFetcher`): libcurl, with the system's CA store for HTTPS.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        /// GIF: giflib, read from memory (the first frame; a second one makes the GIF animated).
        .systemLibrary(name: "CGif", pkgConfig: "libgif",
                       providers: [.apt(["libgif-dev"])]),
        /// TIFF and BigTIFF: libtiff, read from memory (the first page, 16-bit, EXIF directories).
        .systemLibrary(name: "CTiff", pkgConfig: "libtiff-4",
                       providers: [.apt(["libtiff-dev"])]),
        /// Zoom (issue 20): a part of a JPEG decoded through libjpeg-turbo's libjpeg API (crop and skip
        /// scanlines), which turbojpeg 2.1 lacks; `apt` libjpeg-dev (libjpeg62-turbo-dev).
        .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),

        /// PostgreSQL libraries (issue 26): libpq, PostgreSQL's own C client, rather than a Swift
        /// package (postgres-nio): no CI build minutes, no new package, and it reads PGPASSWORD,
        /// ~/.pgpass and service files like every PostgreSQL tool; `apt` libpq-dev.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"])]),

        // MARK: - The product
        /// Resources: the place table and the world outline (`scripts/make-*.py`), found beside the
        /// executable by `GeoResources` (never through `Bundle.module`).
        .target(name: "Library", dependencies: ["CExif", "CTurboJPEG", "CHeif", "CPNG", "CWebP", "CAV", "CRaw", "CGif", "CTiff",
                                              "CJPEGRegion", "CCurl",
                                              "CGPhoto2", "CV4L2",   // cameras and webcams (issue 25)
                                              "CLibPQ"],   // PostgreSQL libraries (issue 26)
                resources: [.copy("Resources/places.tsv"), .copy("Resources/world.bin")]),
        .target(name: "TUI", dependencies: ["Library", "CNcurses", "CChafa"]),
        /// Speed and memory figures (`photory-tui bench`); never timed assertions in tests.
        /// The raw-file figure writes its DNGs with the tests' `RawFixture`.
        .target(name: "PhotoryBench", dependencies: ["TUI", "Library", "Fixtures"]),
        .executableTarget(
            name: "photory-tui",
            dependencies: ["TUI", "Library", "PhotoryBench",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // MARK: - Tests
        .target(name: "Fixtures", dependencies: ["CExif", "CTurboJPEG", "CPNG"], path: "Tests/Fixtures"),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "Fixtures"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Library", "Fixtures", "PhotoryBench"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["photory-tui", "Fixtures"], exclude: ["Support/pty_relay.py"]),

        // MARK: - Fuzzing (`make fuzz`)
        /// What each fuzz target feeds to the code; built always, so it cannot rot, and used by
        /// the regression tests that replay committed crash inputs.
        .target(name: "FuzzHarness", dependencies: ["Library", "TUI"], path: "Fuzz/Harness"),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness"], exclude: ["Inputs"]),
    ]
)

// The libFuzzer driver links against libFuzzer, which only `-sanitize=fuzzer` provides, so it
// exists only when `make fuzz` asks for it.
if Context.environment["PHOTORY_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(name: "photory-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/Driver"))
}
