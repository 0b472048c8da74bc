/// Relative links between output files, so the site works from disk, under any sub-path
/// and at a domain root.
enum PagePath {
    /// From the page at `page` to the site root: `""` or `"../"` and so on.
    static func root(of page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/", omittingEmptySubsequences: false).count - 1)
    }

    /// The link from the page at `from` to the file at `to` (both site-relative paths).
    static func relative(from: String, to: String) -> String {
        let fromDirs = from.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let toParts = to.split(separator: "/", omittingEmptySubsequences: false)
        var common = 0
        while common < fromDirs.count, common < toParts.count - 1,
              fromDirs[fromDirs.startIndex + common] == toParts[common] {
            common += 1
        }
        let up = String(repeating: "../", count: fromDirs.count - common)
        return up + toParts[common...].joined(separator: "/")
    }
}
