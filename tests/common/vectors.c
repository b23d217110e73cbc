/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The test-vector directory and its JSON files, read with libjansson (see testutil.h). */
#include <string.h>
#include <sys/stat.h>
#include "testutil.h"

#ifndef F25519_VECTORS_DEFAULT
#error "F25519_VECTORS_DEFAULT (the default vector directory) comes from tests/CMakeLists.txt"
#endif

const char *tu_vectors_dir(void)
{
    static char dir[4096];
    if (dir[0]) return dir;
    const char *env = getenv("F25519_VECTORS");
    const char *d = env && *env ? env : F25519_VECTORS_DEFAULT;
    struct stat st;
    if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "FATAL: test-vector directory '%s' not found. Set F25519_VECTORS to the "
                        "tests/vectors directory. Vector tests never skip.\n", d);
        printf("FATAL: test-vector directory '%s' not found\n", d);
        exit(1);
    }
    snprintf(dir, sizeof dir, "%s", d);
    return dir;
}

const char *tu_vector_path(const char *rel)
{
    static char path[4608];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", tu_vectors_dir(), rel);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "FATAL: vector file '%s' not found\n", path);
        printf("FATAL: vector file '%s' not found\n", path);
        exit(1);
    }
    return path;
}

json_t *tu_load_json(const char *rel)
{
    return tu_load_json_file(tu_vector_path(rel));
}

json_t *tu_load_json_file(const char *path)
{
    json_error_t err;
    json_t *v = json_load_file(path, TU_JSON_FLAGS, &err);
    if (!v) {
        fprintf(stderr, "FATAL: %s:%d:%d: %s\n", path, err.line, err.column, err.text);
        printf("FATAL: %s:%d:%d: %s\n", path, err.line, err.column, err.text);
        exit(1);
    }
    return v;
}

const char *tu_json_str(const json_t *obj, const char *key)
{
    return json_string_value(json_object_get(obj, key));
}

const char *tu_str(const json_t *obj, const char *key)
{
    const char *s = tu_json_str(obj, key);
    if (!s) {
        fprintf(stderr, "FATAL: vector field '%s' missing or not a string\n", key);
        exit(1);
    }
    return s;
}

int tu_json_int(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : -1;
}
