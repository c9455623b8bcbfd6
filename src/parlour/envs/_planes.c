/*
 * parlour.envs._planes: the compiled parts of the mahjong encoder (parlour/envs/mahjong.py)
 * and of the action masks (parlour/envs/games.py).
 *
 * count_into(out, positions) adds 1 to out[p] for each position p of positions (native
 * int32s, as the encoder joins them), out a writable C-contiguous float32 buffer (the
 * planes, zeroed by the caller). The Python code does the same with numpy's bincount;
 * tests/envs/test_planes.py checks one against the other.
 *
 * fill(out, layout, seat, positions, hand, hands, wall, rivers, discarded, bonus, aside,
 * shown) zeroes the planes out, then writes what the encoder's direct path reads from a
 * table (Table.tiles_seen) for seat: 1 at every position of positions (as count_into);
 * the wall and each seat's hand size (the length of its list of hands) at their slots;
 * the hand's k-th copy of a tile t (k = 0..3; a fifth copy and more are not written) at
 * row hand + k; and, for each seat s at relative seat r = (s - seat) mod S, each tile of
 * its river, bonus tiles, tiles aside and shown hand at row river + r (bonus + r, ...),
 * and the k-th tile of its discards in order at row order + r * depth + min(k, depth - 1)
 * (the first longest). layout is a tuple of ints: width, S, depth, longest, then the flat
 * positions of the rows hand>=1, river@0, discard@0.0, bonus@0, aside@0, shown@0, of the
 * wall's slot, and of the hand sizes' slots by relative seat (-1: none). A list by seat
 * may be None (nothing), and so may each seat's list. The encoder's reference path (the
 * observation dict's notation read back and counted) gives the same planes:
 * tests/envs/test_planes.py checks them at every state of seeded games of every mahjong
 * rule system.
 *
 * put_at(out, codes, value) sets out[c] = value for every int c of the list codes, out a
 * writable C-contiguous int8 buffer (an action mask).
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

/* Adds 1 at position + tile for every tile of the list (or tuple) tiles; with depth > 0,
   the k-th tile's row is min(k, depth - 1) and tiles after the first longest are left
   out. -1 with an exception set on a tile or position outside the planes. */
static int add_tiles(float *planes, Py_ssize_t size, long width, PyObject *tiles, long at,
                     long depth, long longest)
{
    PyObject **items;
    Py_ssize_t n, k;
    if (tiles == Py_None)
        return 0;
    if (PyList_Check(tiles)) {
        items = PySequence_Fast_ITEMS(tiles);
        n = PyList_GET_SIZE(tiles);
    } else if (PyTuple_Check(tiles)) {
        items = PySequence_Fast_ITEMS(tiles);
        n = PyTuple_GET_SIZE(tiles);
    } else {
        PyErr_SetString(PyExc_TypeError, "tiles come as a list or a tuple of ints");
        return -1;
    }
    if (depth > 0 && n > longest)
        n = longest;
    for (k = 0; k < n; k++) {
        long t = PyLong_AsLong(items[k]);
        long p;
        if (t == -1 && PyErr_Occurred())
            return -1;
        if (t < 0 || t >= width) {
            PyErr_Format(PyExc_ValueError, "tile %ld is not one of the %ld kinds", t, width);
            return -1;
        }
        p = at + t;
        if (depth > 0)
            p += (k < depth - 1 ? (long)k : depth - 1) * width;
        if (p < 0 || p >= size) {
            PyErr_Format(PyExc_IndexError, "position %ld is outside the planes", p);
            return -1;
        }
        planes[p] += 1.0f;
    }
    return 0;
}

/* The lists of a table by seat (a list of S lists, or None), seat s's at
   at + ((s - seat) mod S) * stride, each added as add_tiles does. */
static int add_by_seat(float *planes, Py_ssize_t size, long width, PyObject *lists, long seats,
                       long seat, long at, long stride, long depth, long longest)
{
    long s;
    if (lists == Py_None)
        return 0;
    if (!PyList_Check(lists) || PyList_GET_SIZE(lists) != seats) {
        PyErr_SetString(PyExc_TypeError, "a table's tiles by seat come as a list, one by seat");
        return -1;
    }
    for (s = 0; s < seats; s++) {
        long r = ((s - seat) % seats + seats) % seats;
        if (add_tiles(planes, size, width, PyList_GET_ITEM(lists, s), at + r * stride, depth,
                      longest) < 0)
            return -1;
    }
    return 0;
}

enum {
    L_WIDTH,
    L_SEATS,
    L_DEPTH,
    L_LONGEST,
    L_HAND,
    L_RIVER,
    L_ORDER,
    L_BONUS,
    L_ASIDE,
    L_SHOWN,
    L_WALL,
    L_SIZES,
    L_MAX_SEATS = 16
};

static PyObject *fill(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer out, pos;
    const unsigned char *at;
    float *planes;
    Py_ssize_t size, count, i, n;
    long layout[L_SIZES + L_MAX_SEATS];
    long width, seats, seat;
    PyObject *hand, *hands, *wall;
    int held[256];
    (void)self;
    if (nargs != 12) {
        PyErr_SetString(PyExc_TypeError,
                        "fill takes twelve arguments: out, layout, seat, positions, hand, "
                        "hands, wall, rivers, discarded, bonus, aside, shown");
        return NULL;
    }
    if (!PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) < L_SIZES) {
        PyErr_SetString(PyExc_TypeError, "the layout is a tuple of ints");
        return NULL;
    }
    n = PyTuple_GET_SIZE(args[1]);
    for (i = 0; i < n && i < L_SIZES + L_MAX_SEATS; i++)
        layout[i] = PyLong_AsLong(PyTuple_GET_ITEM(args[1], i));
    seat = PyLong_AsLong(args[2]);
    if (PyErr_Occurred())
        return NULL;
    width = layout[L_WIDTH];
    seats = layout[L_SEATS];
    if (width < 1 || width > 256 || seats < 1 || seats > L_MAX_SEATS || n != L_SIZES + seats ||
        layout[L_DEPTH] < 1 || layout[L_LONGEST] < 0 || seat < 0 || seat >= seats) {
        PyErr_SetString(PyExc_ValueError, "not a layout of the planes (or not a seat of it)");
        return NULL;
    }
    hand = args[4];
    hands = args[5];
    wall = args[6];
    if (PyObject_GetBuffer(args[0], &out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (out.itemsize != 4 || out.format == NULL || strcmp(out.format, "f") != 0) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_TypeError, "fill writes into float32 planes");
        return NULL;
    }
    if (PyObject_GetBuffer(args[3], &pos, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&out);
        return NULL;
    }
    planes = (float *)out.buf;
    size = out.len / 4;
    memset(planes, 0, (size_t)size * sizeof(float));
    at = (const unsigned char *)pos.buf;
    count = pos.len / 4;
    for (i = 0; i < count; i++) {
        int32_t p;
        memcpy(&p, at + 4 * i, 4);
        if (p < 0 || p >= size) {
            PyErr_Format(PyExc_IndexError, "position %ld is outside the planes", (long)p);
            goto fail;
        }
        planes[p] += 1.0f;
    }
    if (wall != Py_None && layout[L_WALL] >= 0) {
        long v = PyLong_AsLong(wall);
        if (v == -1 && PyErr_Occurred())
            goto fail;
        if (layout[L_WALL] >= size) {
            PyErr_SetString(PyExc_IndexError, "the wall's position is outside the planes");
            goto fail;
        }
        planes[layout[L_WALL]] += (float)v;
    }
    if (hands != Py_None) {
        long s;
        if (!PyList_Check(hands) || PyList_GET_SIZE(hands) != seats) {
            PyErr_SetString(PyExc_TypeError, "the hands come as a list, one by seat");
            goto fail;
        }
        for (s = 0; s < seats; s++) {
            long r = ((s - seat) % seats + seats) % seats;
            long p = layout[L_SIZES + r];
            Py_ssize_t held_now = PyObject_Length(PyList_GET_ITEM(hands, s));
            if (held_now < 0)
                goto fail;
            if (p < 0)
                continue;
            if (p >= size) {
                PyErr_SetString(PyExc_IndexError, "a hand size's position is outside the planes");
                goto fail;
            }
            planes[p] += (float)held_now;
        }
    }
    if (hand != Py_None) {
        PyObject **items;
        if (!PyList_Check(hand)) {
            PyErr_SetString(PyExc_TypeError, "the hand comes as a list of ints");
            goto fail;
        }
        memset(held, 0, sizeof held);
        items = PySequence_Fast_ITEMS(hand);
        n = PyList_GET_SIZE(hand);
        for (i = 0; i < n; i++) {
            long t = PyLong_AsLong(items[i]);
            long p;
            if (t == -1 && PyErr_Occurred())
                goto fail;
            if (t < 0 || t >= width) {
                PyErr_Format(PyExc_ValueError, "tile %ld is not one of the %ld kinds", t, width);
                goto fail;
            }
            if (held[t] >= 4)
                continue;
            p = layout[L_HAND] + held[t]++ * width + t;
            if (p < 0 || p >= size) {
                PyErr_Format(PyExc_IndexError, "position %ld is outside the planes", p);
                goto fail;
            }
            planes[p] += 1.0f;
        }
    }
    if (add_by_seat(planes, size, width, args[7], seats, seat, layout[L_RIVER], width, 0, 0) < 0 ||
        add_by_seat(planes, size, width, args[8], seats, seat, layout[L_ORDER],
                    layout[L_DEPTH] * width, layout[L_DEPTH], layout[L_LONGEST]) < 0 ||
        add_by_seat(planes, size, width, args[9], seats, seat, layout[L_BONUS], width, 0, 0) < 0 ||
        add_by_seat(planes, size, width, args[10], seats, seat, layout[L_ASIDE], width, 0, 0) < 0 ||
        add_by_seat(planes, size, width, args[11], seats, seat, layout[L_SHOWN], width, 0, 0) < 0)
        goto fail;
    PyBuffer_Release(&pos);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&pos);
    PyBuffer_Release(&out);
    return NULL;
}

static PyObject *put_at(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer out;
    PyObject **items;
    Py_ssize_t n, i;
    signed char *mask;
    long value;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "put_at takes three arguments: out, codes, value");
        return NULL;
    }
    value = PyLong_AsLong(args[2]);
    if (value == -1 && PyErr_Occurred())
        return NULL;
    if (value < -128 || value > 127) {
        PyErr_SetString(PyExc_ValueError, "put_at writes an int8 value");
        return NULL;
    }
    if (!PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "the codes come as a list of ints");
        return NULL;
    }
    if (PyObject_GetBuffer(args[0], &out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (out.itemsize != 1 || out.format == NULL || strcmp(out.format, "b") != 0) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_TypeError, "put_at writes into an int8 mask");
        return NULL;
    }
    mask = (signed char *)out.buf;
    items = PySequence_Fast_ITEMS(args[1]);
    n = PyList_GET_SIZE(args[1]);
    for (i = 0; i < n; i++) {
        Py_ssize_t c = PyLong_AsSsize_t(items[i]);
        if (c == -1 && PyErr_Occurred()) {
            PyBuffer_Release(&out);
            return NULL;
        }
        if (c < 0 || c >= out.len) {
            PyBuffer_Release(&out);
            PyErr_Format(PyExc_IndexError, "code %zd is outside the mask", c);
            return NULL;
        }
        mask[c] = (signed char)value;
    }
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef planes_methods[] = {
    {"count_into", (PyCFunction)(void (*)(void))count_into, METH_FASTCALL,
     "count_into(out, positions, /): add 1 to out[p] for every native int32 p of "
     "positions; out a writable C-contiguous float32 buffer."},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL,
     "fill(out, layout, seat, positions, hand, hands, wall, rivers, discarded, bonus, aside, "
     "shown, /): "
     "zero the float32 planes out and write a table's tiles into them (see the module "
     "source)."},
    {"put_at", (PyCFunction)(void (*)(void))put_at, METH_FASTCALL,
     "put_at(out, codes, value, /): out[c] = value for every int c of the list codes; out a "
     "writable C-contiguous int8 buffer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef planes_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.envs._planes",
    "The compiled parts of the mahjong encoder and of the action masks (see parlour.envs).",
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
