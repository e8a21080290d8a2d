import CChafa
import CNcurses
import Library

extension LinkedLibraries {
    /// ncurses (its version asked at run time) and chafa (1.12 has no call for it: the headers'
    /// version at build time).
    public static func terminal() -> [Entry] {
        // curses_version() says "ncurses 6.4.20221231"; it lives in libtinfo, so the file is
        // looked up by a function of libncursesw itself.
        let ncurses = curses_version().map { String(cString: $0) }
        let chafa = "\(CHAFA_MAJOR_VERSION).\(CHAFA_MINOR_VERSION).\(CHAFA_MICRO_VERSION)"
        return [
            Entry(name: "ncurses", version: ncurses.map { $0.hasPrefix("ncurses ") ? String($0.dropFirst(8)) : $0 },
                  versionFromBuild: false,
                  loadedFile: loadedFile(defining: "wget_wch")),
            Entry(name: "chafa", version: chafa, versionFromBuild: true,
                  loadedFile: loadedFile(defining: "chafa_canvas_new")),
        ]
    }
}
