import Library

/// Infinite scroll's fetch (issue 24): the next page of a feed the library follows, as
/// `Effect.loadMoreOfFeed` asks. It is an import of that feed's address for one page
/// (`WebImporter.run(_:store:)` continues from the page the library saved, thumbnails and all,
/// under the store's lock), answered as the message the browser's update takes. The browser runs
/// it on its import queue; `bench` times it the same way.
public enum FeedPageLoad {
    /// Fetches and saves the next page of the feed imported from `url`; the message says what
    /// it added, or names the page's problem (the page stays the feed's next one), or why the
    /// library could not be used.
    public static func run(_ url: String, web: WebImporter, store: any LibraryStoring,
                           cancellation: ImportCancellation = ImportCancellation()) -> Msg {
        var onePage = web
        onePage.pages = 1
        do {
            let (library, summary) = try onePage.run([url], store: store, cancellation: cancellation)
            // A page that failed stays the feed's next one, its outcome under its address.
            let next = library.feed(url: url)?.next
            let problem = summary.results.first { $0.path == next || $0.path == url }?.reason
            return .feedPageLoaded(feedURL: url, .success(Msg.FeedPage(
                library: library, added: summary.count(.imported), problem: problem)))
        } catch {
            return .feedPageLoaded(feedURL: url, .failure(Failure("\(error)")))
        }
    }
}
