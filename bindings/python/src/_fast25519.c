/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519._fast25519: the CPython extension under the `fast25519` package.
 * Every operation is one call into the C library (include/fast25519.h); no
 * arithmetic is done here. The GIL is released around every call that does
 * curve work (sign, verify, the batches, X25519), so Python threads run them
 * in parallel. Inputs are bytes-like objects (the buffer protocol); their
 * buffers are held for the duration of the call, so no other thread can
 * resize or free them while the GIL is released.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>

#include "fast25519.h"

/* Clears a secret the compiler could otherwise drop as a dead store. */
static void wipe(void *p, size_t n)
{
    volatile unsigned char *v = p;
    while (n--) *v++ = 0;
}

static PyObject *Error;          /* fast25519.Error(Exception), .code */
static PyObject *InputError;     /* fast25519.InputError(Error, ValueError) */

/* Raise the exception for a library return code, carrying f25519_strerror's message. */
static PyObject *raise_rc(int rc)
{
    PyObject *cls = Error;
    if (rc == F25519_ERR_LENGTH || rc == F25519_ERR_ENCODING || rc == F25519_ERR_ARG ||
        rc == F25519_ERR_ZERO_SHARED || rc == F25519_ERR_SMALL_ORDER || rc == F25519_ERR_VERIFY)
        cls = InputError;
    PyObject *args = Py_BuildValue("(s)", f25519_strerror(rc));
    if (args) {
        PyObject *exc = PyObject_Call(cls, args, NULL);
        Py_DECREF(args);
        if (exc) {
            PyObject *code = PyLong_FromLong(rc);
            if (code) {
                PyObject_SetAttrString(exc, "code", code);
                Py_DECREF(code);
            }
            PyErr_SetObject(cls, exc);
            Py_DECREF(exc);
        }
    }
    return NULL;
}

/* A read-only, C-contiguous byte view of a bytes-like object (TypeError otherwise). */
static int get_bytes(PyObject *obj, Py_buffer *view, const char *what)
{
    if (PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a bytes-like object, not str", what);
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a bytes-like object, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    return 0;
}

/* Same, and exactly `len` bytes long (ValueError otherwise). */
static int get_fixed(PyObject *obj, Py_buffer *view, Py_ssize_t len, const char *what)
{
    if (get_bytes(obj, view, what) < 0) return -1;
    if (view->len != len) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd bytes long, not %zd", what, len, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* ---- version, dispatch ---------------------------------------------- */

static PyObject *py_version(PyObject *m, PyObject *unused)
{
    return PyUnicode_FromString(f25519_version());
}

static PyObject *py_backend(PyObject *m, PyObject *unused)
{
    return PyUnicode_FromString(f25519_backend());
}

static PyObject *py_strerror(PyObject *m, PyObject *arg)
{
    long rc = PyLong_AsLong(arg);
    if (rc == -1 && PyErr_Occurred()) return NULL;
    if (rc < INT_MIN || rc > INT_MAX) rc = INT_MIN;  /* an unknown code either way */
    return PyUnicode_FromString(f25519_strerror((int)rc));
}

static PyObject *py_select_backend(PyObject *m, PyObject *arg)
{
    const char *name = PyUnicode_AsUTF8(arg);
    if (!name) return NULL;
    int rc = f25519_select_backend(name);
    if (rc != F25519_OK) return raise_rc(rc);
    Py_RETURN_NONE;
}

static PyObject *py_backend_available(PyObject *m, PyObject *arg)
{
    const char *name = PyUnicode_AsUTF8(arg);
    if (!name) return NULL;
    return PyBool_FromLong(f25519_backend_available(name));
}

static PyObject *py_cpu_features(PyObject *m, PyObject *unused)
{
    return PyLong_FromUnsignedLong(f25519_cpu_features());
}

/* ---- X25519 --------------------------------------------------------- */

/* A new key pair from KEYGEN: (private, public); the private half wiped once copied. */
static PyObject *keypair(int (*keygen)(uint8_t[32], uint8_t[32]))
{
    uint8_t priv[32], pub[32];
    int rc = keygen(priv, pub);
    if (rc != F25519_OK) return raise_rc(rc);
    PyObject *r = Py_BuildValue("(y#y#)", priv, (Py_ssize_t)32, pub, (Py_ssize_t)32);
    wipe(priv, sizeof priv);
    return r;
}

/* The public key of a 32-byte private key (X25519 scalar or Ed25519 seed) by PUBLIC. */
static PyObject *public_of(PyObject *arg, int (*public)(uint8_t[32], const uint8_t[32]))
{
    Py_buffer priv;
    uint8_t pub[32];
    if (get_fixed(arg, &priv, 32, "private key") < 0) return NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = public(pub, priv.buf);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&priv);
    if (rc != F25519_OK) return raise_rc(rc);
    return PyBytes_FromStringAndSize((const char *)pub, 32);
}

static PyObject *py_x25519_keygen(PyObject *m, PyObject *unused)
{
    return keypair(f25519_x25519_keygen);
}

static PyObject *py_x25519_public(PyObject *m, PyObject *arg)
{
    return public_of(arg, f25519_x25519_public);
}

static PyObject *py_x25519_derive(PyObject *m, PyObject *args)
{
    PyObject *po, *qo;
    if (!PyArg_ParseTuple(args, "OO:x25519_derive", &po, &qo)) return NULL;
    Py_buffer priv, peer;
    if (get_fixed(po, &priv, 32, "private key") < 0) return NULL;
    if (get_fixed(qo, &peer, 32, "peer public key") < 0) {
        PyBuffer_Release(&priv);
        return NULL;
    }
    uint8_t shared[32];
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = f25519_x25519_derive(shared, priv.buf, peer.buf, (size_t)peer.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&priv);
    PyBuffer_Release(&peer);
    if (rc != F25519_OK) return raise_rc(rc);
    PyObject *r = PyBytes_FromStringAndSize((const char *)shared, 32);
    wipe(shared, sizeof shared);
    return r;
}

/* ---- Ed25519 -------------------------------------------------------- */

static PyObject *py_ed25519_keygen(PyObject *m, PyObject *unused)
{
    return keypair(f25519_ed25519_keygen);
}

static PyObject *py_ed25519_public(PyObject *m, PyObject *arg)
{
    return public_of(arg, f25519_ed25519_public);
}

/* ed25519_sign(seed, pub, msg, variant=0, ctx=None) -> 64-byte signature */
static PyObject *py_ed25519_sign(PyObject *m, PyObject *args)
{
    PyObject *so, *po, *mo, *co = Py_None;
    int variant = F25519_ED25519;
    if (!PyArg_ParseTuple(args, "OOO|iO:ed25519_sign", &so, &po, &mo, &variant, &co)) return NULL;
    Py_buffer seed, pub, msg, ctx = {0};
    if (get_fixed(so, &seed, 32, "private key") < 0) return NULL;
    if (get_fixed(po, &pub, 32, "public key") < 0) goto e1;
    if (get_bytes(mo, &msg, "data") < 0) goto e2;
    if (co != Py_None && get_bytes(co, &ctx, "context") < 0) goto e3;
    uint8_t sig[64];
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = f25519_ed25519_sign_ex(sig, msg.buf, (size_t)msg.len, seed.buf, pub.buf, variant,
                                ctx.buf, (size_t)ctx.len);
    Py_END_ALLOW_THREADS
    if (co != Py_None) PyBuffer_Release(&ctx);
    PyBuffer_Release(&msg);
    PyBuffer_Release(&pub);
    PyBuffer_Release(&seed);
    if (rc != F25519_OK) return raise_rc(rc);
    return PyBytes_FromStringAndSize((const char *)sig, 64);
e3:
    PyBuffer_Release(&msg);
e2:
    PyBuffer_Release(&pub);
e1:
    PyBuffer_Release(&seed);
    return NULL;
}

/* ed25519_verify(pub, sig, msg, mode=0, variant=0, ctx=None) -> int status
 * (the library's code: 0 valid, negative otherwise; never raises for a bad
 * signature or a wrong length, only for wrong types). */
static PyObject *py_ed25519_verify(PyObject *m, PyObject *args)
{
    PyObject *po, *so, *mo, *co = Py_None;
    int mode = F25519_VERIFY_OPENSSL, variant = F25519_ED25519;
    if (!PyArg_ParseTuple(args, "OOO|iiO:ed25519_verify", &po, &so, &mo, &mode, &variant, &co))
        return NULL;
    Py_buffer pub, sig, msg, ctx = {0};
    if (get_bytes(po, &pub, "public key") < 0) return NULL;
    if (get_bytes(so, &sig, "signature") < 0) goto e1;
    if (get_bytes(mo, &msg, "data") < 0) goto e2;
    if (co != Py_None && get_bytes(co, &ctx, "context") < 0) goto e3;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    if (variant == F25519_ED25519 && co == Py_None)
        rc = f25519_ed25519_verify(sig.buf, (size_t)sig.len, msg.buf, (size_t)msg.len, pub.buf,
                                   (size_t)pub.len, mode);
    else
        rc = f25519_ed25519_verify_ex(sig.buf, (size_t)sig.len, msg.buf, (size_t)msg.len, pub.buf,
                                      (size_t)pub.len, mode, variant, ctx.buf, (size_t)ctx.len);
    Py_END_ALLOW_THREADS
    if (co != Py_None) PyBuffer_Release(&ctx);
    PyBuffer_Release(&msg);
    PyBuffer_Release(&sig);
    PyBuffer_Release(&pub);
    return PyLong_FromLong(rc);
e3:
    PyBuffer_Release(&msg);
e2:
    PyBuffer_Release(&sig);
e1:
    PyBuffer_Release(&pub);
    return NULL;
}

/* ---- batch verification --------------------------------------------- */

/* The inputs of one batch call, gathered under the GIL: pointer arrays into
 * buffers that stay held (and so unmovable) until batch_free. */
typedef struct {
    size_t n;
    const uint8_t **sig, **msg, **pub;
    size_t *msg_len;
    int *status;
    PyObject *keep[3];       /* tuples holding the items, or the flat objects */
    Py_buffer *views;        /* views[3 * i + k], for items that are not bytes */
    unsigned char *held;     /* held[3 * i + k]: views[...] must be released */
    Py_buffer flat[3];       /* whole-array buffers (pub, sig) */
    int flat_held[3];
} batch;

static void batch_free(batch *b)
{
    if (b->views) {
        for (size_t i = 0; i < 3 * b->n; i++)
            if (b->held[i]) PyBuffer_Release(&b->views[i]);
    }
    for (int k = 0; k < 3; k++) {
        if (b->flat_held[k]) PyBuffer_Release(&b->flat[k]);
        Py_XDECREF(b->keep[k]);
    }
    PyMem_Free(b->views);
    PyMem_Free(b->held);
    PyMem_Free(b->sig);
    PyMem_Free(b->msg);
    PyMem_Free(b->pub);
    PyMem_Free(b->msg_len);
    PyMem_Free(b->status);
}

/* A flat buffer: bytes-like, not an object array, C-contiguous. Returns 1 and
 * fills *view when obj is one, 0 when obj should be read as a sequence. */
static int try_flat(PyObject *obj, Py_buffer *view)
{
    if (PyUnicode_Check(obj) || !PyObject_CheckBuffer(obj)) return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return 0;
    }
    if (view->format && strchr(view->format, 'O')) {  /* NumPy object array: a sequence */
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* Item i of kind k (0 pub, 1 sig, 2 msg) from the tuple: a pointer and a length. */
static int batch_item(batch *b, int k, size_t i, PyObject *item, const uint8_t **p, size_t *len,
                      const char *what)
{
    if (PyBytes_CheckExact(item)) {  /* immutable, kept alive by the tuple */
        *p = (const uint8_t *)PyBytes_AS_STRING(item);
        *len = (size_t)PyBytes_GET_SIZE(item);
        return 0;
    }
    if (!b->views) {
        b->views = PyMem_Calloc(3 * b->n, sizeof(Py_buffer));
        b->held = PyMem_Calloc(3 * b->n, 1);
        if (!b->views || !b->held) {
            PyErr_NoMemory();
            return -1;
        }
    }
    Py_buffer *v = &b->views[3 * i + k];
    if (PyUnicode_Check(item) || PyObject_GetBuffer(item, v, PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s[%zu] must be a bytes-like object, not %.100s", what, i,
                     Py_TYPE(item)->tp_name);
        return -1;
    }
    b->held[3 * i + k] = 1;
    *p = v->buf;
    *len = (size_t)v->len;
    return 0;
}

/* Gathers one column: k = 0 public keys (32 bytes each), 1 signatures (64),
 * 2 messages (any length). The messages column fixes n; the others must agree. */
static int batch_column(batch *b, int k, PyObject *obj)
{
    static const char *names[3] = {"public_keys", "signatures", "messages"};
    static const size_t widths[3] = {32, 64, 0};
    const char *what = names[k];
    const uint8_t **ptrs = k == 0 ? b->pub : k == 1 ? b->sig : b->msg;
    if (k < 2 && try_flat(obj, &b->flat[k])) {
        b->flat_held[k] = 1;
        size_t w = widths[k];
        if ((size_t)b->flat[k].len != b->n * w) {
            PyErr_Format(PyExc_ValueError,
                         "%s: a contiguous buffer must hold n * %zu = %zu bytes, not %zd", what, w,
                         b->n * w, b->flat[k].len);
            return -1;
        }
        for (size_t i = 0; i < b->n; i++) ptrs[i] = (const uint8_t *)b->flat[k].buf + i * w;
        return 0;
    }
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of bytes-like objects", what);
        return -1;
    }
    PyObject *t = PyTuple_Check(obj) ? (Py_INCREF(obj), obj) : PySequence_Tuple(obj);
    if (!t) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "%s must be a sequence of bytes-like objects or a contiguous buffer, "
                         "not %.100s", what, Py_TYPE(obj)->tp_name);
        }
        return -1;
    }
    b->keep[k] = t;
    if ((size_t)PyTuple_GET_SIZE(t) != b->n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd items, messages has %zu", what,
                     PyTuple_GET_SIZE(t), b->n);
        return -1;
    }
    for (size_t i = 0; i < b->n; i++) {
        size_t len;
        if (batch_item(b, k, i, PyTuple_GET_ITEM(t, i), &ptrs[i], &len, what) < 0) return -1;
        if (k == 2) {
            b->msg_len[i] = len;
        } else if (len != widths[k]) {
            PyErr_Format(PyExc_ValueError, "%s[%zu] must be %zu bytes long, not %zu", what, i,
                         widths[k], len);
            return -1;
        }
    }
    return 0;
}

static int batch_gather(batch *b, PyObject *pubs, PyObject *msgs, PyObject *sigs)
{
    memset(b, 0, sizeof *b);
    if (PyUnicode_Check(msgs) || PyBytes_Check(msgs) || PyByteArray_Check(msgs) ||
        PyMemoryView_Check(msgs)) {
        PyErr_SetString(PyExc_TypeError, "messages must be a sequence of bytes-like objects");
        return -1;
    }
    PyObject *t = PyTuple_Check(msgs) ? (Py_INCREF(msgs), msgs) : PySequence_Tuple(msgs);
    if (!t) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "messages must be a sequence of bytes-like objects, "
                         "not %.100s", Py_TYPE(msgs)->tp_name);
        }
        return -1;
    }
    b->n = (size_t)PyTuple_GET_SIZE(t);
    size_t n = b->n ? b->n : 1;
    b->sig = PyMem_Calloc(n, sizeof *b->sig);
    b->msg = PyMem_Calloc(n, sizeof *b->msg);
    b->pub = PyMem_Calloc(n, sizeof *b->pub);
    b->msg_len = PyMem_Calloc(n, sizeof *b->msg_len);
    b->status = PyMem_Calloc(n, sizeof *b->status);
    if (!b->sig || !b->msg || !b->pub || !b->msg_len || !b->status) {
        Py_DECREF(t);
        PyErr_NoMemory();
        return -1;
    }
    int rc = batch_column(b, 2, t);
    Py_DECREF(t);
    if (rc < 0) return -1;
    if (batch_column(b, 0, pubs) < 0) return -1;
    if (batch_column(b, 1, sigs) < 0) return -1;
    return 0;
}

/* The result: a list of bools (valid or not), or of the library's status codes. */
static PyObject *batch_result(batch *b, int rc, int statuses)
{
    if (rc == F25519_ERR_UNSUPPORTED || (rc == F25519_ERR_ARG && b->n > 0 &&
                                         b->status[0] == F25519_ERR_ARG)) {
        /* the whole call failed (forced missing backend, unknown mode) */
        int all = 1;
        for (size_t i = 0; i < b->n; i++) all &= b->status[i] == rc;
        if (all) return raise_rc(rc);
    }
    PyObject *list = PyList_New((Py_ssize_t)b->n);
    if (!list) return NULL;
    for (size_t i = 0; i < b->n; i++) {
        PyObject *v;
        if (statuses) {
            v = PyLong_FromLong(b->status[i]);
            if (!v) {
                Py_DECREF(list);
                return NULL;
            }
        } else {
            v = b->status[i] == F25519_OK ? Py_True : Py_False;
            Py_INCREF(v);
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, v);
    }
    return list;
}

static PyObject *py_verify_batch(PyObject *m, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"public_keys", "messages", "signatures", "mode", "threads",
                             "statuses", NULL};
    PyObject *pubs, *msgs, *sigs;
    int mode = F25519_VERIFY_OPENSSL, statuses = 0;
    unsigned int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|iIp:verify_batch", kwlist, &pubs, &msgs,
                                     &sigs, &mode, &threads, &statuses))
        return NULL;
    batch b;
    if (batch_gather(&b, pubs, msgs, sigs) < 0) {
        batch_free(&b);
        return NULL;
    }
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = f25519_ed25519_verify_batch(b.n, b.sig, b.msg, b.msg_len, b.pub, mode, threads, b.status);
    Py_END_ALLOW_THREADS
    PyObject *r = batch_result(&b, rc, statuses);
    batch_free(&b);
    return r;
}

/* ---- VerifyPool ------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    f25519_verify_pool *pool;
    Py_ssize_t busy;  /* calls in flight (changed under the GIL) */
} PoolObject;

static int pool_init(PoolObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"threads", NULL};
    unsigned int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|I:VerifyPool", kwlist, &threads)) return -1;
    if (self->pool) {
        PyErr_SetString(PyExc_RuntimeError, "VerifyPool already initialized");
        return -1;
    }
    f25519_verify_pool *p;
    Py_BEGIN_ALLOW_THREADS
    p = f25519_verify_pool_new(threads);
    Py_END_ALLOW_THREADS
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    self->pool = p;
    return 0;
}

static void pool_dealloc(PoolObject *self)
{
    if (self->pool) {
        f25519_verify_pool *p = self->pool;
        self->pool = NULL;
        Py_BEGIN_ALLOW_THREADS
        f25519_verify_pool_free(p);
        Py_END_ALLOW_THREADS
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *pool_close(PoolObject *self, PyObject *unused)
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "VerifyPool.close(): a verify_batch call is running");
        return NULL;
    }
    if (self->pool) {
        f25519_verify_pool *p = self->pool;
        self->pool = NULL;
        Py_BEGIN_ALLOW_THREADS
        f25519_verify_pool_free(p);
        Py_END_ALLOW_THREADS
    }
    Py_RETURN_NONE;
}

static PyObject *pool_threads(PoolObject *self, void *closure)
{
    return PyLong_FromUnsignedLong(self->pool ? f25519_verify_pool_threads(self->pool) : 0);
}

static PyObject *pool_verify_batch(PoolObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"public_keys", "messages", "signatures", "mode", "statuses", NULL};
    PyObject *pubs, *msgs, *sigs;
    int mode = F25519_VERIFY_OPENSSL, statuses = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|ip:verify_batch", kwlist, &pubs, &msgs, &sigs,
                                     &mode, &statuses))
        return NULL;
    if (!self->pool) {
        PyErr_SetString(PyExc_ValueError, "VerifyPool is closed");
        return NULL;
    }
    batch b;
    if (batch_gather(&b, pubs, msgs, sigs) < 0) {
        batch_free(&b);
        return NULL;
    }
    int rc;
    f25519_verify_pool *p = self->pool;
    self->busy++;
    Py_BEGIN_ALLOW_THREADS
    rc = f25519_ed25519_verify_batch_pool(p, b.n, b.sig, b.msg, b.msg_len, b.pub, mode, b.status);
    Py_END_ALLOW_THREADS
    self->busy--;
    PyObject *r = batch_result(&b, rc, statuses);
    batch_free(&b);
    return r;
}

static PyObject *pool_enter(PyObject *self, PyObject *unused)
{
    Py_INCREF(self);
    return self;
}

static PyObject *pool_exit(PoolObject *self, PyObject *args)
{
    return pool_close(self, NULL);
}

static PyMethodDef pool_methods[] = {
    {"verify_batch", (PyCFunction)(void (*)(void))pool_verify_batch, METH_VARARGS | METH_KEYWORDS,
     "verify_batch(public_keys, messages, signatures, mode=0, statuses=False) -> list\n\n"
     "f25519_ed25519_verify_batch_pool on this pool's threads (GIL released)."},
    {"close", (PyCFunction)pool_close, METH_NOARGS, "Stop and join the helper threads."},
    {"__enter__", pool_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)pool_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef pool_getset[] = {
    {"threads", (getter)pool_threads, NULL, "Members of the pool (helpers + the caller); 0 once closed.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject PoolType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fast25519._fast25519.VerifyPool",
    .tp_basicsize = sizeof(PoolObject),
    .tp_dealloc = (destructor)pool_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "VerifyPool(threads=0): helper threads kept between batch calls "
              "(f25519_verify_pool_new; 0 = one per online CPU).",
    .tp_methods = pool_methods,
    .tp_getset = pool_getset,
    .tp_init = (initproc)pool_init,
    .tp_new = PyType_GenericNew,
};

/* ---- module --------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"version", py_version, METH_NOARGS, "f25519_version()"},
    {"backend", py_backend, METH_NOARGS, "f25519_backend(): the backend in use"},
    {"strerror", py_strerror, METH_O, "f25519_strerror(rc)"},
    {"select_backend", py_select_backend, METH_O, "f25519_select_backend(name)"},
    {"backend_available", py_backend_available, METH_O, "f25519_backend_available(name)"},
    /* the former names, deprecated, kept for one release */
    {"impl", py_backend, METH_NOARGS, "deprecated: backend()"},
    {"select_impl", py_select_backend, METH_O, "deprecated: select_backend(name)"},
    {"impl_available", py_backend_available, METH_O, "deprecated: backend_available(name)"},
    {"cpu_features", py_cpu_features, METH_NOARGS, "f25519_cpu_features()"},
    {"x25519_keygen", py_x25519_keygen, METH_NOARGS, "() -> (private, public)"},
    {"x25519_public", py_x25519_public, METH_O, "(private) -> public"},
    {"x25519_derive", py_x25519_derive, METH_VARARGS, "(private, peer) -> shared"},
    {"ed25519_keygen", py_ed25519_keygen, METH_NOARGS, "() -> (seed, public)"},
    {"ed25519_public", py_ed25519_public, METH_O, "(seed) -> public"},
    {"ed25519_sign", py_ed25519_sign, METH_VARARGS,
     "(seed, public, msg, variant=0, ctx=None) -> signature"},
    {"ed25519_verify", py_ed25519_verify, METH_VARARGS,
     "(public, signature, msg, mode=0, variant=0, ctx=None) -> status code"},
    {"verify_batch", (PyCFunction)(void (*)(void))py_verify_batch, METH_VARARGS | METH_KEYWORDS,
     "verify_batch(public_keys, messages, signatures, mode=0, threads=0, statuses=False) -> list"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "_fast25519", "fast25519 C library binding (internal).", -1, methods,
};

PyMODINIT_FUNC PyInit__fast25519(void)
{
    if (PyType_Ready(&PoolType) < 0) return NULL;
    PyObject *mod = PyModule_Create(&moddef);
    if (!mod) return NULL;
    Error = PyErr_NewExceptionWithDoc(
        "fast25519.Error", "An error reported by the fast25519 C library (.code: its F25519_ERR_* code).",
        PyExc_Exception, NULL);
    if (!Error) goto fail;
    PyObject *bases = PyTuple_Pack(2, Error, PyExc_ValueError);
    if (!bases) goto fail;
    InputError = PyErr_NewExceptionWithDoc(
        "fast25519.InputError", "Invalid input reported by the C library (also a ValueError).",
        bases, NULL);
    Py_DECREF(bases);
    if (!InputError) goto fail;
    Py_INCREF(Error);
    Py_INCREF(InputError);
    Py_INCREF(&PoolType);
    if (PyModule_AddObject(mod, "Error", Error) < 0 ||
        PyModule_AddObject(mod, "InputError", InputError) < 0 ||
        PyModule_AddObject(mod, "VerifyPool", (PyObject *)&PoolType) < 0)
        goto fail;
    struct { const char *name; long v; } consts[] = {
        {"OK", F25519_OK}, {"ERR_LENGTH", F25519_ERR_LENGTH}, {"ERR_ENCODING", F25519_ERR_ENCODING},
        {"ERR_SMALL_ORDER", F25519_ERR_SMALL_ORDER}, {"ERR_VERIFY", F25519_ERR_VERIFY},
        {"ERR_ZERO_SHARED", F25519_ERR_ZERO_SHARED}, {"ERR_UNSUPPORTED", F25519_ERR_UNSUPPORTED},
        {"ERR_ARG", F25519_ERR_ARG}, {"ERR_RANDOM", F25519_ERR_RANDOM},
        {"VERIFY_OPENSSL", F25519_VERIFY_OPENSSL}, {"VERIFY_STRICT", F25519_VERIFY_STRICT},
        {"VERIFY_ZIP215", F25519_VERIFY_ZIP215}, {"ED25519", F25519_ED25519},
        {"ED25519CTX", F25519_ED25519CTX}, {"ED25519PH", F25519_ED25519PH},
        {"ED25519PH_HASHED", F25519_ED25519PH_HASHED},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        if (PyModule_AddIntConstant(mod, consts[i].name, consts[i].v) < 0) goto fail;
    if (PyModule_AddStringConstant(mod, "HEADER_VERSION", F25519_VERSION_STRING) < 0) goto fail;
    return mod;
fail:
    Py_DECREF(mod);
    return NULL;
}
