/*
 * How long making many files in one folder takes from one thread and from
 * several: the question behind Sources/Write/FileQueue.swift. Each thread
 * makes every T-th file, so all of them work in the same folder, as a
 * site build's page writers and thumbnail links do.
 *
 *   cc -O2 -pthread Benchmarks/file_creation.c -o /tmp/file_creation
 *   /tmp/file_creation COUNT THREADS write FOLDER          # new 23-byte files
 *   /tmp/file_creation COUNT THREADS link FOLDER SOURCES   # hard links to SOURCES/fNNNNNN.jpg
 *
 * FOLDER must exist and be empty; `write` into a folder first makes the
 * sources for `link`. Prints wall, user and system time. Results:
 * Benchmarks/results/one-thread-makes-files.md.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int count, threads, linking;
static const char *folder, *sources;

static void *work(void *arg) {
    long first = (long) arg;
    char from[4096], to[4096];
    for (int i = (int) first; i < count; i += threads) {
        snprintf(to, sizeof to, "%s/f%06d.jpg", folder, i);
        if (linking) {
            snprintf(from, sizeof from, "%s/f%06d.jpg", sources, i);
            if (link(from, to) != 0) { perror(to); exit(1); }
        } else {
            int fd = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0666);
            if (fd < 0 || write(fd, "hello world hello world", 23) != 23 || close(fd) != 0) { perror(to); exit(1); }
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 5 || (strcmp(argv[3], "link") == 0 && argc < 6)) {
        fprintf(stderr, "usage: %s COUNT THREADS write|link FOLDER [SOURCES]\n", argv[0]);
        return 2;
    }
    count = atoi(argv[1]);
    threads = atoi(argv[2]);
    linking = strcmp(argv[3], "link") == 0;
    folder = argv[4];
    sources = argc > 5 ? argv[5] : NULL;
    if (threads < 1 || threads > 64) { fprintf(stderr, "1 to 64 threads\n"); return 2; }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pthread_t thread[64];
    for (long t = 0; t < threads; t++) pthread_create(&thread[t], NULL, work, (void *) t);
    for (int t = 0; t < threads; t++) pthread_join(thread[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("%d %s, %d thread%s: wall %.3f s, user %.3f s, system %.3f s\n", count, linking ? "links" : "files", threads,
           threads == 1 ? "" : "s", (double) (end.tv_sec - start.tv_sec) + (double) (end.tv_nsec - start.tv_nsec) / 1e9,
           (double) usage.ru_utime.tv_sec + (double) usage.ru_utime.tv_usec / 1e6,
           (double) usage.ru_stime.tv_sec + (double) usage.ru_stime.tv_usec / 1e6);
    return 0;
}
