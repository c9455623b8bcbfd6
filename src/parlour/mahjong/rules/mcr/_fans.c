/*
 * parlour.mahjong.rules.mcr._fans: the compiled twin of MCR's fan engine in
 * parlour/mahjong/rules/mcr/scoring.py (the 81 fans, their exclusions, and the choice
 * of the reading worth the most).
 *
 * The Python module stays the reference; everything here must answer exactly as it does
 * (tests/rules/mcr/test_mcr_fans_kernel.py checks it on seeded random hands, every
 * reading, fan and total). The C side answers only the plain case: a parsed Situation of
 * the "mcr" rules, fourteen playing tiles, no wild marks, legal win flags. For anything
 * else score() returns None and the Python code answers (and raises the right error).
 *
 * Tiles are codes 16 * (suit + 1) + rank, the suits ordered characters, bamboo, dots,
 * then the honours 0x41-0x47 (E S W N C F P), as in the Python module; "our" tile order
 * (0-33: characters, dots, bamboo, honours) is parlour's.
 *
 * The per-fan rules that are data are tables: the fan keys (checked against the Python
 * table when the module is configured), the values (given by the Python table), the
 * tile-trait masks, and the exclusions of principle 1 (EXCLUDES below). The combination
 * rules of chows and pungs (principles 3 and 5) are code, one function per count of sets,
 * named as in the Python module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------ */
/* The fans, in the order of FANS in scoring.py */

enum {
    BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS,
    SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS, ALL_TERMINALS, LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS, ALL_HONORS, FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS,
    QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS, FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS,
    ALL_TERMINALS_AND_HONORS, SEVEN_PAIRS, GREATER_HONORS_AND_KNITTED_TILES,
    ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, UPPER_TILES,
    MIDDLE_TILES, LOWER_TILES, PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS,
    PURE_SHIFTED_CHOWS, ALL_FIVE, TRIPLE_PUNG, THREE_CONCEALED_PUNGS,
    LESSER_HONORS_AND_KNITTED_TILES, KNITTED_STRAIGHT, UPPER_FOUR, LOWER_FOUR,
    BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW,
    MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW, LAST_TILE_CLAIM,
    OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, ALL_PUNGS, HALF_FLUSH,
    MIXED_SHIFTED_CHOWS, ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGONS_PUNGS,
    OUTSIDE_HAND, FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE, DRAGON_PUNG,
    PREVALENT_WIND, SEAT_WIND, CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG,
    TWO_CONCEALED_PUNGS, CONCEALED_KONG, ALL_SIMPLES, PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW,
    SHORT_STRAIGHT, TWO_TERMINAL_CHOWS, PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG,
    ONE_VOIDED_SUIT, NO_HONORS, EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN,
    FLOWER_TILES, CONCEALED_KONG_AND_MELDED_KONG,
    NUM_FANS
};

static const char *const FAN_KEYS[NUM_FANS] = {
    "big_four_winds", "big_three_dragons", "all_green", "nine_gates", "four_kongs",
    "seven_shifted_pairs", "thirteen_orphans", "all_terminals", "little_four_winds",
    "little_three_dragons", "all_honors", "four_concealed_pungs", "pure_terminal_chows",
    "quadruple_chow", "four_pure_shifted_pungs", "four_pure_shifted_chows", "three_kongs",
    "all_terminals_and_honors", "seven_pairs", "greater_honors_and_knitted_tiles",
    "all_even_pungs", "full_flush", "pure_triple_chow", "pure_shifted_pungs", "upper_tiles",
    "middle_tiles", "lower_tiles", "pure_straight", "three_suited_terminal_chows",
    "pure_shifted_chows", "all_five", "triple_pung", "three_concealed_pungs",
    "lesser_honors_and_knitted_tiles", "knitted_straight", "upper_four", "lower_four",
    "big_three_winds", "mixed_straight", "reversible_tiles", "mixed_triple_chow",
    "mixed_shifted_pungs", "chicken_hand", "last_tile_draw", "last_tile_claim",
    "out_with_replacement_tile", "robbing_the_kong", "all_pungs", "half_flush",
    "mixed_shifted_chows", "all_types", "melded_hand", "two_concealed_kongs",
    "two_dragons_pungs", "outside_hand", "fully_concealed_hand", "two_melded_kongs",
    "last_tile", "dragon_pung", "prevalent_wind", "seat_wind", "concealed_hand", "all_chows",
    "tile_hog", "double_pung", "two_concealed_pungs", "concealed_kong", "all_simples",
    "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows",
    "pung_of_terminals_or_honors", "melded_kong", "one_voided_suit", "no_honors", "edge_wait",
    "closed_wait", "single_wait", "self_drawn", "flower_tiles",
    "concealed_kong_and_melded_kong",
};

/* The values of each fan under each kong_values option (0: source, 1: reference), given
 * by the Python table through configure(). */
static int VALUES[2][NUM_FANS];
static int configured = 0;

/* Principle 1: the fans each fan implies, removed when it is present. The rules are
 * applied in this order (as the reference does); the two rules that do more than remove
 * (Four Concealed Pungs turns Fully Concealed Hand into Self-Drawn; Big Three Winds takes
 * three Pung of Terminals or Honors) are in exclusions() beside the table. */
#define MAX_EXCLUDED 5
static const struct {
    int fan;
    int excludes[MAX_EXCLUDED + 1]; /* ends with -1 */
} EXCLUDES[] = {
    {BIG_FOUR_WINDS, {ALL_PUNGS, PUNG_OF_TERMINALS_OR_HONORS, -1}},
    {BIG_THREE_DRAGONS, {DRAGON_PUNG, -1}},
    {ALL_GREEN, {HALF_FLUSH, ONE_VOIDED_SUIT, -1}},
    {FOUR_KONGS, {SINGLE_WAIT, -1}},
    {ALL_TERMINALS,
     {ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS, NO_HONORS, DOUBLE_PUNG, -1}},
    {LITTLE_FOUR_WINDS, {PUNG_OF_TERMINALS_OR_HONORS, -1}},
    {LITTLE_THREE_DRAGONS, {DRAGON_PUNG, -1}},
    {ALL_HONORS, {ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS, ONE_VOIDED_SUIT, -1}},
    {FOUR_CONCEALED_PUNGS, {ALL_PUNGS, CONCEALED_HAND, -1}},
    {PURE_TERMINAL_CHOWS, {FULL_FLUSH, ALL_CHOWS, NO_HONORS, -1}},
    {FOUR_PURE_SHIFTED_PUNGS, {ALL_PUNGS, -1}},
    {ALL_TERMINALS_AND_HONORS, {ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS, -1}},
    {ALL_EVEN_PUNGS, {ALL_PUNGS, ALL_SIMPLES, NO_HONORS, -1}},
    {UPPER_TILES, {NO_HONORS, -1}},
    {MIDDLE_TILES, {ALL_SIMPLES, NO_HONORS, -1}},
    {LOWER_TILES, {NO_HONORS, -1}},
    {THREE_SUITED_TERMINAL_CHOWS, {ALL_CHOWS, NO_HONORS, -1}},
    {ALL_FIVE, {ALL_SIMPLES, NO_HONORS, -1}},
    {UPPER_FOUR, {NO_HONORS, -1}},
    {LOWER_FOUR, {NO_HONORS, -1}},
    {BIG_THREE_WINDS, {-1}},
    {REVERSIBLE_TILES, {ONE_VOIDED_SUIT, -1}},
    {LAST_TILE_DRAW, {SELF_DRAWN, -1}},
    {OUT_WITH_REPLACEMENT_TILE, {SELF_DRAWN, -1}},
    {MELDED_HAND, {SINGLE_WAIT, -1}},
    {TWO_DRAGONS_PUNGS, {DRAGON_PUNG, -1}},
    {FULLY_CONCEALED_HAND, {SELF_DRAWN, -1}},
    {ALL_CHOWS, {NO_HONORS, -1}},
    {ALL_SIMPLES, {NO_HONORS, -1}},
};

/* ------------------------------------------------------------------------------------ */
/* Tiles */

#define NKINDS 34
#define TABLE 0x48
#define E_ 0x41
#define S_ 0x42
#define W_ 0x43
#define N_ 0x44
#define C_ 0x45
#define F_ 0x46
#define P_ 0x47

enum { CHOW_SET, PUNG_SET, KONG_SET, PAIR_SET };

/* The reading's shapes, as in scoring.py */
enum {
    REGULAR, SEVEN_SHIFTED_PAIRS_SHAPE, SEVEN_PAIRS_SHAPE, HONOURS_AND_KNITTED, ORPHANS,
    KNITTED_STRAIGHT_SHAPE, NINE_GATES_SHAPE
};

static int CODE[NKINDS];    /* our tile -> code */
static int TILE_OF[TABLE];  /* code -> our tile (-1: none) */
static int TERMINAL[TABLE]; /* a suited 1 or 9 */

typedef uint64_t Mask; /* bit t for our tile t */

static Mask M_MASK, PD_MASK, SB_MASK, WINDS_MASK, DRAGONS_MASK, HONORS_MASK, TERMINALS_MASK,
    GREEN_MASK, REVERSIBLE_MASK, LOW_FOUR, UP_FOUR, MIDDLE, ORPHANS_MASK, RANK_MASK[10];
static Mask SUIT_MASKS[3];
static int KNITTED_CODES[6][9];
static Mask KNITTED_MASKS[6];

static Mask
bits(const int *tiles, int n)
{
    Mask m = 0;
    for (int i = 0; i < n; i++)
        m |= (Mask)1 << tiles[i];
    return m;
}

static Mask
range_mask(int lo, int hi)
{
    Mask m = 0;
    for (int t = lo; t < hi; t++)
        m |= (Mask)1 << t;
    return m;
}

static void
init_tiles(void)
{
    for (int c = 0; c < TABLE; c++) {
        TILE_OF[c] = -1;
        TERMINAL[c] = c < 0x41 && ((c & 15) == 1 || (c & 15) == 9);
    }
    for (int t = 0; t < NKINDS; t++) {
        int c = t < 9 ? 0x11 + t : t < 18 ? 0x31 + t - 9 : t < 27 ? 0x21 + t - 18 : 0x41 + t - 27;
        CODE[t] = c;
        TILE_OF[c] = t;
    }
    M_MASK = range_mask(0, 9);
    PD_MASK = range_mask(9, 18);
    SB_MASK = range_mask(18, 27);
    SUIT_MASKS[0] = M_MASK;
    SUIT_MASKS[1] = PD_MASK;
    SUIT_MASKS[2] = SB_MASK;
    WINDS_MASK = range_mask(27, 31);
    DRAGONS_MASK = range_mask(31, 34);
    HONORS_MASK = WINDS_MASK | DRAGONS_MASK;
    static const int terminals[] = {0, 8, 9, 17, 18, 26};
    static const int green[] = {19, 20, 21, 23, 25, 32};
    static const int reversible[] = {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33};
    TERMINALS_MASK = bits(terminals, 6);
    GREEN_MASK = bits(green, 6);
    REVERSIBLE_MASK = bits(reversible, 14);
    RANK_MASK[0] = 0;
    for (int r = 1; r <= 9; r++)
        RANK_MASK[r] = ((Mask)1 << (r - 1)) | ((Mask)1 << (9 + r - 1)) | ((Mask)1 << (18 + r - 1));
    LOW_FOUR = RANK_MASK[1] | RANK_MASK[2] | RANK_MASK[3] | RANK_MASK[4];
    UP_FOUR = RANK_MASK[6] | RANK_MASK[7] | RANK_MASK[8] | RANK_MASK[9];
    MIDDLE = RANK_MASK[4] | RANK_MASK[5] | RANK_MASK[6];
    ORPHANS_MASK = TERMINALS_MASK | HONORS_MASK;
    /* the six knitted straights: 147, 258, 369 spread over the three suits, in the
     * order of _KNITTED in scoring.py (codes sorted) */
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int k = 0; k < 6; k++) {
        int n = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                KNITTED_CODES[k][n++] = 16 * (perms[k][i] + 1) + (i + 1) + 3 * j;
        for (int a = 1; a < 9; a++) /* sort */
            for (int b = a; b > 0 && KNITTED_CODES[k][b - 1] > KNITTED_CODES[k][b]; b--) {
                int x = KNITTED_CODES[k][b];
                KNITTED_CODES[k][b] = KNITTED_CODES[k][b - 1];
                KNITTED_CODES[k][b - 1] = x;
            }
        Mask m = 0;
        for (int i = 0; i < 9; i++)
            m |= (Mask)1 << TILE_OF[KNITTED_CODES[k][i]];
        KNITTED_MASKS[k] = m;
    }
}

static int
popcount64(Mask m)
{
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

static int is_wind(int c) { return c >= E_ && c <= N_; }
static int is_dragon(int c) { return c >= C_; }

/* ------------------------------------------------------------------------------------ */
/* The hand being scored */

typedef struct {
    uint8_t kind, code, melded;
} Set;

typedef struct {
    int standing[TABLE]; /* concealed tiles with the winning tile, by code */
    int counts[NKINDS];  /* the same, our order */
    int win_tile;        /* our order */
    Set fixed[4];        /* exposed sets and concealed kongs, sorted */
    int n_fixed;
    int melded_sets;
    int fixed_table[TABLE];
    Mask present, standing_present;
    int fours;
    int win; /* code */
    int self_drawn, last_tile, wall_last, kong_involved;
    int seat, prevailing; /* wind codes */
    const int *values;
} Hand;

static uint32_t
eigen(Set s)
{
    uint32_t c = s.code;
    if (s.kind == CHOW_SET)
        return ((c - 1) << 16) | (c << 8) | (c + 1);
    return (c << 16) | (c << 8) | c;
}

static void
sort_sets(Set *sets, int n)
{
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && eigen(sets[b - 1]) > eigen(sets[b]); b--) {
            Set x = sets[b];
            sets[b] = sets[b - 1];
            sets[b - 1] = x;
        }
}

/* ------------------------------------------------------------------------------------ */
/* Divisions: the concealed tiles into sets and one pair, in the reference's order */

#define MAX_DIVISIONS 64

typedef struct {
    Set sets[5]; /* the sets, sorted, then the pair */
    int n;       /* sets and the pair */
} Division;

typedef struct {
    Division d[MAX_DIVISIONS];
    int n;
    int overflow;
} Divisions;

static void
divide(int *d, int from, Set *work, int nwork, int pair, Divisions *out)
{
    int c = from;
    while (c < TABLE && !d[c])
        c++;
    if (c >= TABLE) {
        if (!pair)
            return;
        if (out->n >= MAX_DIVISIONS) {
            out->overflow = 1;
            return;
        }
        Division *dv = &out->d[out->n++];
        memcpy(dv->sets, work, (size_t)nwork * sizeof(Set));
        sort_sets(dv->sets, nwork);
        dv->sets[nwork].kind = PAIR_SET;
        dv->sets[nwork].code = (uint8_t)pair;
        dv->sets[nwork].melded = 0;
        dv->n = nwork + 1;
        return;
    }
    if (!pair && d[c] >= 2) {
        d[c] -= 2;
        divide(d, c, work, nwork, c, out);
        d[c] += 2;
    }
    if (nwork >= 4)
        return;
    if (d[c] >= 3) {
        d[c] -= 3;
        work[nwork].kind = PUNG_SET;
        work[nwork].code = (uint8_t)c;
        work[nwork].melded = 0;
        divide(d, c, work, nwork + 1, pair, out);
        d[c] += 3;
    }
    if (c < 0x41 && (c & 15) <= 7 && d[c + 1] && d[c + 2]) {
        d[c]--;
        d[c + 1]--;
        d[c + 2]--;
        work[nwork].kind = CHOW_SET;
        work[nwork].code = (uint8_t)(c + 1);
        work[nwork].melded = 0;
        divide(d, c, work, nwork + 1, pair, out);
        d[c]++;
        d[c + 1]++;
        d[c + 2]++;
    }
}

static int
division_cmp(const Division *a, const Division *b)
{
    /* by the sets' eigens (the pair is decided by them) */
    for (int i = 0; i < a->n - 1 && i < b->n - 1; i++) {
        uint32_t x = eigen(a->sets[i]), y = eigen(b->sets[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return (a->n > b->n) - (a->n < b->n);
}

static int
same_division(const Division *a, const Division *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->sets[i].kind != b->sets[i].kind || a->sets[i].code != b->sets[i].code)
            return 0;
    return 1;
}

/* Every division of counts (our order) into sets and a pair, sorted, without repeats.
 * Returns -1 when there are too many to hold (the Python code answers then). */
static int
divisions_of(const int *counts, int sets, Divisions *out)
{
    int d[TABLE + 3];
    memset(d, 0, sizeof d);
    for (int t = 0; t < NKINDS; t++)
        d[CODE[t]] = counts[t];
    Set work[5];
    out->n = 0;
    out->overflow = 0;
    divide(d, 0x11, work, 0, 0, out);
    if (out->overflow)
        return -1;
    /* keep the divisions with the number of sets asked */
    int k = 0;
    for (int i = 0; i < out->n; i++)
        if (out->d[i].n == sets + 1)
            out->d[k++] = out->d[i];
    out->n = k;
    /* insertion sort (a handful), then drop repeats */
    for (int a = 1; a < out->n; a++)
        for (int b = a; b > 0 && division_cmp(&out->d[b - 1], &out->d[b]) > 0; b--) {
            Division x = out->d[b];
            out->d[b] = out->d[b - 1];
            out->d[b - 1] = x;
        }
    k = 0;
    for (int i = 0; i < out->n; i++)
        if (k == 0 || !same_division(&out->d[k - 1], &out->d[i]))
            out->d[k++] = out->d[i];
    out->n = k;
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Waits */

static int
sets_only(int *d, int len, int honor)
{
    int i = 0;
    while (i < len && !d[i])
        i++;
    if (i == len)
        return 1;
    if (d[i] >= 3) {
        d[i] -= 3;
        int ok = sets_only(d, len, honor);
        d[i] += 3;
        if (ok)
            return 1;
    }
    if (!honor && i <= 6 && d[i + 1] && d[i + 2]) {
        d[i]--;
        d[i + 1]--;
        d[i + 2]--;
        int ok = sets_only(d, len, honor);
        d[i]++;
        d[i + 1]++;
        d[i + 2]++;
        return ok;
    }
    return 0;
}

/* 0: no split; 1: sets only; 2: sets and one pair (_split_code in scoring.py). */
static int
split_code_raw(int *d, int len, int honor)
{
    int total = 0;
    for (int i = 0; i < len; i++)
        total += d[i];
    if (total % 3 == 0)
        return sets_only(d, len, honor) ? 1 : 0;
    if (total % 3 == 2) {
        for (int i = 0; i < len; i++)
            if (d[i] >= 2) {
                d[i] -= 2;
                int ok = sets_only(d, len, honor);
                d[i] += 2;
                if (ok)
                    return 2;
            }
    }
    return 0;
}

#define SUIT_KEYS 1953125 /* 5**9 */
#define HONOR_KEYS 78125  /* 5**7 */
static uint8_t *split_memo[2] = {NULL, NULL}; /* code + 1 by key; 0: not worked out */

static int
split_code(int *d, int len, int honor)
{
    int key = 0;
    for (int i = len - 1; i >= 0; i--) {
        if (d[i] > 4)
            return split_code_raw(d, len, honor); /* a fifth copy: not kept */
        key = key * 5 + d[i];
    }
    uint8_t *memo = split_memo[honor];
    if (memo == NULL) {
        memo = calloc(honor ? HONOR_KEYS : SUIT_KEYS, 1);
        if (memo == NULL)
            return split_code_raw(d, len, honor);
        split_memo[honor] = memo;
    }
    if (!memo[key])
        memo[key] = (uint8_t)(split_code_raw(d, len, honor) + 1);
    return memo[key] - 1;
}

static const int GROUP_LO[4] = {0, 9, 18, 27};
static const int GROUP_LEN[4] = {9, 9, 9, 7};

/* Does the hand before the winning tile wait on exactly one tile? counts: the standing
 * tiles with the winning tile; n: how many before it (seven pairs count when 13). */
static int
unique_wait(const int *counts, int n, int win)
{
    int rest[NKINDS];
    memcpy(rest, counts, sizeof rest);
    rest[win]--;
    int code[4], bad = 0, twos = 0;
    for (int g = 0; g < 4; g++) {
        code[g] = split_code(rest + GROUP_LO[g], GROUP_LEN[g], g == 3);
        bad += code[g] == 0;
        twos += code[g] == 2;
    }
    Mask waits = 0;
    if (bad <= 1) {
        for (int g = 0; g < 4; g++) {
            if (bad - (code[g] == 0))
                continue;
            int others = twos - (code[g] == 2);
            if (others > 1)
                continue;
            int want = others == 0 ? 2 : 1;
            int *d = rest + GROUP_LO[g];
            int len = GROUP_LEN[g], honor = g == 3;
            for (int r = 0; r < len; r++) {
                /* a tile with nothing of its group near it joins no set and no pair */
                int near = d[r];
                if (!honor)
                    for (int k = r - 2; k <= r + 2 && !near; k++)
                        near = k >= 0 && k < len && d[k];
                if (!near)
                    continue;
                d[r]++;
                int c = split_code(d, len, honor);
                d[r]--;
                if (c == want) {
                    waits |= (Mask)1 << (GROUP_LO[g] + r);
                    if (popcount64(waits) > 1)
                        return 0;
                }
            }
        }
    }
    if (n == 13) {
        int pairs = 0, odd = -1;
        for (int t = 0; t < NKINDS; t++) {
            pairs += rest[t] / 2;
            if (odd < 0 && (rest[t] & 1))
                odd = t;
        }
        if (pairs == 6 && odd >= 0)
            waits |= (Mask)1 << odd;
    }
    return popcount64(waits) == 1;
}

/* ------------------------------------------------------------------------------------ */
/* Group fans: chows and pungs (principles 3 and 5) */

static int
three_suits(int a, int b, int c)
{
    int sa = a >> 4, sb = b >> 4, sc = c >> 4;
    return sa != sb && sa != sc && sb != sc;
}

static int
shifted_1_any_order(int a, int b, int c)
{
    int lo = a, mid = b, hi = c, x;
    if (lo > mid) { x = lo; lo = mid; mid = x; }
    if (mid > hi) { x = mid; mid = hi; hi = x; }
    if (lo > mid) { x = lo; lo = mid; mid = x; }
    return lo + 1 == mid && mid + 1 == hi;
}

static int
four_chows_fan(int t0, int t1, int t2, int t3)
{
    if (t0 + 2 == t1 && t1 + 2 == t2 && t2 + 2 == t3)
        return FOUR_PURE_SHIFTED_CHOWS;
    if (t0 + 1 == t1 && t1 + 1 == t2 && t2 + 1 == t3)
        return FOUR_PURE_SHIFTED_CHOWS;
    if (t0 == t1 && t1 == t2 && t2 == t3)
        return QUADRUPLE_CHOW;
    return -1;
}

static int
three_chows_fan(int t0, int t1, int t2)
{
    if (three_suits(t0, t1, t2)) {
        int r0 = t0 & 15, r1 = t1 & 15, r2 = t2 & 15;
        if (shifted_1_any_order(r0, r1, r2))
            return MIXED_SHIFTED_CHOWS;
        if (r0 == r1 && r1 == r2)
            return MIXED_TRIPLE_CHOW;
        /* ranks 2, 5 and 8 in some order */
        if (r0 + r1 + r2 == 15 && r0 * r1 * r2 == 80)
            return MIXED_STRAIGHT;
        return -1;
    }
    if (t0 + 3 == t1 && t1 + 3 == t2)
        return PURE_STRAIGHT;
    if ((t0 + 2 == t1 && t1 + 2 == t2) || (t0 + 1 == t1 && t1 + 1 == t2))
        return PURE_SHIFTED_CHOWS;
    if (t0 == t1 && t1 == t2)
        return PURE_TRIPLE_CHOW;
    return -1;
}

static int
two_chows_fan(int t0, int t1)
{
    if (t0 >> 4 != t1 >> 4)
        return (t0 & 15) == (t1 & 15) ? MIXED_DOUBLE_CHOW : -1;
    if (t0 + 3 == t1 || t1 + 3 == t0)
        return SHORT_STRAIGHT;
    int r0 = t0 & 15, r1 = t1 & 15;
    if ((r0 == 2 && r1 == 8) || (r0 == 8 && r1 == 2))
        return TWO_TERMINAL_CHOWS;
    if (t0 == t1)
        return PURE_DOUBLE_CHOW;
    return -1;
}

static const int PAIR_FANS[4] = {PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT,
                                 TWO_TERMINAL_CHOWS};

static int
extra_chow_fan(int t0, int t1, int t2, int extra)
{
    int f[3] = {two_chows_fan(t0, extra), two_chows_fan(t1, extra), two_chows_fan(t2, extra)};
    for (int i = 0; i < 4; i++)
        if (f[0] == PAIR_FANS[i] || f[1] == PAIR_FANS[i] || f[2] == PAIR_FANS[i])
            return PAIR_FANS[i];
    return -1;
}

/* Count pairwise chow fans, at most `most` of them: repeated fans are cut first (down to
 * one, then to none), starting from Two Terminal Chows and working up. */
static void
limit_pair_fans(const int *fans, int nfans, int most, int *t)
{
    int counts[4] = {0, 0, 0, 0}, n = 0;
    for (int k = 0; k < nfans; k++) {
        if (fans[k] < 0)
            continue;
        for (int i = 0; i < 4; i++)
            if (PAIR_FANS[i] == fans[k])
                counts[i]++;
        n++;
    }
    int limit = 1;
    while (n > most && limit >= 0) {
        for (int i = 3; i >= 0; i--) {
            while (counts[i] > limit && n > most) {
                counts[i]--;
                n--;
            }
            if (n <= most)
                break;
        }
        limit--;
    }
    for (int i = 0; i < 4; i++)
        t[PAIR_FANS[i]] = counts[i];
}

static void
four_chows(const int *m, int *t)
{
    int fan = four_chows_fan(m[0], m[1], m[2], m[3]);
    if (fan >= 0) {
        t[fan] = 1;
        return;
    }
    static const int triples[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
    for (int k = 0; k < 4; k++) {
        const int *q = triples[k];
        fan = three_chows_fan(m[q[0]], m[q[1]], m[q[2]]);
        if (fan >= 0) {
            t[fan] = 1;
            fan = extra_chow_fan(m[q[0]], m[q[1]], m[q[2]], m[q[3]]);
            if (fan >= 0)
                t[fan] = 1;
            return;
        }
    }
    int pairs[6] = {two_chows_fan(m[0], m[1]), two_chows_fan(m[0], m[2]),
                    two_chows_fan(m[0], m[3]), two_chows_fan(m[1], m[2]),
                    two_chows_fan(m[1], m[3]), two_chows_fan(m[2], m[3])};
    int most = 3;
    /* a chow related to no other chow lowers the limit by one */
    static const int of_chow[4][3] = {{0, 1, 2}, {0, 3, 4}, {1, 3, 5}, {2, 4, 5}};
    for (int k = 0; k < 4; k++)
        if (pairs[of_chow[k][0]] < 0 && pairs[of_chow[k][1]] < 0 && pairs[of_chow[k][2]] < 0)
            most--;
    if (most > 0)
        limit_pair_fans(pairs, 6, most, t);
}

static void
three_chows(const int *m, int *t)
{
    int fan = three_chows_fan(m[0], m[1], m[2]);
    if (fan >= 0) {
        t[fan] = 1;
        return;
    }
    int pairs[3] = {two_chows_fan(m[0], m[1]), two_chows_fan(m[0], m[2]),
                    two_chows_fan(m[1], m[2])};
    limit_pair_fans(pairs, 3, 2, t);
}

static int
four_pungs_fan(int t0, int t1, int t2, int t3)
{
    if (t0 < 0x41 && t0 + 1 == t1 && t1 + 1 == t2 && t2 + 1 == t3)
        return FOUR_PURE_SHIFTED_PUNGS;
    if (t0 == E_ && t1 == S_ && t2 == W_ && t3 == N_)
        return BIG_FOUR_WINDS;
    return -1;
}

static int
three_pungs_fan(int t0, int t1, int t2)
{
    if (t0 < 0x41 && t1 < 0x41 && t2 < 0x41) {
        if (three_suits(t0, t1, t2)) {
            int r0 = t0 & 15, r1 = t1 & 15, r2 = t2 & 15;
            if (shifted_1_any_order(r0, r1, r2))
                return MIXED_SHIFTED_PUNGS;
            if (r0 == r1 && r1 == r2)
                return TRIPLE_PUNG;
        } else if (t0 + 1 == t1 && t1 + 1 == t2) {
            return PURE_SHIFTED_PUNGS;
        }
        return -1;
    }
    if (t0 >= E_ && t2 <= N_)
        return BIG_THREE_WINDS;
    if (t0 == C_ && t1 == F_ && t2 == P_)
        return BIG_THREE_DRAGONS;
    return -1;
}

static int
two_pungs_fan(int t0, int t1)
{
    if (t0 < 0x41 && t1 < 0x41)
        return (t0 & 15) == (t1 & 15) ? DOUBLE_PUNG : -1;
    if (is_dragon(t0) && is_dragon(t1))
        return TWO_DRAGONS_PUNGS;
    return -1;
}

static void
four_pungs(const int *p, int *t)
{
    int fan = four_pungs_fan(p[0], p[1], p[2], p[3]);
    if (fan >= 0) {
        t[fan] = 1;
        return;
    }
    static const int triples[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
    for (int k = 0; k < 4; k++) {
        const int *q = triples[k];
        fan = three_pungs_fan(p[q[0]], p[q[1]], p[q[2]]);
        if (fan >= 0) {
            t[fan] = 1;
            /* the fourth pung combines once, with the first of the three it relates to */
            int free = q[3];
            for (int i = 0; i < 4; i++) {
                if (i == free)
                    continue;
                int f = two_pungs_fan(p[i], p[free]);
                if (f >= 0) {
                    t[f]++;
                    break;
                }
            }
            return;
        }
    }
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int f = two_pungs_fan(p[i], p[j]);
            if (f >= 0)
                t[f]++;
        }
}

static void
three_pungs(const int *p, int *t)
{
    int fan = three_pungs_fan(p[0], p[1], p[2]);
    if (fan >= 0) {
        t[fan] = 1;
        return;
    }
    static const int two[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    for (int k = 0; k < 3; k++) {
        int f = two_pungs_fan(p[two[k][0]], p[two[k][1]]);
        if (f >= 0)
            t[f]++;
    }
}

static void
concealed_pungs_fan(int n, int *t)
{
    if (n == 2)
        t[TWO_CONCEALED_PUNGS] = 1;
    else if (n == 3)
        t[THREE_CONCEALED_PUNGS] = 1;
    else if (n == 4)
        t[FOUR_CONCEALED_PUNGS] = 1;
}

/* Kong fans and concealed-pung fans (concealed_pungs excludes concealed kongs). */
static void
kong_fans(int concealed_pungs, int melded_kongs, int concealed_kongs, int *t)
{
    int kongs = melded_kongs + concealed_kongs;
    int hidden = concealed_pungs + concealed_kongs;
    if (kongs == 0) {
        concealed_pungs_fan(concealed_pungs, t);
    } else if (kongs == 1) {
        t[melded_kongs ? MELDED_KONG : CONCEALED_KONG] = 1;
        if (melded_kongs) {
            if (concealed_pungs == 2 || concealed_pungs == 3)
                concealed_pungs_fan(concealed_pungs, t);
        } else {
            concealed_pungs_fan(hidden, t);
        }
    } else if (kongs == 2) {
        if (concealed_kongs == 0) {
            t[TWO_MELDED_KONGS] = 1;
            if (concealed_pungs == 2)
                t[TWO_CONCEALED_PUNGS] = 1;
        } else if (concealed_kongs == 1) {
            t[CONCEALED_KONG_AND_MELDED_KONG] = 1;
            if (concealed_pungs == 1 || concealed_pungs == 2)
                concealed_pungs_fan(hidden, t);
        } else {
            t[TWO_CONCEALED_KONGS] = 1;
            /* two concealed kongs alone do not add Two Concealed Pungs */
            if (concealed_pungs == 1 || concealed_pungs == 2)
                concealed_pungs_fan(hidden, t);
        }
    } else if (kongs == 3) {
        t[THREE_KONGS] = 1;
        if (concealed_kongs == 1 && concealed_pungs > 0)
            t[TWO_CONCEALED_PUNGS] = 1;
        else if (concealed_kongs == 2)
            t[concealed_pungs == 0 ? TWO_CONCEALED_PUNGS : THREE_CONCEALED_PUNGS] = 1;
        else if (concealed_kongs == 3)
            t[concealed_pungs == 0 ? THREE_CONCEALED_PUNGS : FOUR_CONCEALED_PUNGS] = 1;
    } else {
        t[FOUR_KONGS] = 1;
        if (concealed_kongs >= 2)
            concealed_pungs_fan(concealed_kongs, t);
    }
}

/* Pure Terminal Chows or Three-Suited Terminal Chows (four chows and a pair of 5s). */
static int
terminal_chows(const int *chows, int pair)
{
    if (pair >= 0x41 || (pair & 15) != 5)
        return -1;
    for (int i = 0; i < 4; i++)
        if ((chows[i] & 15) != 2 && (chows[i] & 15) != 8)
            return -1;
    int suit = pair >> 4, same = 0, lows = 0, highs = 0, low_n = 0, high_n = 0;
    for (int i = 0; i < 4; i++) {
        int s = chows[i] >> 4;
        same += s == suit;
        if ((chows[i] & 15) == 2) {
            lows |= 1 << s;
            low_n++;
        } else {
            highs |= 1 << s;
            high_n++;
        }
    }
    if (same == 4)
        return low_n == 2 && high_n == 2 ? PURE_TERMINAL_CHOWS : -1;
    if (same)
        return -1;
    int others = 0;
    for (int s = 1; s <= 3; s++)
        if (s != suit)
            others |= 1 << s;
    return lows == others && highs == others ? THREE_SUITED_TERMINAL_CHOWS : -1;
}

/* ------------------------------------------------------------------------------------ */
/* Whole-hand traits */

static void
win_flag_fans(const Hand *h, int *t)
{
    if (h->last_tile)
        t[LAST_TILE] = 1;
    if (h->self_drawn) {
        t[SELF_DRAWN] = 1;
        if (h->wall_last) {
            t[LAST_TILE_DRAW] = 1;
            t[SELF_DRAWN] = 0;
        }
        if (h->kong_involved) {
            t[OUT_WITH_REPLACEMENT_TILE] = 1;
            t[SELF_DRAWN] = 0;
        }
    } else {
        if (h->wall_last)
            t[LAST_TILE_CLAIM] = 1;
        if (h->kong_involved) {
            t[ROBBING_THE_KONG] = 1;
            t[LAST_TILE] = 0;
        }
    }
}

/* No Honors, One Voided Suit, Half Flush, Full Flush, All Types. */
static void
suit_fans(Mask present, int *t)
{
    if (!(present & HONORS_MASK))
        t[NO_HONORS] = 1;
    int voided = !(present & M_MASK) + !(present & SB_MASK) + !(present & PD_MASK);
    if (voided == 2) {
        if (t[NO_HONORS]) {
            t[FULL_FLUSH] = 1;
            t[NO_HONORS] = 0;
        } else {
            t[HALF_FLUSH] = 1;
        }
    } else {
        t[ONE_VOIDED_SUIT] += voided;
    }
    if (!voided && (present & WINDS_MASK) && (present & DRAGONS_MASK))
        t[ALL_TYPES] = 1;
}

/* All Simples, Reversible Tiles, All Green, All Honors, All Terminals, All Terminals and
 * Honors. */
static void
tile_trait_fans(Mask present, int *t)
{
    if (!(present & (TERMINALS_MASK | HONORS_MASK)))
        t[ALL_SIMPLES] = 1;
    if (!(present & ~REVERSIBLE_MASK))
        t[REVERSIBLE_TILES] = 1;
    if (!(present & ~GREEN_MASK))
        t[ALL_GREEN] = 1;
    if (t[ALL_SIMPLES])
        return;
    if (!(present & ~HONORS_MASK))
        t[ALL_HONORS] = 1;
    else if (!(present & ~TERMINALS_MASK))
        t[ALL_TERMINALS] = 1;
    else if (!(present & ~ORPHANS_MASK))
        t[ALL_TERMINALS_AND_HONORS] = 1;
}

/* Lower Four / Lower Tiles, Upper Four / Upper Tiles, Middle Tiles (suited only). */
static void
rank_range_fans(Mask present, int *t)
{
    if (present & HONORS_MASK)
        return;
    if (!(present & ~LOW_FOUR))
        t[(present & RANK_MASK[4]) ? LOWER_FOUR : LOWER_TILES] = 1;
    else if (!(present & ~UP_FOUR))
        t[(present & RANK_MASK[6]) ? UPPER_FOUR : UPPER_TILES] = 1;
    else if (!(present & ~MIDDLE))
        t[MIDDLE_TILES] = 1;
}

/* Outside Hand, All Five, All Even Pungs: a trait every set and the pair share. */
static void
set_trait_fans(const Set *a, int na, const Set *b, int nb, int *t)
{
    int terminal = 0, honor = 0, five = 0, even = 0;
    for (int k = 0; k < na + nb; k++) {
        Set s = k < na ? a[k] : b[k - na];
        int c = s.code;
        if (c >= 0x41) {
            honor++;
            continue;
        }
        int r = c & 15;
        if (s.kind == CHOW_SET) {
            if (r == 2 || r == 8)
                terminal++;
            else if (r >= 4 && r <= 6)
                five++;
        } else if (r == 1 || r == 9) {
            terminal++;
        } else if (r == 5) {
            five++;
        } else if (r == 2 || r == 4 || r == 6 || r == 8) {
            even++;
        }
    }
    if (terminal + honor == 5)
        t[OUTSIDE_HAND] = 1;
    else if (five == 5)
        t[ALL_FIVE] = 1;
    else if (even == 5)
        t[ALL_EVEN_PUNGS] = 1;
}

static void
wait_fans(const Set *concealed, int n, int win, int *t)
{
    if (t[MELDED_HAND] || t[FOUR_KONGS])
        return;
    int edge = 0, closed = 0, single = 0;
    for (int k = 0; k < n; k++) {
        int c = concealed[k].code;
        if (concealed[k].kind == CHOW_SET) {
            if (c == win)
                closed = 1;
            else if (c + 1 == win || c - 1 == win)
                edge = 1;
        } else if (concealed[k].kind == PAIR_SET && c == win) {
            single = 1;
        }
    }
    if (edge)
        t[EDGE_WAIT] = 1;
    else if (closed)
        t[CLOSED_WAIT] = 1;
    else if (single)
        t[SINGLE_WAIT] = 1;
}

/* Principle 1: remove the fans each fan implies (EXCLUDES, in order). */
static void
exclusions(int *t)
{
    size_t n = sizeof EXCLUDES / sizeof EXCLUDES[0];
    for (size_t k = 0; k < n; k++) {
        int fan = EXCLUDES[k].fan;
        if (!t[fan])
            continue;
        if (fan == BIG_THREE_WINDS) {
            if (!t[ALL_HONORS] && !t[ALL_TERMINALS_AND_HONORS])
                t[PUNG_OF_TERMINALS_OR_HONORS] -= 3; /* the three wind pungs are in the fan */
            continue;
        }
        for (const int *x = EXCLUDES[k].excludes; *x >= 0; x++)
            t[*x] = 0;
        if (fan == FOUR_CONCEALED_PUNGS && t[FULLY_CONCEALED_HAND]) {
            t[FULLY_CONCEALED_HAND] = 0;
            t[SELF_DRAWN] = 1;
        }
    }
}

/* Prevalent and Seat Wind for a wind pung; each replaces that pung's Pung of Terminals or
 * Honors unless a larger wind or honour fan has already taken it. */
static void
wind_fans(int tile, const Hand *h, int *t)
{
    int taken = t[BIG_THREE_WINDS] || t[ALL_TERMINALS_AND_HONORS] || t[ALL_HONORS] ||
                t[LITTLE_FOUR_WINDS];
    if (tile == h->prevailing) {
        t[PREVALENT_WIND] = 1;
        if (!taken)
            t[PUNG_OF_TERMINALS_OR_HONORS]--;
    }
    if (tile == h->seat) {
        t[SEAT_WIND] = 1;
        if (h->seat != h->prevailing && !taken)
            t[PUNG_OF_TERMINALS_OR_HONORS]--;
    }
}

static int
points_of(const int *t, const int *values)
{
    int p = 0;
    for (int i = 0; i < NUM_FANS; i++)
        p += values[i] * t[i];
    return p;
}

/* ------------------------------------------------------------------------------------ */
/* Readings: four sets and a pair */

static void
hand_fans(const Hand *h, int *t)
{
    memset(t, 0, NUM_FANS * sizeof(int));
    win_flag_fans(h, t);
    suit_fans(h->present, t);
    tile_trait_fans(h->present, t);
    rank_range_fans(h->present, t);
}

static void
sort_ints(int *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            int x = a[j];
            a[j] = a[j - 1];
            a[j - 1] = x;
        }
}

/* The fans of one reading: four sets (h->fixed and the division) and a pair. */
static void
regular_fans(const Hand *h, const Division *dv, int unique, const int *base, int *t)
{
    memcpy(t, base, NUM_FANS * sizeof(int));
    int win = h->win;
    int pair = dv->sets[dv->n - 1].code;
    int chows[4], pungs[4], n_chows = 0, n_pungs = 0;
    int concealed_pungs = 0, melded_kongs = 0, concealed_kongs = 0, chow_takes_win = 0;
    for (int k = 0; k < h->n_fixed + dv->n - 1; k++) {
        Set s = k < h->n_fixed ? h->fixed[k] : dv->sets[k - h->n_fixed];
        int c = s.code;
        if (s.kind == CHOW_SET) {
            chows[n_chows++] = c;
            if (!s.melded && c - 1 <= win && win <= c + 1)
                chow_takes_win = 1;
            continue;
        }
        pungs[n_pungs++] = c;
        if (s.kind == PUNG_SET) {
            if (!s.melded)
                concealed_pungs++;
        } else if (s.melded) {
            melded_kongs++;
        } else {
            concealed_kongs++;
        }
        if (c >= C_)
            t[DRAGON_PUNG]++;
        else if (c >= E_ || TERMINAL[c])
            t[PUNG_OF_TERMINALS_OR_HONORS]++;
    }
    if (!h->self_drawn && !chow_takes_win && h->standing[win] >= 3) {
        /* won on a discard that no concealed chow can take: the pung it completes is melded */
        for (int k = 0; k < dv->n; k++)
            if (dv->sets[k].code == win && dv->sets[k].kind == PUNG_SET)
                concealed_pungs--;
    }
    if (n_pungs) {
        kong_fans(concealed_pungs, melded_kongs, concealed_kongs, t);
        if (n_pungs == 4 && !t[FOUR_KONGS] && !t[FOUR_CONCEALED_PUNGS])
            t[ALL_PUNGS] = 1;
    }
    if (n_chows == 4) {
        int fan = terminal_chows(chows, pair);
        if (fan >= 0) {
            t[fan] = 1;
        } else {
            sort_ints(chows, 4);
            four_chows(chows, t);
        }
    } else if (n_chows == 3) {
        sort_ints(chows, 3);
        three_chows(chows, t);
    } else if (n_chows == 2) {
        int fan = two_chows_fan(chows[0], chows[1]);
        if (fan >= 0)
            t[fan]++;
        fan = two_pungs_fan(pungs[0], pungs[1]);
        if (fan >= 0)
            t[fan]++;
    } else if (n_chows == 1) {
        sort_ints(pungs, 3);
        three_pungs(pungs, t);
    } else {
        sort_ints(pungs, 4);
        four_pungs(pungs, t);
    }
    if (h->melded_sets == 0)
        t[h->self_drawn ? FULLY_CONCEALED_HAND : CONCEALED_HAND] = 1;
    else if (h->melded_sets == 4)
        t[h->self_drawn ? SELF_DRAWN : MELDED_HAND] = 1;
    else if (h->self_drawn)
        t[SELF_DRAWN] = 1;
    /* the pair: All Chows; Little Three Dragons; Little Four Winds */
    if (n_chows == 4) {
        if (pair < 0x41)
            t[ALL_CHOWS] = 1;
    } else if (t[TWO_DRAGONS_PUNGS]) {
        if (pair >= C_) {
            t[LITTLE_THREE_DRAGONS] = 1;
            t[TWO_DRAGONS_PUNGS] = 0;
        }
    } else if (t[BIG_THREE_WINDS] && is_wind(pair)) {
        t[LITTLE_FOUR_WINDS] = 1;
        t[BIG_THREE_WINDS] = 0;
    }
    set_trait_fans(h->fixed, h->n_fixed, dv->sets, dv->n, t);
    if (!t[QUADRUPLE_CHOW])
        t[TILE_HOG] = h->fours - melded_kongs - concealed_kongs;
    if (unique)
        wait_fans(dv->sets, dv->n, win, t);
    exclusions(t);
    if (!t[BIG_FOUR_WINDS])
        for (int k = 0; k < n_pungs; k++)
            if (is_wind(pungs[k]))
                wind_fans(pungs[k], h, t);
    int any = 0;
    for (int i = 0; i < NUM_FANS && !any; i++)
        any = t[i] != 0;
    if (!any)
        t[CHICKEN_HAND] = 1;
}

/* ------------------------------------------------------------------------------------ */
/* Special shapes */

static int
seven_shifted_pairs(const int *standing, int suit)
{
    int base = 16 * suit;
    for (int r = 3; r < 8; r++)
        if (standing[base + r] != 2)
            return 0;
    if (standing[base + 2] == 2)
        return standing[base + 1] == 2 || standing[base + 8] == 2;
    return standing[base + 8] == 2 && standing[base + 9] == 2;
}

/* Seven pairs, Seven Shifted Pairs, the honours-and-knitted hands, Thirteen Orphans.
 * Returns the shape, or -1. */
static int
special_shape(const Hand *h, int *t)
{
    const int *standing = h->standing;
    Mask present = h->present;
    memset(t, 0, NUM_FANS * sizeof(int));
    int odd = 0;
    for (int i = 0; i < NKINDS; i++)
        odd |= h->counts[i] & 1;
    if (!odd) {
        int suit = h->win >> 4;
        if (suit < 4 && seven_shifted_pairs(standing, suit)) {
            t[SEVEN_SHIFTED_PAIRS] = 1;
            if (!standing[16 * suit + 1] && !standing[16 * suit + 9])
                t[ALL_SIMPLES] = 1;
            win_flag_fans(h, t);
            return SEVEN_SHIFTED_PAIRS_SHAPE;
        }
        t[SEVEN_PAIRS] = 1;
        suit_fans(present, t);
        tile_trait_fans(present, t);
        rank_range_fans(present, t);
        t[TILE_HOG] = h->fours;
        win_flag_fans(h, t);
        exclusions(t);
        return SEVEN_PAIRS_SHAPE;
    }
    if (popcount64(present) == 14) {
        Mask suited = present & ~HONORS_MASK;
        int n = popcount64(suited);
        int knitted = 0;
        for (int k = 0; k < 6 && !knitted; k++)
            knitted = !(suited & ~KNITTED_MASKS[k]);
        if (n >= 7 && n <= 9 && knitted) {
            if (n == 7) {
                t[GREATER_HONORS_AND_KNITTED_TILES] = 1;
            } else {
                t[LESSER_HONORS_AND_KNITTED_TILES] = 1;
                if (n == 9)
                    t[KNITTED_STRAIGHT] = 1;
            }
            win_flag_fans(h, t);
            return HONOURS_AND_KNITTED;
        }
    } else if (present == ORPHANS_MASK) {
        t[THIRTEEN_ORPHANS] = 1;
        win_flag_fans(h, t);
        return ORPHANS;
    }
    return -1;
}

/* A knitted straight with one more set (which may be exposed) and a pair. Returns the
 * straight's index in KNITTED_CODES, or -1; the division in *out. */
static int
knitted_straight(const Hand *h, int *t, Division *out)
{
    const int *standing = h->standing;
    int body = -1;
    for (int k = 0; k < 6 && body < 0; k++)
        if ((h->standing_present & KNITTED_MASKS[k]) == KNITTED_MASKS[k])
            body = k;
    if (body < 0)
        return -1;
    int rest[NKINDS];
    memcpy(rest, h->counts, sizeof rest);
    for (int i = 0; i < 9; i++)
        rest[TILE_OF[KNITTED_CODES[body][i]]]--;
    int n_fixed = h->n_fixed;
    Divisions ds;
    if (divisions_of(rest, 1 - n_fixed, &ds) < 0 || ds.n != 1)
        return -1;
    *out = ds.d[0];
    const Division *dv = out;
    Set fourth = n_fixed ? h->fixed[0] : dv->sets[0];
    int pair = dv->sets[dv->n - 1].code;
    int kind = fourth.kind, tile = fourth.code, melded = fourth.melded;
    memset(t, 0, NUM_FANS * sizeof(int));
    t[KNITTED_STRAIGHT] = 1;
    const int *total = h->fixed_table;
    if (kind == CHOW_SET) {
        if (pair < 0x41)
            t[ALL_CHOWS] = 1;
        if (total[pair] + standing[pair] == 4)
            t[TILE_HOG] = 1;
    } else if (tile >= 0x41) {
        if (is_wind(tile)) {
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
            wind_fans(tile, h, t);
            if (is_dragon(pair))
                t[ALL_TYPES] = 1;
        } else {
            t[DRAGON_PUNG] = 1;
            if (is_wind(pair))
                t[ALL_TYPES] = 1;
        }
    } else {
        if (TERMINAL[tile])
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
        if (pair < 0x41)
            t[NO_HONORS] = 1;
        if (kind != KONG_SET && total[tile] + standing[tile] == 4)
            t[TILE_HOG] = 1;
    }
    win_flag_fans(h, t);
    if (melded) {
        if (kind == KONG_SET)
            t[MELDED_KONG] = 1;
    } else {
        if (kind == KONG_SET)
            t[CONCEALED_KONG] = 1;
        if (h->self_drawn) {
            t[FULLY_CONCEALED_HAND] = 1;
            t[SELF_DRAWN] = 0;
        } else {
            t[CONCEALED_HAND] = 1;
        }
    }
    int win = h->win;
    if (n_fixed == 0) {
        if (rest[h->win_tile] && unique_wait(rest, 4, h->win_tile))
            wait_fans(dv->sets, dv->n, win, t);
    } else {
        int in_body = 0;
        for (int i = 0; i < 9; i++)
            in_body |= KNITTED_CODES[body][i] == win;
        if (!in_body || standing[win] == 3)
            t[SINGLE_WAIT] = 1;
    }
    exclusions(t);
    return body;
}

/* 1112345678999 of one suit, concealed, and any tile of that suit. */
static int
nine_gates(const Hand *h, int *t)
{
    int win = h->win;
    if (win >= 0x41)
        return 0;
    if (h->standing_present != SUIT_MASKS[h->win_tile / 9])
        return 0;
    const int *standing = h->standing;
    int base = win & 0xF0, r = win & 15;
    int ones = standing[base + 1], nines = standing[base + 9];
    if (r == 1 || r == 9) {
        if (standing[win] != 4 || (r == 1 ? nines : ones) != 3)
            return 0;
        for (int k = 2; k <= 8; k++)
            if (standing[base + k] != 1)
                return 0;
    } else {
        if (standing[win] != 2 || ones != 3 || nines != 3)
            return 0;
        for (int k = 2; k <= 8; k++)
            if (k != r && standing[base + k] != 1)
                return 0;
    }
    memset(t, 0, NUM_FANS * sizeof(int));
    t[NINE_GATES] = 1;
    if (r == 1 || r == 9) {
        t[PURE_STRAIGHT] = 1;
        t[TILE_HOG] = 1;
    } else if (r == 2 || r == 8) {
        t[TWO_CONCEALED_PUNGS] = 1;
        t[SHORT_STRAIGHT] = 1;
        t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
    } else if (r == 5) {
        t[TWO_CONCEALED_PUNGS] = 1;
        t[PUNG_OF_TERMINALS_OR_HONORS] = 1;
    } else {
        t[SHORT_STRAIGHT] = 1;
    }
    win_flag_fans(h, t);
    return 1;
}

/* ------------------------------------------------------------------------------------ */
/* Choosing the reading */

typedef struct {
    int found; /* 0: the tiles form no MCR shape */
    int table[NUM_FANS];
    int points;
    int shape;
    int knitted;
    Set sets[9]; /* the fixed melds, then the division (the pair last) */
    int n_sets;
} Best;

static void
keep_sets(Best *b, const Hand *h, const Division *dv)
{
    b->n_sets = 0;
    for (int k = 0; k < h->n_fixed; k++)
        b->sets[b->n_sets++] = h->fixed[k];
    for (int k = 0; k < dv->n; k++)
        b->sets[b->n_sets++] = dv->sets[k];
}

/* Returns -1 when the Python code must answer (too many divisions to hold). */
static int
best_reading(const Hand *h, Best *b)
{
    const int *values = h->values;
    int seven_pairs = 0;
    int n_fixed = h->n_fixed;
    b->found = 0;
    b->points = 0;
    b->shape = REGULAR;
    b->knitted = 0;
    b->n_sets = 0;
    if (n_fixed <= 1) {
        int shape = -1;
        Division kd;
        if (n_fixed == 0)
            shape = special_shape(h, b->table);
        if (shape < 0) {
            int k = knitted_straight(h, b->table, &kd);
            if (k >= 0) {
                shape = KNITTED_STRAIGHT_SHAPE;
                b->knitted = k;
                keep_sets(b, h, &kd);
            }
        }
        if (shape < 0 && n_fixed == 0 && nine_gates(h, b->table))
            shape = NINE_GATES_SHAPE;
        if (shape >= 0) {
            b->found = 1;
            b->shape = shape;
            b->points = points_of(b->table, values);
            seven_pairs = b->table[SEVEN_PAIRS] == 1;
            if (!seven_pairs)
                return 0;
        }
    }
    Divisions ds;
    if (divisions_of(h->counts, 4 - n_fixed, &ds) < 0)
        return -1;
    if (!ds.n)
        return 0;
    int unique = unique_wait(h->counts, 13 - 3 * n_fixed, h->win_tile);
    int base[NUM_FANS], t[NUM_FANS];
    hand_fans(h, base);
    for (int i = 0; i < ds.n; i++) {
        regular_fans(h, &ds.d[i], unique, base, t);
        int points = points_of(t, values);
        if (points > b->points ||
            (points == b->points && (t[PURE_TRIPLE_CHOW] == 1 || seven_pairs || t[TRIPLE_PUNG]))) {
            b->found = 1;
            b->points = points;
            memcpy(b->table, t, sizeof t);
            b->shape = REGULAR;
            b->knitted = 0;
            keep_sets(b, h, &ds.d[i]);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Reading a Situation */

static PyObject *S_rules, *S_concealed, *S_melds, *S_win_tile, *S_self_drawn, *S_seat_wind,
    *S_round_wind, *S_last_wall_tile, *S_kong_replacement, *S_robbing_kong, *S_last_of_kind,
    *S_discarder, *S_wild_marks, *S_kind, *S_tiles, *S_exposed, *S_wilds, *S_tile, *S_how,
    *S_prevailing, *S_discarder_wind;

/* What a situation says, before it is checked and packed into a Hand. */
typedef struct {
    int concealed[14];
    int n_conc;
    int win_tile;
    struct {
        int kind, exposed, tiles[4];
    } melds[4];
    int n_melds;
    int self_drawn, last_wall, replacement, robbing, last_of_kind;
    int seat, round, discarder; /* wind indexes; discarder -1: none given */
    int reference;              /* kong_values is "reference" */
    int bonus;                  /* bonus tiles held (the JSON reader only) */
} Raw;

/* Check what the situation says and pack it into *h: 1 done, 0 the Python code must
 * answer (it raises the error, or the situation is out of the ordinary). The checks are
 * those of _prepare and _check_flags in scoring.py. */
static int
build_hand(const Raw *raw, Hand *h)
{
    memset(h, 0, sizeof *h);
    if (raw->n_melds > 4 || raw->n_conc + 3 * raw->n_melds != 13)
        return 0;
    int all[NKINDS];
    for (int i = 0; i < raw->n_conc; i++)
        h->counts[raw->concealed[i]]++;
    h->counts[raw->win_tile]++;
    memcpy(all, h->counts, sizeof all);
    int has_kong = 0;
    for (int i = 0; i < raw->n_melds; i++) {
        int k = raw->melds[i].kind, size = k == KONG_SET ? 4 : 3;
        const int *tv = raw->melds[i].tiles;
        if (k == PUNG_SET && !raw->melds[i].exposed)
            return 0; /* only kongs are declared concealed: the Python code says so */
        for (int j = 0; j < size; j++) {
            all[tv[j]]++;
            h->fixed_table[CODE[tv[j]]]++;
        }
        Set s;
        s.kind = (uint8_t)k;
        s.code = (uint8_t)CODE[k == CHOW_SET ? tv[1] : tv[0]];
        s.melded = (uint8_t)(k == KONG_SET ? raw->melds[i].exposed : 1);
        has_kong |= k == KONG_SET;
        h->fixed[h->n_fixed++] = s;
        h->melded_sets += s.melded;
    }
    for (int t = 0; t < NKINDS; t++) {
        if (all[t] > 4)
            return 0;
        if (all[t]) {
            h->present |= (Mask)1 << t;
            h->fours += all[t] == 4;
        }
        if (h->counts[t]) {
            h->standing_present |= (Mask)1 << t;
            h->standing[CODE[t]] = h->counts[t];
        }
    }
    sort_sets(h->fixed, h->n_fixed);
    h->win_tile = raw->win_tile;
    h->win = CODE[raw->win_tile];
    /* the win flags in legal combinations only (_check_flags raises otherwise) */
    int self_drawn = raw->self_drawn, robbing = raw->robbing, replacement = raw->replacement;
    int others_held = h->standing[h->win] - 1, in_melds = h->fixed_table[h->win];
    if ((robbing && self_drawn) || (replacement && !self_drawn) || (replacement && !has_kong) ||
        (robbing && (others_held || in_melds)) || (raw->last_of_kind && others_held) ||
        (self_drawn && raw->discarder >= 0) || raw->discarder == raw->seat)
        return 0;
    h->self_drawn = self_drawn;
    h->last_tile = raw->last_of_kind || in_melds == 3;
    h->wall_last = raw->last_wall;
    h->kong_involved = replacement || robbing;
    h->seat = E_ + raw->seat;
    h->prevailing = E_ + raw->round;
    h->values = VALUES[raw->reference ? 1 : 0];
    return 1;
}

static PyObject *S_rules, *S_concealed, *S_melds, *S_win_tile, *S_self_drawn, *S_seat_wind,
    *S_round_wind, *S_last_wall_tile, *S_kong_replacement, *S_robbing_kong, *S_last_of_kind,
    *S_discarder, *S_wild_marks, *S_kind, *S_tiles, *S_exposed, *S_wilds, *S_options, *S_bonus,
    *S_kong_values, *S_hand;

/* An int of 0..NKINDS-1, or -1. */
static int
tile_value(PyObject *o)
{
    if (!PyLong_CheckExact(o))
        return -1;
    long v = PyLong_AsLong(o);
    if (v < 0 || v >= NKINDS) {
        PyErr_Clear();
        return -1;
    }
    return (int)v;
}

/* The wind letter's index (E S W N), or -1. */
static int
wind_index(PyObject *o)
{
    if (!PyUnicode_Check(o) || PyUnicode_GET_LENGTH(o) != 1)
        return -1;
    Py_UCS4 ch = PyUnicode_READ_CHAR(o, 0);
    switch (ch) {
    case 'E': return 0;
    case 'S': return 1;
    case 'W': return 2;
    case 'N': return 3;
    default: return -1;
    }
}

/* Get attribute `name` of `o` as a truth value: 0/1, or -2 on error. */
static int
flag(PyObject *o, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(o, name);
    if (v == NULL)
        return -2;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r < 0 ? -2 : r;
}

/* Read the tiles of a hand into *raw: its concealed tiles and its melds (tuples or
 * lists) and the winning tile: 1 done, 0 the Python code must answer, -1 error. */
static int
read_tiles(PyObject *concealed, PyObject *melds, PyObject *win, Raw *raw)
{
    if (!(PyTuple_Check(concealed) || PyList_Check(concealed)) ||
        !(PyTuple_Check(melds) || PyList_Check(melds)))
        return 0;
    Py_ssize_t n_conc = PySequence_Fast_GET_SIZE(concealed),
               n_melds = PySequence_Fast_GET_SIZE(melds);
    if (n_conc > 14 || n_melds > 4)
        return 0;
    raw->n_conc = (int)n_conc;
    raw->n_melds = (int)n_melds;
    raw->win_tile = tile_value(win);
    if (raw->win_tile < 0)
        return 0;
    for (Py_ssize_t i = 0; i < n_conc; i++) {
        int t = tile_value(PySequence_Fast_GET_ITEM(concealed, i));
        if (t < 0)
            return 0;
        raw->concealed[i] = t;
    }
    for (Py_ssize_t i = 0; i < n_melds; i++) {
        PyObject *m = PySequence_Fast_GET_ITEM(melds, i);
        PyObject *kind = PyObject_GetAttr(m, S_kind);
        if (kind == NULL)
            return -1;
        PyObject *tiles = PyObject_GetAttr(m, S_tiles);
        PyObject *wilds = tiles ? PyObject_GetAttr(m, S_wilds) : NULL;
        int exposed = wilds ? flag(m, S_exposed) : -2;
        int k = -1;
        if (exposed >= 0 && PyUnicode_Check(kind)) {
            if (PyUnicode_CompareWithASCIIString(kind, "chow") == 0)
                k = CHOW_SET;
            else if (PyUnicode_CompareWithASCIIString(kind, "pung") == 0)
                k = PUNG_SET;
            else if (PyUnicode_CompareWithASCIIString(kind, "kong") == 0)
                k = KONG_SET;
        }
        int size = k == KONG_SET ? 4 : 3, good = k >= 0;
        if (good && (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) != size ||
                     !PyTuple_Check(wilds) || PyTuple_GET_SIZE(wilds) != 0))
            good = 0;
        for (int j = 0; good && j < size; j++) {
            raw->melds[i].tiles[j] = tile_value(PyTuple_GET_ITEM(tiles, j));
            good = raw->melds[i].tiles[j] >= 0;
        }
        raw->melds[i].kind = k;
        raw->melds[i].exposed = exposed;
        Py_DECREF(kind);
        Py_XDECREF(tiles);
        Py_XDECREF(wilds);
        if (exposed == -2)
            return -1;
        if (!good)
            return 0;
    }
    return 1;
}

/* Read the win flags of `how` (a Situation or a WinContext: the same names) into *raw:
 * 1 done, -1 error. */
static int
read_flags(PyObject *how, Raw *raw)
{
    raw->self_drawn = flag(how, S_self_drawn);
    raw->last_wall = flag(how, S_last_wall_tile);
    raw->replacement = flag(how, S_kong_replacement);
    raw->robbing = flag(how, S_robbing_kong);
    raw->last_of_kind = flag(how, S_last_of_kind);
    if (raw->self_drawn == -2 || raw->last_wall == -2 || raw->replacement == -2 ||
        raw->robbing == -2 || raw->last_of_kind == -2)
        return -1;
    return 1;
}

/* Read the winds (letters; the discarder's may be None) into *raw: 1 done, 0 the
 * Python code must answer. */
static int
read_winds(PyObject *seat, PyObject *round, PyObject *discarder, Raw *raw)
{
    raw->seat = wind_index(seat);
    raw->round = wind_index(round);
    if (raw->seat < 0 || raw->round < 0)
        return 0;
    raw->discarder = -1;
    if (discarder != Py_None) {
        raw->discarder = wind_index(discarder);
        if (raw->discarder < 0)
            return 0;
    }
    return 1;
}

/* Read a parsed Situation into *raw: 1 done, 0 the Python code must answer, -1 error. */
static int
read_situation(PyObject *sit, Raw *raw)
{
    int ok = 0;
    PyObject *rules = NULL, *marks = NULL, *concealed = NULL, *melds = NULL, *win = NULL,
             *seat = NULL, *round = NULL, *discarder = NULL;
    rules = PyObject_GetAttr(sit, S_rules);
    if (rules == NULL)
        goto error;
    if (!PyUnicode_Check(rules) || PyUnicode_CompareWithASCIIString(rules, "mcr") != 0)
        goto done;
    marks = PyObject_GetAttr(sit, S_wild_marks);
    if (marks == NULL)
        goto error;
    if (!PyTuple_Check(marks) || PyTuple_GET_SIZE(marks) != 0)
        goto done;
    concealed = PyObject_GetAttr(sit, S_concealed);
    if (concealed == NULL)
        goto error;
    melds = PyObject_GetAttr(sit, S_melds);
    if (melds == NULL)
        goto error;
    win = PyObject_GetAttr(sit, S_win_tile);
    if (win == NULL)
        goto error;
    ok = read_tiles(concealed, melds, win, raw);
    if (ok <= 0)
        goto done;
    ok = read_flags(sit, raw);
    if (ok < 0)
        goto done;
    seat = PyObject_GetAttr(sit, S_seat_wind);
    if (seat == NULL)
        goto error;
    round = PyObject_GetAttr(sit, S_round_wind);
    if (round == NULL)
        goto error;
    discarder = PyObject_GetAttr(sit, S_discarder);
    if (discarder == NULL)
        goto error;
    ok = read_winds(seat, round, discarder, raw);
    goto done;
error:
    ok = -1;
done:
    Py_XDECREF(rules);
    Py_XDECREF(marks);
    Py_XDECREF(concealed);
    Py_XDECREF(melds);
    Py_XDECREF(win);
    Py_XDECREF(seat);
    Py_XDECREF(round);
    Py_XDECREF(discarder);
    return ok;
}

/* Read a WonHand (the table's and the bots' hand won: concealed, melds, tile, seat_wind,
 * prevailing, how, discarder_wind) into *raw: 1 done, 0 the Python code must answer, -1
 * error. Its bonus tiles are not read (they add points, never validity). */
static int
read_won_hand(PyObject *hand, Raw *raw)
{
    int ok = 0;
    PyObject *concealed = NULL, *melds = NULL, *win = NULL, *how = NULL, *seat = NULL,
             *round = NULL, *discarder = NULL;
    concealed = PyObject_GetAttr(hand, S_concealed);
    if (concealed == NULL)
        goto error;
    melds = PyObject_GetAttr(hand, S_melds);
    if (melds == NULL)
        goto error;
    win = PyObject_GetAttr(hand, S_tile);
    if (win == NULL)
        goto error;
    ok = read_tiles(concealed, melds, win, raw);
    if (ok <= 0)
        goto done;
    how = PyObject_GetAttr(hand, S_how);
    if (how == NULL)
        goto error;
    ok = read_flags(how, raw);
    if (ok < 0)
        goto done;
    seat = PyObject_GetAttr(hand, S_seat_wind);
    if (seat == NULL)
        goto error;
    round = PyObject_GetAttr(hand, S_prevailing);
    if (round == NULL)
        goto error;
    discarder = PyObject_GetAttr(hand, S_discarder_wind);
    if (discarder == NULL)
        goto error;
    ok = read_winds(seat, round, discarder, raw);
    goto done;
error:
    ok = -1;
done:
    Py_XDECREF(concealed);
    Py_XDECREF(melds);
    Py_XDECREF(win);
    Py_XDECREF(how);
    Py_XDECREF(seat);
    Py_XDECREF(round);
    Py_XDECREF(discarder);
    return ok;
}

/* ------------------------------------------------------------------------------------ */
/* Reading a situation's JSON dict (the plain notation only) */

static int
honor_index(int ch)
{
    const char *letters = "ESWNCFP";
    for (int i = 0; i < 7; i++)
        if (letters[i] == ch)
            return i;
    return -1;
}

static int
suit_index(int ch)
{
    return ch == 'm' ? 0 : ch == 'p' ? 1 : ch == 's' ? 2 : -1;
}

/* The ASCII text of a str, or NULL (not a str, or not ASCII: left to the Python code). */
static const char *
ascii_text(PyObject *o, Py_ssize_t *len)
{
    if (!PyUnicode_Check(o) || !PyUnicode_IS_ASCII(o))
        return NULL;
    *len = PyUnicode_GET_LENGTH(o);
    return (const char *)PyUnicode_DATA(o);
}

/* Tiles in the plain notation (digits then m, p or s; honour letters; spaces and commas
 * between groups) into out[]: how many, or -1 for anything else (jokers, bonus tiles,
 * wild marks, glyphs, errors: the Python reader answers those). */
static int
scan_plain(const char *s, Py_ssize_t n, int *out, int room)
{
    int k = 0, pending = 0, ranks[14];
    for (Py_ssize_t i = 0; i < n; i++) {
        int ch = (unsigned char)s[i];
        if (ch >= '1' && ch <= '9') {
            if (pending >= 14)
                return -1;
            ranks[pending++] = ch - '1';
            continue;
        }
        int suit = suit_index(ch);
        if (suit >= 0) {
            if (!pending || k + pending > room)
                return -1;
            for (int j = 0; j < pending; j++)
                out[k++] = 9 * suit + ranks[j];
            pending = 0;
            continue;
        }
        if (pending)
            return -1;
        if (ch == ' ' || ch == ',' || ch == '\t' || ch == '\n')
            continue;
        int h = honor_index(ch);
        if (h < 0 || k >= room)
            return -1;
        out[k++] = 27 + h;
    }
    return pending ? -1 : k;
}

/* One meld in the plain notation: [123m] [EEE] [5555p] exposed, {4444m} a concealed
 * kong, tiles in order, nothing else inside. 1 done, 0 anything else. */
static int
scan_meld(PyObject *o, int *kind, int *exposed, int *tiles)
{
    Py_ssize_t n;
    const char *s = ascii_text(o, &n);
    if (s == NULL || n < 5 || n > 7)
        return 0;
    char open = s[0], close = s[n - 1];
    if (!((open == '[' && close == ']') || (open == '{' && close == '}')))
        return 0;
    /* the body: three or four digits and one suit letter, or three or four honours */
    Py_ssize_t body = n - 2;
    int honours = honor_index((unsigned char)s[1]) >= 0;
    for (Py_ssize_t i = 1; i < n - 1; i++) {
        int ch = (unsigned char)s[i];
        int ok = honours ? honor_index(ch) >= 0
                         : (i < n - 2 ? ch >= '1' && ch <= '9' : suit_index(ch) >= 0);
        if (!ok)
            return 0;
    }
    if (body != (honours ? 3 : 4) && body != (honours ? 4 : 5))
        return 0;
    int got = scan_plain(s + 1, body, tiles, 4);
    if (got < 3)
        return 0;
    int same = 1;
    for (int j = 1; j < got; j++)
        same &= tiles[j] == tiles[0];
    if (got == 4 && same)
        *kind = KONG_SET;
    else if (got == 3 && same)
        *kind = PUNG_SET;
    else if (got == 3 && tiles[0] < 27 && tiles[0] % 9 <= 6 && tiles[1] == tiles[0] + 1 &&
             tiles[2] == tiles[0] + 2)
        *kind = CHOW_SET;
    else
        return 0;
    *exposed = open == '[';
    if (!*exposed && *kind != KONG_SET)
        return 0;
    return 1;
}

static int
sort_tiles_cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The win tile in notation: its tile, or -1. */
static int
win_tile_of(PyObject *win)
{
    Py_ssize_t n;
    const char *text = ascii_text(win, &n);
    int one[1];
    if (text == NULL || n > 2 || scan_plain(text, n, one, 1) != 1)
        return -1;
    return one[0];
}

/* The "hand" field in the plain notation (melds in brackets among the concealed tiles,
 * the winning tile written among them, no "+T"): 1 read into *raw, 0 anything else. */
static int
read_hand(PyObject *hand, PyObject *win, Raw *raw)
{
    Py_ssize_t n;
    const char *text = ascii_text(hand, &n);
    if (text == NULL || win == NULL)
        return 0;
    int win_tile = win_tile_of(win);
    if (win_tile < 0)
        return 0;
    int loose[15], n_loose = 0;
    Py_ssize_t chunk = 0, i = 0;
    while (i <= n) {
        int ch = i < n ? (unsigned char)text[i] : 0;
        if (ch == '+' || ch == ']' || ch == '}')
            return 0;
        if (ch == '[' || ch == '{' || i == n) {
            /* the loose tiles before: a chunk of their own, as the Python reader scans */
            int got = scan_plain(text + chunk, i - chunk, loose + n_loose, 15 - n_loose);
            if (got < 0)
                return 0;
            n_loose += got;
            if (i == n)
                break;
            char close = ch == '[' ? ']' : '}';
            Py_ssize_t end = i + 1;
            while (end < n && text[end] != close)
                end++;
            if (end >= n || raw->n_melds >= 4)
                return 0;
            PyObject *meld = PyUnicode_FromStringAndSize(text + i, end + 1 - i);
            if (meld == NULL) {
                PyErr_Clear();
                return 0;
            }
            int m = raw->n_melds;
            int ok = scan_meld(meld, &raw->melds[m].kind, &raw->melds[m].exposed,
                               raw->melds[m].tiles);
            Py_DECREF(meld);
            if (!ok)
                return 0;
            raw->n_melds++;
            i = chunk = end + 1;
            continue;
        }
        i++;
    }
    /* the winning tile is one of the concealed tiles written */
    int at = -1;
    for (int k = 0; k < n_loose && at < 0; k++)
        if (loose[k] == win_tile)
            at = k;
    if (at < 0)
        return 0;
    raw->n_conc = 0;
    for (int k = 0; k < n_loose; k++)
        if (k != at)
            raw->concealed[raw->n_conc++] = loose[k];
    qsort(raw->concealed, (size_t)raw->n_conc, sizeof(int), sort_tiles_cmp);
    raw->win_tile = win_tile;
    return 1;
}

/* A field of the dict, or NULL when missing (*err set on an error). */
static PyObject *
field(PyObject *data, PyObject *key, int *found, int *err)
{
    PyObject *v = PyDict_GetItemWithError(data, key);
    if (v != NULL)
        (*found)++;
    else if (PyErr_Occurred())
        *err = 1;
    return v;
}

/* Read a situation dict into *raw: 1 done, 0 the Python code must answer, -1 error.
 * Only the plainest form is read here: "rules": "mcr", "concealed" and "melds" in the
 * plain notation, the win tile, the winds as capital letters, the flags as true or
 * false, a count of bonus tiles, the kong_values option; or "hand" in the plain
 * notation instead of "concealed" and "melds". Any other field or form is the Python
 * reader's. */
static int
read_json(PyObject *data, Raw *raw)
{
    int found = 0, err = 0;
    PyObject *rules = field(data, S_rules, &found, &err);
    PyObject *concealed = field(data, S_concealed, &found, &err);
    PyObject *melds = field(data, S_melds, &found, &err);
    PyObject *win = field(data, S_win_tile, &found, &err);
    PyObject *options = field(data, S_options, &found, &err);
    PyObject *bonus = field(data, S_bonus, &found, &err);
    PyObject *discarder = field(data, S_discarder, &found, &err);
    PyObject *seat = field(data, S_seat_wind, &found, &err);
    PyObject *round = field(data, S_round_wind, &found, &err);
    PyObject *hand = field(data, S_hand, &found, &err);
    PyObject *flags[5];
    PyObject *flag_keys[5] = {S_self_drawn, S_last_wall_tile, S_kong_replacement,
                              S_robbing_kong, S_last_of_kind};
    int *flag_out[5] = {&raw->self_drawn, &raw->last_wall, &raw->replacement, &raw->robbing,
                        &raw->last_of_kind};
    for (int i = 0; i < 5; i++)
        flags[i] = field(data, flag_keys[i], &found, &err);
    if (err)
        return -1;
    if (found != PyDict_GET_SIZE(data))
        return 0; /* "hand", or a field MCR does not know */
    if (rules == NULL || !PyUnicode_Check(rules) ||
        PyUnicode_CompareWithASCIIString(rules, "mcr") != 0 || win == NULL)
        return 0;
    for (int i = 0; i < 5; i++) {
        if (flags[i] == NULL || flags[i] == Py_False)
            *flag_out[i] = 0;
        else if (flags[i] == Py_True)
            *flag_out[i] = 1;
        else
            return 0;
    }
    raw->seat = seat == NULL ? 0 : wind_index(seat);
    raw->round = round == NULL ? 0 : wind_index(round);
    if (raw->seat < 0 || raw->round < 0)
        return 0;
    if (discarder != NULL && discarder != Py_None) {
        raw->discarder = wind_index(discarder);
        if (raw->discarder < 0)
            return 0;
    }
    if (bonus != NULL) {
        if (!PyLong_CheckExact(bonus))
            return 0;
        long b = PyLong_AsLong(bonus);
        if (b < 0 || b > 8) {
            PyErr_Clear();
            return 0;
        }
        raw->bonus = (int)b;
    }
    if (options != NULL) {
        if (!PyDict_CheckExact(options))
            return 0;
        Py_ssize_t n = PyDict_GET_SIZE(options);
        if (n > 1)
            return 0;
        if (n == 1) {
            PyObject *kv = PyDict_GetItemWithError(options, S_kong_values);
            if (kv == NULL)
                return PyErr_Occurred() ? -1 : 0;
            if (!PyUnicode_Check(kv))
                return 0;
            if (PyUnicode_CompareWithASCIIString(kv, "reference") == 0)
                raw->reference = 1;
            else if (PyUnicode_CompareWithASCIIString(kv, "source") != 0)
                return 0;
        }
    }
    Py_ssize_t n;
    const char *text;
    if (hand != NULL)
        return concealed == NULL && melds == NULL && read_hand(hand, win, raw);
    if (concealed != NULL) {
        text = ascii_text(concealed, &n);
        if (text == NULL)
            return 0;
        int got = scan_plain(text, n, raw->concealed, 14);
        if (got < 0)
            return 0;
        raw->n_conc = got;
        qsort(raw->concealed, (size_t)got, sizeof(int), sort_tiles_cmp);
    }
    raw->win_tile = win_tile_of(win);
    if (raw->win_tile < 0)
        return 0;
    if (melds != NULL) {
        if (!PyList_CheckExact(melds) && !PyTuple_CheckExact(melds))
            return 0;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(melds);
        if (m > 4)
            return 0;
        for (Py_ssize_t i = 0; i < m; i++)
            if (!scan_meld(PySequence_Fast_GET_ITEM(melds, i), &raw->melds[i].kind,
                           &raw->melds[i].exposed, raw->melds[i].tiles))
                return 0;
        raw->n_melds = (int)m;
    }
    return 1;
}

/* ------------------------------------------------------------------------------------ */
/* The module's functions */

/* The reading worth the most as a tuple (see score_doc); NULL on an error; None when
 * the Python code must answer. */
static PyObject *
answer(const Raw *raw, PyObject *facts)
{
    Hand h;
    Best b;
    if (!build_hand(raw, &h) || best_reading(&h, &b) < 0)
        Py_RETURN_NONE;
    if (!b.found) {
        if (facts == NULL)
            return Py_BuildValue("(iOiy#i)", 0, Py_None, 0, "", (Py_ssize_t)0, 0);
        return Py_BuildValue("(iOiy#iO)", 0, Py_None, 0, "", (Py_ssize_t)0, 0, facts);
    }
    char table[NUM_FANS];
    for (int i = 0; i < NUM_FANS; i++) {
        if (b.table[i] < 0 || b.table[i] > 127)
            Py_RETURN_NONE; /* never: a count out of a byte's range */
        table[i] = (char)b.table[i];
    }
    char sets[27];
    for (int k = 0; k < b.n_sets; k++) {
        sets[3 * k] = (char)b.sets[k].kind;
        sets[3 * k + 1] = (char)b.sets[k].code;
        sets[3 * k + 2] = (char)b.sets[k].melded;
    }
    if (facts == NULL)
        return Py_BuildValue("(iy#iy#i)", b.points, table, (Py_ssize_t)NUM_FANS, b.shape, sets,
                             (Py_ssize_t)(3 * b.n_sets), b.knitted);
    return Py_BuildValue("(iy#iy#iO)", b.points, table, (Py_ssize_t)NUM_FANS, b.shape, sets,
                         (Py_ssize_t)(3 * b.n_sets), b.knitted, facts);
}

PyDoc_STRVAR(score_doc,
"score(situation, reference, /)\n--\n\n"
"The reading worth the most of a parsed MCR Situation: (points, fans, shape, sets,\n"
"knitted), fans a bytes of the count of each fan of FANS, sets a bytes of (kind, code,\n"
"melded) triples (the fixed melds, then the division, the pair last), or (0, None, 0,\n"
"b'', 0) when the tiles form no MCR shape; None when the Python code must answer (a\n"
"situation it refuses, or one out of the ordinary). reference: the kong_values option\n"
"is 'reference'.");

static int
ready(void)
{
    if (!configured)
        PyErr_SetString(PyExc_RuntimeError, "_fans.configure() has not been called");
    return configured;
}

static void
clear_raw(Raw *raw)
{
    memset(raw, 0, sizeof *raw);
    raw->discarder = -1;
}

static PyObject *
fans_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "score() takes a situation and a flag");
        return NULL;
    }
    if (!ready())
        return NULL;
    Raw raw;
    clear_raw(&raw);
    raw.reference = PyObject_IsTrue(args[1]);
    if (raw.reference < 0)
        return NULL;
    int r = read_situation(args[0], &raw);
    if (r < 0)
        return NULL;
    if (r == 0)
        Py_RETURN_NONE;
    return answer(&raw, NULL);
}

PyDoc_STRVAR(points_doc,
"points(hand, reference, /)\n--\n\n"
"The points (flowers left out) of the reading worth the most of a WonHand (concealed,\n"
"melds, tile, seat_wind, prevailing, how, discarder_wind), -1 when its tiles form no\n"
"MCR shape: what deciding whether the rules accept a win needs, with no situation\n"
"built and no fans returned. None when the Python code must answer (as score()).\n"
"reference: the kong_values option is 'reference'.");

static PyObject *
fans_points(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "points() takes a won hand and a flag");
        return NULL;
    }
    if (!ready())
        return NULL;
    Raw raw;
    clear_raw(&raw);
    raw.reference = PyObject_IsTrue(args[1]);
    if (raw.reference < 0)
        return NULL;
    int r = read_won_hand(args[0], &raw);
    if (r < 0)
        return NULL;
    Hand h;
    Best b;
    if (r == 0 || !build_hand(&raw, &h) || best_reading(&h, &b) < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(b.found ? b.points : -1);
}

PyDoc_STRVAR(score_json_doc,
"score_json(data, /)\n--\n\n"
"score() on a situation dict in its plainest form (concealed and melds, or the hand,\n"
"in the plain notation), read here without a Situation:\n"
"(points, fans, shape, sets, knitted, facts), facts a bytes of the seat wind, the\n"
"payer's wind (indexes in E S W N), self-drawn (0 or 1), the bonus tiles held, the\n"
"kong_values option (1: 'reference'), then the concealed tiles with the winning tile,\n"
"sorted. None when the Python reader must read it.");

static PyObject *
fans_score_json(PyObject *self, PyObject *data)
{
    (void)self;
    if (!ready())
        return NULL;
    if (!PyDict_CheckExact(data))
        Py_RETURN_NONE;
    Raw raw;
    clear_raw(&raw);
    int r = read_json(data, &raw);
    if (r < 0)
        return NULL;
    if (r == 0 || raw.n_conc + 3 * raw.n_melds != 13)
        Py_RETURN_NONE;
    char facts[5 + 14];
    int own[15];
    memcpy(own, raw.concealed, (size_t)raw.n_conc * sizeof(int));
    own[raw.n_conc] = raw.win_tile;
    qsort(own, (size_t)raw.n_conc + 1, sizeof(int), sort_tiles_cmp);
    facts[0] = (char)raw.seat;
    facts[1] = (char)(raw.discarder >= 0 ? raw.discarder : (raw.seat + 3) % 4);
    facts[2] = (char)raw.self_drawn;
    facts[3] = (char)raw.bonus;
    facts[4] = (char)raw.reference;
    for (int i = 0; i <= raw.n_conc; i++)
        facts[5 + i] = (char)own[i];
    PyObject *packed = PyBytes_FromStringAndSize(facts, 5 + raw.n_conc + 1);
    if (packed == NULL)
        return NULL;
    PyObject *out = answer(&raw, packed);
    Py_DECREF(packed);
    return out;
}

PyDoc_STRVAR(configure_doc,
"configure(keys, source_values, reference_values, /)\n--\n\n"
"Check that keys are the fan keys in the engine's order and keep the values of each fan\n"
"under the two kong_values options. ValueError when the tables disagree.");

static int
read_values(PyObject *seq, int *out)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != NUM_FANS) {
        PyErr_SetString(PyExc_ValueError, "the values must be a tuple of one int per fan");
        return -1;
    }
    for (int i = 0; i < NUM_FANS; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        out[i] = (int)v;
    }
    return 0;
}

static PyObject *
fans_configure(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "configure() takes keys and two value tuples");
        return NULL;
    }
    PyObject *keys = args[0];
    if (!PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != NUM_FANS) {
        PyErr_Format(PyExc_ValueError, "the engine has %d fans", NUM_FANS);
        return NULL;
    }
    for (int i = 0; i < NUM_FANS; i++) {
        PyObject *k = PyTuple_GET_ITEM(keys, i);
        if (!PyUnicode_Check(k) || PyUnicode_CompareWithASCIIString(k, FAN_KEYS[i]) != 0) {
            PyErr_Format(PyExc_ValueError, "fan %d of the engine is %s", i, FAN_KEYS[i]);
            return NULL;
        }
    }
    if (read_values(args[1], VALUES[0]) < 0 || read_values(args[2], VALUES[1]) < 0)
        return NULL;
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef fans_methods[] = {
    {"score", (PyCFunction)(void (*)(void))fans_score, METH_FASTCALL, score_doc},
    {"score_json", (PyCFunction)fans_score_json, METH_O, score_json_doc},
    {"points", (PyCFunction)(void (*)(void))fans_points, METH_FASTCALL, points_doc},
    {"configure", (PyCFunction)(void (*)(void))fans_configure, METH_FASTCALL, configure_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fans_module = {
    PyModuleDef_HEAD_INIT,
    "parlour.mahjong.rules.mcr._fans",
    "The compiled twin of MCR's fan engine (parlour.mahjong.rules.mcr.scoring).",
    -1,
    fans_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__fans(void)
{
    init_tiles();
    struct {
        PyObject **slot;
        const char *name;
    } names[] = {
        {&S_rules, "rules"},
        {&S_concealed, "concealed"},
        {&S_melds, "melds"},
        {&S_win_tile, "win_tile"},
        {&S_self_drawn, "self_drawn"},
        {&S_seat_wind, "seat_wind"},
        {&S_round_wind, "round_wind"},
        {&S_last_wall_tile, "last_wall_tile"},
        {&S_kong_replacement, "kong_replacement"},
        {&S_robbing_kong, "robbing_kong"},
        {&S_last_of_kind, "last_of_kind"},
        {&S_discarder, "discarder"},
        {&S_wild_marks, "wild_marks"},
        {&S_kind, "kind"},
        {&S_tiles, "tiles"},
        {&S_exposed, "exposed"},
        {&S_wilds, "wilds"},
        {&S_options, "options"},
        {&S_bonus, "bonus"},
        {&S_kong_values, "kong_values"},
        {&S_hand, "hand"},
        {&S_tile, "tile"},
        {&S_how, "how"},
        {&S_prevailing, "prevailing"},
        {&S_discarder_wind, "discarder_wind"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *names[i].slot = PyUnicode_InternFromString(names[i].name);
        if (*names[i].slot == NULL)
            return NULL;
    }
    return PyModule_Create(&fans_module);
}
