import Foundation

/// Keeps libxml2 (under FoundationXML's `XMLDocument`) from printing its raw parser errors on
/// stderr, where they would garble the browser's screen and repeat what our own message (naming
/// the file) says.
///
/// libxml2 reports through a structured error handler when one is set; its handlers are per
/// thread, so `silenceOnThisThread()` goes right before each parse. FoundationXML exports no
/// libxml2 API, so the setter is looked up in the loaded libxml2.
public enum LibXMLErrors {
    private typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    private typealias SetHandler = @convention(c) (UnsafeMutableRawPointer?, Handler?) -> Void

    private static let setStructuredErrorFunc: SetHandler? = {
        // RTLD_DEFAULT (nil) finds it in the libxml2 FoundationXML loaded with it.
        guard let symbol = dlsym(nil, "xmlSetStructuredErrorFunc")
        else { return nil }
        return unsafeBitCast(symbol, to: SetHandler.self)
    }()

    /// Drops every libxml2 error raised on the calling thread from now on (the caller reports
    /// the parse failure itself).
    public static func silenceOnThisThread() {
        setStructuredErrorFunc?(nil) { _, _ in }
    }
}
