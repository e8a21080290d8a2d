import Library

extension LibraryOptions {
    /// The HTTP client, naming this program to the servers.
    var webFetcher: URLSessionFetcher {
        URLSessionFetcher(options: .init(userAgent: "photory-tui/\(VersionReport.number)"))
    }

    /// Where downloaded photos go: `$XDG_DATA_HOME/photory/downloads`.
    var downloads: DownloadFolder { DownloadFolder(root: LibraryPaths.defaultDownloadsFolder()) }

    /// Imports and refreshes web photos into the downloads folder and the thumbnail store.
    var webImporter: WebImporter { WebImporter(fetcher: webFetcher, downloads: downloads, thumbnails: thumbnails) }

    /// Downloads originals into the downloads folder.
    var originalDownloader: OriginalDownloader {
        OriginalDownloader(fetcher: webFetcher, downloads: downloads, thumbnails: thumbnails)
    }
}
