/*
 * parlour.mahjong._notation: the compiled twin of the plain scanner of
 * parlour/mahjong/tiles.py (plain_tiles and the groups it reads).
 *
 * Plain notation is what the full scanner reads without wild marks or glyphs: digits
 * then a suit letter (123m), the honour letters E S W N C F P, J for a joker, f or x then
 * digits 1-4 (f12: f1 and f2, no other digit after them), and the separators space, tab,
 * newline and comma. plain_codes(text, counted) gives the tiles written, one byte per
 * tile (its kind, 0-42) in the order written; with counted, only when no tile is written
 * more often than the tile set "all" holds (four of each playing tile, one of each bonus
 * tile, eight jokers). For anything else it gives None and the Python code answers (the
 * full scanner names what is wrong), so this file never raises a notation error.
 *
 * The Python scanner stays the reference (tests/mahjong/test_plain_notation.py checks
 * this one against it on seeded and random texts).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NUM_KINDS 34
#define JOKER 42
#define NUM_TILES 43
#define STACK_CODES 128

static int honour_of(unsigned char c)
{
    switch (c) {
    case 'E': return 27;
    case 'S': return 28;
    case 'W': return 29;
    case 'N': return 30;
    case 'C': return 31;
    case 'F': return 32;
    case 'P': return 33;
    case 'J': return JOKER;
    default: return -1;
    }
}

static int held_within_all(const unsigned char *codes, Py_ssize_t n)
{
    int seen[NUM_TILES] = {0};
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        int t = codes[i];
        int limit = t < NUM_KINDS ? 4 : (t < JOKER ? 1 : 8);
        if (++seen[t] > limit)
            return 0;
    }
    return 1;
}

/* The codes of plain notation in ``out`` (room for n of them); their number, or -1 when
 * the text is not plain notation. */
static Py_ssize_t scan(const unsigned char *s, Py_ssize_t n, unsigned char *out)
{
    Py_ssize_t i = 0, k = 0, pending = -1; /* pending: where the digits waiting start */
    while (i < n) {
        unsigned char c = s[i];
        if (c >= '1' && c <= '9') {
            if (pending < 0)
                pending = k;
            out[k++] = (unsigned char)(c - '1');
            i++;
            continue;
        }
        if (c == 'm' || c == 'p' || c == 's') {
            unsigned char base = c == 'm' ? 0 : (c == 'p' ? 9 : 18);
            Py_ssize_t j;
            if (pending < 0)
                return -1; /* a suit letter with no digits before it */
            for (j = pending; j < k; j++)
                out[j] = (unsigned char)(out[j] + base);
            pending = -1;
            i++;
            continue;
        }
        if (pending >= 0)
            return -1; /* digits must end with a suit letter */
        if (c == ' ' || c == '\t' || c == '\n' || c == ',') {
            i++;
            continue;
        }
        if (c == 'f' || c == 'x') {
            unsigned char base = c == 'f' ? 34 : 38;
            Py_ssize_t j = i + 1;
            if (j >= n || s[j] < '1' || s[j] > '4')
                return -1;
            while (j < n && s[j] >= '1' && s[j] <= '4')
                out[k++] = (unsigned char)(base + s[j++] - '1');
            if (j < n && s[j] >= '0' && s[j] <= '9')
                return -1; /* a bonus tile number that is not 1-4 */
            i = j;
            continue;
        }
        {
            int h = honour_of(c);
            if (h < 0)
                return -1;
            out[k++] = (unsigned char)h;
            i++;
        }
    }
    return pending >= 0 ? -1 : k;
}

static PyObject *plain_codes(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *text, *result;
    unsigned char stack[STACK_CODES];
    unsigned char *codes = stack;
    Py_ssize_t n, k;
    int counted;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "plain_codes(text, counted) takes two arguments");
        return NULL;
    }
    text = args[0];
    counted = PyObject_IsTrue(args[1]);
    if (counted < 0)
        return NULL;
    if (!PyUnicode_Check(text))
        Py_RETURN_NONE;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0) /* a legacy string: its characters made readable */
        return NULL;
#endif
    if (!PyUnicode_IS_ASCII(text))
        Py_RETURN_NONE; /* glyphs and every other character: the full scanner's */
    n = PyUnicode_GET_LENGTH(text);
    if (n > STACK_CODES) {
        codes = (unsigned char *)PyMem_Malloc((size_t)n);
        if (codes == NULL)
            return PyErr_NoMemory();
    }
    k = scan((const unsigned char *)PyUnicode_DATA(text), n, codes);
    if (k < 0 || (counted && !held_within_all(codes, k))) {
        result = Py_None;
        Py_INCREF(result);
    } else {
        result = PyBytes_FromStringAndSize((const char *)codes, k);
    }
    if (codes != stack)
        PyMem_Free(codes);
    return result;
}

static PyMethodDef notation_methods[] = {
    {"plain_codes", (PyCFunction)(void (*)(void))plain_codes, METH_FASTCALL,
     "plain_codes(text, counted, /): the tiles of plain notation as bytes (one kind a "
     "byte, in the order written), or None for anything else (and, when counted, for a "
     "tile written more often than the tile set 'all' holds)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef notation_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.mahjong._notation",
    "The compiled plain notation scanner (see parlour.mahjong.tiles.plain_tiles).",
    -1,
    notation_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__notation(void)
{
    return PyModule_Create(&notation_module);
}
