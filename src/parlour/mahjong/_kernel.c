/*
 * parlour.mahjong._kernel: the compiled twin of the packed-key shape search in
 * parlour/mahjong/shapes/shanten.py and parlour/mahjong/_tables.py.
 *
 * The Python modules stay the reference; everything here must answer exactly as they
 * do (tests/mahjong/test_kernel.py checks it on seeded random hands).
 *
 * A group of tiles (one suit, or the honours) has a "need vector": for m sets (0-5)
 * and p pairs (0-1), need[2*m + p] is the fewest tiles to add so that m sets and p
 * pairs can be picked from the group, never counting on a fifth copy of a kind. A
 * hand's need vector is the min-plus combination of its four groups' vectors.
 *
 * Suit vectors are worked out by a dynamic programme over the nine ranks the first
 * time a suit key (the nine counts in base 5) is seen (from its halves' programmes, each
 * kept: see suit_dp), and kept in a table indexed by the key (5**9 slots of 16 bytes,
 * allocated on first use; the operating system only backs the pages that are touched).
 * Honour vectors (5**7 keys) are kept the same way.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXM 5
#define WIDTH (2 * (MAXM + 1))
#define INF 99
#define CAP 4
/* The loose model (PyMahjongGB's formula) caps a kind only by the hand's size. */
#define LOOSE_CAP (3 * MAXM + 2)
#define EXACT 0
#define LOOSE 1
#define NKINDS 34

#define SUIT_KEYS 1953125 /* 5**9 */
#define HONOR_KEYS 78125  /* 5**7 */

typedef struct {
    uint8_t need[WIDTH];
    uint8_t done;
    uint8_t pad[3];
} Slot;

/* Indexed by model (EXACT, LOOSE), then by key. */
static Slot *suit_table[2] = {NULL, NULL};
static Slot *honor_table[2] = {NULL, NULL};
static const int MODEL_CAP[2] = {CAP, LOOSE_CAP};

static const int POW5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

/* The knitted patterns: the residue (0, 1, 2 for 147, 258, 369) each suit takes. */
static const int KNITTED[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* ------------------------------------------------------------------------------------ */
/* Need vectors */

static void
fill_inf(uint8_t *v)
{
    memset(v, INF, WIDTH);
}

/* One suit's vector from its nine counts. A state after a rank is (a, b): a chows that
 * started at this rank, b that started at the one before; a chow counts as a set when it
 * starts, and its tiles are paid for rank by rank. */
#define NCH (MAXM + 1) /* most chows started at one rank, plus one */

typedef struct {
    uint8_t vec[NCH][NCH][WIDTH];
    uint8_t live[NCH][NCH];
} States;

/* One rank of the dynamic programme: ``st`` after rank ``pos - 1`` into ``next`` after
 * rank ``pos``, which holds ``c`` tiles. */
static void
dp_step(const States *st, int pos, int c, int cap, States *next)
{
    memset(next->vec, INF, sizeof next->vec);
    memset(next->live, 0, sizeof next->live);
    for (int a = 0; a < NCH; a++) {
        for (int b = 0; b < NCH; b++) {
            if (!st->live[a][b])
                continue;
            const uint8_t *vec = st->vec[a][b];
            int base = a + b;
            for (int pung = 0; pung < 2; pung++) {
                for (int pair = 0; pair < 2; pair++) {
                    int u0 = base + 3 * pung + 2 * pair;
                    if (u0 > cap)
                        continue;
                    int top = pos <= 6 ? cap - u0 : 0;
                    for (int nw = 0; nw <= top; nw++) {
                        int dm = pung + nw;
                        if (dm > MAXM)
                            break;
                        int u = u0 + nw;
                        int cost = u > c ? u - c : 0;
                        uint8_t *tgt = next->vec[nw][a];
                        next->live[nw][a] = 1;
                        for (int m = 0; m + dm <= MAXM; m++) {
                            for (int p = 0; p + pair <= 1; p++) {
                                int v = vec[2 * m + p];
                                if (v >= INF)
                                    continue;
                                int j = 2 * (m + dm) + p + pair;
                                if (v + cost < tgt[j])
                                    tgt[j] = (uint8_t)(v + cost);
                            }
                        }
                    }
                }
            }
        }
    }
}

/* The programme over a suit's first five ranks (from no chow and no set), kept by their
 * counts (a base-5 key), and over its last four from each state, kept by their key and
 * the state: a suit's vector is then the best, over the states after rank five, of the
 * two halves combined (the steps add sets, pairs and tiles, so they combine min-plus).
 * Indexed by model (EXACT, LOOSE); made on first use. */
#define LEFT_KEYS 3125 /* 5**5 */
#define RIGHT_KEYS 625 /* 5**4 */

typedef struct {
    States st;
    uint8_t done;
} LeftSlot;

static LeftSlot *left_table[2] = {NULL, NULL};
static Slot *right_table[2] = {NULL, NULL}; /* by (key, a, b) */

static const States *
left_states(const int *d, int model, int cap)
{
    int key = 0;
    for (int r = 4; r >= 0; r--)
        key = key * 5 + d[r];
    LeftSlot *slot = &left_table[model][key];
    if (!slot->done) {
        States st, next;
        memset(st.vec, INF, sizeof st.vec);
        memset(st.live, 0, sizeof st.live);
        st.vec[0][0][0] = 0;
        st.live[0][0] = 1;
        for (int pos = 0; pos < 5; pos++) {
            dp_step(&st, pos, d[pos], cap, &next);
            st = next;
        }
        slot->st = st;
        slot->done = 1;
    }
    return &slot->st;
}

static const uint8_t *
right_vec(const int *d, int model, int cap, int a, int b)
{
    int key = 0;
    for (int r = 8; r >= 5; r--)
        key = key * 5 + d[r];
    Slot *slot = &right_table[model][(key * NCH + a) * NCH + b];
    if (!slot->done) {
        States st, next;
        memset(st.vec, INF, sizeof st.vec);
        memset(st.live, 0, sizeof st.live);
        st.vec[a][b][0] = 0;
        st.live[a][b] = 1;
        for (int pos = 5; pos < 9; pos++) {
            dp_step(&st, pos, d[pos], cap, &next);
            st = next;
        }
        if (st.live[0][0])
            memcpy(slot->need, st.vec[0][0], WIDTH);
        else
            fill_inf(slot->need);
        slot->done = 1;
    }
    return slot->need;
}

static void combine(const uint8_t *a, const uint8_t *b, uint8_t *out);

/* One suit's vector from its nine counts: its two halves' programmes, combined. */
static void
suit_dp(const int *d, int cap, uint8_t *out)
{
    int model = cap == CAP ? EXACT : LOOSE;
    const States *left = left_states(d, model, cap);
    fill_inf(out);
    for (int a = 0; a < NCH; a++) {
        for (int b = 0; b < NCH; b++) {
            if (!left->live[a][b])
                continue;
            uint8_t both[WIDTH];
            combine(left->vec[a][b], right_vec(d, model, cap, a, b), both);
            for (int j = 0; j < WIDTH; j++) {
                if (both[j] < out[j])
                    out[j] = both[j];
            }
        }
    }
}

/* The honours' vector: each kind gives a pung or a pair (never both within four; the
 * loose model lets one kind give both). */
static void
honor_dp(const int *d, int cap, uint8_t *out)
{
    uint8_t vec[WIDTH], nxt[WIDTH];
    fill_inf(vec);
    vec[0] = 0;
    for (int i = 0; i < 7; i++) {
        int c = d[i];
        memcpy(nxt, vec, WIDTH);
        for (int m = 0; m <= MAXM; m++) {
            for (int p = 0; p < 2; p++) {
                int v = vec[2 * m + p];
                if (v >= INF)
                    continue;
                if (m < MAXM) {
                    int x = v + (c < 3 ? 3 - c : 0);
                    int j = 2 * (m + 1) + p;
                    if (x < nxt[j])
                        nxt[j] = (uint8_t)x;
                    if (p == 0 && cap >= 5) {
                        x = v + (c < 5 ? 5 - c : 0);
                        if (x < nxt[j + 1])
                            nxt[j + 1] = (uint8_t)x;
                    }
                }
                if (p == 0) {
                    int x = v + (c < 2 ? 2 - c : 0);
                    int j = 2 * m + 1;
                    if (x < nxt[j])
                        nxt[j] = (uint8_t)x;
                }
            }
        }
        memcpy(vec, nxt, WIDTH);
    }
    memcpy(out, vec, WIDTH);
}

static int
ensure_model(int model)
{
    if (suit_table[model] != NULL)
        return 0;
    Slot *s = (Slot *)PyMem_RawCalloc(SUIT_KEYS, sizeof(Slot));
    if (s == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Slot *h = (Slot *)PyMem_RawCalloc(HONOR_KEYS, sizeof(Slot));
    if (h == NULL) {
        PyMem_RawFree(s);
        PyErr_NoMemory();
        return -1;
    }
    LeftSlot *l = (LeftSlot *)PyMem_RawCalloc(LEFT_KEYS, sizeof(LeftSlot));
    Slot *r = (Slot *)PyMem_RawCalloc((size_t)RIGHT_KEYS * NCH * NCH, sizeof(Slot));
    if (l == NULL || r == NULL) {
        PyMem_RawFree(s);
        PyMem_RawFree(h);
        PyMem_RawFree(l);
        PyMem_RawFree(r);
        PyErr_NoMemory();
        return -1;
    }
    left_table[model] = l;
    right_table[model] = r;
    suit_table[model] = s;
    honor_table[model] = h;
    return 0;
}

static int
ensure_tables(void)
{
    return ensure_model(EXACT);
}

/* One group's need vector in a table: the group's n counts are its key in base 5; the
 * vector is worked out by dp the first time the key is seen. */
static inline const uint8_t *
group_vec(const int *d, int n, Slot *table, void (*dp)(const int *, int, uint8_t *), int cap)
{
    int key = 0;
    for (int r = n - 1; r >= 0; r--)
        key = key * 5 + d[r];
    Slot *s = &table[key];
    if (!s->done) {
        dp(d, cap, s->need);
        s->done = 1;
    }
    return s->need;
}

static inline const uint8_t *
suit_vec_of(const int *d, int model)
{
    return group_vec(d, 9, suit_table[model], suit_dp, MODEL_CAP[model]);
}

static inline const uint8_t *
honor_vec_of(const int *d, int model)
{
    return group_vec(d, 7, honor_table[model], honor_dp, MODEL_CAP[model]);
}

static inline const uint8_t *
suit_vec(const int *d)
{
    return suit_vec_of(d, EXACT);
}

static inline void
combine(const uint8_t *a, const uint8_t *b, uint8_t *out)
{
    uint8_t r[WIDTH];
    fill_inf(r);
    for (int m1 = 0; m1 <= MAXM; m1++) {
        for (int p1 = 0; p1 < 2; p1++) {
            int x = a[2 * m1 + p1];
            if (x >= INF)
                continue;
            for (int m2 = 0; m1 + m2 <= MAXM; m2++) {
                int j = 2 * (m1 + m2) + p1;
                int y = x + b[2 * m2];
                if (y < r[j])
                    r[j] = (uint8_t)y;
                if (p1 == 0) {
                    y = x + b[2 * m2 + 1];
                    if (y < r[j + 1])
                        r[j + 1] = (uint8_t)y;
                }
            }
        }
    }
    memcpy(out, r, WIDTH);
}

/* The need vector of a whole 34-count hand in one model (its tables made). */
static void
model_vec(const int *counts, int model, uint8_t *out)
{
    uint8_t ab[WIDTH], ch[WIDTH];
    combine(suit_vec_of(counts, model), suit_vec_of(counts + 9, model), ab);
    combine(suit_vec_of(counts + 18, model), honor_vec_of(counts + 27, model), ch);
    combine(ab, ch, out);
}

static inline void
hand_vec(const int *counts, uint8_t *out)
{
    model_vec(counts, EXACT, out);
}

/* ------------------------------------------------------------------------------------ */
/* All five shapes: the fewest tiles missing (as shanten.py's _fast_need) */

static int
knitted_present(const int *counts, int pattern)
{
    int n = 0;
    for (int s = 0; s < 3; s++) {
        int res = KNITTED[pattern][s];
        for (int j = 0; j < 3; j++)
            n += counts[9 * s + res + 3 * j] > 0;
    }
    return n;
}

/* What the special shapes read of a hand, kept so that one tile more or less updates it:
 * pairs and singles (a quad is two pairs), the orphan kinds present and those paired,
 * the honour kinds present, and the knitted tiles present in each pattern. */
typedef struct {
    int pairs, singles, orphans, orphan_pairs, honours;
    int present[6];
} Summary;

static const int IS_ORPHAN[NKINDS] = {1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0,
                                      1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};

/* ``s`` as it changes when kind ``t`` goes from ``c`` copies to ``c + delta``. */
static inline void
summary_change(Summary *s, int t, int c, int delta)
{
    int n = c + delta;
    s->pairs += n / 2 - c / 2;
    s->singles += n % 2 - c % 2;
    int shown = (n > 0) - (c > 0);
    if (IS_ORPHAN[t]) {
        s->orphans += shown;
        s->orphan_pairs += (n >= 2) - (c >= 2);
    }
    if (t >= 27) {
        s->honours += shown;
    } else if (shown) {
        int suit = t / 9, res = t % 9 % 3;
        for (int p = 0; p < 6; p++) {
            if (KNITTED[p][suit] == res)
                s->present[p] += shown;
        }
    }
}

static void
summarise(const int *counts, Summary *s)
{
    memset(s, 0, sizeof *s);
    for (int t = 0; t < NKINDS; t++) {
        if (counts[t])
            summary_change(s, t, 0, counts[t]);
    }
}

/* The fewest tiles missing for the special shapes that fit beside ``melds`` fixed melds,
 * or ``best`` if none needs fewer: seven pairs, thirteen orphans and honours-and-knitted
 * (no melds), the knitted straight with (one less melds) set and a pair from the rest
 * (at most one meld). ``sum``: the summary of ``counts``; ``rest_bound``: the hand's own
 * need (in ``model``) for 1 - melds sets and a pair, a bound on what the rest needs. */
static int
special_of(const Summary *sum, const int *counts, int model, int melds, int rest_bound, int best)
{
    int top = 0;
    for (int p = 0; p < 6; p++) {
        if (sum->present[p] > top)
            top = sum->present[p];
    }
    if (melds == 0) {
        /* seven pairs (a quad counts as two pairs) */
        int pairs = sum->pairs > 7 ? 7 : sum->pairs;
        int d = 7 - pairs + (7 - pairs - sum->singles > 0 ? 7 - pairs - sum->singles : 0);
        if (d < best)
            best = d;
        /* thirteen orphans */
        d = 14 - sum->orphans - (sum->orphan_pairs > 0);
        if (d < best)
            best = d;
        /* honours and knitted tiles */
        d = top + sum->honours < 14 ? 14 - top - sum->honours : 0;
        if (d < best)
            best = d;
    }
    if (melds <= 1) {
        /* the rest needs at least what the whole hand needs for its set and pair */
        int j = 2 * (1 - melds) + 1;
        if (9 - top + rest_bound >= best)
            return best;
        int rest[NKINDS];
        uint8_t rv[WIDTH];
        for (int p = 0; p < 6; p++) {
            int missing = 9 - sum->present[p];
            if (missing + rest_bound >= best)
                continue;
            memcpy(rest, counts, sizeof rest);
            for (int s = 0; s < 3; s++) {
                for (int k = 0; k < 3; k++) {
                    int t = 9 * s + KNITTED[p][s] + 3 * k;
                    if (rest[t])
                        rest[t]--;
                }
            }
            model_vec(rest, model, rv);
            int d = missing + rv[j];
            if (d < best)
                best = d;
        }
    }
    return best;
}

static int
special_need(const int *counts, int model, int melds, const uint8_t *vec, int best)
{
    Summary sum;
    summarise(counts, &sum);
    int rest_bound = melds <= 1 ? vec[2 * (1 - melds) + 1] : INF;
    return special_of(&sum, counts, model, melds, rest_bound, best);
}

/* The fewest tiles missing over all five shapes of 14 concealed tiles, given the hand's
 * need vector ``vec`` (exact model). */
static int
fast_need_vec(const int *counts, const uint8_t *vec)
{
    int best = vec[9];
    if (best <= 0)
        return best;
    return special_need(counts, EXACT, 0, vec, best);
}

static int
fast_need(const int *counts)
{
    uint8_t vec[WIDTH];
    hand_vec(counts, vec);
    return fast_need_vec(counts, vec);
}

/* All five shapes in either model beside fixed melds and wilds (as shanten.py's
 * _shanten_key with every kind): the fewest tiles missing for ``sets`` sets and a pair,
 * and, in a hand of ``size`` tiles (melds as three) of at most 14, the special shapes
 * that fit beside ``melds`` melds. */
static int
general_need(const int *counts, int model, int sets, int melds, int size)
{
    uint8_t vec[WIDTH];
    model_vec(counts, model, vec);
    int best = vec[2 * sets + 1];
    if (best <= 0 || size > 14)
        return best;
    return special_need(counts, model, melds, vec, best);
}

/* ------------------------------------------------------------------------------------ */
/* Arguments */

/* Counts of a list (or any sequence) of tile ints 0-33; returns the number of tiles, or
 * -1 with an exception set. A fifth copy is left for the caller to report. */
static Py_ssize_t
counts_of_tiles(PyObject *tiles, int *counts)
{
    memset(counts, 0, NKINDS * sizeof(int));
    PyObject *seq = PySequence_Fast(tiles, "tiles must be a sequence of tile ints");
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = PyLong_AsLong(items[i]);
        if (t == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear(); /* an int far out of range: not a tile, as any other */
                PyErr_SetString(PyExc_ValueError, "not a playing tile: a huge int");
            }
            return -1;
        }
        if (t < 0 || t >= NKINDS) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "not a playing tile: %ld", t);
            return -1;
        }
        counts[t]++;
    }
    Py_DECREF(seq);
    return n;
}

static int
check_copies(const int *counts, Py_ssize_t n)
{
    for (int t = 0; t < NKINDS; t++) {
        if (counts[t] > 4) {
            PyErr_Format(PyExc_ValueError, "not %zd tiles with at most four of a kind", n);
            return -1;
        }
    }
    return 0;
}

static Py_ssize_t
prepared(PyObject *tiles, int *counts)
{
    if (ensure_tables() < 0)
        return -1;
    Py_ssize_t n = counts_of_tiles(tiles, counts);
    if (n < 0 || check_copies(counts, n) < 0)
        return -1;
    return n;
}

/* Regular completeness of concealed counts holding n tiles: sets and one pair. */
static int
regular_split(const int *counts, Py_ssize_t n)
{
    if (n % 3 != 2 || n > 3 * MAXM + 2)
        return 0;
    uint8_t vec[WIDTH];
    hand_vec(counts, vec);
    return vec[2 * (n / 3) + 1] == 0;
}

/* ------------------------------------------------------------------------------------ */
/* Functions */

PyDoc_STRVAR(shanten_of_doc,
             "shanten_of(tiles, /)\n--\n\n"
             "The shanten number of concealed tile ints (13 or 14), no melds, no wilds,\n"
             "all shapes, exact model. A fifth copy raises ValueError.");

static PyObject *
k_shanten_of(PyObject *self, PyObject *tiles)
{
    int counts[NKINDS];
    if (prepared(tiles, counts) < 0)
        return NULL;
    return PyLong_FromLong(fast_need(counts) - 1);
}

PyDoc_STRVAR(need_of_doc,
             "need_of(tiles, /)\n--\n\n"
             "The fewest tiles concealed tile ints miss over all five shapes (as\n"
             "shanten_of(tiles) + 1).");

static PyObject *
k_need_of(PyObject *self, PyObject *tiles)
{
    int counts[NKINDS];
    if (prepared(tiles, counts) < 0)
        return NULL;
    return PyLong_FromLong(fast_need(counts));
}

static int
complete_counts(const int *counts)
{
    uint8_t vec[WIDTH];
    hand_vec(counts, vec);
    if (vec[9] == 0)
        return 1;
    return fast_need_vec(counts, vec) == 0;
}

PyDoc_STRVAR(is_complete_counts_doc,
             "is_complete_counts(counts, /)\n--\n\n"
             "Is a 34-long count vector of 14 concealed tiles a winning shape?");

static PyObject *
k_is_complete_counts(PyObject *self, PyObject *arg)
{
    int counts[NKINDS];
    if (ensure_tables() < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(arg, "counts must be a sequence of 34 ints");
    if (seq == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NKINDS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "counts must have 34 entries");
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    long n = 0;
    for (int t = 0; t < NKINDS; t++) {
        long c = PyLong_AsLong(items[t]);
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (c < 0 || c > 4) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "not 14 tiles with at most four of a kind");
            return NULL;
        }
        counts[t] = (int)c;
        n += c;
    }
    Py_DECREF(seq);
    if (n != 14) {
        PyErr_SetString(PyExc_ValueError, "not 14 tiles with at most four of a kind");
        return NULL;
    }
    return PyBool_FromLong(complete_counts(counts));
}

/* (tiles, melds=0): melds by position or by keyword. */
static int
melds_arg(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *name,
          long *melds)
{
    *melds = 0;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nargs < 1 || nargs + nkw > 2) {
        PyErr_Format(PyExc_TypeError, "%s takes tiles and an optional melds count", name);
        return -1;
    }
    PyObject *value = nargs == 2 ? args[1] : NULL;
    if (nkw == 1) {
        if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "melds") != 0) {
            PyErr_Format(PyExc_TypeError, "%s got an unexpected keyword argument %R", name,
                         PyTuple_GET_ITEM(kwnames, 0));
            return -1;
        }
        value = args[nargs];
    }
    if (value != NULL) {
        *melds = PyLong_AsLong(value);
        if (*melds == -1 && PyErr_Occurred())
            return -1;
        if (*melds < 0 || *melds > MAXM) {
            PyErr_Format(PyExc_ValueError, "not a number of melds: %ld", *melds);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(is_complete_of_doc,
             "is_complete_of(tiles, /, melds=0)\n--\n\n"
             "Are concealed tile ints (14 - 3 * melds of them) a winning shape beside\n"
             "``melds`` fixed melds? No wilds.");

static PyObject *
k_is_complete_of(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    long melds;
    int counts[NKINDS];
    if (melds_arg(args, nargs, kwnames, "is_complete_of", &melds) < 0)
        return NULL;
    if (ensure_tables() < 0)
        return NULL;
    Py_ssize_t n = counts_of_tiles(args[0], counts);
    if (n < 0)
        return NULL;
    if (melds == 0) {
        /* as the reference: 14 tiles within four of a kind, else the same message */
        if (check_copies(counts, 14) < 0)
            return NULL;
        if (n != 14) {
            PyErr_SetString(PyExc_ValueError, "not 14 tiles with at most four of a kind");
            return NULL;
        }
        return PyBool_FromLong(complete_counts(counts));
    }
    if (check_copies(counts, n) < 0)
        return NULL;
    if (regular_split(counts, n))
        Py_RETURN_TRUE;
    if (melds != 1)
        Py_RETURN_FALSE;
    /* a knitted straight and a pair beside one meld */
    for (int p = 0; p < 6; p++) {
        if (knitted_present(counts, p) != 9)
            continue;
        int rest[NKINDS];
        memcpy(rest, counts, sizeof rest);
        for (int s = 0; s < 3; s++)
            for (int j = 0; j < 3; j++)
                rest[9 * s + KNITTED[p][s] + 3 * j]--;
        if (regular_split(rest, n - 9))
            Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

PyDoc_STRVAR(could_be_ready_doc,
             "could_be_ready(tiles, /, melds=0)\n--\n\n"
             "False when concealed tile ints beside ``melds`` fixed melds are surely not\n"
             "one tile from a winning shape.");

static PyObject *
k_could_be_ready(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    long melds;
    int counts[NKINDS];
    if (melds_arg(args, nargs, kwnames, "could_be_ready", &melds) < 0)
        return NULL;
    if (prepared(args[0], counts) < 0)
        return NULL;
    if (melds == 0)
        return PyBool_FromLong(fast_need(counts) - 1 <= 0);
    if (melds == 1)
        Py_RETURN_TRUE;
    if (melds > 4) {
        PyErr_SetString(PyExc_ValueError, "could_be_ready takes a 13-tile hand: 0-4 melds");
        return NULL;
    }
    uint8_t vec[WIDTH];
    hand_vec(counts, vec);
    return PyBool_FromLong(vec[2 * (4 - melds) + 1] <= 1);
}

PyDoc_STRVAR(regular_need_doc,
             "regular_need(tiles, sets, /)\n--\n\n"
             "Fewest tiles concealed tile ints miss for ``sets`` sets and a pair (exact\n"
             "model, regular shape only).");

static PyObject *
k_regular_need(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int counts[NKINDS];
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "regular_need takes tiles and a number of sets");
        return NULL;
    }
    long sets = PyLong_AsLong(args[1]);
    if (sets == -1 && PyErr_Occurred())
        return NULL;
    if (sets < 0 || sets > MAXM) {
        PyErr_Format(PyExc_ValueError, "not a number of sets: %ld", sets);
        return NULL;
    }
    if (prepared(args[0], counts) < 0)
        return NULL;
    uint8_t vec[WIDTH];
    hand_vec(counts, vec);
    return PyLong_FromLong(vec[2 * sets + 1]);
}

PyDoc_STRVAR(waits_of_doc,
             "waits_of(tiles, /)\n--\n\n"
             "The kinds (sorted) that complete 13 concealed tile ints, any shape, a kind\n"
             "all four of whose copies are in the hand left out. No melds, no wilds.");

static void needs_after(int *counts, int model, int sets, int melds, int size, int delta,
                        int *out);

static PyObject *
k_waits_of(PyObject *self, PyObject *tiles)
{
    int counts[NKINDS];
    if (prepared(tiles, counts) < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    /* a hand two or more tiles from ready has no wait */
    if (fast_need(counts) != 1)
        return out;
    int needs[NKINDS];
    needs_after(counts, EXACT, 4, 0, 14, 1, needs);
    for (int t = 0; t < NKINDS; t++) {
        if (needs[t] == 0) {
            PyObject *v = PyLong_FromLong(t);
            if (v == NULL || PyList_Append(out, v) < 0) {
                Py_XDECREF(v);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(v);
        }
    }
    return out;
}

/* A 34-long sequence of counts 0-4 into ``counts``; -1 with an exception set. */
static int
counts_arg(PyObject *arg, int *counts)
{
    PyObject *seq = PySequence_Fast(arg, "counts must be a sequence of 34 ints");
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != NKINDS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "counts must have 34 entries");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int t = 0; t < NKINDS; t++) {
        long c = PyLong_AsLong(items[t]);
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (c < 0 || c > 4) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "a count of %ld: at most four of a kind", c);
            return -1;
        }
        counts[t] = (int)c;
    }
    Py_DECREF(seq);
    return 0;
}

PyDoc_STRVAR(general_need_doc,
             "general_need(counts, sets, melds, size, loose, /)\n--\n\n"
             "Fewest tiles missing over all five shapes for natural concealed ``counts``\n"
             "(34 of them) beside ``melds`` fixed melds, ``sets`` sets and a pair still\n"
             "to make, in a hand of ``size`` tiles (melds as three, wilds included); the\n"
             "loose model when ``loose``. As shanten.py's _shanten_key with every kind.");

static PyObject *
k_general_need(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int counts[NKINDS];
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "general_need takes counts, sets, melds, size, loose");
        return NULL;
    }
    long v[3];
    for (int i = 0; i < 3; i++) {
        v[i] = PyLong_AsLong(args[1 + i]);
        if (v[i] == -1 && PyErr_Occurred())
            return NULL;
    }
    if (v[0] < 0 || v[0] > MAXM || v[1] < 0 || v[1] > MAXM) {
        PyErr_SetString(PyExc_ValueError, "sets and melds must be 0-5");
        return NULL;
    }
    int loose = PyObject_IsTrue(args[4]);
    if (loose < 0)
        return NULL;
    int model = loose ? LOOSE : EXACT;
    if (ensure_model(model) < 0 || counts_arg(args[0], counts) < 0)
        return NULL;
    return PyLong_FromLong(general_need(counts, model, (int)v[0], (int)v[1], (int)v[2]));
}

PyDoc_STRVAR(suit_need_doc,
             "suit_need(key, loose=False, /)\n--\n\n"
             "The need vector (12 ints) of one suit key (nine counts in base 5), in the\n"
             "exact or the loose model, for the tests against parlour.mahjong._tables.");

static PyObject *
k_suit_need(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "suit_need takes a key and an optional loose flag");
        return NULL;
    }
    int loose = nargs == 2 ? PyObject_IsTrue(args[1]) : 0;
    if (loose < 0)
        return NULL;
    int model = loose ? LOOSE : EXACT;
    long key = PyLong_AsLong(args[0]);
    if (key == -1 && PyErr_Occurred())
        return NULL;
    if (key < 0 || key >= SUIT_KEYS) {
        PyErr_Format(PyExc_ValueError, "not a suit key: %ld", key);
        return NULL;
    }
    if (ensure_model(model) < 0)
        return NULL;
    int d[9];
    for (int r = 0; r < 9; r++)
        d[r] = (int)(key / POW5[r] % 5);
    const uint8_t *v = suit_vec_of(d, model);
    PyObject *out = PyTuple_New(WIDTH);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < WIDTH; i++)
        PyTuple_SET_ITEM(out, i, PyLong_FromLong(v[i]));
    return out;
}

/* Entry (m, p) of combine(a, b): the fewest tiles for m sets and p pairs, split between
 * two groups. */
static inline int
combined_entry(const uint8_t *a, const uint8_t *b, int m, int p)
{
    int best = INF;
    for (int m1 = 0; m1 <= m; m1++) {
        int x = a[2 * m1] + b[2 * (m - m1) + p];
        if (x < best)
            best = x;
        if (p) {
            x = a[2 * m1 + 1] + b[2 * (m - m1)];
            if (x < best)
                best = x;
        }
    }
    return best;
}

/* The need (as general_need) of ``counts`` with one copy of each kind taken out (``delta``
 * -1) or put in (+1), into ``out`` (-1 where there is no copy to take or four already).
 * One tile changes one part (a suit or the honours): the other three parts are combined
 * once, and only the entries asked for are read off. The changed parts' table slots are
 * all looked up first (so that the memory reads overlap). The special shapes, when the
 * size lets them count, are looked at only when they may beat the regular need: one tile
 * taken out never lowers their need, one put in lowers it by one at most, so the whole
 * hand's special need bounds them all; their summary is updated, not recounted. */
static void
needs_after(int *counts, int model, int sets, int melds, int size, int delta, int *out)
{
    const uint8_t *part[4] = {suit_vec_of(counts, model), suit_vec_of(counts + 9, model),
                              suit_vec_of(counts + 18, model), honor_vec_of(counts + 27, model)};
    uint8_t ab[WIDTH], cd[WIDTH], others[4][WIDTH];
    combine(part[0], part[1], ab);
    combine(part[2], part[3], cd);
    combine(part[1], cd, others[0]);
    combine(part[0], cd, others[1]);
    combine(ab, part[3], others[2]);
    combine(ab, part[2], others[3]);
    /* each kind's changed part, looked up before any is read */
    int key[4] = {0, 0, 0, 0};
    for (int t = NKINDS - 1; t >= 0; t--) {
        int g = t < 27 ? t / 9 : 3;
        key[g] = key[g] * 5 + counts[t];
    }
    const Slot *slot[NKINDS];
    for (int t = 0; t < NKINDS; t++) {
        int c = counts[t] + delta;
        slot[t] = NULL;
        if (c < 0 || c > 4)
            continue;
        int g = t < 27 ? t / 9 : 3;
        int r = t < 27 ? t % 9 : t - 27;
        slot[t] = (g < 3 ? suit_table[model] : honor_table[model]) + key[g] + delta * POW5[r];
    }
    unsigned pending = 0;
    for (int t = 0; t < NKINDS; t++) {
        if (slot[t] != NULL)
            pending += !slot[t]->done;
    }
    int special = size <= 14 && melds <= 1;
    int rest_m = 1 - melds;
    int floor = INF;
    Summary sum;
    if (special) {
        uint8_t whole[WIDTH];
        combine(ab, cd, whole);
        summarise(counts, &sum);
        floor = special_of(&sum, counts, model, melds, whole[2 * rest_m + 1], INF) +
                (delta > 0 ? -1 : 0);
    }
    for (int t = 0; t < NKINDS; t++) {
        if (slot[t] == NULL) {
            out[t] = -1;
            continue;
        }
        int g = t < 27 ? t / 9 : 3;
        const uint8_t *changed;
        counts[t] += delta;
        if (pending)
            changed = g < 3 ? suit_vec_of(counts + 9 * g, model) : honor_vec_of(counts + 27, model);
        else
            changed = slot[t]->need;
        int best = combined_entry(changed, others[g], sets, 1);
        if (special && best > 0 && floor < best) {
            Summary changed_sum = sum;
            summary_change(&changed_sum, t, counts[t] - delta, delta);
            int rest_bound = combined_entry(changed, others[g], rest_m, 1);
            best = special_of(&changed_sum, counts, model, melds, rest_bound, best);
        }
        out[t] = best > INF ? INF : best;
        counts[t] -= delta;
    }
}

/* (counts, sets, melds, size, loose) as general_need takes them; the model, or -1 with an
 * exception set. */
static int
needs_args(PyObject *const *args, Py_ssize_t nargs, const char *name, int *counts, int *v)
{
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "%s takes counts, sets, melds, size, loose", name);
        return -1;
    }
    for (int i = 0; i < 3; i++) {
        long x = PyLong_AsLong(args[1 + i]);
        if (x == -1 && PyErr_Occurred())
            return -1;
        if (i < 2 && (x < 0 || x > MAXM)) {
            PyErr_SetString(PyExc_ValueError, "sets and melds must be 0-5");
            return -1;
        }
        v[i] = (int)(x < -1000 ? -1000 : x > 1000 ? 1000 : x);
    }
    int loose = PyObject_IsTrue(args[4]);
    if (loose < 0)
        return -1;
    int model = loose ? LOOSE : EXACT;
    if (ensure_model(model) < 0 || counts_arg(args[0], counts) < 0)
        return -1;
    return model;
}

/* {kind: need} of the kinds whose need is not -1, in kind order. */
static PyObject *
needs_dict(const int *needs)
{
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    for (int t = 0; t < NKINDS; t++) {
        if (needs[t] < 0)
            continue;
        PyObject *k = PyLong_FromLong(t);
        PyObject *v = PyLong_FromLong(needs[t]);
        if (k == NULL || v == NULL || PyDict_SetItem(out, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return out;
}

static PyObject *
needs_call(PyObject *const *args, Py_ssize_t nargs, const char *name, int delta)
{
    int counts[NKINDS], v[3], needs[NKINDS];
    int model = needs_args(args, nargs, name, counts, v);
    if (model < 0)
        return NULL;
    needs_after(counts, model, v[0], v[1], v[2], delta, needs);
    return needs_dict(needs);
}

PyDoc_STRVAR(discard_needs_doc,
             "discard_needs(counts, sets, melds, size, loose, /)\n--\n\n"
             "{kind: general_need(counts less one copy of kind, sets, melds, size, loose)}\n"
             "for each kind held, in kind order, in one call (``size``: the hand's size\n"
             "after the discard).");

static PyObject *
k_discard_needs(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return needs_call(args, nargs, "discard_needs", -1);
}

PyDoc_STRVAR(draw_needs_doc,
             "draw_needs(counts, sets, melds, size, loose, /)\n--\n\n"
             "{kind: general_need(counts and one more copy of kind, sets, melds, size,\n"
             "loose)} for each kind with fewer than four copies, in kind order, in one\n"
             "call (``size``: the hand's size after the draw).");

static PyObject *
k_draw_needs(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return needs_call(args, nargs, "draw_needs", 1);
}

PyDoc_STRVAR(improving_of_doc,
             "improving_of(tiles, shanten, /)\n--\n\n"
             "The kinds (in order) whose one more copy brings concealed tile ints (no melds,\n"
             "no wilds, all shapes, exact model) below the given shanten: what\n"
             "[t for t in range(34) if copies of t < 4 and shanten_of(tiles + [t]) < shanten]\n"
             "answers, in one call.");

static PyObject *
k_improving_of(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int counts[NKINDS];
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "improving_of takes tiles and a shanten number");
        return NULL;
    }
    long sh = PyLong_AsLong(args[1]);
    if (sh == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t n = prepared(args[0], counts);
    if (n < 0)
        return NULL;
    if (n + 1 > 3 * MAXM + 2) {
        PyErr_Format(PyExc_ValueError, "%zd tiles and one more: too many for a hand", n);
        return NULL;
    }
    /* shanten_of's figure at any size: four sets and a pair, or a special shape */
    int needs[NKINDS], found[NKINDS];
    needs_after(counts, EXACT, 4, 0, 14, 1, needs);
    int k = 0;
    for (int t = 0; t < NKINDS; t++) {
        if (needs[t] >= 0 && needs[t] <= sh)
            found[k++] = t;
    }
    PyObject *out = PyTuple_New(k);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *v = PyLong_FromLong(found[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyMethodDef kernel_methods[] = {
    {"improving_of", (PyCFunction)(void (*)(void))k_improving_of, METH_FASTCALL, improving_of_doc},
    {"shanten_of", (PyCFunction)k_shanten_of, METH_O, shanten_of_doc},
    {"need_of", (PyCFunction)k_need_of, METH_O, need_of_doc},
    {"is_complete_counts", (PyCFunction)k_is_complete_counts, METH_O, is_complete_counts_doc},
    {"is_complete_of", (PyCFunction)(void (*)(void))k_is_complete_of, METH_FASTCALL | METH_KEYWORDS,
     is_complete_of_doc},
    {"could_be_ready", (PyCFunction)(void (*)(void))k_could_be_ready, METH_FASTCALL | METH_KEYWORDS,
     could_be_ready_doc},
    {"regular_need", (PyCFunction)(void (*)(void))k_regular_need, METH_FASTCALL,
     regular_need_doc},
    {"waits_of", (PyCFunction)k_waits_of, METH_O, waits_of_doc},
    {"general_need", (PyCFunction)(void (*)(void))k_general_need, METH_FASTCALL,
     general_need_doc},
    {"suit_need", (PyCFunction)(void (*)(void))k_suit_need, METH_FASTCALL, suit_need_doc},
    {"discard_needs", (PyCFunction)(void (*)(void))k_discard_needs, METH_FASTCALL,
     discard_needs_doc},
    {"draw_needs", (PyCFunction)(void (*)(void))k_draw_needs, METH_FASTCALL, draw_needs_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.mahjong._kernel",
    "The compiled shape kernel (see parlour.mahjong.kernel).",
    -1,
    kernel_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    return PyModule_Create(&kernel_module);
}
