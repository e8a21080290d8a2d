import Library

extension LibraryOptions {
    /// The photos named on the command line by id or path (exact bytes, relative to the current
    /// folder); fails naming the first argument that is neither.
    func photos(named arguments: [String], in library: PhotoLibrary) throws -> [Photo] {
        let exact = ExactArgument.paths(arguments)
        return try zip(arguments, exact).map { argument, path in
            // A path under a shared root this machine does not name is listed as `root:NAME/…` (issue 26).
            let asListed = path.hasPrefix(SharedRoots.prefix) ? library.photo(path: path) : nil
            guard let found = library.photo(id: argument.lowercased()) ?? asListed ?? library.photo(path: LibraryPaths.absolute(path)) else {
                throw CommandFailure("no photo with id or path \"\(argument.strippingControlCharacters)\" in \(store.location)")
            }
            return found
        }
    }
}
