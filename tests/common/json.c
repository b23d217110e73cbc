/* Recursive-descent JSON parser for the test vectors (see json.h). */
#include "json.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 128

typedef struct {
    const char *p, *end;
    char *err;
    size_t errlen;
    int failed;
} parser;

static void fail(parser *ps, const char *what)
{
    if (!ps->failed && ps->err && ps->errlen)
        snprintf(ps->err, ps->errlen, "%s", what);
    ps->failed = 1;
}

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
}

static int parse_value(parser *ps, json_value *out, int depth);

/* Growable byte buffer for strings. */
typedef struct { char *b; size_t n, cap; } buf;
static int buf_put(buf *s, const char *c, size_t n)
{
    if (s->n + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 32;
        while (cap < s->n + n + 1) cap *= 2;
        char *nb = realloc(s->b, cap);
        if (!nb) return -1;
        s->b = nb;
        s->cap = cap;
    }
    memcpy(s->b + s->n, c, n);
    s->n += n;
    s->b[s->n] = 0;
    return 0;
}

static int hex4(parser *ps, unsigned *v)
{
    unsigned x = 0;
    if (ps->end - ps->p < 4) return -1;
    for (int i = 0; i < 4; i++) {
        char c = *ps->p++;
        x <<= 4;
        if (c >= '0' && c <= '9') x |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') x |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') x |= (unsigned)(c - 'A' + 10);
        else return -1;
    }
    *v = x;
    return 0;
}

static int put_utf8(buf *s, uint32_t cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) { u[0] = (char)cp; n = 1; }
    else if (cp < 0x800) { u[0] = (char)(0xc0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3f)); n = 2; }
    else if (cp < 0x10000) {
        u[0] = (char)(0xe0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        u[2] = (char)(0x80 | (cp & 0x3f)); n = 3;
    } else {
        u[0] = (char)(0xf0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); u[3] = (char)(0x80 | (cp & 0x3f)); n = 4;
    }
    return buf_put(s, u, n);
}

/* ps->p is just past the opening quote. */
static int parse_string(parser *ps, char **out, size_t *outlen)
{
    buf s = {0};
    if (buf_put(&s, "", 0)) goto oom;
    while (ps->p < ps->end) {
        char c = *ps->p++;
        if (c == '"') {
            *out = s.b;
            *outlen = s.n;
            return 0;
        }
        if ((unsigned char)c < 0x20) { fail(ps, "control character in string"); goto bad; }
        if (c != '\\') {
            if (buf_put(&s, &c, 1)) goto oom;
            continue;
        }
        if (ps->p >= ps->end) break;
        char e = *ps->p++, r;
        switch (e) {
        case '"': r = '"'; break;
        case '\\': r = '\\'; break;
        case '/': r = '/'; break;
        case 'b': r = '\b'; break;
        case 'f': r = '\f'; break;
        case 'n': r = '\n'; break;
        case 'r': r = '\r'; break;
        case 't': r = '\t'; break;
        case 'u': {
            unsigned hi, lo;
            uint32_t cp;
            if (hex4(ps, &hi)) { fail(ps, "bad \\u escape"); goto bad; }
            cp = hi;
            if (hi >= 0xd800 && hi <= 0xdbff) { /* surrogate pair */
                if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u') {
                    fail(ps, "unpaired high surrogate"); goto bad;
                }
                ps->p += 2;
                if (hex4(ps, &lo) || lo < 0xdc00 || lo > 0xdfff) { fail(ps, "bad low surrogate"); goto bad; }
                cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
            } else if (hi >= 0xdc00 && hi <= 0xdfff) {
                fail(ps, "unpaired low surrogate"); goto bad;
            }
            if (put_utf8(&s, cp)) goto oom;
            continue;
        }
        default: fail(ps, "bad escape in string"); goto bad;
        }
        if (buf_put(&s, &r, 1)) goto oom;
    }
    fail(ps, "unterminated string");
    goto bad;
oom:
    fail(ps, "out of memory");
bad:
    free(s.b);
    return -1;
}

static int parse_number(parser *ps, json_value *out)
{
    const char *s = ps->p, *q = s;
    if (q < ps->end && *q == '-') q++;
    if (q >= ps->end) { fail(ps, "bad number"); return -1; }
    if (*q == '0') q++;
    else if (*q >= '1' && *q <= '9') while (q < ps->end && *q >= '0' && *q <= '9') q++;
    else { fail(ps, "bad number"); return -1; }
    if (q < ps->end && *q == '.') {
        q++;
        if (q >= ps->end || *q < '0' || *q > '9') { fail(ps, "bad fraction"); return -1; }
        while (q < ps->end && *q >= '0' && *q <= '9') q++;
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < ps->end && (*q == '+' || *q == '-')) q++;
        if (q >= ps->end || *q < '0' || *q > '9') { fail(ps, "bad exponent"); return -1; }
        while (q < ps->end && *q >= '0' && *q <= '9') q++;
    }
    char tmp[64];
    size_t n = (size_t)(q - s);
    if (n >= sizeof tmp) { fail(ps, "number too long"); return -1; }
    memcpy(tmp, s, n);
    tmp[n] = 0;
    out->type = JSON_NUMBER;
    out->number = strtod(tmp, NULL);
    ps->p = q;
    return 0;
}

static int literal(parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
        fail(ps, "unexpected token");
        return -1;
    }
    ps->p += n;
    return 0;
}

/* Append a zeroed slot to a container; returns it or NULL. */
static json_value *grow(json_value *c, size_t *cap, int with_key)
{
    if (c->count == *cap) {
        size_t nc = *cap ? *cap * 2 : 4;
        json_value *ni = realloc(c->items, nc * sizeof *ni);
        if (!ni) return NULL;
        c->items = ni;
        if (with_key) {
            char **nk = realloc(c->keys, nc * sizeof *nk);
            if (!nk) return NULL;
            c->keys = nk;
        }
        *cap = nc;
    }
    json_value *v = &c->items[c->count];
    memset(v, 0, sizeof *v);
    if (with_key) c->keys[c->count] = NULL;
    c->count++;
    return v;
}

static int parse_array(parser *ps, json_value *out, int depth)
{
    size_t cap = 0;
    out->type = JSON_ARRAY;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ']') { ps->p++; return 0; }
    for (;;) {
        json_value *v = grow(out, &cap, 0);
        if (!v) { fail(ps, "out of memory"); return -1; }
        if (parse_value(ps, v, depth + 1)) return -1;
        skip_ws(ps);
        if (ps->p >= ps->end) { fail(ps, "unterminated array"); return -1; }
        char c = *ps->p++;
        if (c == ']') return 0;
        if (c != ',') { fail(ps, "expected , or ] in array"); return -1; }
    }
}

static int parse_object(parser *ps, json_value *out, int depth)
{
    size_t cap = 0;
    out->type = JSON_OBJECT;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == '}') { ps->p++; return 0; }
    for (;;) {
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != '"') { fail(ps, "expected string key"); return -1; }
        ps->p++;
        json_value *v = grow(out, &cap, 1);
        if (!v) { fail(ps, "out of memory"); return -1; }
        size_t klen;
        if (parse_string(ps, &out->keys[out->count - 1], &klen)) return -1;
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != ':') { fail(ps, "expected : in object"); return -1; }
        ps->p++;
        if (parse_value(ps, v, depth + 1)) return -1;
        skip_ws(ps);
        if (ps->p >= ps->end) { fail(ps, "unterminated object"); return -1; }
        char c = *ps->p++;
        if (c == '}') return 0;
        if (c != ',') { fail(ps, "expected , or } in object"); return -1; }
    }
}

static int parse_value(parser *ps, json_value *out, int depth)
{
    if (depth > JSON_MAX_DEPTH) { fail(ps, "nesting too deep"); return -1; }
    skip_ws(ps);
    if (ps->p >= ps->end) { fail(ps, "unexpected end of input"); return -1; }
    switch (*ps->p) {
    case '{': ps->p++; return parse_object(ps, out, depth);
    case '[': ps->p++; return parse_array(ps, out, depth);
    case '"': ps->p++; out->type = JSON_STRING; return parse_string(ps, &out->str, &out->len);
    case 't': out->type = JSON_BOOL; out->boolean = 1; return literal(ps, "true");
    case 'f': out->type = JSON_BOOL; out->boolean = 0; return literal(ps, "false");
    case 'n': out->type = JSON_NULL; return literal(ps, "null");
    default: return parse_number(ps, out);
    }
}

static void free_children(json_value *v)
{
    if (!v) return;
    if (v->type == JSON_STRING) free(v->str);
    if (v->type == JSON_ARRAY || v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->count; i++) {
            free_children(&v->items[i]);
            if (v->keys) free(v->keys[i]);
        }
        free(v->items);
        free(v->keys);
    }
}

void json_free(json_value *v)
{
    free_children(v);
    free(v);
}

json_value *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
    parser ps = {text, text + len, err, errlen, 0};
    json_value *root = calloc(1, sizeof *root);
    if (!root) { fail(&ps, "out of memory"); return NULL; }
    if (parse_value(&ps, root, 0) == 0) {
        skip_ws(&ps);
        if (ps.p != ps.end) fail(&ps, "trailing characters after JSON value");
    }
    if (ps.failed) {
        if (err && errlen) {
            size_t used = strlen(err);
            snprintf(err + used, errlen - used, " at byte %ld", (long)(ps.p - text));
        }
        json_free(root);
        return NULL;
    }
    return root;
}

json_value *json_parse_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open %s", path); return NULL; }
    size_t cap = 1 << 16, n = 0, r;
    char *b = malloc(cap);
    while (b && (r = fread(b + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb) { free(b); b = NULL; }
            else b = nb;
        }
    }
    int ioerr = ferror(f);
    fclose(f);
    if (!b || ioerr) { free(b); snprintf(err, errlen, "cannot read %s", path); return NULL; }
    json_value *v = json_parse(b, n, err, errlen);
    free(b);
    return v;
}

const json_value *json_get(const json_value *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < obj->count; i++)
        if (strcmp(obj->keys[i], key) == 0) return &obj->items[i];
    return NULL;
}

const json_value *json_at(const json_value *arr, size_t i)
{
    if (!arr || arr->type != JSON_ARRAY || i >= arr->count) return NULL;
    return &arr->items[i];
}

const char *json_get_str(const json_value *obj, const char *key)
{
    const json_value *v = json_get(obj, key);
    return v && v->type == JSON_STRING ? v->str : NULL;
}

size_t json_len(const json_value *v)
{
    return v && v->type == JSON_ARRAY ? v->count : 0;
}
