/*
 * parlour.envs._planes: the compiled twin of the last step of the mahjong encoder
 * (parlour/envs/mahjong.py): every position written in the planes counted into them.
 *
 * count_into(out, positions) adds 1 to out[p] for each position p of positions (native
 * int32s, as the encoder joins them), out a writable C-contiguous float32 buffer (the
 * planes, zeroed by the caller). The Python code does the same with numpy's bincount;
 * tests/envs/test_planes.py checks one against the other.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static PyObject *count_into(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer out, pos;
    const unsigned char *at;
    float *planes;
    Py_ssize_t size, count, i;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "count_into takes two arguments: out, positions");
        return NULL;
    }
    if (PyObject_GetBuffer(args[0], &out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (out.itemsize != 4 || out.format == NULL || strcmp(out.format, "f") != 0) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_TypeError, "count_into writes into float32 planes");
        return NULL;
    }
    if (PyObject_GetBuffer(args[1], &pos, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&out);
        return NULL;
    }
    planes = (float *)out.buf;
    size = out.len / 4;
    at = (const unsigned char *)pos.buf;
    count = pos.len / 4;
    for (i = 0; i < count; i++) {
        int32_t p;
        memcpy(&p, at + 4 * i, 4);
        if (p < 0 || p >= size) {
            PyBuffer_Release(&pos);
            PyBuffer_Release(&out);
            PyErr_Format(PyExc_IndexError, "position %ld is outside the planes", (long)p);
            return NULL;
        }
        planes[p] += 1.0f;
    }
    PyBuffer_Release(&pos);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef planes_methods[] = {
    {"count_into", (PyCFunction)(void (*)(void))count_into, METH_FASTCALL,
     "count_into(out, positions, /): add 1 to out[p] for every native int32 p of "
     "positions; out a writable C-contiguous float32 buffer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef planes_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.envs._planes",
    "The compiled counter of the mahjong encoder's positions (see parlour.envs.mahjong).",
    -1,
    planes_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__planes(void)
{
    return PyModule_Create(&planes_module);
}
