/* Self-test of the test-suite JSON reader (tests/json.c). */
#include <math.h>
#include <string.h>
#include "json.h"
#include "testutil.h"

static json_value *parse(const char *s)
{
    char err[128] = "";
    json_value *v = json_parse(s, strlen(s), err, sizeof err);
    return v;
}

int main(void)
{
    json_value *v = parse(" {\"a\": [1, -2.5e1, true, false, null, \"x\\n\\t\\\"\\\\\\/\\u00e9\\ud83d\\ude00\"],"
                          " \"b\": {}, \"c\": [], \"\": \"empty key\"} ");
    TU_CHECK(v && v->type == JSON_OBJECT && v->count == 4, "object parse");
    const json_value *a = json_get(v, "a");
    TU_CHECK(json_len(a) == 6, "array length");
    TU_CHECK(json_at(a, 0)->type == JSON_NUMBER && json_at(a, 0)->number == 1, "number 1");
    TU_CHECK(fabs(json_at(a, 1)->number + 25) < 1e-12, "number -2.5e1");
    TU_CHECK(json_at(a, 2)->type == JSON_BOOL && json_at(a, 2)->boolean == 1, "true");
    TU_CHECK(json_at(a, 3)->type == JSON_BOOL && json_at(a, 3)->boolean == 0, "false");
    TU_CHECK(json_at(a, 4)->type == JSON_NULL, "null");
    const json_value *s = json_at(a, 5);
    static const char want[] = "x\n\t\"\\/\xc3\xa9\xf0\x9f\x98\x80";
    TU_CHECK(s->type == JSON_STRING && s->len == sizeof want - 1 && !memcmp(s->str, want, s->len),
             "string escapes incl. \\n and \\u (BMP and surrogate pair)");
    TU_CHECK(json_get(v, "b")->type == JSON_OBJECT && json_get(v, "b")->count == 0, "empty object");
    TU_CHECK(json_len(json_get(v, "c")) == 0 && json_get(v, "c")->type == JSON_ARRAY, "empty array");
    TU_CHECK(json_get_str(v, "") && !strcmp(json_get_str(v, ""), "empty key"), "empty key");
    TU_CHECK(json_get(v, "missing") == NULL && json_at(a, 6) == NULL, "missing lookups");
    json_free(v);
    v = parse("\"\\u0000z\"");
    TU_CHECK(v && v->len == 2 && v->str[0] == 0 && v->str[1] == 'z', "\\u0000 inside a string");
    json_free(v);
    static const char *const bad[] = {"", "{", "[1,]", "{\"a\" 1}", "\"abc", "\"\\x\"", "tru", "01", "1.",
                                      "[1] 2", "\"\\ud800\"", "\"a\nb\"", "{\"a\":1,}", "-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_value *b = parse(bad[i]);
        TU_CHECK(b == NULL, "malformed JSON accepted: '%s'", bad[i]);
        json_free(b);
    }
    /* Every vector file parses. */
    static const char *const files[] = {"wycheproof/v1/x25519_test.json", "wycheproof/v1/ed25519_test.json",
                                        "rfc/rfc7748_x25519.json", "rfc/rfc8032_ed25519.json",
                                        "speccheck/cases.json", "zip215/zip215_small_order.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) json_free(tu_load_json(files[i]));
    return tu_finish("json reader");
}
