import Library
import TUI

extension LibraryOptions {
    /// The HTTP client, naming this program to the servers, with the download settings and the
    /// per-host request headers of config.toml (`[web."host"] headers`, issue 24).
    func webFetcher(_ download: DownloadOptions) -> CurlFetcher {
        var options = CurlFetcher.Options(userAgent: "photory-tui/\(VersionReport.number)", deadline: download.urlDeadline)
        options.hostHeaders = Config.load().webHeaders
        return CurlFetcher(options: options)
    }

    /// Where downloaded photos go: `$XDG_DATA_HOME/photory/downloads`.
    var downloads: DownloadFolder { DownloadFolder(root: LibraryPaths.defaultDownloadsFolder()) }

    /// Imports and refreshes web photos into the downloads folder and the thumbnail store.
    func webImporter(_ download: DownloadOptions) -> WebImporter {
        WebImporter(fetcher: webFetcher(download), downloads: downloads, thumbnails: thumbnails)
    }

    /// Downloads originals into the downloads folder.
    func originalDownloader(_ download: DownloadOptions) -> OriginalDownloader {
        OriginalDownloader(fetcher: webFetcher(download), downloads: downloads, thumbnails: thumbnails)
    }
}
