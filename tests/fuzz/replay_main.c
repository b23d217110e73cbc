/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Replay driver for the fuzz harnesses without libFuzzer (Release and ASan builds): runs
 * LLVMFuzzerTestOneInput once on every file named on the command line or found (sorted) in a
 * directory named there. A mismatch aborts (the harness prints it); otherwise prints the count.
 * Usage: <harness>_replay PATH...
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static long n_inputs;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(1);
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory\n");
        exit(1);
    }
    /* An exact-size copy, so ASan sees reads past the input's end. */
    uint8_t *in = malloc(n ? n : 1);
    memcpy(in, buf, n);
    free(buf);
    fprintf(stderr, "replay: %s\n", path);
    LLVMFuzzerTestOneInput(in, n);
    free(in);
    n_inputs++;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s does not exist\n", path);
        exit(1);
    }
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        exit(1);
    }
    char **names = NULL;
    size_t nn = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        names = realloc(names, (nn + 1) * sizeof *names);
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[nn] = malloc(len);
        snprintf(names[nn], len, "%s/%s", path, e->d_name);
        nn++;
    }
    closedir(d);
    if (nn) qsort(names, nn, sizeof *names, cmp);
    for (size_t i = 0; i < nn; i++) {
        struct stat fs;
        if (stat(names[i], &fs) == 0 && S_ISREG(fs.st_mode)) run_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH... (files or directories of inputs)\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) run_path(argv[i]);
    printf("%s: %ld inputs replayed, no mismatch\n", argv[0], n_inputs);
    return 0;
}
