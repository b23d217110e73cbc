/*
 * Minimal JSON reader for the provider tests (Wycheproof files): parses a
 * whole document into a tree; strings are unescaped (\n, \", \\, \/, \uXXXX
 * for ASCII). Not a general-purpose parser: enough for test vectors.
 */
#ifndef MINIJSON_H
#define MINIJSON_H
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;
typedef struct jval {
    jtype t;
    double num;
    char *str;            /* J_STR */
    struct jval **items;  /* J_ARR, J_OBJ values */
    char **keys;          /* J_OBJ */
    size_t n;
} jval;

static const char *jp __attribute__((unused));

static inline void jws(void) { while (*jp && isspace((unsigned char)*jp)) jp++; }
static inline jval *jparse(void);

static inline char *jstring(void)
{
    size_t cap = 64, n = 0;
    char *s = malloc(cap);
    if (*jp != '"') return NULL;
    jp++;
    while (*jp && *jp != '"') {
        char c = *jp++;
        if (c == '\\') {
            c = *jp++;
            switch (c) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 0; i < 4 && *jp; i++) {
                    char h = *jp++;
                    v = v * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10));
                }
                c = (char)(v < 128 ? v : '?');
                break;
            }
            default: break; /* \" \\ \/ */
            }
        }
        if (n + 2 > cap) s = realloc(s, cap *= 2);
        s[n++] = c;
    }
    if (*jp == '"') jp++;
    s[n] = '\0';
    return s;
}

static inline jval *jnew(jtype t)
{
    jval *v = calloc(1, sizeof(*v));
    v->t = t;
    return v;
}

static inline jval *jparse(void)
{
    jws();
    jval *v;
    if (*jp == '{' || *jp == '[') {
        int obj = *jp == '{';
        char close = obj ? '}' : ']';
        v = jnew(obj ? J_OBJ : J_ARR);
        jp++;
        jws();
        while (*jp && *jp != close) {
            char *key = NULL;
            if (obj) {
                key = jstring();
                jws();
                if (*jp == ':') jp++;
            }
            jval *item = jparse();
            if (item == NULL) return NULL;
            v->items = realloc(v->items, (v->n + 1) * sizeof(*v->items));
            v->items[v->n] = item;
            if (obj) {
                v->keys = realloc(v->keys, (v->n + 1) * sizeof(*v->keys));
                v->keys[v->n] = key;
            }
            v->n++;
            jws();
            if (*jp == ',') jp++;
            jws();
        }
        if (*jp != close) return NULL;
        jp++;
        return v;
    }
    if (*jp == '"') {
        v = jnew(J_STR);
        v->str = jstring();
        return v;
    }
    if (strncmp(jp, "true", 4) == 0 || strncmp(jp, "false", 5) == 0) {
        v = jnew(J_BOOL);
        v->num = *jp == 't';
        jp += *jp == 't' ? 4 : 5;
        return v;
    }
    if (strncmp(jp, "null", 4) == 0) {
        jp += 4;
        return jnew(J_NULL);
    }
    char *end;
    double d = strtod(jp, &end);
    if (end == jp) return NULL;
    jp = end;
    v = jnew(J_NUM);
    v->num = d;
    return v;
}

static inline jval *json_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    jp = buf;
    jval *v = jparse();
    free(buf); /* strings were copied */
    return v;
}

static inline void json_free(jval *v)
{
    if (v == NULL) return;
    for (size_t i = 0; i < v->n; i++) {
        json_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

static inline jval *jget(const jval *o, const char *key)
{
    if (o == NULL || o->t != J_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0) return o->items[i];
    return NULL;
}

static inline const char *jstr(const jval *o, const char *key)
{
    jval *v = jget(o, key);
    return v && v->t == J_STR ? v->str : NULL;
}
#endif
