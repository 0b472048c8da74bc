#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

#include "file_system.h"

int gz_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
