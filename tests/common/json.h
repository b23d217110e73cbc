/*
 * A small JSON reader for the test-vector files (RFC 8259): objects, arrays,
 * strings (all escapes incl. \uXXXX and surrogate pairs, decoded to UTF-8),
 * numbers, true/false/null. The whole document becomes a tree of json_value;
 * json_free() releases it. Test-only code: not part of the library.
 */
#ifndef F25519_TESTS_JSON_H
#define F25519_TESTS_JSON_H
#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value {
    json_type type;
    int boolean;               /* JSON_BOOL */
    double number;             /* JSON_NUMBER */
    char *str;                 /* JSON_STRING: UTF-8, NUL-terminated (may hold NULs: see len) */
    size_t len;                /* JSON_STRING: byte length */
    struct json_value *items;  /* JSON_ARRAY elements / JSON_OBJECT values */
    char **keys;               /* JSON_OBJECT keys (same order as items) */
    size_t count;              /* JSON_ARRAY / JSON_OBJECT: number of entries */
} json_value;

/* Parse text[0..len). Returns a tree, or NULL with a message in err. */
json_value *json_parse(const char *text, size_t len, char *err, size_t errlen);
/* Read and parse a whole file. Returns NULL with a message in err. */
json_value *json_parse_file(const char *path, char *err, size_t errlen);
void json_free(json_value *v);

/* Lookups; NULL when v is not the right type or the entry is missing. */
const json_value *json_get(const json_value *obj, const char *key);
const json_value *json_at(const json_value *arr, size_t i);
const char *json_get_str(const json_value *obj, const char *key);
/* Number of elements of an array (0 if v is not an array). */
size_t json_len(const json_value *v);
#endif
