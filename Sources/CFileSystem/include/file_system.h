#ifndef GAZETTEER_FILE_SYSTEM_H
#define GAZETTEER_FILE_SYSTEM_H
/*
 * File-system calls Swift's Glibc module does not declare (they need _GNU_SOURCE).
 * Imported by exactly one Swift file: Sources/Write/OutputFolders.swift.
 */

/* Swaps the two paths atomically (renameat2 with RENAME_EXCHANGE): at every instant each
 * name is one of the two folders, whole. Returns 0, or -1 with errno set (EINVAL or
 * ENOSYS where the file system or kernel cannot exchange). */
int gz_exchange(const char *first, const char *second);

/* Makes the folder `path` (as mkdir(path, 0777) would) so that the file system may place it
 * afresh instead of beside its parent: it is made inside a scratch folder flagged as the top
 * of a hierarchy (FS_TOPDIR_FL, chattr +T), which ext4's Orlov allocator spreads to a block
 * group of its own, then renamed into place; of up to four such candidates, the first in
 * which a file is quick to make (see file_system.c). Files made in it then get inodes
 * there. Where the flag cannot be set (other file systems) the folder is made just the same.
 * Returns 0, or -1 with errno set (EEXIST when something is at `path`). */
int gz_make_placed_folder(const char *path);

#endif
