import Library

extension LibraryOptions {
    /// The HTTP client, naming this program to the servers, with the download settings.
    func webFetcher(_ download: DownloadOptions) -> URLSessionFetcher {
        URLSessionFetcher(options: .init(userAgent: "photory-tui/\(VersionReport.number)", deadline: download.urlDeadline))
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
