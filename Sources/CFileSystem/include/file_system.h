#ifndef GAZETTEER_FILE_SYSTEM_H
#define GAZETTEER_FILE_SYSTEM_H
/*
 * File-system calls Swift's Glibc module does not declare (they need _GNU_SOURCE).
 * Imported by exactly one Swift file: Sources/GazetteerKit/Write/OutputFolders.swift.
 */

/* Swaps the two paths atomically (renameat2 with RENAME_EXCHANGE): at every instant each
 * name is one of the two folders, whole. Returns 0, or -1 with errno set (EINVAL or
 * ENOSYS where the file system or kernel cannot exchange). */
int gz_exchange(const char *first, const char *second);

#endif
