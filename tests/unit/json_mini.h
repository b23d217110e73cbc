/* Minimal extraction of "key": "string" fields from the vector JSON files
 * (enough for their flat layouts; not a general JSON parser). */
#ifndef F25519_JSON_MINI_H
#define F25519_JSON_MINI_H
#include <string.h>

/* Finds "key" in [p, end) followed by ':' and a string; returns a pointer to
 * the first character of the value and sets *len; NULL if absent. */
static inline const char *json_str(const char *p, const char *end, const char *key, size_t *len)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    size_t pl = strlen(pat);
    for (const char *q = p; q && q + pl <= end; q++) {
        q = strstr(q, pat);
        if (!q || q + pl > end) return NULL;
        const char *r = q + pl;
        while (*r == ' ' || *r == '\n' || *r == '\r' || *r == '\t') r++;
        if (*r != ':') continue;
        r++;
        while (*r == ' ' || *r == '\n' || *r == '\r' || *r == '\t') r++;
        if (*r != '"') continue;
        r++;
        const char *e = strchr(r, '"');
        if (!e) return NULL;
        *len = (size_t)(e - r);
        return r;
    }
    return NULL;
}

/* Next object '{' ... matching '}' starting at or after p (no strings with braces
 * in our files). Returns start, sets *oend; NULL when none before end. */
static inline const char *json_obj(const char *p, const char *end, const char **oend)
{
    const char *s = p;
    while (s < end && *s != '{') s++;
    if (s >= end) return NULL;
    int depth = 0;
    for (const char *q = s; q < end; q++) {
        if (*q == '{') depth++;
        if (*q == '}' && --depth == 0) {
            *oend = q + 1;
            return s;
        }
    }
    return NULL;
}
#endif
