/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The JSON reading the vector tests rely on (libjansson with TU_JSON_FLAGS): the same
 * checks the hand-written reader it replaced passed, and every vector file parses. */
#include <math.h>
#include <string.h>
#include "testutil.h"

static json_t *parse(const char *s)
{
    json_error_t err;
    /* JSON_DECODE_ANY: scalars at the top level too, so each case tests one token */
    return json_loads(s, TU_JSON_FLAGS | JSON_DECODE_ANY, &err);
}

int main(void)
{
    json_t *v = parse(" {\"a\": [1, -2.5e1, true, false, null, \"x\\n\\t\\\"\\\\\\/\\u00e9\\ud83d\\ude00\"],"
                      " \"b\": {}, \"c\": [], \"\": \"empty key\"} ");
    CHECK(json_is_object(v) && json_object_size(v) == 4, "object parse");
    const json_t *a = json_object_get(v, "a");
    CHECK(json_array_size(a) == 6, "array length");
    CHECK(json_is_number(json_array_get(a, 0)) && json_number_value(json_array_get(a, 0)) == 1, "number 1");
    CHECK(fabs(json_number_value(json_array_get(a, 1)) + 25) < 1e-12, "number -2.5e1");
    CHECK(json_is_true(json_array_get(a, 2)), "true");
    CHECK(json_is_false(json_array_get(a, 3)), "false");
    CHECK(json_is_null(json_array_get(a, 4)), "null");
    const json_t *s = json_array_get(a, 5);
    static const char want[] = "x\n\t\"\\/\xc3\xa9\xf0\x9f\x98\x80";
    CHECK(json_is_string(s) && json_string_length(s) == sizeof want - 1 &&
              !memcmp(json_string_value(s), want, sizeof want - 1),
          "string escapes incl. \\n and \\u (BMP and surrogate pair)");
    CHECK(json_is_object(json_object_get(v, "b")) && json_object_size(json_object_get(v, "b")) == 0,
          "empty object");
    CHECK(json_is_array(json_object_get(v, "c")) && json_array_size(json_object_get(v, "c")) == 0, "empty array");
    CHECK(tu_json_str(v, "") && !strcmp(tu_json_str(v, ""), "empty key"), "empty key");
    CHECK(json_object_get(v, "missing") == NULL && json_array_get(a, 6) == NULL, "missing lookups");
    CHECK(tu_json_str(v, "a") == NULL && tu_json_int(v, "a") == -1, "typed lookups of the wrong type");
    json_decref(v);
    v = parse("\"\\u0000z\"");
    CHECK(json_is_string(v) && json_string_length(v) == 2 && json_string_value(v)[0] == 0 &&
              json_string_value(v)[1] == 'z',
          "\\u0000 inside a string");
    json_decref(v);
    v = parse("{\"tcId\": 42}");
    CHECK(tu_json_int(v, "tcId") == 42, "integer member");
    json_decref(v);
    static const char *const bad[] = {"", "{", "[1,]", "{\"a\" 1}", "\"abc", "\"\\x\"", "tru", "01", "1.",
                                      "[1] 2", "\"\\ud800\"", "\"a\nb\"", "{\"a\":1,}", "-",
                                      "{\"a\": 1, \"a\": 2}" /* duplicate key */};
    for (size_t i = 0; i < TU_NELEM(bad); i++) {
        json_t *b = parse(bad[i]);
        CHECK(b == NULL, "malformed JSON accepted: '%s'", bad[i]);
        json_decref(b);
    }
    /* Every vector file parses. */
    static const char *const files[] = {"wycheproof/v1/x25519_test.json", "wycheproof/v1/ed25519_test.json",
                                        "rfc/rfc7748_x25519.json", "rfc/rfc8032_ed25519.json",
                                        "speccheck/cases.json", "zip215/zip215_small_order.json"};
    for (size_t i = 0; i < TU_NELEM(files); i++) {
        json_t *f = tu_load_json(files[i]);
        CHECK(json_is_object(f) || json_is_array(f), "%s: not a JSON object or array", files[i]);
        json_decref(f);
    }
    return tu_finish("json reader (libjansson)");
}
