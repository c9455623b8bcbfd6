/*
 * parlour.mahjong._wilds: the compiled twin of the wild-tile search of the regular shape,
 * parlour/mahjong/shapes/regular.py (_regular with wilds) and wilds.py (_assign_wilds).
 *
 * The Python code stays the reference: this search tries the same groups in the same
 * order and yields the same splits (tests/mahjong/test_wilds_kernel.py checks it on
 * seeded hands with 0-4 wilds, substitutes and restricted rules).
 *
 * The search takes the lowest natural tile and tries every group that can hold it (the
 * pair, a pung, the three chows through it), filling gaps with wilds (and, for the
 * constrained shanten, with drawn "free" tiles, or setting naturals aside), then places
 * the wilds left as all-wild groups in a fixed order. A complete split has its stands
 * matched to the physical wilds (a bipartite matching: a wild of one face may be barred
 * from standing for it).
 *
 * Two outputs: the raw splits, as regular.py's _regular yields them (groups, pair,
 * (physical, stands for) per wild), or the readings of decompositions: the concealed
 * sets as Meld objects (one per set and wilds, cached by the caller's dict), sorted and
 * with their physical wilds as regular.py's _make gives them, each reading once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <structmember.h>
#include <string.h>

#define NKINDS 34
#define MAXW 24      /* most wilds (the pool) a search takes */
#define MAXG 8       /* most sets a search makes */
#define CHOW 0
#define PUNG 1
#define PAIR 2
#define JOKER 42

typedef struct {
    int kind; /* CHOW or PUNG */
    int first;
    int n;      /* wilds in the set */
    int st[3];  /* the kinds they stand for, ascending */
} Group;

/* One reading of the decompositions output: sorted set codes, pair, wilds by (p, s). */
typedef struct {
    long long codes[MAXG];
    int ng;
    int pair;
    int nw;
    uint8_t wp[MAXW];
    uint8_t ws[MAXW];
} Reading;

typedef struct {
    /* the hand */
    int counts[NKINDS];
    int rep[NKINDS];
    int dropped[NKINDS];
    int limit[NKINDS];
    int want_pair;
    int pool[MAXW]; /* physical wilds, sorted */
    int npool;
    int pre[MAXW]; /* kinds wilds already stand for elsewhere */
    int npre;
    /* the rules */
    int in_chow, in_pung, in_pair, max_in_set, max_in_pair, all_wild_sets, face_value;
    int face_banned, undrawable, face_budget;
    /* the search */
    Group groups[MAXG];
    int ng;
    int first_only;
    int stop;
    int error;
    /* the output */
    PyObject *out;
    PyObject *cache;     /* readings: dict code -> Meld */
    PyObject *make_meld; /* readings: code -> Meld */
    PyObject *fixed;     /* readings as Decomposition objects: the fixed melds, or NULL */
    Reading *seen;       /* readings kept, for the uniqueness check */
    Py_ssize_t nseen, capseen;
    Py_ssize_t *slots; /* open-addressing table of indices into seen (-1 empty) */
    Py_ssize_t nslots;
} Search;

static PyObject *CHOW_NAME, *PUNG_NAME, *REGULAR_NAME;

/* The reading type (shapes.hand.Decomposition, registered by set_reading_type): its
 * class and where its six slots are, in READING_FIELDS order. */
#define NFIELDS 6
static const char *READING_FIELDS[NFIELDS] = {"shape", "melds", "pair", "pairs", "singles",
                                              "wilds"};
static PyTypeObject *READING_TYPE = NULL;
static Py_ssize_t READING_OFFSETS[NFIELDS];

/* ------------------------------------------------------------------------------------ */
/* Rules */

/* May n wilds stand in one group of this kind? *used: the one group's extra allowance
 * taken (all of it, when the group goes over the limit). */
static int
wild_ok(const Search *s, int kind, int n, int extra, int *used)
{
    *used = 0;
    if (n == 0)
        return 1;
    int cap;
    if (kind == PAIR) {
        if (!s->in_pair)
            return 0;
        cap = s->max_in_pair;
    } else {
        if ((kind == CHOW && !s->in_chow) || (kind == PUNG && !s->in_pung))
            return 0;
        cap = s->max_in_set;
    }
    if (n <= cap)
        return 1;
    if (n <= cap + extra) {
        *used = extra;
        return 1;
    }
    return 0;
}

/* May kind t be represented n_wild + n_free times more? */
static inline int
can_rep(const Search *s, int t, int n_wild, int n_free, int on_face)
{
    if (s->rep[t] + n_wild + n_free > s->limit[t] + s->dropped[t])
        return 0;
    if (n_free && t == s->undrawable)
        return 0; /* a drawn tile of the wild kind is a wild, not a natural */
    /* a wild of the banned face needs another wild (a joker) to stand for that kind */
    return !(n_wild && t == s->face_banned && on_face + n_wild > s->face_budget);
}

/* ------------------------------------------------------------------------------------ */
/* Matching the physical wilds to the kinds they stand for (wilds.py's _assign_wilds) */

typedef struct {
    const int *pool;
    int npool;
    const int *want;
    int prefs[MAXW][MAXW];
    int nprefs[MAXW];
    int owner[MAXW];
    int seen[MAXW];
} Matching;

static int
augment(Matching *m, int j)
{
    for (int k = 0; k < m->nprefs[j]; k++) {
        int i = m->prefs[j][k];
        if (m->seen[i])
            continue;
        m->seen[i] = 1;
        int o = m->owner[i];
        if (o < 0 || augment(m, o)) {
            m->owner[i] = j;
            return 1;
        }
    }
    return 0;
}

/* Pair the sorted pool with the wanted kinds (nwant of them, sorted here); fills
 * (phys[k], stands[k]) sorted by (stands, physical) and returns their number, or -1. */
static int
assign_wilds(const Search *s, int *want, int nwant, int *phys, int *stands)
{
    if (nwant > s->npool)
        return -1;
    for (int a = 1; a < nwant; a++) { /* insertion sort */
        int v = want[a], b = a - 1;
        while (b >= 0 && want[b] > v) {
            want[b + 1] = want[b];
            b--;
        }
        want[b + 1] = v;
    }
    Matching m;
    m.pool = s->pool;
    m.npool = s->npool;
    m.want = want;
    for (int j = 0; j < nwant; j++) {
        int n = 0, t = want[j];
        /* other faces first, then its own face */
        for (int i = 0; i < s->npool; i++)
            if (s->pool[i] != t)
                m.prefs[j][n++] = i;
        if (s->face_value)
            for (int i = 0; i < s->npool; i++)
                if (s->pool[i] == t)
                    m.prefs[j][n++] = i;
        m.nprefs[j] = n;
    }
    for (int i = 0; i < s->npool; i++)
        m.owner[i] = -1;
    for (int j = 0; j < nwant; j++) {
        memset(m.seen, 0, sizeof m.seen);
        if (!augment(&m, j))
            return -1;
    }
    int n = 0;
    for (int i = 0; i < s->npool; i++) {
        if (m.owner[i] < 0)
            continue;
        /* insert (pool[i], want[owner]) keeping (stands, physical) order */
        int p = s->pool[i], t = want[m.owner[i]], b = n - 1;
        while (b >= 0 && (stands[b] > t || (stands[b] == t && phys[b] > p))) {
            phys[b + 1] = phys[b];
            stands[b + 1] = stands[b];
            b--;
        }
        phys[b + 1] = p;
        stands[b + 1] = t;
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------------------------ */
/* Output */

static PyObject *
int_tuple(const int *v, int n)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (x == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static PyObject *
wild_pairs(const int *phys, const int *stands, int n, int as_list)
{
    PyObject *out = as_list ? PyList_New(n) : PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = Py_BuildValue("(ii)", phys[i], stands[i]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        if (as_list)
            PyList_SET_ITEM(out, i, x);
        else
            PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

/* One split as _regular yields it: ([(kind, first, stands), ...], pair or None, used). */
static PyObject *
raw_split(const Search *s, int pair, const int *phys, const int *stands, int nused)
{
    PyObject *groups = PyList_New(s->ng);
    if (groups == NULL)
        return NULL;
    for (int i = 0; i < s->ng; i++) {
        const Group *g = &s->groups[i];
        PyObject *st = int_tuple(g->st, g->n);
        PyObject *item = st == NULL ? NULL
                                    : Py_BuildValue("(OiN)", g->kind == CHOW ? CHOW_NAME : PUNG_NAME,
                                                    g->first, st);
        if (item == NULL) {
            Py_DECREF(groups);
            return NULL;
        }
        PyList_SET_ITEM(groups, i, item);
    }
    PyObject *used = wild_pairs(phys, stands, nused, 1);
    if (used == NULL) {
        Py_DECREF(groups);
        return NULL;
    }
    PyObject *p = pair >= 0 ? PyLong_FromLong(pair) : Py_NewRef(Py_None);
    if (p == NULL) {
        Py_DECREF(groups);
        Py_DECREF(used);
        return NULL;
    }
    return Py_BuildValue("(NNN)", groups, p, used);
}

/* Groups in _make's order: (first, kind, stands). */
static int
group_before(const Group *a, const Group *b)
{
    if (a->first != b->first)
        return a->first < b->first;
    if (a->kind != b->kind)
        return a->kind < b->kind; /* "chow" < "pung" */
    for (int i = 0; i < a->n && i < b->n; i++)
        if (a->st[i] != b->st[i])
            return a->st[i] < b->st[i];
    return a->n < b->n;
}

/* A set's code: kind, first and up to three (physical, stands for) wilds, sorted; the
 * Python side decodes it (regular.py's _concealed_meld). */
static long long
set_code(const Group *g, const int *wp, const int *ws)
{
    int code[3] = {0, 0, 0};
    for (int i = 0; i < g->n; i++) {
        int c = 1 + wp[i] + 64 * ws[i];
        int b = i - 1;
        while (b >= 0 && code[b] > c) {
            code[b + 1] = code[b];
            b--;
        }
        code[b + 1] = c;
    }
    long long out = g->kind * 64 + g->first;
    for (int i = 0; i < 3; i++)
        out = out * 4096 + code[i];
    return out;
}

static uint64_t
reading_hash(const Reading *r)
{
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < r->ng; i++)
        h = (h ^ (uint64_t)r->codes[i]) * 1099511628211ULL;
    h = (h ^ (uint64_t)(r->pair + 1)) * 1099511628211ULL;
    for (int i = 0; i < r->nw; i++)
        h = (h ^ (uint64_t)(r->wp[i] * 64 + r->ws[i])) * 1099511628211ULL;
    return h ^ (h >> 29);
}

static int
reading_equal(const Reading *a, const Reading *b)
{
    if (a->ng != b->ng || a->pair != b->pair || a->nw != b->nw)
        return 0;
    for (int i = 0; i < a->ng; i++)
        if (a->codes[i] != b->codes[i])
            return 0;
    return memcmp(a->wp, b->wp, (size_t)a->nw) == 0 && memcmp(a->ws, b->ws, (size_t)a->nw) == 0;
}

/* Keep r if it is new: 1 new, 0 seen before, -1 out of memory. */
static int
remember(Search *s, const Reading *r)
{
    if (2 * (s->nseen + 1) > s->nslots) {
        Py_ssize_t n = s->nslots ? 2 * s->nslots : 64;
        Py_ssize_t *slots = (Py_ssize_t *)PyMem_Malloc((size_t)n * sizeof(Py_ssize_t));
        Reading *seen = (Reading *)PyMem_Realloc(s->seen, (size_t)(n / 2) * sizeof(Reading));
        if (slots == NULL || seen == NULL) {
            PyMem_Free(slots);
            if (seen != NULL)
                s->seen = seen;
            return -1;
        }
        s->seen = seen;
        for (Py_ssize_t i = 0; i < n; i++)
            slots[i] = -1;
        for (Py_ssize_t i = 0; i < s->nseen; i++) {
            Py_ssize_t j = (Py_ssize_t)(reading_hash(&s->seen[i]) & (uint64_t)(n - 1));
            while (slots[j] >= 0)
                j = (j + 1) & (n - 1);
            slots[j] = i;
        }
        PyMem_Free(s->slots);
        s->slots = slots;
        s->nslots = n;
    }
    Py_ssize_t j = (Py_ssize_t)(reading_hash(r) & (uint64_t)(s->nslots - 1));
    while (s->slots[j] >= 0) {
        if (reading_equal(&s->seen[s->slots[j]], r))
            return 0;
        j = (j + 1) & (s->nslots - 1);
    }
    s->seen[s->nseen] = *r;
    s->slots[j] = s->nseen++;
    return 1;
}

static PyObject *
meld_of(Search *s, long long code)
{
    PyObject *key = PyLong_FromLongLong(code);
    if (key == NULL)
        return NULL;
    PyObject *m = PyDict_GetItemWithError(s->cache, key);
    if (m != NULL) {
        Py_DECREF(key);
        return Py_NewRef(m);
    }
    if (PyErr_Occurred()) {
        Py_DECREF(key);
        return NULL;
    }
    m = PyObject_CallOneArg(s->make_meld, key);
    if (m != NULL && PyDict_SetItem(s->cache, key, m) < 0)
        Py_CLEAR(m);
    Py_DECREF(key);
    return m;
}

/* A Decomposition("regular", fixed + melds, pair, (), (), wilds), its slots filled as
 * its constructor fills them (it has no other initialisation). Steals melds and wilds. */
static PyObject *
new_reading(PyObject *fixed, PyObject *melds, int pair, PyObject *wilds)
{
    PyObject *all = PySequence_Concat(fixed, melds);
    Py_DECREF(melds);
    PyObject *p = PyLong_FromLong(pair);
    PyObject *empty = PyTuple_New(0);
    PyObject *obj = NULL;
    if (all != NULL && p != NULL && empty != NULL)
        obj = READING_TYPE->tp_alloc(READING_TYPE, 0);
    if (obj == NULL) {
        Py_XDECREF(all);
        Py_XDECREF(p);
        Py_XDECREF(empty);
        Py_DECREF(wilds);
        return NULL;
    }
    PyObject *values[NFIELDS] = {Py_NewRef(REGULAR_NAME), all, p, Py_NewRef(empty), empty,
                                 wilds};
    for (int i = 0; i < NFIELDS; i++)
        *(PyObject **)((char *)obj + READING_OFFSETS[i]) = values[i]; /* references moved */
    return obj;
}

/* One reading for decompositions: (sets as Melds, pair, wilds sorted), or the
 * Decomposition itself when the fixed melds are given; NULL if seen already (*fresh 0). */
static PyObject *
reading(Search *s, int pair, const int *phys, const int *stands, int nused, int *fresh)
{
    Reading r;
    memset(&r, 0, sizeof r);
    int order[MAXG];
    for (int i = 0; i < s->ng; i++) { /* stable insertion sort, as sorted() */
        int b = i - 1;
        while (b >= 0 && group_before(&s->groups[i], &s->groups[order[b]])) {
            order[b + 1] = order[b];
            b--;
        }
        order[b + 1] = i;
    }
    /* each set takes, for each kind a wild stands for, the first wild of ``used`` (in
     * (stands, physical) order) standing for it that no set took before */
    int taken[MAXW];
    memset(taken, 0, sizeof taken);
    for (int i = 0; i < s->ng; i++) {
        const Group *g = &s->groups[order[i]];
        int wp[3], ws[3];
        for (int k = 0; k < g->n; k++) {
            wp[k] = ws[k] = g->st[k];
            for (int u = 0; u < nused; u++) {
                if (!taken[u] && stands[u] == g->st[k]) {
                    taken[u] = 1;
                    wp[k] = phys[u];
                    break;
                }
            }
        }
        r.codes[i] = set_code(g, wp, ws);
    }
    r.ng = s->ng;
    r.pair = pair;
    /* the reading's wilds sorted by (physical, stands) */
    r.nw = nused;
    for (int i = 0; i < nused; i++) {
        int b = i - 1;
        while (b >= 0 && (r.wp[b] > phys[i] || (r.wp[b] == phys[i] && r.ws[b] > stands[i]))) {
            r.wp[b + 1] = r.wp[b];
            r.ws[b + 1] = r.ws[b];
            b--;
        }
        r.wp[b + 1] = (uint8_t)phys[i];
        r.ws[b + 1] = (uint8_t)stands[i];
    }
    int got = remember(s, &r);
    if (got < 0) {
        PyErr_NoMemory();
        return NULL;
    }
    *fresh = got;
    if (!got)
        return NULL;
    PyObject *melds = PyTuple_New(r.ng);
    if (melds == NULL)
        return NULL;
    for (int i = 0; i < r.ng; i++) {
        PyObject *m = meld_of(s, r.codes[i]);
        if (m == NULL) {
            Py_DECREF(melds);
            return NULL;
        }
        PyTuple_SET_ITEM(melds, i, m);
    }
    int wp[MAXW], ws[MAXW];
    for (int i = 0; i < r.nw; i++) {
        wp[i] = r.wp[i];
        ws[i] = r.ws[i];
    }
    PyObject *wilds = wild_pairs(wp, ws, r.nw, 0);
    if (wilds == NULL) {
        Py_DECREF(melds);
        return NULL;
    }
    if (s->fixed == NULL)
        return Py_BuildValue("(NiN)", melds, pair, wilds);
    return new_reading(s->fixed, melds, pair, wilds);
}

/* A complete split: check the copies, match the wilds, record it. */
static void
emit(Search *s, int pk, int pnw)
{
    for (int t = 0; t < NKINDS; t++)
        if (s->rep[t] > s->limit[t] + s->dropped[t])
            return; /* more copies than allowed (only when naturals alone exceed the cap) */
    int want[MAXW + 3 * MAXG + 2];
    int n = 0;
    for (int i = 0; i < s->npre; i++)
        want[n++] = s->pre[i];
    for (int i = 0; i < s->ng; i++)
        for (int k = 0; k < s->groups[i].n; k++)
            want[n++] = s->groups[i].st[k];
    for (int k = 0; k < pnw; k++)
        want[n++] = pk;
    int phys[MAXW], stands[MAXW];
    if (n > MAXW)
        return; /* more stands than wilds: no matching */
    int nused = assign_wilds(s, want, n, phys, stands);
    if (nused < 0)
        return;
    PyObject *item;
    int fresh = 1;
    if (s->cache != NULL)
        item = reading(s, pk, phys, stands, nused, &fresh);
    else
        item = raw_split(s, pk, phys, stands, nused);
    if (item == NULL) {
        if (fresh) {
            s->error = 1;
            s->stop = 1;
        }
        return;
    }
    if (PyList_Append(s->out, item) < 0) {
        s->error = 1;
        s->stop = 1;
    }
    Py_DECREF(item);
    if (s->first_only)
        s->stop = 1;
}

/* ------------------------------------------------------------------------------------ */
/* The search (regular.py's _regular: rec and all_wild) */

static void
push(Search *s, int kind, int first, const int *st, int n)
{
    Group *g = &s->groups[s->ng++];
    g->kind = kind;
    g->first = first;
    g->n = n;
    for (int i = 0; i < n; i++)
        g->st[i] = st[i];
}

static const int MASKS[4][3] = {{0}, {1, 2, 4}, {3, 5, 6}, {7}};
static const int NMASKS[4] = {1, 3, 3, 1};

/* Sets (and then the pair) of wilds and free tiles only, in (first, kind) order. */
static void
all_wild(Search *s, int w, int f, int sets, int start, int pk, int pnw, int on_face, int extra)
{
    int need_pair = s->want_pair && pk < 0;
    if (w + f != 3 * sets + (need_pair ? 2 : 0))
        return;
    if (sets == 0 && !need_pair) {
        emit(s, pk, pnw);
        return;
    }
    int used;
    if (sets == 0) {
        for (int nw = w < 2 ? w : 2; nw >= 0; nw--) {
            int nf = 2 - nw;
            if (nf > f || !wild_ok(s, PAIR, nw, extra, &used))
                continue;
            for (int t = 0; t < NKINDS; t++) {
                if (!can_rep(s, t, nw, nf, on_face))
                    continue;
                s->rep[t] += 2;
                int face = t == s->face_banned ? nw : 0;
                all_wild(s, w - nw, f - nf, 0, 0, t, nw, on_face + face, extra - used);
                s->rep[t] -= 2;
                if (s->stop)
                    return;
            }
        }
        return;
    }
    if (s->ng >= MAXG)
        return;
    for (int code = start; code < 2 * NKINDS; code++) {
        int kind = code % 2 == 0 ? PUNG : CHOW;
        int first = code / 2;
        if (kind == CHOW && (first >= 27 || first % 9 > 6))
            continue;
        for (int nw = w < 3 ? w : 3; nw >= 0; nw--) {
            int nf = 3 - nw;
            if (nf > f)
                continue;
            if (nw == 3 && !s->all_wild_sets)
                continue;
            if (!wild_ok(s, kind, nw, extra, &used))
                continue;
            if (kind == PUNG) {
                if (!can_rep(s, first, nw, nf, on_face))
                    continue;
                int st[3] = {first, first, first};
                s->rep[first] += 3;
                int face = first == s->face_banned ? nw : 0;
                push(s, PUNG, first, st, nw);
                all_wild(s, w - nw, f - nf, sets - 1, code, pk, pnw, on_face + face,
                         extra - used);
                s->ng--;
                s->rep[first] -= 3;
                if (s->stop)
                    return;
                continue;
            }
            /* which of the chow's tiles the wilds stand for (the rest are free) */
            for (int k = 0; k < NMASKS[nw]; k++) {
                int mask = MASKS[nw][k];
                int ok = 1, st[3], n = 0, face = 0;
                for (int i = 0; i < 3; i++) {
                    int t = first + i, wild = (mask >> i) & 1;
                    if (!can_rep(s, t, wild, !wild, on_face)) {
                        ok = 0;
                        break;
                    }
                    if (wild) {
                        st[n++] = t;
                        face += t == s->face_banned;
                    }
                }
                if (!ok)
                    continue;
                for (int i = 0; i < 3; i++)
                    s->rep[first + i]++;
                push(s, CHOW, first, st, n);
                all_wild(s, w - nw, f - nf, sets - 1, code, pk, pnw, on_face + face,
                         extra - used);
                s->ng--;
                for (int i = 0; i < 3; i++)
                    s->rep[first + i]--;
                if (s->stop)
                    return;
            }
        }
    }
}

/* The groups through the lowest natural tile, then the rest. */
static void
rec(Search *s, int w, int f, int dr, int sets, int pk, int pnw, int on_face, int extra)
{
    int need_pair = s->want_pair && pk < 0;
    int k = 0;
    while (k < NKINDS && s->counts[k] == 0)
        k++;
    if (k == NKINDS) {
        if (dr == 0)
            all_wild(s, w, f, sets, 0, pk, pnw, on_face, extra);
        return;
    }
    int c = s->counts[k];
    int used;
    if (dr) {
        s->counts[k]--;
        s->dropped[k]++;
        rec(s, w, f, dr - 1, sets, pk, pnw, on_face, extra);
        s->dropped[k]--;
        s->counts[k]++;
        if (s->stop)
            return;
    }
    if (need_pair) {
        for (int nat = 2; nat >= 1; nat--) {
            if (nat > c)
                continue;
            int gap = 2 - nat;
            for (int nw = gap < w ? gap : w; nw >= 0; nw--) {
                int nf = gap - nw;
                if (nf > f)
                    continue;
                if (!wild_ok(s, PAIR, nw, extra, &used) || !can_rep(s, k, nw, nf, on_face))
                    continue;
                s->counts[k] -= nat;
                s->rep[k] += nw + nf;
                int face = k == s->face_banned ? nw : 0;
                rec(s, w - nw, f - nf, dr, sets, k, nw, on_face + face, extra - used);
                s->rep[k] -= nw + nf;
                s->counts[k] += nat;
                if (s->stop)
                    return;
            }
        }
    }
    if (sets == 0 || s->ng >= MAXG)
        return;
    for (int nat = 3; nat >= 1; nat--) {
        if (nat > c)
            continue;
        int gap = 3 - nat;
        for (int nw = gap < w ? gap : w; nw >= 0; nw--) {
            int nf = gap - nw;
            if (nf > f)
                continue;
            if (!wild_ok(s, PUNG, nw, extra, &used) || !can_rep(s, k, nw, nf, on_face))
                continue;
            int st[3] = {k, k, k};
            s->counts[k] -= nat;
            s->rep[k] += nw + nf;
            int face = k == s->face_banned ? nw : 0;
            push(s, PUNG, k, st, nw);
            rec(s, w - nw, f - nf, dr, sets - 1, pk, pnw, on_face + face, extra - used);
            s->ng--;
            s->rep[k] -= nw + nf;
            s->counts[k] += nat;
            if (s->stop)
                return;
        }
    }
    if (k >= 27)
        return;
    for (int first = k - 2; first <= k; first++) {
        if (first < 9 * (k / 9) || first % 9 > 6)
            continue;
        int others[2], j = 0;
        for (int t = first; t < first + 3; t++)
            if (t != k)
                others[j++] = t;
        /* each other tile: natural (only above k, if present), wild, or free */
        for (int choice = 0; choice < 9; choice++) {
            int u[2] = {choice % 3, choice / 3};
            int nwl = 0, nfr = 0, ok = 1;
            for (int i = 0; i < 2; i++) {
                if (u[i] == 0 && (others[i] < k || s->counts[others[i]] == 0))
                    ok = 0;
                nwl += u[i] == 1;
                nfr += u[i] == 2;
            }
            if (!ok || nwl > w || nfr > f)
                continue;
            if (!wild_ok(s, CHOW, nwl, extra, &used))
                continue;
            for (int i = 0; i < 2 && ok; i++)
                if (u[i] && !can_rep(s, others[i], u[i] == 1, u[i] == 2, on_face))
                    ok = 0;
            if (!ok)
                continue;
            int st[2], n = 0, face = 0;
            s->counts[k]--;
            for (int i = 0; i < 2; i++) {
                if (u[i] == 0) {
                    s->counts[others[i]]--;
                } else {
                    s->rep[others[i]]++;
                    if (u[i] == 1) {
                        st[n++] = others[i];
                        face += others[i] == s->face_banned;
                    }
                }
            }
            push(s, CHOW, first, st, n);
            rec(s, w - nwl, f - nfr, dr, sets - 1, pk, pnw, on_face + face, extra - used);
            s->ng--;
            for (int i = 0; i < 2; i++) {
                if (u[i] == 0)
                    s->counts[others[i]]++;
                else
                    s->rep[others[i]]--;
            }
            s->counts[k]++;
            if (s->stop)
                return;
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Arguments */

/* Up to ``most`` ints of a sequence into v; their number, or -1 with an exception set. */
static Py_ssize_t
ints_arg(PyObject *arg, int *v, Py_ssize_t most, const char *what)
{
    PyObject *seq = PySequence_Fast(arg, what);
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: more than %zd entries", what, most);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long x = PyLong_AsLong(items[i]);
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (x < -1000 || x > 1000) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, x);
            return -1;
        }
        v[i] = (int)x;
    }
    Py_DECREF(seq);
    return n;
}

static int
long_arg(PyObject *arg, int lo, int hi, int *out, const char *what)
{
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be %d to %d, not %ld", what, lo, hi, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

PyDoc_STRVAR(
    regular_search_doc,
    "regular_search(counts, sets, want_pair, wild_pool, pre_stands, limit, rules, free,\n"
    "               drops, first_only, cache=None, make_meld=None, fixed=None, /)\n--\n\n"
    "Every split of natural ``counts`` (34) and the physical wilds ``wild_pool`` into\n"
    "``sets`` sets and (``want_pair``) a pair, as regular.py's _regular with wilds: the\n"
    "same splits in the same order. ``pre_stands``: kinds wilds of the pool stand for\n"
    "elsewhere; ``limit``: copies each kind may still take (34); ``rules``: (in_chow,\n"
    "in_pung, in_pair, max_in_set, max_in_pair, all_wild_sets, face_value, face_banned,\n"
    "undrawable, extra_in_one_group), -1 for no tile; ``free`` drawn tiles may fill gaps\n"
    "and ``drops`` naturals be set aside; ``first_only`` stops at the first split.\n\n"
    "Returns a list of (groups, pair, used) as _regular yields them; or, given a dict\n"
    "``cache`` and ``make_meld`` (a set's code to its Meld), the readings each once:\n"
    "(sets as Melds in _make's order, pair, wilds sorted); given also the ``fixed``\n"
    "melds (a tuple), each reading as a Decomposition (see set_reading_type).");

static PyObject *
w_regular_search(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 10 || nargs > 13 || nargs == 11) {
        PyErr_SetString(PyExc_TypeError, "regular_search takes 10, 12 or 13 arguments");
        return NULL;
    }
    Search *s = (Search *)PyMem_Calloc(1, sizeof(Search));
    if (s == NULL)
        return PyErr_NoMemory();
    PyObject *out = NULL;
    int sets, free, drops, rules[10];
    if (ints_arg(args[0], s->counts, NKINDS, "counts") != NKINDS) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "counts must have 34 entries");
        goto done;
    }
    if (long_arg(args[1], 0, MAXG, &sets, "sets") < 0)
        goto done;
    s->want_pair = PyObject_IsTrue(args[2]);
    if (s->want_pair < 0)
        goto done;
    s->npool = (int)ints_arg(args[3], s->pool, MAXW, "wild_pool");
    if (s->npool < 0)
        goto done;
    s->npre = (int)ints_arg(args[4], s->pre, MAXW, "pre_stands");
    if (s->npre < 0)
        goto done;
    if (ints_arg(args[5], s->limit, NKINDS, "limit") != NKINDS) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "limit must have 34 entries");
        goto done;
    }
    if (ints_arg(args[6], rules, 10, "rules") != 10) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "rules must have 10 entries");
        goto done;
    }
    if (long_arg(args[7], 0, 3 * MAXG + 2, &free, "free") < 0 ||
        long_arg(args[8], 0, 3 * MAXG + 2, &drops, "drops") < 0)
        goto done;
    s->first_only = PyObject_IsTrue(args[9]);
    if (s->first_only < 0)
        goto done;
    if (nargs >= 12 && args[10] != Py_None) {
        if (!PyDict_Check(args[10]) || !PyCallable_Check(args[11])) {
            PyErr_SetString(PyExc_TypeError, "cache must be a dict and make_meld callable");
            goto done;
        }
        s->cache = args[10];
        s->make_meld = args[11];
        if (nargs == 13 && args[12] != Py_None) {
            if (!PyTuple_Check(args[12]) || READING_TYPE == NULL) {
                PyErr_SetString(PyExc_TypeError,
                                "fixed must be a tuple, after set_reading_type");
                goto done;
            }
            s->fixed = args[12];
        }
    }
    for (int t = 0; t < NKINDS; t++) {
        if (s->counts[t] < 0 || s->counts[t] > 3 * MAXG + 2) {
            PyErr_SetString(PyExc_ValueError, "counts must be 0 to 26");
            goto done;
        }
    }
    for (int i = 0; i < s->npool; i++) {
        if (s->pool[i] < 0 || s->pool[i] > JOKER) {
            PyErr_Format(PyExc_ValueError, "not a wild tile: %d", s->pool[i]);
            goto done;
        }
    }
    for (int i = 0; i < s->npre; i++) {
        if (s->pre[i] < 0 || s->pre[i] >= NKINDS) {
            PyErr_Format(PyExc_ValueError, "not a kind: %d", s->pre[i]);
            goto done;
        }
    }
    s->in_chow = rules[0];
    s->in_pung = rules[1];
    s->in_pair = rules[2];
    s->max_in_set = rules[3];
    s->max_in_pair = rules[4];
    s->all_wild_sets = rules[5];
    s->face_value = rules[6];
    s->face_banned = rules[7];
    s->undrawable = rules[8];
    int extra = rules[9];
    for (int a = 1; a < s->npool; a++) { /* the pool sorted */
        int v = s->pool[a], b = a - 1;
        while (b >= 0 && s->pool[b] > v) {
            s->pool[b + 1] = s->pool[b];
            b--;
        }
        s->pool[b + 1] = v;
    }
    s->face_budget = 0;
    for (int i = 0; i < s->npool; i++)
        s->face_budget += s->pool[i] != s->face_banned;
    for (int i = 0; i < s->npre; i++)
        s->face_budget -= s->pre[i] == s->face_banned;
    out = PyList_New(0);
    if (out == NULL)
        goto done;
    int natural = 0;
    for (int t = 0; t < NKINDS; t++)
        natural += s->counts[t];
    int w = s->npool - s->npre;
    if (w < 0 || natural + w + free - drops != 3 * sets + (s->want_pair ? 2 : 0))
        goto done; /* no split: the empty list */
    s->out = out;
    rec(s, w, free, drops, sets, -1, 0, 0, extra);
    if (s->error)
        Py_CLEAR(out);
done:
    PyMem_Free(s->seen);
    PyMem_Free(s->slots);
    PyMem_Free(s);
    return out;
}

PyDoc_STRVAR(set_reading_type_doc,
             "set_reading_type(cls, /)\n--\n\n"
             "Register the reading type (shapes.hand.Decomposition): a class whose slots\n"
             "shape, melds, pair, pairs, singles and wilds are all its state, set by its\n"
             "constructor alone. regular_search then makes its readings itself when given\n"
             "the fixed melds. TypeError if the class is not so made.");

static PyObject *
w_set_reading_type(PyObject *self, PyObject *cls)
{
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "set_reading_type takes a class");
        return NULL;
    }
    Py_ssize_t offsets[NFIELDS];
    for (int i = 0; i < NFIELDS; i++) {
        PyObject *d = PyObject_GetAttrString(cls, READING_FIELDS[i]);
        if (d == NULL) {
            if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "the class has no %s", READING_FIELDS[i]);
            }
            return NULL;
        }
        int ok = Py_IS_TYPE(d, &PyMemberDescr_Type) &&
                 ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX &&
                 !(((PyMemberDescrObject *)d)->d_member->flags & READONLY);
        if (ok)
            offsets[i] = ((PyMemberDescrObject *)d)->d_member->offset;
        Py_DECREF(d);
        if (!ok) {
            PyErr_Format(PyExc_TypeError, "%s is not a slot of the class", READING_FIELDS[i]);
            return NULL;
        }
    }
    Py_XSETREF(READING_TYPE, (PyTypeObject *)Py_NewRef(cls));
    memcpy(READING_OFFSETS, offsets, sizeof offsets);
    Py_RETURN_NONE;
}

static PyMethodDef wilds_methods[] = {
    {"set_reading_type", w_set_reading_type, METH_O, set_reading_type_doc},
    {"regular_search", (PyCFunction)(void (*)(void))w_regular_search, METH_FASTCALL,
     regular_search_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef wilds_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.mahjong._wilds",
    "The compiled wild-tile search of the regular shape (see parlour.mahjong.kernel).",
    -1,
    wilds_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__wilds(void)
{
    CHOW_NAME = PyUnicode_InternFromString("chow");
    PUNG_NAME = PyUnicode_InternFromString("pung");
    REGULAR_NAME = PyUnicode_InternFromString("regular");
    if (CHOW_NAME == NULL || PUNG_NAME == NULL || REGULAR_NAME == NULL)
        return NULL;
    PyObject *m = PyModule_Create(&wilds_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "MAX_WILDS", MAXW) < 0 ||
        PyModule_AddIntConstant(m, "MAX_SETS", MAXG) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
