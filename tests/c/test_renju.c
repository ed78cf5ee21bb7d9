/*
 * The C API test: every verdict of the shared fixture corpus, checked through the C API,
 * and the error paths of the boundary.
 *
 * Usage: test_renju GAMES_DIR FIXTURE_FILE...
 *   GAMES_DIR      fixtures/games (sample.txt and bad_records.txt are validated)
 *   FIXTURE_FILE   the files of fixtures/positions/
 *
 * Plain C99. Prints one line per failure and, last, "N passed, M failed"; exits 1 on any
 * failure. renju-ffi/tests/c_api.rs builds and runs it (under valgrind when present).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "renju.h"

static unsigned passed = 0;
static unsigned failed = 0;
static char context[256] = "";

static void check(int ok, int line, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL (test_renju.c:%d) %s%s%s\n", line, context, context[0] ? ": " : "", what);
        printf("     last error: %s\n", renju_last_error_message());
    }
}

#define CHECK(cond) check((cond) ? 1 : 0, __LINE__, #cond)

/* Checks a call's status; returns whether it matched. */
static int check_status(renju_status got, renju_status expected, int line, const char *call) {
    char what[512];
    int ok = got == expected;
    snprintf(what, sizeof what, "%s returned %s, expected %s", call, renju_status_name(got),
             renju_status_name(expected));
    check(ok, line, what);
    return ok;
}

#define EXPECT(call, status) check_status((call), (status), __LINE__, #call)
#define EXPECT_OK(call) EXPECT(call, RENJU_OK)

static renju_point pt(const char *text) {
    renju_point p = {-1, -1};
    if (renju_point_parse(text, &p) != RENJU_OK) {
        printf("bad point in the test itself: %s\n", text);
        exit(2);
    }
    return p;
}

/* ------------------------------------------------------------------------------------ */
/* The fixture corpus                                                                    */
/* ------------------------------------------------------------------------------------ */

static unsigned fixtures_checked = 0;
static unsigned queries_checked = 0;
static unsigned maps_checked = 0;

static void check_query(const renju_fixtures *fx, size_t i, size_t qi, renju_position *pos) {
    renju_fixture_query q;
    renju_verdict v;
    char text[RENJU_POINT_TEXT_CAPACITY];

    if (!EXPECT_OK(renju_fixtures_query(fx, i, qi, &q))) {
        return;
    }
    EXPECT_OK(renju_position_set_five_completion_counts(pos, q.five_completion_counts));
    EXPECT_OK(renju_point_format(q.point, text, sizeof text));
    CHECK(strcmp(text, q.point_text) == 0);
    if (!EXPECT_OK(renju_position_verdict(pos, q.point, &v))) {
        return;
    }
    {
        char what[256];
        snprintf(what, sizeof what, "query %s (line %lu): expected %s, got %s", q.point_text,
                 (unsigned long)q.line, q.expected, v.label);
        check(strcmp(v.label, q.expected) == 0 && v.kind == q.expected_kind &&
                  v.foul == q.expected_foul,
              __LINE__, what);
    }
    if (v.kind == RENJU_VERDICT_FORBIDDEN) {
        renju_foul foul = RENJU_FOUL_NONE;
        uint32_t fouls = 0;
        char *json = NULL;
        EXPECT_OK(renju_position_fouls_at(pos, q.point, &foul, &fouls));
        CHECK(foul == v.foul && fouls == v.fouls && fouls != 0);
        EXPECT_OK(renju_position_explain_json(pos, q.point, &json));
        CHECK(json != NULL && strstr(json, "\"forbidden\"") != NULL);
        EXPECT_OK(renju_string_free(json));
    }
    queries_checked++;
}

static void check_map(const renju_fixtures *fx, size_t i, size_t mi, int size) {
    renju_fixture_map m;
    renju_position *pos = NULL;
    renju_forbidden_point *got;
    size_t count = 0, k, j;
    char what[512];
    int same;

    if (!EXPECT_OK(renju_fixtures_map(fx, i, mi, &m))) {
        return;
    }
    if (!EXPECT_OK(renju_fixtures_position(fx, i, m.five_completion_counts, &pos))) {
        return;
    }
    got = malloc(sizeof *got * (size_t)size * (size_t)size);
    if (got == NULL) {
        exit(2);
    }
    EXPECT_OK(renju_position_forbidden_points(pos, got, (size_t)size * (size_t)size, &count));
    /* Same size, and every expected point found with its foul: the same map. */
    same = count == m.count;
    for (k = 0; same && k < m.count; k++) {
        int found = 0;
        for (j = 0; j < count; j++) {
            if (got[j].point.x == m.points[k].point.x && got[j].point.y == m.points[k].point.y) {
                found = got[j].foul == m.points[k].foul;
            }
        }
        same = found;
    }
    snprintf(what, sizeof what, "forbidden map (line %lu): expected %s; got %lu points",
             (unsigned long)m.line, m.text, (unsigned long)count);
    check(same, __LINE__, what);
    free(got);
    EXPECT_OK(renju_position_free(pos));
    maps_checked++;
}

static void check_fixture_file(const char *path) {
    renju_fixtures *fx = NULL;
    size_t n = 0, i, k;

    snprintf(context, sizeof context, "%s", path);
    if (!EXPECT_OK(renju_fixtures_read_file(path, &fx))) {
        return;
    }
    EXPECT_OK(renju_fixtures_count(fx, &n));
    CHECK(n > 0);
    for (i = 0; i < n; i++) {
        renju_fixture f;
        renju_position *pos = NULL;
        renju_position_info info;
        char *diagram = NULL;

        if (!EXPECT_OK(renju_fixtures_get(fx, i, &f))) {
            continue;
        }
        snprintf(context, sizeof context, "%s %s", path, f.id);
        CHECK(f.id != NULL && f.source != NULL && f.diagram != NULL && f.rule_name != NULL);
        CHECK(strcmp(f.rule_name, renju_rule_set_name(f.rule_set)) == 0);
        if (i == 0) {
            /* Borrowed strings are not the caller's to free: refused, not freed. */
            EXPECT(renju_string_free((char *)f.id), RENJU_ERROR_BAD_HANDLE);
        }
        /* The queries go through a position built from the diagram text... */
        if (!EXPECT_OK(renju_position_from_diagram(f.diagram, f.rule_set, f.to_move, &pos))) {
            continue;
        }
        EXPECT_OK(renju_position_get_info(pos, &info));
        CHECK(info.size == f.size && info.rule_set == f.rule_set && info.to_move == f.to_move);
        CHECK(info.moves == 0 && info.outcome.termination == RENJU_TERMINATION_UNFINISHED);
        EXPECT_OK(renju_position_diagram(pos, &diagram));
        CHECK(diagram != NULL && strcmp(diagram, f.diagram) == 0);
        EXPECT_OK(renju_string_free(diagram));
        for (k = 0; k < f.query_count; k++) {
            check_query(fx, i, k, pos);
        }
        EXPECT_OK(renju_position_free(pos));
        /* ...and the maps through the fixture's own position handle. */
        for (k = 0; k < f.map_count; k++) {
            check_map(fx, i, k, f.size);
        }
        EXPECT(renju_fixtures_query(fx, i, f.query_count, NULL), RENJU_ERROR_NULL_POINTER);
        {
            renju_fixture_query q;
            EXPECT(renju_fixtures_query(fx, i, f.query_count, &q), RENJU_ERROR_INDEX_OUT_OF_RANGE);
        }
        fixtures_checked++;
    }
    {
        renju_fixture f;
        EXPECT(renju_fixtures_get(fx, n, &f), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    }
    EXPECT_OK(renju_fixtures_free(fx));
    context[0] = '\0';
}

/* ------------------------------------------------------------------------------------ */
/* Positions and the error paths                                                         */
/* ------------------------------------------------------------------------------------ */

static void test_basics(void) {
    renju_point p;
    char buf[RENJU_POINT_TEXT_CAPACITY];
    const char *bad_utf8 = "\xff\xfe";

    snprintf(context, sizeof context, "basics");
    CHECK(strlen(renju_version()) > 0);
    CHECK(strcmp(renju_status_name(RENJU_ERROR_PARSE), "RENJU_ERROR_PARSE") == 0);
    CHECK(strcmp(renju_status_name(12345), "RENJU_UNKNOWN_STATUS") == 0);
    CHECK(strcmp(renju_rule_set_name(RENJU_RULE_CARO), "caro") == 0);
    CHECK(renju_rule_set_name(42) == NULL);

    EXPECT_OK(renju_point_parse("H8", &p));
    CHECK(p.x == 7 && p.y == 7);
    EXPECT_OK(renju_point_parse("z26", &p));
    EXPECT_OK(renju_point_format(p, buf, sizeof buf));
    CHECK(strcmp(buf, "z26") == 0);
    EXPECT(renju_point_format(p, buf, 3), RENJU_ERROR_BUFFER_TOO_SMALL);
    p.x = -1;
    EXPECT(renju_point_format(p, buf, sizeof buf), RENJU_ERROR_OFF_BOARD);
    EXPECT(renju_point_parse("h0", &p), RENJU_ERROR_PARSE);
    CHECK(strlen(renju_last_error_message()) > 0);
    EXPECT_OK(renju_point_parse("a1", &p));
    CHECK(strcmp(renju_last_error_message(), "") == 0);

    /* NULL pointers. */
    EXPECT(renju_point_parse(NULL, &p), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_point_parse("h8", NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_point_format(p, NULL, 4), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_position_new(RENJU_RULE_RENJU, 15, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_position_play(NULL, p, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_position_from_moves(NULL, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_games_count(NULL, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_fixtures_read_file(NULL, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT_OK(renju_position_free(NULL));
    EXPECT_OK(renju_games_free(NULL));
    EXPECT_OK(renju_fixtures_free(NULL));
    EXPECT_OK(renju_string_free(NULL));

    /* Invalid UTF-8. */
    EXPECT(renju_point_parse(bad_utf8, &p), RENJU_ERROR_INVALID_UTF8);
    {
        renju_position *pos = (renju_position *)1;
        EXPECT(renju_position_from_moves("h8 \xc3(", &pos), RENJU_ERROR_INVALID_UTF8);
        CHECK(pos == NULL);
    }
}

static void test_positions(void) {
    renju_position *pos = NULL, *copy = NULL;
    renju_verdict v;
    renju_move mv;
    renju_position_info info;
    renju_color stone;
    char *text = NULL;
    renju_point off = {15, 7}, negative = {-1, 0}, far = {7, 300};

    snprintf(context, sizeof context, "positions");
    /* Sizes and rule sets. */
    EXPECT(renju_position_new(RENJU_RULE_RENJU, 19, &pos), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(pos == NULL);
    EXPECT(renju_position_new(RENJU_RULE_FREESTYLE, 4, &pos), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_position_new(RENJU_RULE_FREESTYLE, -15, &pos), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_position_new(7, 15, &pos), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_position_new(RENJU_RULE_FREESTYLE, 19, &pos));
    EXPECT_OK(renju_position_get_info(pos, &info));
    CHECK(info.size == 19 && info.rule_set == RENJU_RULE_FREESTYLE);
    CHECK(info.to_move == RENJU_COLOR_BLACK);
    EXPECT(renju_position_undo(pos, &mv), RENJU_ERROR_NOTHING_TO_UNDO);
    EXPECT_OK(renju_position_free(pos));

    /* Play, pass, undo, verdicts. */
    EXPECT_OK(renju_position_from_moves("h8 a1 i8 a2 j8 a3 k8", &pos));
    EXPECT_OK(renju_position_verdict(pos, pt("a4"), &v));
    CHECK(v.kind == RENJU_VERDICT_CONTINUES && strcmp(v.label, "legal") == 0);
    EXPECT_OK(renju_position_play(pos, pt("a4"), &v));
    EXPECT(renju_position_play(pos, pt("h8"), &v), RENJU_ERROR_OCCUPIED);
    EXPECT(renju_position_play(pos, off, &v), RENJU_ERROR_OFF_BOARD);
    EXPECT(renju_position_play(pos, negative, &v), RENJU_ERROR_OFF_BOARD);
    EXPECT(renju_position_play(pos, far, &v), RENJU_ERROR_OFF_BOARD);
    EXPECT(renju_position_play(pos, pt("p16"), &v), RENJU_ERROR_OFF_BOARD);
    EXPECT(renju_position_stone_at(pos, off, &stone), RENJU_ERROR_OFF_BOARD);
    EXPECT_OK(renju_position_stone_at(pos, pt("a4"), &stone));
    CHECK(stone == RENJU_COLOR_WHITE);
    EXPECT_OK(renju_position_copy(pos, &copy));
    EXPECT_OK(renju_position_play(pos, pt("l8"), &v));
    CHECK(v.kind == RENJU_VERDICT_WIN && v.winner == RENJU_COLOR_BLACK);
    CHECK(strcmp(v.label, "win") == 0);
    EXPECT_OK(renju_position_get_info(pos, &info));
    CHECK(info.outcome.winner == RENJU_COLOR_BLACK);
    CHECK(info.outcome.termination == RENJU_TERMINATION_FIVE);
    EXPECT(renju_position_play(pos, pt("m8"), &v), RENJU_ERROR_GAME_OVER);
    EXPECT(renju_position_pass(pos, &v), RENJU_ERROR_GAME_OVER);
    EXPECT_OK(renju_position_undo(pos, &mv));
    CHECK(!mv.is_pass && mv.point.x == 11 && mv.point.y == 7);
    EXPECT_OK(renju_position_get_info(pos, &info));
    CHECK(info.outcome.termination == RENJU_TERMINATION_UNFINISHED && info.moves == 8);
    EXPECT_OK(renju_position_pass(pos, &v));
    CHECK(v.kind == RENJU_VERDICT_CONTINUES);
    EXPECT_OK(renju_position_pass(pos, &v));
    CHECK(v.kind == RENJU_VERDICT_DRAW && v.draw_reason == RENJU_DRAW_TWO_PASSES);
    EXPECT_OK(renju_position_moves(pos, &text));
    CHECK(text != NULL && strcmp(text, "h8 a1 i8 a2 j8 a3 k8 a4 pass pass") == 0);
    EXPECT_OK(renju_string_free(text));
    /* Strings: double free and foreign pointers are refused. */
    EXPECT(renju_string_free(text), RENJU_ERROR_BAD_HANDLE);
    {
        char foreign[8] = "h8";
        EXPECT(renju_string_free(foreign), RENJU_ERROR_BAD_HANDLE);
    }
    /* The copy was taken before l8. */
    EXPECT_OK(renju_position_get_info(copy, &info));
    CHECK(info.moves == 8 && info.outcome.termination == RENJU_TERMINATION_UNFINISHED);
    EXPECT_OK(renju_position_play_moves(copy, "b8 a5", &v));
    CHECK(v.kind == RENJU_VERDICT_WIN && v.winner == RENJU_COLOR_WHITE);
    EXPECT_OK(renju_position_free(copy));
    EXPECT_OK(renju_position_free(pos));

    /* Handles after free, foreign handles, handles of another type. */
    EXPECT(renju_position_play(pos, pt("m8"), &v), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_get_info(pos, &info), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_free(pos), RENJU_ERROR_BAD_HANDLE);
    {
        int local = 0;
        renju_games *games = NULL;
        EXPECT(renju_position_get_info((renju_position *)&local, &info), RENJU_ERROR_BAD_HANDLE);
        EXPECT(renju_position_free((renju_position *)&local), RENJU_ERROR_BAD_HANDLE);
        EXPECT_OK(renju_games_read_buffer((const uint8_t *)"h8\n", 3, "moves", NULL, &games));
        EXPECT(renju_position_get_info((renju_position *)games, &info), RENJU_ERROR_BAD_HANDLE);
        EXPECT(renju_position_free((renju_position *)games), RENJU_ERROR_BAD_HANDLE);
        EXPECT_OK(renju_games_free(games));
    }

    /* A double-three, its fouls, the forbidden map, the explanation. */
    EXPECT_OK(renju_position_from_moves("f8 a1 g8 a2 h6 a3 h7 a4", &pos));
    {
        renju_foul foul;
        uint32_t fouls;
        renju_forbidden_point small[1];
        size_t count = 99;
        EXPECT_OK(renju_position_fouls_at(pos, pt("h8"), &foul, &fouls));
        CHECK(foul == RENJU_FOUL_DOUBLE_THREE && fouls == RENJU_FOULS_DOUBLE_THREE);
        EXPECT_OK(renju_position_fouls_at(pos, pt("o15"), &foul, NULL));
        CHECK(foul == RENJU_FOUL_NONE);
        EXPECT(renju_position_fouls_at(pos, pt("f8"), &foul, NULL), RENJU_ERROR_OCCUPIED);
        EXPECT(renju_position_fouls_at(pos, off, &foul, NULL), RENJU_ERROR_OFF_BOARD);
        EXPECT(renju_position_forbidden_points(pos, NULL, 0, &count), RENJU_ERROR_BUFFER_TOO_SMALL);
        CHECK(count == 1);
        EXPECT_OK(renju_position_forbidden_points(pos, small, 1, &count));
        CHECK(count == 1 && small[0].point.x == 7 && small[0].point.y == 7);
        CHECK(small[0].foul == RENJU_FOUL_DOUBLE_THREE);
        EXPECT(renju_position_forbidden_points(pos, NULL, 1, &count), RENJU_ERROR_NULL_POINTER);
        EXPECT(renju_position_forbidden_points(pos, small, 1, NULL), RENJU_ERROR_NULL_POINTER);
    }
    EXPECT(renju_position_explain_json(pos, pt("f8"), &text), RENJU_ERROR_OCCUPIED);
    CHECK(text == NULL);
    EXPECT_OK(renju_position_explain_json(pos, pt("h8"), &text));
    CHECK(text != NULL && strstr(text, "\"double-three\"") != NULL);
    EXPECT_OK(renju_string_free(text));
    {
        /* Nested explanations: once each in "nested", referred to by key ("see"). */
        renju_position *nested = NULL;
        EXPECT_OK(renju_position_from_moves("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6", &nested));
        EXPECT_OK(renju_position_explain_json(nested, pt("j9"), &text));
        CHECK(text != NULL && strstr(text, "\"nested\"") != NULL);
        CHECK(strstr(text, "\"see\": 1") != NULL);
        EXPECT_OK(renju_string_free(text));
        EXPECT_OK(renju_position_free(nested));
    }
    {
        /* Pictures: the position, and the explanation of h8 (the double-three). */
        renju_point h8 = pt("h8"), f8 = pt("f8");
        const char *at;
        int stones = 0;
        EXPECT_OK(renju_position_svg(pos, 300, RENJU_SVG_DEFAULT, NULL, &text));
        CHECK(text != NULL && strncmp(text, "<svg", 4) == 0);
        CHECK(strstr(text, "width=\"300\"") != NULL);
        for (at = text; (at = strstr(at, "class=\"stone ")) != NULL; at++) {
            stones++;
        }
        CHECK(stones == 8);
        CHECK(strstr(text, "data-foul=\"double-three\"") != NULL);
        EXPECT_OK(renju_string_free(text));
        EXPECT_OK(renju_position_svg(pos, 300, RENJU_SVG_DEFAULT, &h8, &text));
        CHECK(text != NULL && strstr(text, "class=\"line three real\"") != NULL);
        CHECK(strstr(text, "Black at h8: forbidden (double-three)") != NULL);
        EXPECT_OK(renju_string_free(text));
        EXPECT(renju_position_svg(pos, 300, 0, &f8, &text), RENJU_ERROR_OCCUPIED);
        CHECK(text == NULL);
        EXPECT(renju_position_svg(pos, 0, 0, NULL, &text), RENJU_ERROR_INVALID_ARGUMENT);
        EXPECT(renju_position_svg(pos, 300, 0, NULL, NULL), RENJU_ERROR_NULL_POINTER);
    }
    EXPECT_OK(renju_position_play(pos, pt("h8"), &v));
    CHECK(v.kind == RENJU_VERDICT_FORBIDDEN && v.foul == RENJU_FOUL_DOUBLE_THREE);
    CHECK(strcmp(v.label, "double-three") == 0);
    EXPECT_OK(renju_position_get_info(pos, &info));
    CHECK(info.outcome.winner == RENJU_COLOR_WHITE);
    CHECK(info.outcome.termination == RENJU_TERMINATION_FORBIDDEN);
    EXPECT(renju_position_play(pos, pt("i9"), &v), RENJU_ERROR_GAME_OVER);
    EXPECT_OK(renju_position_free(pos));

    /* Move lists and diagrams that cannot be read. */
    EXPECT(renju_position_from_moves("h8 i9 zz", &pos), RENJU_ERROR_PARSE);
    CHECK(strstr(renju_last_error_message(), "move 3") != NULL);
    EXPECT(renju_position_from_moves("h8 h8", &pos), RENJU_ERROR_PARSE);
    EXPECT(renju_position_from_diagram("5 . . . . .\n", RENJU_RULE_FREESTYLE, RENJU_COLOR_BLACK,
                                       &pos),
           RENJU_ERROR_PARSE);
    EXPECT(renju_position_from_diagram("5 . . . . .\n4 . . . . .\n3 . . X . .\n2 . . . . .\n"
                                       "1 . . . . .\n",
                                       RENJU_RULE_FREESTYLE, RENJU_COLOR_NONE, &pos),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_position_from_diagram("5 . . . . .\n4 . . . . .\n3 . . X . .\n2 . . . . .\n"
                                          "1 . . . . .\n",
                                          RENJU_RULE_FREESTYLE, RENJU_COLOR_WHITE, &pos));
    EXPECT_OK(renju_position_stone_at(pos, pt("c3"), &stone));
    CHECK(stone == RENJU_COLOR_BLACK);
    EXPECT(renju_position_undo(pos, NULL), RENJU_ERROR_NOTHING_TO_UNDO);
    EXPECT_OK(renju_position_free(pos));
}

/* ------------------------------------------------------------------------------------ */
/* Stale handles and strings after address reuse                                         */
/* ------------------------------------------------------------------------------------ */

#define REUSE_TRIES 2000

/* A freed handle stays BAD_HANDLE even when new objects take its place: handles are
   never given out twice. The loop frees and recreates positions (so the allocator reuses
   the freed object's memory, as it does at once without a sanitizer) until a new handle
   equals the stale one or REUSE_TRIES pass; the library must never return it again. */
static void test_stale_handles(void) {
    renju_position *stale = NULL, *fresh = NULL;
    renju_position_info info;
    renju_verdict v;
    int i, repeated = 0;

    snprintf(context, sizeof context, "stale handles");
    EXPECT_OK(renju_position_from_moves("h8 h9", &stale));
    EXPECT_OK(renju_position_free(stale));
    for (i = 0; i < REUSE_TRIES && !repeated; i++) {
        EXPECT_OK(renju_position_from_moves("a1", &fresh));
        repeated = fresh == stale;
        if (!repeated && i + 1 < REUSE_TRIES) {
            EXPECT_OK(renju_position_free(fresh));
        }
    }
    CHECK(!repeated);
    /* The stale handle acts on nothing, and cannot free the live one... */
    EXPECT(renju_position_get_info(stale, &info), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_play(stale, pt("c3"), &v), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_free(stale), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_free(stale), RENJU_ERROR_BAD_HANDLE);
    /* ...which is intact. */
    EXPECT_OK(renju_position_get_info(fresh, &info));
    CHECK(info.moves == 1);
    EXPECT_OK(renju_position_free(fresh));
    EXPECT(renju_position_get_info(fresh, &info), RENJU_ERROR_BAD_HANDLE);
    /* Other handle types too. */
    {
        renju_games *games = NULL, *old = NULL;
        size_t count = 0;
        EXPECT_OK(renju_games_read_buffer((const uint8_t *)"h8\n", 3, "moves", NULL, &old));
        EXPECT_OK(renju_games_free(old));
        EXPECT_OK(renju_games_read_buffer((const uint8_t *)"h8\ni9\n", 6, "moves", NULL, &games));
        CHECK(games != old);
        EXPECT(renju_games_count(old, &count), RENJU_ERROR_BAD_HANDLE);
        EXPECT(renju_games_free(old), RENJU_ERROR_BAD_HANDLE);
        EXPECT_OK(renju_games_count(games, &count));
        CHECK(count == 2);
        EXPECT_OK(renju_games_free(games));
    }
}

/* A freed string stays BAD_HANDLE even when the library returns new strings of the same
   size: a double free of the stale one must not free a live one. New strings are kept
   until one lands at the stale address or REUSE_TRIES pass; then the stale string is
   freed again, and every live string must still read the same. */
static void test_stale_strings(void) {
    static char *live[REUSE_TRIES];
    renju_position *pos = NULL;
    char *stale = NULL, *other = NULL;
    int i, n = 0, repeated = 0, intact = 1;

    snprintf(context, sizeof context, "stale strings");
    EXPECT_OK(renju_position_from_moves("h8 h9 i9", &pos));
    EXPECT_OK(renju_position_moves(pos, &stale));
    EXPECT_OK(renju_string_free(stale));
    for (i = 0; i < REUSE_TRIES && !repeated; i++) {
        /* Alternately short texts and whole diagrams (several per page, or most of one). */
        renju_status status =
            i % 2 == 0 ? renju_position_moves(pos, &live[n]) : renju_position_diagram(pos, &live[n]);
        if (!EXPECT_OK(status)) {
            break;
        }
        repeated = live[n] == stale;
        n++;
        /* Free some as we go, so that pages fill and empty. */
        if (i % 3 == 2) {
            EXPECT_OK(renju_string_free(live[n - 2]));
            live[n - 2] = live[n - 1];
            n--;
        }
    }
    CHECK(!repeated);
    EXPECT(renju_string_free(stale), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_string_free(stale), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_position_diagram(pos, &other));
    for (i = 0; i < n; i++) {
        const char *expected = strchr(live[i], '\n') != NULL ? other : "h8 h9 i9";
        intact = intact && strcmp(live[i], expected) == 0;
    }
    CHECK(intact);
    for (i = 0; i < n; i++) {
        EXPECT_OK(renju_string_free(live[i]));
    }
    EXPECT(renju_string_free(live[0]), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_string_free(other));
    EXPECT_OK(renju_position_free(pos));
}

/* ------------------------------------------------------------------------------------ */
/* Game records                                                                          */
/* ------------------------------------------------------------------------------------ */

static void test_games(const char *games_dir) {
    char path[1024];
    renju_games *games = NULL;
    renju_game_record record;
    renju_game_result result;
    renju_validation_options options;
    renju_position *pos = NULL;
    char *json = NULL;
    size_t count = 0;

    snprintf(context, sizeof context, "games");
    snprintf(path, sizeof path, "%s/sample.txt", games_dir);
    if (!EXPECT_OK(renju_games_read_file(path, NULL, &games))) {
        return;
    }
    EXPECT_OK(renju_games_count(games, &count));
    CHECK(count == 5);
    EXPECT_OK(renju_games_record(games, 0, &record));
    CHECK(record.readable && record.error == NULL && record.move_count == 17 && record.size == 15);
    CHECK(strncmp(record.moves, "h8 h9 i9 g7 j10", 15) == 0);
    EXPECT_OK(renju_games_replay(games, 0, NULL, &result));
    CHECK(result.outcome.winner == RENJU_COLOR_BLACK);
    CHECK(result.outcome.termination == RENJU_TERMINATION_FIVE && result.moves == 17);
    CHECK(result.errors == 0);
    EXPECT_OK(renju_games_replay(games, 1, NULL, &result));
    CHECK(result.outcome.termination == RENJU_TERMINATION_UNFINISHED);
    EXPECT_OK(renju_games_replay(games, 2, NULL, &result));
    CHECK(result.outcome.termination == RENJU_TERMINATION_TWO_PASSES);
    CHECK(result.outcome.winner == RENJU_COLOR_NONE);
    EXPECT_OK(renju_games_replay(games, 3, NULL, &result));
    CHECK(result.outcome.termination == RENJU_TERMINATION_FORBIDDEN);
    CHECK(result.outcome.winner == RENJU_COLOR_WHITE && result.infos >= 1);
    EXPECT_OK(renju_games_replay(games, 4, NULL, &result));
    CHECK(result.outcome.termination == RENJU_TERMINATION_FIVE);
    CHECK(result.outcome.winner == RENJU_COLOR_WHITE);
    EXPECT(renju_games_replay(games, 5, NULL, &result), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT(renju_games_record(games, 5, &record), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_games_replay_position(games, 3, NULL, &pos));
    {
        renju_position_info info;
        EXPECT_OK(renju_position_get_info(pos, &info));
        CHECK(info.moves == 9 && info.outcome.termination == RENJU_TERMINATION_FORBIDDEN);
    }
    EXPECT_OK(renju_position_free(pos));

    /* Validation and its JSON report. */
    EXPECT_OK(renju_games_validate(games, NULL, &json));
    CHECK(json != NULL && strstr(json, "\"summary\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"games\": 5,") != NULL);
    CHECK(json != NULL && strstr(json, "\"errors\": 0,") != NULL);
    CHECK(json != NULL && strstr(json, "\"forbidden-move\": 1") != NULL);
    if (getenv("RENJU_TEST_SHOW_JSON") != NULL && json != NULL) {
        printf("%s\n", json);
    }
    EXPECT_OK(renju_string_free(json));

    /* Options: names are checked; a zeroed struct is the default. */
    memset(&options, 0, sizeof options);
    options.opening = "rif1996";
    options.claims = "rif-claim";
    options.five_completion_counts = 1;
    EXPECT_OK(renju_games_validate(games, &options, &json));
    EXPECT_OK(renju_string_free(json));
    options.opening = "no-such-opening";
    EXPECT(renju_games_validate(games, &options, &json), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(json == NULL);
    options.opening = NULL;
    options.claims = "\xff";
    EXPECT(renju_games_validate(games, &options, &json), RENJU_ERROR_INVALID_UTF8);
    options.claims = NULL;
    options.rule_set = 99;
    EXPECT(renju_games_replay(games, 0, &options, &result), RENJU_ERROR_INVALID_ARGUMENT);
    options.rule_set = RENJU_RULE_FREESTYLE;
    EXPECT_OK(renju_games_replay(games, 0, &options, &result));
    EXPECT_OK(renju_games_free(games));
    EXPECT(renju_games_count(games, &count), RENJU_ERROR_BAD_HANDLE);

    /* A file with bad records: each is reported, the good ones still validated. */
    snprintf(path, sizeof path, "%s/bad_records.txt", games_dir);
    if (EXPECT_OK(renju_games_read_file(path, "moves", &games))) {
        size_t i, unreadable = 0;
        EXPECT_OK(renju_games_count(games, &count));
        CHECK(count == 6);
        for (i = 0; i < count; i++) {
            EXPECT_OK(renju_games_record(games, i, &record));
            if (!record.readable) {
                unreadable++;
                CHECK(record.error != NULL && record.moves == NULL && record.line > 0);
                EXPECT(renju_games_replay(games, i, NULL, &result), RENJU_ERROR_PARSE);
            }
        }
        CHECK(unreadable == 1);
        EXPECT_OK(renju_games_validate(games, NULL, &json));
        CHECK(json != NULL && strstr(json, "\"unreadable-record\"") != NULL);
        /* Replay findings carry their record's line too (game 1, line 4: h8 twice). */
        CHECK(json != NULL && strstr(json, "is occupied\",\n          \"line\": 4\n") != NULL);
        CHECK(json != NULL && strstr(json, "\"errors\": 0,") == NULL);
        EXPECT_OK(renju_string_free(json));
        EXPECT_OK(renju_games_free(games));
    }

    /* Buffers, formats, files that cannot be read. */
    {
        const char *text = "h8 i9 j10\n";
        const char *rif = "<database><games><game id=\"1\"><move>h8 i9";
        EXPECT_OK(renju_games_read_buffer((const uint8_t *)text, strlen(text), NULL, "a.txt",
                                          &games));
        EXPECT_OK(renju_games_count(games, &count));
        CHECK(count == 1);
        EXPECT_OK(renju_games_record(games, 0, &record));
        CHECK(record.readable && strcmp(record.moves, "h8 i9 j10") == 0 && record.id == NULL);
        EXPECT_OK(renju_games_free(games));
        EXPECT(renju_games_read_buffer((const uint8_t *)text, strlen(text), "docx", NULL, &games),
               RENJU_ERROR_INVALID_ARGUMENT);
        CHECK(games == NULL);
        EXPECT(renju_games_read_buffer((const uint8_t *)text, strlen(text), NULL, NULL, &games),
               RENJU_ERROR_INVALID_ARGUMENT);
        EXPECT(renju_games_read_buffer(NULL, 5, "moves", NULL, &games), RENJU_ERROR_NULL_POINTER);
        EXPECT_OK(renju_games_read_buffer(NULL, 0, "moves", NULL, &games));
        EXPECT_OK(renju_games_count(games, &count));
        CHECK(count == 0);
        EXPECT_OK(renju_games_free(games));
        EXPECT(renju_games_read_file("records.unknown", NULL, &games),
               RENJU_ERROR_INVALID_ARGUMENT);
        EXPECT(renju_games_read_file("/nonexistent/records.txt", NULL, &games), RENJU_ERROR_IO);
        /* Malformed XML: the reader reports it as an unreadable record. */
        EXPECT_OK(renju_games_read_buffer((const uint8_t *)rif, strlen(rif), "rif", "bad.rif",
                                          &games));
        EXPECT_OK(renju_games_count(games, &count));
        CHECK(count >= 1);
        if (count >= 1) {
            EXPECT_OK(renju_games_record(games, count - 1, &record));
            CHECK(!record.readable && strstr(record.error, "bad.rif") != NULL);
        }
        EXPECT_OK(renju_games_free(games));
    }
}

static void test_fixture_errors(const char *games_dir) {
    renju_fixtures *fx = (renju_fixtures *)1;
    char path[1024];

    snprintf(context, sizeof context, "fixture errors");
    EXPECT(renju_fixtures_parse("== x ==\nsource: s\nboard:\n1 . .\n", &fx), RENJU_ERROR_PARSE);
    CHECK(fx == NULL);
    CHECK(strstr(renju_last_error_message(), "line") != NULL);
    EXPECT(renju_fixtures_parse("not a fixture\n", &fx), RENJU_ERROR_PARSE);
    snprintf(path, sizeof path, "%s/sample.txt", games_dir);
    EXPECT(renju_fixtures_read_file(path, &fx), RENJU_ERROR_PARSE);
    CHECK(strstr(renju_last_error_message(), "sample.txt") != NULL);
    EXPECT(renju_fixtures_read_file("/nonexistent/fixtures.txt", &fx), RENJU_ERROR_IO);
    EXPECT_OK(renju_fixtures_parse("", &fx));
    {
        size_t n = 1;
        EXPECT_OK(renju_fixtures_count(fx, &n));
        CHECK(n == 0);
    }
    EXPECT_OK(renju_fixtures_free(fx));
    EXPECT(renju_fixtures_free(fx), RENJU_ERROR_BAD_HANDLE);
}

static void test_clock(void) {
    renju_clock *clock = NULL;
    renju_clock_state st;
    char *text = NULL;

    snprintf(context, sizeof context, "clock");
    EXPECT_OK(renju_time_control_format("40/6000+30:900+30", &text));
    CHECK(text != NULL && strcmp(text, "40/6000+30:900+30") == 0);
    EXPECT_OK(renju_string_free(text));
    EXPECT(renju_time_control_format("300+a", &text), RENJU_ERROR_PARSE);
    CHECK(text == NULL && strstr(renju_last_error_message(), "300+a") != NULL);
    EXPECT(renju_time_control_format(NULL, &text), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_clock_new("-", 0, 0, &clock), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(clock == NULL);
    EXPECT(renju_clock_new("60", 7, 0, &clock), RENJU_ERROR_INVALID_ARGUMENT);

    /* Byo-yomi: one minute of main time, then 3 periods of 30 s. */
    EXPECT_OK(renju_clock_new("TM[60]OT[3x30 byo-yomi]", 0, 0, &clock));
    EXPECT_OK(renju_clock_press(clock, 70000, &st)); /* Black: main gone, 10 s into overtime */
    CHECK(st.black.overtime_periods_left == 3 && st.black.time_left_ms == 30000);
    CHECK(st.to_move == RENJU_COLOR_WHITE && st.result == RENJU_CLOCK_RUNNING);
    EXPECT_OK(renju_clock_penalty(clock, RENJU_COLOR_WHITE, 5000, 0, &st));
    CHECK(st.white.time_left_ms == 55000);
    EXPECT(renju_clock_penalty(clock, RENJU_COLOR_WHITE, 400000, 0, &st),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_clock_penalty(clock, 9, 1, 0, &st), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_clock_split(clock, &st), RENJU_ERROR_INVALID_ARGUMENT);
    /* White: 55 s of main time and all three periods are not enough. */
    EXPECT_OK(renju_clock_press(clock, 145001, &st));
    CHECK(st.result == RENJU_CLOCK_FLAG && st.loser == RENJU_COLOR_WHITE && st.flag_move == 2);
    EXPECT(renju_clock_press(clock, 1, &st), RENJU_ERROR_GAME_OVER);
    EXPECT_OK(renju_clock_get_state(clock, &st));
    CHECK(st.black.used_ms == 70000 && st.white.moves == 1);
    EXPECT_OK(renju_clock_free(clock));
    EXPECT(renju_clock_press(clock, 1, &st), RENJU_ERROR_BAD_HANDLE);

    /* A shared pool, split by the referee. */
    EXPECT_OK(renju_clock_new("shared 100", 0, 0, &clock));
    EXPECT_OK(renju_clock_press(clock, 30000, &st));
    CHECK(st.shared_ms == 70000);
    EXPECT_OK(renju_clock_split(clock, &st));
    CHECK(st.shared_ms == -1 && st.black.time_left_ms == 35000);
    EXPECT_OK(renju_clock_free(clock));
}

/* Tournaments: the FIDE TEC exercise through the C API (BH under the 2024 and 2026
   rules), defaults, shared places, findings JSON and the error paths. */
static void test_tournaments(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_standings *s = NULL;
    renju_standings_options options = {0};
    renju_standing_row row;
    size_t n = 0, k = 0, i;
    double v = 0;
    const char *code = NULL, *system = NULL, *regulation = NULL;
    char *json = NULL;
    static const char bad_trf[] = "012 x\n001 abcd      Ann\n";

    snprintf(context, sizeof context, "tournaments");
    snprintf(path, sizeof path, "%s/../tournaments/fide_tec_exercise.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_count(t, &n));
    CHECK(n == 1);

    options.tiebreaks = "BH,BH/C1";
    options.unplayed = "fide-2024";
    EXPECT_OK(renju_tournament_standings(t, 0, &options, &s));
    EXPECT_OK(renju_standings_row_count(s, &n));
    EXPECT_OK(renju_standings_tiebreak_count(s, &k));
    CHECK(n == 16 && k == 2);
    EXPECT_OK(renju_standings_tiebreak_code(s, 1, &code));
    CHECK(code != NULL && strcmp(code, "BH/C1") == 0);
    EXPECT_OK(renju_standings_info(s, &system, &regulation));
    CHECK(strcmp(system, "swiss") == 0 && strcmp(regulation, "fide-2024") == 0);
    EXPECT_OK(renju_standings_row(s, 0, &row));
    CHECK(row.rank == 1 && row.id == 2 && row.points == 4.0 && !row.shared);
    CHECK(strcmp(row.name, "Player 2") == 0);
    for (i = 0; i < n; i++) {
        EXPECT_OK(renju_standings_row(s, i, &row));
        if (row.id == 4) {
            EXPECT_OK(renju_standings_value(s, i, 0, &v));
            CHECK(v == 15.0);
            EXPECT_OK(renju_standings_value(s, i, 1, &v));
            CHECK(v == 11.5);
        }
        if (row.id == 11) {
            EXPECT_OK(renju_standings_value(s, i, 0, &v));
            CHECK(v == 13.5);
        }
    }
    EXPECT(renju_standings_value(s, 0, 2, &v), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT(renju_standings_row(s, 16, &row), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_standings_error_count(s, &k));
    CHECK(k == 0);
    EXPECT_OK(renju_standings_json(s, 1, &json));
    CHECK(json != NULL && strstr(json, "\"regulation\":\"fide-2024\"") != NULL);
    EXPECT_OK(renju_string_free(json));
    EXPECT_OK(renju_standings_free(s));

    options.unplayed = "fide-2026";
    EXPECT_OK(renju_tournament_standings(t, 0, &options, &s));
    for (i = 0; i < 16; i++) {
        EXPECT_OK(renju_standings_row(s, i, &row));
        if (row.id == 4) {
            EXPECT_OK(renju_standings_value(s, i, 0, &v));
            CHECK(v == 14.0);
        }
    }
    EXPECT_OK(renju_standings_free(s));

    options.unplayed = "fide-1999";
    EXPECT(renju_tournament_standings(t, 0, &options, &s), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(s == NULL);
    options.unplayed = NULL;
    options.tiebreaks = "XYZ";
    EXPECT(renju_tournament_standings(t, 0, &options, &s), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_tournament_standings(t, 1, NULL, &s), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_tournament_free(t));
    EXPECT(renju_tournament_count(t, &n), RENJU_ERROR_BAD_HANDLE);

    /* A knockout: the Chinese rules' ranking, shared places. */
    snprintf(path, sizeof path, "%s/../tournaments/knockout.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_standings(t, 0, NULL, &s));
    EXPECT_OK(renju_standings_row(s, 2, &row));
    CHECK(row.rank == 3 && row.shared);
    EXPECT_OK(renju_standings_json(s, 0, &json));
    CHECK(json != NULL && strcmp(json, "[]") == 0);
    EXPECT_OK(renju_string_free(json));
    EXPECT_OK(renju_standings_free(s));
    EXPECT_OK(renju_tournament_free(t));

    /* Errors: a bad TRF record, a missing file. */
    EXPECT(renju_tournament_read_buffer((const uint8_t *)bad_trf, sizeof bad_trf - 1, NULL,
                                        "bad.trf", &t),
           RENJU_ERROR_PARSE);
    CHECK(t == NULL && strstr(renju_last_error_message(), "line 2") != NULL);
    EXPECT(renju_tournament_read_file("no/such/file.trf", NULL, &t), RENJU_ERROR_IO);
    EXPECT(renju_tournament_read_file(NULL, NULL, &t), RENJU_ERROR_NULL_POINTER);
}

/* Reports merge: a move list validated part by part (renju_report_chunks,
   renju_report_validate_buffer) and merged in order is the whole file's report. */
static void test_report_merge(void) {
    static const char text[] = "# rule: gomoku\nh8 i9\nh8 h8\n\nh8 zz\n# rule: nope\nh8 i9 j10\n";
    size_t length = strlen(text);
    renju_report *whole = NULL, *merged = NULL, *part = NULL;
    char *parts = NULL, *a = NULL, *b = NULL;
    const char *p;
    unsigned count = 0;

    snprintf(context, sizeof context, "report merge");
    EXPECT_OK(renju_report_validate_buffer((const uint8_t *)text, length, "moves", "f.txt",
                                           NULL, NULL, &whole));
    EXPECT_OK(renju_report_validate_buffer(NULL, 0, "moves", "f.txt", NULL, NULL, &merged));
    EXPECT_OK(renju_report_chunks((const uint8_t *)text, length, "moves", NULL, 8, &parts));
    CHECK(parts != NULL && parts[0] == '[');
    /* Each top-level object of the array is one part. */
    for (p = parts; p != NULL && *p != '\0'; p++) {
        char chunk[1024];
        const char *end = p, *field;
        int depth = 0;
        unsigned long long start, stop;
        if (*p != '{') {
            continue;
        }
        do {
            depth += (*end == '{') - (*end == '}');
            end++;
        } while (depth > 0 && *end != '\0');
        CHECK((size_t)(end - p) < sizeof chunk);
        memcpy(chunk, p, (size_t)(end - p));
        chunk[end - p] = '\0';
        start = strtoull(strstr(chunk, "\"start\":") + 8, NULL, 10);
        field = strstr(chunk, "\"end\":") + 6;
        stop = strncmp(field, "null", 4) == 0 ? length : strtoull(field, NULL, 10);
        CHECK(start <= stop && stop <= length);
        EXPECT_OK(renju_report_validate_buffer((const uint8_t *)text + start, stop - start,
                                               "moves", "f.txt", chunk, NULL, &part));
        EXPECT_OK(renju_report_merge(merged, part));
        EXPECT_OK(renju_report_free(part));
        count++;
        p = end - 1;
    }
    CHECK(count >= 3);
    EXPECT_OK(renju_report_json(whole, &a));
    EXPECT_OK(renju_report_json(merged, &b));
    CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    CHECK(a != NULL && strstr(a, "\"unreadable-record\": 2") != NULL);
    EXPECT_OK(renju_string_free(a));
    /* Bad arguments. */
    EXPECT(renju_report_validate_buffer((const uint8_t *)text, length, "moves", NULL,
                                        "{\"start\": \"x\"}", NULL, &part),
           RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(part == NULL);
    EXPECT(renju_report_chunks((const uint8_t *)text, length, "nope", NULL, 8, &a),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_report_merge(merged, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_report_merge(merged, (renju_report *)parts), RENJU_ERROR_BAD_HANDLE);
    /* A report merged with itself doubles. */
    EXPECT_OK(renju_report_merge(whole, whole));
    EXPECT_OK(renju_string_free(parts));
    EXPECT_OK(renju_string_free(b));
    EXPECT_OK(renju_report_json(whole, &b));
    CHECK(b != NULL && strstr(b, "\"unreadable-record\": 4") != NULL);
    EXPECT_OK(renju_string_free(b));
    EXPECT_OK(renju_report_free(whole));
    EXPECT_OK(renju_report_free(merged));
    EXPECT(renju_report_json(merged, &b), RENJU_ERROR_BAD_HANDLE);
}

/* Issue 21 item 6: byo-yomi of 4,294,967,295 periods of 0 s looped once per period in
   renju_clock_press; it and every period of zero seconds are refused at once. */
static void test_hostile_byo_yomi(void) {
    renju_clock *clock = NULL;

    snprintf(context, sizeof context, "hostile byo-yomi");
    EXPECT(renju_clock_new("TM[0]OT[4294967295x0 byo-yomi]", 0, 0, &clock), RENJU_ERROR_PARSE);
    CHECK(clock == NULL);
    EXPECT(renju_clock_new("TM[0]OT[4294967295x30 byo-yomi]", 0, 0, &clock), RENJU_ERROR_PARSE);
    EXPECT(renju_clock_new("TM[0]OT[3x0 byo-yomi]", 0, 0, &clock), RENJU_ERROR_PARSE);
    EXPECT(renju_clock_new("40/0", 0, 0, &clock), RENJU_ERROR_PARSE);
    EXPECT(renju_clock_new("0", 0, 0, &clock), RENJU_ERROR_PARSE);
    CHECK(clock == NULL);
}

int main(int argc, char **argv) {
    int i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s GAMES_DIR FIXTURE_FILE...\n", argv[0]);
        return 2;
    }
    test_basics();
    test_positions();
    test_stale_handles();
    test_stale_strings();
    test_clock();
    test_hostile_byo_yomi();
    test_games(argv[1]);
    test_fixture_errors(argv[1]);
    test_tournaments(argv[1]);
    test_report_merge();
    for (i = 2; i < argc; i++) {
        check_fixture_file(argv[i]);
    }
    /* Every handle and string the tests got was freed. */
    snprintf(context, sizeof context, "end");
    CHECK(renju_live_object_count() == 0);
    printf("fixtures: %u fixtures, %u queries and %u forbidden maps checked in %d files\n",
           fixtures_checked, queries_checked, maps_checked, argc - 2);
    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
