import Locking

/// The preview server's name for `Locked` (Serve/ keeps it until its next change renames it).
typealias ServeLock = Locked
