/*
 * The C API test: every verdict of the shared fixture corpus, checked through the C API,
 * and the error paths of the boundary.
 *
 * Usage: test_renju GAMES_DIR FIXTURE_FILE...
 *   GAMES_DIR      fixtures/games (sample.txt and bad_records.txt are validated)
 *   FIXTURE_FILE   the files of fixtures/positions/
 * or:    test_renju --env-out-of-memory   (under an address-space limit of about 4 GB)
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

/* renju_forbidden_masks on the position's cells gives its forbidden points with their
 * fouls, from the cells alone. */
static void check_masks(const renju_position *pos, const renju_forbidden_point *points,
                        size_t count, bool five_completion_counts, size_t line) {
    renju_position_info info;
    uint8_t *cells, *masks;
    size_t area, k, marked = 0;
    int x, y, same = 1;
    char what[128];

    if (!EXPECT_OK(renju_position_get_info(pos, &info))) {
        return;
    }
    area = (size_t)info.size * (size_t)info.size;
    cells = malloc(area);
    masks = malloc(area);
    if (cells == NULL || masks == NULL) {
        exit(2);
    }
    for (y = 0; y < info.size; y++) {
        for (x = 0; x < info.size; x++) {
            renju_point p = {x, y};
            renju_color c = RENJU_COLOR_NONE;
            EXPECT_OK(renju_position_stone_at(pos, p, &c));
            cells[(size_t)y * (size_t)info.size + (size_t)x] = (uint8_t)c;
        }
    }
    EXPECT_OK(renju_forbidden_masks(cells, area, info.size, info.rule_set, five_completion_counts,
                                    true, masks));
    for (k = 0; k < count; k++) {
        same &= masks[(size_t)points[k].point.y * (size_t)info.size + (size_t)points[k].point.x] ==
                (uint8_t)points[k].foul;
    }
    for (k = 0; k < area; k++) {
        marked += masks[k] != 0;
    }
    snprintf(what, sizeof what, "forbidden masks (line %lu): %lu marked, %lu forbidden",
             (unsigned long)line, (unsigned long)marked, (unsigned long)count);
    check(same && marked == count, __LINE__, what);
    free(cells);
    free(masks);
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
    check_masks(pos, got, count, m.five_completion_counts, m.line);
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

/* The record of the game that just ended in slot i validates with no error, and its
   report holds `needle`. */
static void expect_record_validates(renju_env *env, size_t i, const char *needle) {
    renju_games *games = NULL;
    char *json = NULL;
    EXPECT_OK(renju_env_record(env, i, true, &games));
    EXPECT_OK(renju_games_validate(games, NULL, &json));
    CHECK(json != NULL && strstr(json, "\"errors\": 0,") != NULL);
    CHECK(json != NULL && strstr(json, needle) != NULL);
    renju_string_free(json);
    renju_games_free(games);
}

/* The self-play environment: random games stepped together, every finished game's
   record validating with no error, illegal actions refused, copies going on alike. */
static void test_env(void) {
    enum { N = 8 };
    renju_env *env = NULL, *copy = NULL;
    size_t n = 0, obs_len = 0, actions_count = 0;
    snprintf(context, sizeof context, "env");
    EXPECT(renju_env_new(NULL, N, 1, NULL), RENJU_ERROR_NULL_POINTER);
    renju_env_options bad = {RENJU_RULE_RENJU, 19, NULL, false, false, 0, 0, false, NULL};
    EXPECT(renju_env_new(&bad, N, 1, &env), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_env_new(NULL, SIZE_MAX, 1, &env), RENJU_ERROR_INVALID_ARGUMENT);
    /* draw_after: 0 is none, a negative count is refused. */
    renju_env_options negative = {RENJU_RULE_RENJU, 15, NULL, false, false, -1, 0, false, NULL};
    EXPECT(renju_env_new(&negative, N, 1, &env), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(renju_last_error_message(), "draw_after -1") != NULL);
    negative.draw_after = INT32_MIN;
    EXPECT(renju_env_new(&negative, N, 1, &env), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(env == NULL);
    EXPECT_OK(renju_env_new(NULL, N, 1, &env));
    EXPECT_OK(renju_env_sizes(env, &n, &obs_len, &actions_count));
    CHECK(n == N && obs_len == 5 * 225 && actions_count == 226);
    uint8_t *obs = malloc(N * obs_len), *masks = malloc(N * actions_count);
    float rewards[N];
    uint8_t terminated[N], truncated[N], endings[N], winners[N];
    int64_t actions[N];
    renju_env_buffers out = {obs, masks, rewards, terminated, truncated, endings, winners,
                             NULL, NULL};
    EXPECT_OK(renju_env_reset(env, true, 7, &out));
    CHECK(masks[112] == 1 && masks[225] == 0);
    unsigned ended = 0;
    for (int step = 0; step < 400; step++) {
        EXPECT_OK(renju_env_random_actions(env, actions, N));
        for (size_t i = 0; i < N; i++) {
            CHECK(masks[i * actions_count + (size_t)actions[i]] == 1);
        }
        EXPECT_OK(renju_env_step(env, actions, N, &out));
        for (size_t i = 0; i < N; i++) {
            if (!terminated[i]) {
                continue;
            }
            expect_record_validates(env, i, "\"errors\": 0,");
            ended++;
        }
    }
    CHECK(ended > 0);
    /* An occupied point: refused, nothing changed. */
    EXPECT_OK(renju_env_copy(env, &copy));
    int64_t occupied[N];
    for (size_t i = 0; i < N; i++) {
        occupied[i] = 0;
    }
    renju_env_free(env);
    env = NULL;
    EXPECT_OK(renju_env_new(NULL, N, 1, &env));
    EXPECT_OK(renju_env_step(env, occupied, N, &out));
    EXPECT(renju_env_step(env, occupied, N, &out), RENJU_ERROR_OCCUPIED);
    CHECK(strstr(renju_last_error_message(), "game 0: action 0 (a1) is occupied") != NULL);
    EXPECT(renju_env_step(env, occupied, N - 1, &out), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_env_step(env, occupied, N, NULL), RENJU_ERROR_NULL_POINTER);
    /* The same fault gives the same code in both calls that take the actions. */
    EXPECT(renju_env_random_actions(env, occupied, N - 1), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_env_step(env, occupied, N + 1, &out), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_env_random_actions(env, occupied, N + 1), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_env_step(env, NULL, N - 1, &out), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_env_random_actions(env, NULL, N - 1), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_env_set_game(env, N, copy, 0), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_env_set_game(env, 0, copy, 3));
    EXPECT_OK(renju_env_free(copy));
    EXPECT(renju_env_step(copy, occupied, N, &out), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_env_free(env));
    EXPECT_OK(renju_env_free(NULL));
    free(obs);
    free(masks);
}

/* The self-play environment under Swap2: the opening's decisions are actions after
   pass, the phases and seats buffers say what is asked and of whom, the records of the
   games validate. */
static void test_env_opening(void) {
    enum { N = 4 };
    renju_env *env = NULL;
    size_t obs_len = 0, actions_count = 0;
    snprintf(context, sizeof context, "env opening");
    renju_env_options unknown = {RENJU_RULE_RENJU, 15, NULL, false, false, 0, 0, false, "swap9"};
    EXPECT(renju_env_new(&unknown, N, 1, &env), RENJU_ERROR_INVALID_ARGUMENT);
    renju_env_options options = {RENJU_RULE_RENJU, 15, NULL, false, false, 0, 0, false, "swap2"};
    EXPECT_OK(renju_env_new(&options, N, 1, &env));
    EXPECT_OK(renju_env_sizes(env, NULL, &obs_len, &actions_count));
    CHECK(actions_count == 226 + 4);
    uint8_t *obs = malloc(N * obs_len), *masks = malloc(N * actions_count);
    float rewards[N];
    uint8_t terminated[N], truncated[N], endings[N], winners[N], phases[N], seats[N];
    int64_t actions[N];
    renju_env_buffers out = {obs, masks, rewards, terminated, truncated, endings, winners,
                             phases, seats};
    EXPECT_OK(renju_env_reset(env, true, 3, &out));
    CHECK(phases[0] == 0 && seats[0] == 0);
    /* Three stones of the first player, then the second player's decision. */
    for (int step = 0; step < 3; step++) {
        EXPECT_OK(renju_env_random_actions(env, actions, N));
        EXPECT_OK(renju_env_step(env, actions, N, &out));
    }
    CHECK(phases[0] == 1 && seats[0] == 1);
    CHECK(masks[226] == 1 && masks[227] == 1 && masks[228] == 1 && masks[229] == 0);
    CHECK(masks[0] == 0);
    unsigned ended = 0;
    for (int step = 0; step < 300; step++) {
        EXPECT_OK(renju_env_random_actions(env, actions, N));
        EXPECT_OK(renju_env_step(env, actions, N, &out));
        for (size_t i = 0; i < N; i++) {
            if (!terminated[i]) {
                continue;
            }
            expect_record_validates(env, i, "swap2");
            ended++;
        }
    }
    CHECK(ended > 0);
    EXPECT_OK(renju_env_free(env));
    /* The stone limit draws inside the opening (4 stones: 3, a decision, 1 more); without
       auto-reset the finished games stay, in phase 5 (over), until reset. */
    renju_env_options limited = {RENJU_RULE_RENJU, 15, NULL, false, false, 4, 2, false, "swap2"};
    EXPECT_OK(renju_env_new(&limited, N, 1, &env));
    EXPECT_OK(renju_env_reset(env, true, 3, &out));
    for (int step = 0; step < 5; step++) {
        EXPECT_OK(renju_env_random_actions(env, actions, N));
        EXPECT_OK(renju_env_step(env, actions, N, &out));
    }
    for (size_t i = 0; i < N; i++) {
        CHECK(terminated[i] == 1 && endings[i] == 5 && winners[i] == 0 && phases[i] == 5);
        renju_games *games = NULL;
        char *json = NULL;
        EXPECT_OK(renju_env_record(env, i, false, &games));
        EXPECT_OK(renju_games_validate(games, NULL, &json));
        CHECK(json != NULL && strstr(json, "\"errors\": 0,") != NULL);
        CHECK(json != NULL && strstr(json, "declared-draw") != NULL);
        renju_string_free(json);
        renju_games_free(games);
    }
    EXPECT(renju_env_step(env, actions, N, &out), RENJU_ERROR_GAME_OVER);
    EXPECT_OK(renju_env_free(env));
    free(obs);
    free(masks);
}

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
    /* More than five minutes is applied ("generally at most"): on another clock, it
       empties White's. */
    {
        renju_clock *other = NULL;
        renju_clock_state emptied;
        EXPECT_OK(renju_clock_new("TM[60]OT[3x30 byo-yomi]", 0, 0, &other));
        EXPECT_OK(renju_clock_penalty(other, RENJU_COLOR_WHITE, 400000, 0, &emptied));
        CHECK(emptied.result == RENJU_CLOCK_FLAG && emptied.loser == RENJU_COLOR_WHITE);
        EXPECT_OK(renju_clock_free(other));
    }
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

/* Round-robin pairing and the drawing of lots: the FIDE table for 7 players (8 is the
   bye), a double round robin, the lots drawn for seed 1, a TRF written back, and the
   error paths (a crosstable paired some other way among them). */
static void test_round_robin_pairing(const char *games_dir) {
    static const char seven[] =
        "012 Club\n"
        "001    1      Ann\n001    2      Bob\n001    3      Cid\n001    4      Dan\n"
        "001    5      Eva\n001    6      Fay\n001    7      Gus\n";
    static const char swiss[] = "012 Open\n092 Individual: Swiss\n001    1      A\n001    2      B\n";
    /* FIDE C.05 Annex 1, rounds 1 and 2 for 7-8 players: 1-8 2-7 3-6 4-5, 8-5 6-4 7-3 1-2. */
    static const renju_board round1[4] = {{1, 0}, {2, 7}, {3, 6}, {4, 5}};
    static const renju_board round2[4] = {{5, 0}, {6, 4}, {7, 3}, {1, 2}};
    char path[1024];
    renju_tournament *t = NULL, *drawn = NULL, *other = NULL;
    renju_board boards[4];
    renju_round_robin_options options = {0};
    size_t count = 99, i;
    uint32_t round = 0;
    char *trf = NULL;

    snprintf(context, sizeof context, "round-robin pairing");
    EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)seven, sizeof seven - 1, NULL,
                                           "seven.trf", &t));
    EXPECT_OK(renju_tournament_pair_round_robin(t, 0, 0, NULL, boards, 4, &count, &round));
    CHECK(count == 4 && round == 1);
    for (i = 0; i < 4; i++) {
        CHECK(boards[i].black == round1[i].black && boards[i].white == round1[i].white);
    }
    EXPECT_OK(renju_tournament_pair_round_robin(t, 0, 2, NULL, boards, 4, &count, NULL));
    for (i = 0; i < 4; i++) {
        CHECK(boards[i].black == round2[i].black && boards[i].white == round2[i].white);
    }
    /* The size first, then the boards. */
    EXPECT(renju_tournament_pair_round_robin(t, 0, 1, NULL, NULL, 0, &count, NULL),
           RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    /* Double: round 8 is round 1 with colours exchanged; 14 rounds in all. */
    options.double_round_robin = true;
    EXPECT_OK(renju_tournament_pair_round_robin(t, 0, 9, &options, boards, 4, &count, &round));
    CHECK(round == 9 && boards[3].black == 2 && boards[3].white == 1);
    EXPECT(renju_tournament_pair_round_robin(t, 0, 15, &options, boards, 4, &count, NULL),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "past the schedule") != NULL);
    EXPECT(renju_tournament_pair_round_robin(t, 0, 8, NULL, boards, 4, &count, NULL),
           RENJU_ERROR_PAIRING);
    EXPECT(renju_tournament_pair_round_robin(t, 1, 1, NULL, boards, 4, &count, NULL),
           RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT(renju_tournament_pair_round_robin(NULL, 0, 1, NULL, boards, 4, &count, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_round_robin(t, 0, 1, NULL, NULL, 4, &count, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_round_robin(t, 0, 1, NULL, boards, 4, NULL, NULL),
           RENJU_ERROR_NULL_POINTER);

    /* Lots for seed 1: start ranks 1 to 7 draw 6, 7, 5, 4, 1, 2, 3 (as an independent
       implementation draws them), so Eva is number 1 and has the bye of round 1. */
    EXPECT_OK(renju_tournament_draw_lots(t, 0, 1, &drawn));
    EXPECT_OK(renju_tournament_trf(drawn, 0, &trf));
    CHECK(trf != NULL && strstr(trf, "001    1      Eva\n") != NULL);
    CHECK(trf != NULL && strstr(trf, "001    7      Bob\n") != NULL);
    EXPECT_OK(renju_string_free(trf));
    EXPECT_OK(renju_tournament_pair_round_robin(drawn, 0, 0, NULL, boards, 4, &count, &round));
    CHECK(round == 1 && boards[0].black == 1 && boards[0].white == 0);
    EXPECT(renju_tournament_draw_lots(t, 3, 1, &other), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    CHECK(other == NULL);
    EXPECT(renju_tournament_draw_lots(NULL, 0, 1, &other), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_draw_lots(t, 0, 1, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_trf(t, 0, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT_OK(renju_tournament_free(drawn));
    EXPECT_OK(renju_tournament_free(t));

    /* A crosstable whose rounds were not paired by the tables: refused. */
    snprintf(path, sizeof path, "%s/../tournaments/round_robin.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT(renju_tournament_pair_round_robin(t, 0, 5, NULL, boards, 4, &count, NULL),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "not paired by these tables") != NULL);
    EXPECT_OK(renju_tournament_free(t));

    /* Another system: refused with the reason. */
    EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)swiss, sizeof swiss - 1, NULL,
                                           "open.trf", &t));
    EXPECT(renju_tournament_pair_round_robin(t, 0, 0, NULL, boards, 4, &count, NULL),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "not a round robin") != NULL);
    EXPECT_OK(renju_tournament_free(t));
    CHECK(strcmp(renju_status_name(RENJU_ERROR_PAIRING), "RENJU_ERROR_PAIRING") == 0);
}

/* The Dutch Swiss system: the next round of a 64-player Swiss cut before round 4, board
   for board as bbpPairings pairs it (fixtures/tournaments/dutch/b-round-4.pairings: White
   first), and the check of the finished tournament and of one with a planted fault. */
static void test_dutch_pairing(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_board boards[40];
    size_t count = 0, i;
    uint32_t round = 0, rounds[10];
    FILE *f;
    unsigned expected_count = 0, white = 0, black = 0;

    snprintf(context, sizeof context, "Dutch pairing");
    snprintf(path, sizeof path, "%s/../tournaments/dutch/b-before-round-4.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_pair_dutch(t, 0, boards, 40, &count, &round));
    CHECK(round == 4);
    snprintf(path, sizeof path, "%s/../tournaments/dutch/b-round-4.pairings", games_dir);
    f = fopen(path, "r");
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK(fscanf(f, "%u", &expected_count) == 1 && count == expected_count);
        for (i = 0; i < count && fscanf(f, "%u %u", &white, &black) == 2; i++) {
            if (black == 0) {
                CHECK(boards[i].black == white && boards[i].white == 0);
            } else {
                CHECK(boards[i].white == white && boards[i].black == black);
            }
        }
        CHECK(i == count);
        fclose(f);
    }
    EXPECT(renju_tournament_pair_dutch(t, 0, NULL, 0, &count, NULL), RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == expected_count);
    EXPECT(renju_tournament_pair_dutch(t, 0, boards, 40, NULL, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_dutch(NULL, 0, boards, 40, &count, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_dutch(t, 1, boards, 40, &count, NULL),
           RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_tournament_free(t));

    /* The whole tournament: every round as the Dutch system pairs it. */
    snprintf(path, sizeof path, "%s/../tournaments/dutch/a.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_check_dutch(t, 0, rounds, 10, &count));
    CHECK(count == 0);
    EXPECT(renju_tournament_check_dutch(t, 0, NULL, 0, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT_OK(renju_tournament_free(t));

    /* Nobody left to meet: four players who have all met cannot be paired again. */
    {
        static const char met[] =
            "012 Four\nXXR 5\nXXC white1\n"
            "001    1      A                                                                  1.5          3 w =     2 b =     4 w =\n"
            "001    2      B                                                                  1.5          4 b =     1 w =     3 b =\n"
            "001    3      C                                                                  1.5          1 b =     4 w =     2 w =\n"
            "001    4      D                                                                  1.5          2 w =     3 b =     1 b =\n";
        EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)met, sizeof met - 1, NULL,
                                               "met.trf", &t));
        EXPECT(renju_tournament_pair_dutch(t, 0, boards, 40, &count, NULL), RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), "no valid pairing") != NULL);
        EXPECT_OK(renju_tournament_check_dutch(t, 0, rounds, 10, &count));
        EXPECT_OK(renju_tournament_free(t));
    }
}

/* Tournaments: the FIDE TEC exercise through the C API (BH under the 2024 and 2026
   rules), defaults, shared places, findings JSON and the error paths. */
/* Point systems (TRF-26 162: 3/1/0) honoured in the standings, and hostile TRF files
 * (ten million players declared, unknown codes, an unreadable score system) refused
 * with RENJU_ERROR_PARSE and a message naming the line. */
static void test_point_systems_and_hostile_trf(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_standings *s = NULL;
    renju_standings_options options = {0};
    renju_standing_row row;
    size_t n = 0, i, k;
    double sb = 0;
    static const char *const hostile[] = {
        "062 10000000\n001    1      Ann\n",
        "162  X 1.0\n001    1      Ann\n",
        "001 10000000      Ann\n",
        "001    1      Ann                                                                1.0    1     2 b Q\n",
    };
    static const char *const why[] = {"10000000 players declared", "`X` is not a result code",
                                      "more than four digits", "result \"Q\""};
    static const double points[] = {4.0, 3.0, 2.0, 1.0};

    snprintf(context, sizeof context, "point systems");
    snprintf(path, sizeof path, "%s/../tournaments/three_points.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    options.tiebreaks = "SB,WIN,BH";
    EXPECT_OK(renju_tournament_standings(t, 0, &options, &s));
    EXPECT_OK(renju_standings_row_count(s, &n));
    CHECK(n == 4);
    for (i = 0; i < n && i < 4; i++) {
        EXPECT_OK(renju_standings_row(s, i, &row));
        CHECK(row.id == i + 1 && row.points == points[i]);
    }
    EXPECT_OK(renju_standings_value(s, 0, 0, &sb));
    CHECK(sb == 4.0);
    EXPECT_OK(renju_standings_error_count(s, &k));
    CHECK(k == 0);
    EXPECT_OK(renju_standings_free(s));
    EXPECT_OK(renju_tournament_free(t));

    for (i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        t = NULL;
        EXPECT(renju_tournament_read_buffer((const uint8_t *)hostile[i], strlen(hostile[i]), NULL,
                                            "hostile.trf", &t),
               RENJU_ERROR_PARSE);
        CHECK(t == NULL);
        CHECK(strstr(renju_last_error_message(), why[i]) != NULL);
        CHECK(strstr(renju_last_error_message(), "line 1") != NULL);
    }
}

/* A round robin of two-game matches: each board laid out as two games with the colours
 * exchanged, the results entered, the match scored as one. */
static void test_two_game_matches(void) {
    static const char four[] = "092 Individual: Round robin\n"
                               "001    1      Ann\n001    2      Bob\n"
                               "001    3      Cid\n001    4      Dan\n";
    renju_tournament *t = NULL, *played = NULL;
    renju_standings *s = NULL;
    renju_board boards[2], games[4];
    renju_result_entry entries[4];
    renju_standing_row row;
    size_t count = 0, n = 0, i;
    uint32_t round = 0;

    snprintf(context, sizeof context, "two-game matches");
    EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)four, sizeof four - 1, NULL,
                                           "four.trf", &t));
    EXPECT_OK(renju_tournament_pair_round_robin(t, 0, 0, NULL, boards, 2, &count, &round));
    CHECK(count == 2 && round == 1);
    for (i = 0; i < 2; i++) {
        EXPECT_OK(renju_board_match_games(&boards[i], 2, &games[2 * i], 2, &n));
        CHECK(n == 2);
        CHECK(games[2 * i + 1].black == boards[i].white && games[2 * i + 1].white == boards[i].black);
        /* Game 1 to its first mover, game 2 drawn: 1.5-0.5 to the board's Black. */
        entries[2 * i].black = games[2 * i].black;
        entries[2 * i].white = games[2 * i].white;
        entries[2 * i].code = '1';
        entries[2 * i + 1].black = games[2 * i + 1].black;
        entries[2 * i + 1].white = games[2 * i + 1].white;
        entries[2 * i + 1].code = '=';
    }
    EXPECT(renju_board_match_games(&boards[0], 0, games, 4, &n), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_board_match_games(&boards[0], 3, games, 2, &n), RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(n == 3);
    EXPECT_OK(renju_tournament_record_results(t, 0, 0, entries, 4, &played));
    EXPECT_OK(renju_tournament_standings(played, 0, NULL, &s));
    EXPECT_OK(renju_standings_row(s, 0, &row));
    CHECK(row.id == boards[0].black || row.id == boards[1].black);
    CHECK(row.points == 1.0);
    EXPECT_OK(renju_standings_free(s));
    EXPECT_OK(renju_tournament_free(played));
    entries[0].code = 'Q';
    EXPECT(renju_tournament_record_results(t, 0, 0, entries, 4, &played), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(renju_last_error_message(), "result 1") != NULL);
    EXPECT(renju_tournament_record_results(t, 0, 0, NULL, 4, &played), RENJU_ERROR_NULL_POINTER);
    CHECK(played == NULL);
    EXPECT_OK(renju_tournament_free(t));
}

/* Reads fixtures/tournaments/team_double.rounds (the expectation shared with the
 * Python and command-line tests): per round, 2 boards and the bye team. Returns the
 * number of rounds read. */
static size_t read_team_double_rounds(const char *games_dir, renju_board games[][2],
                                      uint32_t *byes, size_t max) {
    char path[1024], line[256];
    size_t n = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/../tournaments/team_double.rounds", games_dir);
    f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL) {
        return 0;
    }
    while (n < max && fgets(line, sizeof line, f) != NULL) {
        unsigned a, b, c, d, bye;
        if (line[0] == '#') {
            continue;
        }
        CHECK(sscanf(line, "%u-%u %u-%u bye %u", &a, &b, &c, &d, &bye) == 5);
        games[n][0].black = a;
        games[n][0].white = b;
        games[n][1].black = c;
        games[n][1].white = d;
        byes[n] = bye;
        n++;
    }
    fclose(f);
    return n;
}

/* A double team round robin with line-ups through renju_tournament_pair_teams_with:
 * every round as the shared expectation file has it, and every bad argument refused
 * with its status and a message naming what was wrong. */
static void test_team_lineups(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_board boards[9], expected[6][2];
    uint32_t byes[6], bye = 99, r;
    size_t count = 0, rounds;
    static const uint32_t north[] = {1, 3}, east[] = {8, 9}, twice[] = {1, 1},
                          stranger[] = {1, 4}, inverted[] = {3, 1}, three[] = {1, 2, 3};
    renju_team_lineup lineups[2] = {{1, north, 2}, {3, east, 2}};
    renju_team_lineup bad[1] = {{1, north, 2}};
    renju_team_pairing_options options = {0};

    snprintf(context, sizeof context, "team line-ups");
    rounds = read_team_double_rounds(games_dir, expected, byes, 6);
    CHECK(rounds == 6);
    snprintf(path, sizeof path, "%s/../tournaments/team_double.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    options.boards = 2;
    options.double_round_robin = true;
    options.lineups = lineups;
    options.lineup_count = 2;
    for (r = 1; r <= rounds; r++) {
        options.round = r;
        EXPECT_OK(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye));
        CHECK(count == 2 && bye == byes[r - 1]);
        CHECK(boards[0].black == expected[r - 1][0].black
              && boards[0].white == expected[r - 1][0].white);
        CHECK(boards[1].black == expected[r - 1][1].black
              && boards[1].white == expected[r - 1][1].white);
    }
    options.round = 7;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "round 7 is past the 6 rounds") != NULL);
    /* Too small an array: the size needed, nothing written. */
    options.round = 1;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, NULL, 0, &count, NULL),
           RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    /* NULL options: a single round robin of the first round, first players. */
    EXPECT_OK(renju_tournament_pair_teams_with(t, 0, NULL, boards, 9, &count, &bye));
    CHECK(count == 3 && bye == 1 && boards[0].black == 4 && boards[0].white == 7);
    /* The old function is the new one without line-ups. */
    EXPECT_OK(renju_tournament_pair_teams(t, 0, "round-robin", 1, 2, boards, 9, &count, &bye));
    CHECK(count == 2 && bye == 1 && boards[0].black == 4 && boards[0].white == 7);
    EXPECT(renju_tournament_pair_teams(t, 0, NULL, 1, 2, boards, 9, &count, &bye),
           RENJU_ERROR_NULL_POINTER);

    /* Bad arguments, each refused with its status and a message naming it. */
    options.round = 2;
    options.lineup_count = 2;
    options.lineups = NULL;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_NULL_POINTER);
    CHECK(strstr(renju_last_error_message(), "options->lineups") != NULL);
    options.lineups = bad;
    options.lineup_count = 1;
    bad[0].players = NULL;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_NULL_POINTER);
    CHECK(strstr(renju_last_error_message(), "options->lineups[0].players (team 1)") != NULL);
    bad[0].team = 9;
    bad[0].players = north;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "team 9: the tournament has no such team") != NULL);
    bad[0].team = 1;
    bad[0].players = twice;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "player 1 is named twice") != NULL);
    bad[0].players = stranger;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "player 4 is not in the team") != NULL);
    bad[0].players = inverted;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "player 1 plays below player 3") != NULL);
    bad[0].players = three;
    bad[0].count = 3;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "3 players for 2 boards") != NULL);
    lineups[1].team = 1;
    options.lineups = lineups;
    options.lineup_count = 2;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "team 1's line-up: given twice") != NULL);
    options.lineup_count = 0;
    options.system = "swiss";
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(renju_last_error_message(), "no second cycle") != NULL);
    options.system = "knockout";
    options.double_round_robin = false;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_INVALID_ARGUMENT);
    options.system = NULL;
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, NULL, 9, &count, &bye),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_teams_with(t, 0, &options, boards, 9, NULL, &bye),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_teams_with(NULL, 0, &options, boards, 9, &count, &bye),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_pair_teams_with(t, 1, &options, boards, 9, &count, &bye),
           RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_tournament_free(t));
}

/* Records `bout` into `t`, the higher start rank winning, frees `t` and returns the
 * tournament with the result. */
static renju_tournament *record_bout(renju_tournament *t, renju_board bout) {
    renju_tournament *next = NULL;
    renju_result_entry entry;

    entry.black = bout.black;
    entry.white = bout.white;
    entry.code = bout.black > bout.white ? '1' : '0';
    EXPECT_OK(renju_tournament_record_results(t, 0, 0, &entry, 1, &next));
    EXPECT_OK(renju_tournament_free(t));
    return next;
}

/* A king of the hill of three teams driven to its end (the higher start rank winning
 * each bout: the bouts the Python and command-line tests play too), its ranking, and
 * a crosstable where a player who left plays again refused. */
static void test_king_of_the_hill_teams(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL, *next = NULL;
    renju_board bout;
    renju_result_entry entry;
    renju_hill_place places[4];
    size_t count = 99;
    uint32_t winner = 99, r;
    static const uint32_t expected[4][2] = {{1, 3}, {3, 5}, {5, 2}, {4, 5}};

    snprintf(context, sizeof context, "king of the hill, three teams");
    snprintf(path, sizeof path, "%s/../tournaments/three_teams.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    for (r = 0; r < 10; r++) {
        EXPECT_OK(renju_tournament_king_of_the_hill(t, 0, 0, &bout, &winner));
        if (bout.black == 0) {
            break;
        }
        CHECK(winner == 0 && r < 4);
        if (r < 4) {
            CHECK(bout.black == expected[r][0] && bout.white == expected[r][1]);
        }
        EXPECT_OK(renju_tournament_king_of_the_hill_ranking(t, 0, 0, places, 4, &count));
        CHECK(count == 0);
        t = record_bout(t, bout);
    }
    CHECK(r == 4 && winner == 3);
    EXPECT(renju_tournament_king_of_the_hill_ranking(t, 0, 0, places, 2, &count),
           RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == 3);
    EXPECT_OK(renju_tournament_king_of_the_hill_ranking(t, 0, 0, places, 4, &count));
    CHECK(count == 3);
    CHECK(places[0].place == 1 && places[0].team == 3 && places[0].out_after_bout == 0);
    CHECK(places[1].place == 2 && places[1].team == 2 && places[1].out_after_bout == 4);
    CHECK(places[2].place == 3 && places[2].team == 1 && places[2].out_after_bout == 3);
    EXPECT(renju_tournament_king_of_the_hill_ranking(t, 0, 0, places, 4, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_king_of_the_hill_ranking(t, 1, 0, places, 4, &count),
           RENJU_ERROR_INDEX_OUT_OF_RANGE);
    /* Player 1 left in round 1 (the first bout): planted again in round 5. */
    entry.black = 1;
    entry.white = 6;
    entry.code = '1';
    EXPECT_OK(renju_tournament_record_results(t, 0, 5, &entry, 1, &next));
    EXPECT(renju_tournament_king_of_the_hill(next, 0, 0, &bout, &winner), RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "player 1 plays again, having left in round 1")
          != NULL);
    EXPECT_OK(renju_tournament_free(next));
    EXPECT_OK(renju_tournament_free(t));
    /* Out of the line-up's order: South's second player first. */
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    entry.black = 1;
    entry.white = 4;
    entry.code = '1';
    EXPECT_OK(renju_tournament_record_results(t, 0, 0, &entry, 1, &next));
    EXPECT(renju_tournament_king_of_the_hill_ranking(next, 0, 0, places, 4, &count),
           RENJU_ERROR_PAIRING);
    CHECK(strstr(renju_last_error_message(), "player 4 of team 2 comes on before player 3")
          != NULL);
    /* With South's line-up 4 then 3, that bout (won by Black, 1) was the one due. */
    {
        static const uint32_t south[2] = {4, 3}, stranger[1] = {6};
        renju_team_lineup lineups[2] = {{2, south, 2}, {2, south, 2}};
        renju_hill_options options = {0};
        options.lineups = lineups;
        options.lineup_count = 1;
        EXPECT_OK(renju_tournament_king_of_the_hill_ranking_with(next, 0, &options, places, 4,
                                                                 &count));
        CHECK(count == 0);
        EXPECT_OK(renju_tournament_king_of_the_hill_with(next, 0, &options, &bout, &winner));
        CHECK(bout.black != 0 && winner == 0);
        /* Before any bout, South's first player is the line-up's. */
        EXPECT_OK(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner));
        CHECK(bout.black == 1 && bout.white == 4);
        EXPECT_OK(renju_tournament_king_of_the_hill_with(t, 0, NULL, &bout, &winner));
        CHECK(bout.black == 1 && bout.white == 3);
        /* Refused: a second line-up for South, one for a team the file lacks, one naming
         * a player of another team, and NULL arrays with counts. */
        options.lineup_count = 2;
        EXPECT(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner),
               RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), "team 2 has two line-ups") != NULL);
        options.lineup_count = 1;
        lineups[0].team = 9;
        EXPECT(renju_tournament_king_of_the_hill_ranking_with(t, 0, &options, places, 4, &count),
               RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), "team 9") != NULL);
        lineups[0].team = 2;
        lineups[0].players = stranger;
        lineups[0].count = 1;
        EXPECT(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner),
               RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), "player 6 is not in the team") != NULL);
        lineups[0].players = NULL;
        EXPECT(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner),
               RENJU_ERROR_NULL_POINTER);
        options.lineups = NULL;
        EXPECT(renju_tournament_king_of_the_hill_ranking_with(t, 0, &options, places, 4, &count),
               RENJU_ERROR_NULL_POINTER);
    }
    EXPECT_OK(renju_tournament_free(next));
    EXPECT_OK(renju_tournament_free(t));
}

/* Plays the king of the hill of the fixture `name` from `options`, the higher start
 * rank winning each bout; `bouts` gets the first three bouts, the return the winner. */
static uint32_t play_hill(const char *games_dir, const char *name,
                          const renju_hill_options *options, uint32_t bouts[3][2]) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_board bout;
    uint32_t winner = 99, r;

    snprintf(path, sizeof path, "%s/../tournaments/%s", games_dir, name);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    for (r = 0; r < 10; r++) {
        EXPECT_OK(renju_tournament_king_of_the_hill_with(t, 0, options, &bout, &winner));
        if (bout.black == 0) {
            break;
        }
        if (r < 3) {
            bouts[r][0] = bout.black;
            bouts[r][1] = bout.white;
        }
        t = record_bout(t, bout);
    }
    EXPECT_OK(renju_tournament_free(t));
    return winner;
}

/* A king of the hill in the rotation order given (as drawn by lots): three teams in the
 * order East, North, South, two teams South first (its first player Black); an order
 * naming a team the file lacks, naming one twice or leaving one out refused naming the
 * team, and a NULL order with a count refused. */
static void test_king_of_the_hill_order(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL;
    renju_board bout;
    renju_hill_place places[3];
    size_t count = 99, i;
    uint32_t bouts[3][2] = {{0}}, winner = 99;
    static const uint32_t east_first[3] = {3, 1, 2}, south_first[2] = {2, 1};
    static const uint32_t unknown[3] = {1, 2, 9}, twice[4] = {1, 2, 1, 3}, short_[2] = {3, 1};
    static const struct {
        const uint32_t *order;
        size_t count;
        const char *message;
    } refused[3] = {
        {unknown, 3, "the rotation order names team 9, which the tournament does not have"},
        {twice, 4, "the rotation order names team 1 twice"},
        {short_, 2, "the rotation order leaves out team 2"},
    };
    renju_hill_options options = {0};

    snprintf(context, sizeof context, "king of the hill, rotation order");
    options.order = east_first;
    options.order_count = 3;
    winner = play_hill(games_dir, "three_teams.trf", &options, bouts);
    CHECK(winner == 3);
    CHECK(bouts[0][0] == 5 && bouts[0][1] == 1 && bouts[1][0] == 3 && bouts[1][1] == 5);
    CHECK(bouts[2][0] == 5 && bouts[2][1] == 2);
    options.order = south_first;
    options.order_count = 2;
    winner = play_hill(games_dir, "two_teams.trf", &options, bouts);
    CHECK(winner == 2);
    CHECK(bouts[0][0] == 4 && bouts[0][1] == 1 && bouts[1][0] == 2 && bouts[1][1] == 4);

    snprintf(path, sizeof path, "%s/../tournaments/three_teams.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    for (i = 0; i < 3; i++) {
        options.order = refused[i].order;
        options.order_count = refused[i].count;
        EXPECT(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner),
               RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), refused[i].message) != NULL);
        EXPECT(renju_tournament_king_of_the_hill_ranking_with(t, 0, &options, places, 3, &count),
               RENJU_ERROR_PAIRING);
        CHECK(strstr(renju_last_error_message(), refused[i].message) != NULL);
    }
    options.order = NULL;
    EXPECT(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner),
           RENJU_ERROR_NULL_POINTER);
    CHECK(strstr(renju_last_error_message(), "options->order") != NULL);
    /* NULL with a count of 0: by id, North's first player against South's. */
    options.order_count = 0;
    EXPECT_OK(renju_tournament_king_of_the_hill_with(t, 0, &options, &bout, &winner));
    CHECK(bout.black == 1 && bout.white == 3);
    EXPECT_OK(renju_tournament_free(t));
}

/* The team score system (TRF-26 362) read and set: none in the file, set (kept as TRF
 * writes it, and counted by the standings as match points), unreadable text refused,
 * removed again. */
static void test_team_score_system(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL, *set = NULL, *unset = NULL;
    renju_standings *s = NULL;
    renju_standing_row row;
    char *text = NULL;

    snprintf(context, sizeof context, "team score system");
    snprintf(path, sizeof path, "%s/../tournaments/team_round_robin.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_team_score_system(t, 0, &text));
    CHECK(text == NULL);
    EXPECT_OK(renju_tournament_standings(t, 0, NULL, &s));
    EXPECT_OK(renju_standings_row(s, 0, &row));
    CHECK(row.id == 2 && row.points == 2.0);
    EXPECT_OK(renju_standings_free(s));

    EXPECT_OK(renju_tournament_set_team_score_system(t, 0, "TD 1  TW 3", &set));
    EXPECT_OK(renju_tournament_team_score_system(set, 0, &text));
    CHECK(text != NULL && strcmp(text, "TW 3.0 TD 1.0 TL 0.0") == 0);
    EXPECT_OK(renju_string_free(text));
    EXPECT_OK(renju_tournament_standings(set, 0, NULL, &s));
    EXPECT_OK(renju_standings_row(s, 0, &row));
    CHECK(row.id == 2 && row.points == 5.0);
    EXPECT_OK(renju_standings_free(s));
    /* The handle read is unchanged. */
    EXPECT_OK(renju_tournament_team_score_system(t, 0, &text));
    CHECK(text == NULL);

    unset = t;
    EXPECT(renju_tournament_set_team_score_system(set, 0, "TX 1", &unset), RENJU_ERROR_PARSE);
    CHECK(unset == NULL);
    CHECK(strstr(renju_last_error_message(), "\"TX\" is not a code of a team score system")
          != NULL);
    EXPECT(renju_tournament_set_team_score_system(set, 0, "TW 100", &unset), RENJU_ERROR_PARSE);
    CHECK(strstr(renju_last_error_message(), "100 or more") != NULL);
    EXPECT_OK(renju_tournament_set_team_score_system(set, 0, NULL, &unset));
    EXPECT_OK(renju_tournament_team_score_system(unset, 0, &text));
    CHECK(text == NULL);
    EXPECT(renju_tournament_set_team_score_system(set, 0, "TW 3", NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_team_score_system(set, 0, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_tournament_team_score_system(set, 1, &text), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_tournament_free(unset));
    unset = t;
    EXPECT(renju_tournament_set_team_score_system(NULL, 0, "TW 3", &unset),
           RENJU_ERROR_NULL_POINTER);
    CHECK(unset == NULL);
    EXPECT_OK(renju_tournament_free(set));
    EXPECT_OK(renju_tournament_free(t));
}

/* Team events: a team round robin played round by round, a Scheveningen round and a
 * king-of-the-hill match driven to its end. */
static void test_team_events(const char *games_dir) {
    char path[1024];
    renju_tournament *t = NULL, *next = NULL;
    renju_standings *s = NULL;
    renju_board boards[9], bout;
    renju_result_entry entries[4];
    renju_standing_row row;
    size_t count = 0, i, n = 0;
    uint32_t bye = 99, winner = 99, r;
    char *json = NULL;

    snprintf(context, sizeof context, "team events");
    snprintf(path, sizeof path, "%s/../tournaments/team_entries.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    for (r = 0; r < 3; r++) {
        EXPECT_OK(renju_tournament_pair_teams(t, 0, "round-robin", 0, 0, boards, 9, &count, &bye));
        CHECK(count == 4 && bye == 0);
        for (i = 0; i < 4 && i < count; i++) {
            entries[i].black = boards[i].black;
            entries[i].white = boards[i].white;
            entries[i].code = '1';
        }
        EXPECT_OK(renju_tournament_record_results(t, 0, 0, entries, 4, &next));
        EXPECT_OK(renju_tournament_free(t));
        t = next;
    }
    EXPECT(renju_tournament_pair_teams(t, 0, "round-robin", 0, 0, boards, 9, &count, NULL),
           RENJU_ERROR_PAIRING);
    EXPECT(renju_tournament_pair_teams(t, 0, "knockout", 1, 0, boards, 9, &count, NULL),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_tournament_standings(t, 0, NULL, &s));
    EXPECT_OK(renju_standings_row_count(s, &n));
    for (i = 0; i < n; i++) {
        EXPECT_OK(renju_standings_row(s, i, &row));
        CHECK(row.points == 1.5);
    }
    EXPECT_OK(renju_standings_free(s));
    EXPECT_OK(renju_tournament_free(t));

    snprintf(path, sizeof path, "%s/../tournaments/two_teams.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_pair_scheveningen(t, 0, 2, 0, boards, 9, &count));
    CHECK(count == 3 && boards[0].black == 5 && boards[0].white == 1);
    EXPECT(renju_tournament_pair_scheveningen(t, 0, 4, 0, boards, 9, &count), RENJU_ERROR_PAIRING);
    for (r = 0; r < 10; r++) {
        EXPECT_OK(renju_tournament_king_of_the_hill(t, 0, 0, &bout, &winner));
        if (bout.black == 0) {
            break;
        }
        entries[0].black = bout.black;
        entries[0].white = bout.white;
        entries[0].code = bout.black <= 3 ? '1' : '0';
        EXPECT_OK(renju_tournament_record_results(t, 0, 0, entries, 1, &next));
        EXPECT_OK(renju_tournament_free(t));
        t = next;
    }
    CHECK(r == 3 && winner == 1);
    EXPECT_OK(renju_tournament_free(t));

    /* Club totals of an individual event: each club's best two players. */
    snprintf(path, sizeof path, "%s/../tournaments/clubs.trf", games_dir);
    EXPECT_OK(renju_tournament_read_file(path, NULL, &t));
    EXPECT_OK(renju_tournament_club_totals_json(t, 0, 2, &json));
    CHECK(json != NULL && strstr(json, "\"club\":\"SOU\",\"points\":4.5") != NULL);
    EXPECT_OK(renju_string_free(json));
    EXPECT(renju_tournament_club_totals_json(t, 1, 2, &json), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    EXPECT_OK(renju_tournament_free(t));
}

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

    /* A Swiss checked over all its rounds: a rematch and a second pairing bye. */
    {
        static const char swiss[] =
            "{\"name\": \"Cup\", \"system\": \"swiss\", \"rounds\": 2, \"players\": ["
            "{\"id\": 1, \"name\": \"Ann\"}, {\"id\": 2, \"name\": \"Bob\"}, {\"id\": 3, \"name\": \"Cid\"}],"
            " \"pairings\": ["
            "{\"round\": 1, \"player\": 1, \"opponent\": 2, \"result\": \"win\"},"
            "{\"round\": 1, \"player\": 2, \"opponent\": 1, \"result\": \"loss\"},"
            "{\"round\": 1, \"player\": 3, \"result\": \"pairing-bye\"},"
            "{\"round\": 2, \"player\": 2, \"opponent\": 1, \"result\": \"draw\"},"
            "{\"round\": 2, \"player\": 1, \"opponent\": 2, \"result\": \"draw\"},"
            "{\"round\": 2, \"player\": 3, \"result\": \"pairing-bye\"}]}";
        EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)swiss, sizeof swiss - 1, NULL,
                                               "swiss.json", &t));
        EXPECT_OK(renju_tournament_standings(t, 0, NULL, &s));
        EXPECT_OK(renju_standings_error_count(s, &k));
        CHECK(k == 2);
        EXPECT_OK(renju_standings_json(s, 0, &json));
        CHECK(json != NULL && strstr(json, "\"rematch\"") != NULL
              && strstr(json, "\"pairing-bye\"") != NULL);
        EXPECT_OK(renju_string_free(json));
        EXPECT_OK(renju_standings_free(s));
        EXPECT_OK(renju_tournament_free(t));
    }

    /* Game records placed by their replayed outcome: a five without a result line is a
       win, a declared forfeit a forfeit; the unfinished game is left out (a warning). */
    {
        static const char games[] =
            "# event: Cup\n# round: 1\n# black: Ann\n# white: Bob\nh8 a1 i8 a2 j8 a3 k8 a4 l8\n"
            "# round: 2\n# black: Bob\n# white: Ann\nh8 h9 result=0-1/forfeit\n# round: 3\nh8 h9\n";
        EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)games, sizeof games - 1, NULL,
                                               "cup.txt", &t));
        EXPECT_OK(renju_tournament_standings(t, 0, NULL, &s));
        EXPECT_OK(renju_standings_row(s, 0, &row));
        CHECK(row.rank == 1 && row.points == 2.0);
        EXPECT_OK(renju_standings_json(s, 0, &json));
        CHECK(json != NULL && strstr(json, "has no result") != NULL);
        EXPECT_OK(renju_string_free(json));
        EXPECT_OK(renju_standings_free(s));
        EXPECT_OK(renju_tournament_free(t));
    }

    /* A knockout paired by its bracket: five players, three byes to the top seeds, then
       the winner of 4-5 meets seed 1. */
    {
        static const char ko[] =
            "{\"name\": \"KO\", \"system\": \"knockout\", \"players\": ["
            "{\"id\": 1, \"name\": \"A\"}, {\"id\": 2, \"name\": \"B\"}, {\"id\": 3, \"name\": \"C\"},"
            "{\"id\": 4, \"name\": \"D\"}, {\"id\": 5, \"name\": \"E\"}], \"pairings\": ["
            "{\"round\": 1, \"player\": 4, \"opponent\": 5, \"result\": \"loss\"},"
            "{\"round\": 1, \"player\": 5, \"opponent\": 4, \"result\": \"win\"}]}";
        renju_board ko_boards[4];
        size_t ko_count = 0;
        uint32_t ko_round = 0;
        EXPECT_OK(renju_tournament_read_buffer((const uint8_t *)ko, sizeof ko - 1, NULL, "ko.json",
                                               &t));
        EXPECT_OK(renju_tournament_pair_knockout(t, 0, 1, ko_boards, 4, &ko_count, &ko_round));
        CHECK(ko_count == 4 && ko_round == 1);
        CHECK(ko_boards[1].black == 4 && ko_boards[1].white == 5);
        EXPECT_OK(renju_tournament_pair_knockout(t, 0, 0, ko_boards, 4, &ko_count, &ko_round));
        CHECK(ko_count == 2 && ko_round == 2);
        CHECK(ko_boards[0].black == 1 && ko_boards[0].white == 5);
        CHECK(ko_boards[1].black == 2 && ko_boards[1].white == 3);
        EXPECT(renju_tournament_pair_knockout(t, 0, 0, NULL, 0, &ko_count, NULL),
               RENJU_ERROR_BUFFER_TOO_SMALL);
        EXPECT(renju_tournament_pair_knockout(t, 0, 0, ko_boards, 4, NULL, NULL),
               RENJU_ERROR_NULL_POINTER);
        EXPECT(renju_tournament_pair_round_robin(t, 0, 0, NULL, ko_boards, 4, &ko_count, NULL),
               RENJU_ERROR_PAIRING);
        EXPECT_OK(renju_tournament_free(t));
    }

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

/* ------------------------------------------------------------------------------------ */
/* The live referee                                                                      */
/* ------------------------------------------------------------------------------------ */

/* The refusal codes: RENJU_REFUSED_NOT_YOUR_TURN to RENJU_REFUSED_BAD_REQUEST in a row,
   then RENJU_REFUSED_PAUSED to RENJU_REFUSED_SEAL_MISMATCH in a row (added after
   RENJU_ERROR_PAIRING). */
#define FIRST_REFUSALS (RENJU_REFUSED_BAD_REQUEST - RENJU_REFUSED_NOT_YOUR_TURN + 1)
#define REFUSAL_CODES (FIRST_REFUSALS + RENJU_REFUSED_SEAL_MISMATCH - RENJU_REFUSED_PAUSED + 1)

static int refusal_index(renju_status code) {
    return code >= RENJU_REFUSED_PAUSED ? FIRST_REFUSALS + (int)code - RENJU_REFUSED_PAUSED
                                        : (int)code - RENJU_REFUSED_NOT_YOUR_TURN;
}

static renju_status refusal_at(int i) {
    return i >= FIRST_REFUSALS ? (renju_status)(RENJU_REFUSED_PAUSED + i - FIRST_REFUSALS)
                               : (renju_status)(RENJU_REFUSED_NOT_YOUR_TURN + i);
}

/* The refusal codes the tests reached (each must be reached at least once). */
static int refusals_reached[REFUSAL_CODES];

static renju_referee *new_referee(const char *opening, const char *fouls,
                                  const char *time_control, uint64_t start_ms) {
    renju_referee_options options;
    renju_referee *referee = NULL;
    memset(&options, 0, sizeof options);
    options.opening = opening;
    options.fouls = fouls;
    options.time_control = time_control;
    options.start_ms = start_ms;
    if (!EXPECT_OK(renju_referee_new(&options, &referee))) {
        exit(2);
    }
    return referee;
}

static int same_side_clock(const renju_side_clock *a, const renju_side_clock *b) {
    return a->time_left_ms == b->time_left_ms && a->period == b->period &&
           a->moves_left == b->moves_left && a->overtime_periods_left == b->overtime_periods_left &&
           a->used_ms == b->used_ms && a->moves == b->moves;
}

/* Field by field (the structs have padding). */
static int same_status(const renju_referee_status *a, const renju_referee_status *b) {
    return a->required == b->required && a->to_act == b->to_act && a->color == b->color &&
           a->move_number == b->move_number && a->stone == b->stone && a->options == b->options &&
           a->range_min == b->range_min && a->range_max == b->range_max && a->count == b->count &&
           a->offered_count == b->offered_count && a->legal_count == b->legal_count &&
           a->pass == b->pass && a->forbidden_count == b->forbidden_count &&
           a->claimable == b->claimable && a->draw_offer == b->draw_offer &&
           a->paused == b->paused && a->timed == b->timed && same_side_clock(&a->clock.black, &b->clock.black) &&
           same_side_clock(&a->clock.white, &b->clock.white) &&
           a->clock.running == b->clock.running && a->clock.deadline_ms == b->clock.deadline_ms &&
           a->outcome.winner == b->outcome.winner &&
           a->outcome.termination == b->outcome.termination &&
           strcmp(a->result, b->result) == 0 && a->winner_seat == b->winner_seat;
}

/* The legal points as text ("h8 j10"), into `out`. */
static void legal_text(const renju_referee *referee, char *out, size_t size) {
    renju_point points[225];
    size_t count = 0, i, used = 0;
    out[0] = '\0';
    if (!EXPECT_OK(renju_referee_legal_points(referee, points, 225, &count))) {
        return;
    }
    for (i = 0; i < count && used + RENJU_POINT_TEXT_CAPACITY + 1 < size; i++) {
        char text[RENJU_POINT_TEXT_CAPACITY];
        EXPECT_OK(renju_point_format(points[i], text, sizeof text));
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", text);
    }
}

/* An action the referee must refuse with `code`: the status and the legal points after
   it are the status and the legal points before it, and the message says why. */
static void check_refused(renju_referee *referee, renju_status got, renju_status code,
                          const renju_referee_status *before, const char *legal_before,
                          int line, const char *call) {
    renju_referee_status after;
    char legal_after[2048];
    char message[512];
    snprintf(message, sizeof message, "%s", renju_last_error_message());
    if (check_status(got, code, line, call)) {
        check(strlen(message) > 0, line, "a refusal leaves a message");
        check(renju_refusal_name(code) != NULL, line, "a refusal has a name");
        refusals_reached[refusal_index(code)] = 1;
    }
    EXPECT_OK(renju_referee_get_status(referee, &after));
    check(same_status(before, &after), line, "the status after a refusal is the one before");
    legal_text(referee, legal_after, sizeof legal_after);
    check(strcmp(legal_before, legal_after) == 0, line, "the legal points are unchanged");
}

#define EXPECT_REFUSED(referee, call, code)                                                   \
    do {                                                                                      \
        renju_referee_status before_;                                                         \
        char legal_before_[2048];                                                             \
        EXPECT_OK(renju_referee_get_status((referee), &before_));                             \
        legal_text((referee), legal_before_, sizeof legal_before_);                           \
        check_refused((referee), (call), (code), &before_, legal_before_, __LINE__, #call);   \
    } while (0)

/* Places the stones of a move list ("h8 h9 j10"), each by whoever must act. */
static void place_all(renju_referee *referee, const char *moves) {
    char point[RENJU_POINT_TEXT_CAPACITY + 1];
    size_t n;
    while (*moves != '\0') {
        n = strcspn(moves, " ");
        if (n > 0 && n < sizeof point) {
            memcpy(point, moves, n);
            point[n] = '\0';
            EXPECT_OK(renju_referee_place(referee, pt(point), RENJU_SEAT_NONE, NULL));
        }
        moves += n + (moves[n] == ' ');
    }
}

static renju_referee_status referee_status(const renju_referee *referee) {
    renju_referee_status s;
    memset(&s, 0, sizeof s);
    EXPECT_OK(renju_referee_get_status(referee, &s));
    return s;
}

/* One line of the JSON path; the reply is returned (the caller frees it). */
static char *json_line(renju_referee *referee, const char *line) {
    char *reply = NULL;
    EXPECT_OK(renju_referee_handle_json(referee, line, &reply));
    CHECK(reply != NULL);
    return reply;
}

/* A line the referee must take. */
static void json_ok(renju_referee *referee, const char *line) {
    char *reply = json_line(referee, line);
    char what[512];
    snprintf(what, sizeof what, "%s -> %.300s", line, reply ? reply : "(null)");
    check(reply != NULL && strncmp(reply, "{\"ok\":true,", 11) == 0, __LINE__, what);
    EXPECT_OK(renju_string_free(reply));
}

/* The game both paths play: RIF 1996 opening, a swap, two fifth-move offers, a draw
   offer declined, and Black's five. */
static const char *const rif_game_json[] = {
    "{\"action\":\"place\",\"point\":\"h8\",\"by\":\"first\"}",
    "{\"action\":\"place\",\"point\":\"h9\",\"by\":\"first\"}",
    "{\"action\":\"place\",\"point\":\"j10\"}",
    "{\"action\":\"swap\",\"by\":\"second\"}",
    "{\"action\":\"place\",\"point\":\"g10\",\"by\":\"first\"}",
    "{\"action\":\"offer\",\"points\":[\"k10\",\"l12\"],\"by\":\"second\"}",
    "{\"action\":\"choose\",\"point\":\"k10\",\"by\":\"first\"}",
    "{\"action\":\"place\",\"point\":\"a1\"}",
    "{\"action\":\"place\",\"point\":\"l10\"}",
    "{\"action\":\"draw-offer\",\"by\":\"second\"}",
    "{\"action\":\"draw-decline\",\"by\":\"first\"}",
    "{\"action\":\"place\",\"point\":\"a2\"}",
    "{\"action\":\"place\",\"point\":\"m10\"}",
    "{\"action\":\"place\",\"point\":\"a3\"}",
    "{\"action\":\"place\",\"point\":\"n10\",\"by\":\"second\"}",
};

static void test_referee_game(void) {
    renju_referee *referee, *json, *copy = NULL, *resumed = NULL;
    renju_referee_status s;
    renju_point offers[2];
    char legal[2048];
    char *fast_actions = NULL, *json_actions = NULL, *record = NULL, *reply;
    size_t i, count = 0;

    snprintf(context, sizeof context, "referee: a RIF game on the fast path");
    referee = new_referee("rif1996", NULL, NULL, 0);
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_PLACE && s.to_act == RENJU_SEAT_FIRST);
    CHECK(s.color == RENJU_COLOR_BLACK && s.move_number == 1 && s.legal_count == 1);
    CHECK(!s.pass && !s.timed && s.clock.deadline_ms == -1 && strcmp(s.result, "*") == 0);
    legal_text(referee, legal, sizeof legal);
    CHECK(strcmp(legal, "h8") == 0);
    EXPECT_OK(renju_referee_place(referee, pt("h8"), RENJU_SEAT_FIRST, NULL));
    s = referee_status(referee);
    CHECK(s.to_act == RENJU_SEAT_FIRST && s.color == RENJU_COLOR_BLACK && s.stone == RENJU_COLOR_WHITE);
    CHECK(s.legal_count == 8);
    EXPECT_OK(renju_referee_place(referee, pt("h9"), RENJU_SEAT_FIRST, NULL));
    EXPECT_OK(renju_referee_place(referee, pt("j10"), RENJU_SEAT_NONE, NULL));
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_SWAP && s.to_act == RENJU_SEAT_SECOND);
    CHECK(s.options == (RENJU_SWAP_OPTION_STAY | RENJU_SWAP_OPTION_SWAP) && s.legal_count == 0);
    EXPECT_OK(renju_referee_act(referee, RENJU_ACTION_SWAP, RENJU_SEAT_SECOND, NULL));
    /* The seats keep their names; the colours changed hands. */
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_PLACE && s.to_act == RENJU_SEAT_FIRST);
    CHECK(s.color == RENJU_COLOR_WHITE && s.move_number == 4);
    EXPECT_OK(renju_referee_place(referee, pt("g10"), RENJU_SEAT_FIRST, NULL));
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_OFFER && s.to_act == RENJU_SEAT_SECOND && s.count == 2);
    CHECK(s.color == RENJU_COLOR_BLACK && s.legal_count == 221 && s.forbidden_count == 0);
    /* The record so far (RIF keeps the swap), and a referee resumed from it. */
    EXPECT_OK(renju_referee_record(referee, "rif", &record));
    CHECK(record != NULL && strstr(record, "h8") != NULL);
    if (record != NULL) {
        renju_referee_status again;
        EXPECT_OK(renju_referee_resume((const uint8_t *)record, strlen(record), "rif", NULL,
                                       NULL, &resumed));
        again = referee_status(resumed);
        CHECK(same_status(&s, &again));
        EXPECT_OK(renju_referee_free(resumed));
        EXPECT_OK(renju_string_free(record));
        record = NULL;
    }
    offers[0] = pt("k10");
    offers[1] = pt("l12");
    EXPECT_OK(renju_referee_offer(referee, offers, 2, RENJU_SEAT_SECOND, NULL));
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_CHOOSE && s.to_act == RENJU_SEAT_FIRST);
    CHECK(s.offered_count == 2 && s.legal_count == 2 && s.move_number == 5);
    legal_text(referee, legal, sizeof legal);
    CHECK(strcmp(legal, "k10 l12") == 0);
    /* The copy goes its own way from here. */
    EXPECT_OK(renju_referee_copy(referee, &copy));
    EXPECT_OK(renju_referee_choose(referee, pt("k10"), RENJU_SEAT_FIRST, NULL));
    EXPECT_OK(renju_referee_choose(copy, pt("l12"), RENJU_SEAT_NONE, NULL));
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_PLACE && s.to_act == RENJU_SEAT_FIRST && s.move_number == 6);
    EXPECT_OK(renju_referee_place(referee, pt("a1"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_place(referee, pt("l10"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_act(referee, RENJU_ACTION_DRAW_OFFER, RENJU_SEAT_SECOND, NULL));
    s = referee_status(referee);
    CHECK(s.draw_offer == RENJU_SEAT_SECOND);
    EXPECT_OK(renju_referee_act(referee, RENJU_ACTION_DRAW_DECLINE, RENJU_SEAT_FIRST, NULL));
    s = referee_status(referee);
    CHECK(s.draw_offer == RENJU_SEAT_NONE && s.to_act == RENJU_SEAT_FIRST);
    EXPECT_OK(renju_referee_place(referee, pt("a2"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_place(referee, pt("m10"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_place(referee, pt("a3"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_place(referee, pt("n10"), RENJU_SEAT_SECOND, NULL));
    s = referee_status(referee);
    CHECK(s.required == RENJU_REQUIRED_NONE && s.to_act == RENJU_SEAT_NONE);
    CHECK(s.color == RENJU_COLOR_NONE && s.legal_count == 0 && s.move_number == 12);
    CHECK(s.outcome.winner == RENJU_COLOR_BLACK && s.outcome.termination == RENJU_TERMINATION_FIVE);
    CHECK(strcmp(s.result, "1-0") == 0 && s.winner_seat == RENJU_SEAT_SECOND);
    EXPECT_OK(renju_referee_legal_points(referee, NULL, 0, &count));
    CHECK(count == 0);
    /* The copy is at move 6 with l12 as the fifth move. */
    s = referee_status(copy);
    CHECK(s.move_number == 6 && s.outcome.termination == RENJU_TERMINATION_UNFINISHED);
    EXPECT(renju_referee_place(copy, pt("l12"), RENJU_SEAT_NONE, NULL), RENJU_REFUSED_OCCUPIED);
    EXPECT_OK(renju_referee_free(copy));

    /* Saved as its actions and restored exactly. */
    EXPECT_OK(renju_referee_actions_json(referee, &fast_actions));
    {
        static const char first[] = "[{\"action\":\"place\",\"point\":\"h8\",\"by\":\"first\"},";
        char what[256];
        snprintf(what, sizeof what, "actions: %.200s", fast_actions ? fast_actions : "(null)");
        check(fast_actions != NULL && strncmp(fast_actions, first, strlen(first)) == 0, __LINE__,
              what);
    }
    {
        renju_referee_options options;
        memset(&options, 0, sizeof options);
        options.opening = "rif1996";
        EXPECT_OK(renju_referee_from_actions_json(&options, fast_actions, &resumed));
        s = referee_status(resumed);
        CHECK(s.outcome.termination == RENJU_TERMINATION_FIVE && strcmp(s.result, "1-0") == 0);
        CHECK(s.winner_seat == RENJU_SEAT_SECOND && s.move_number == 12);
        EXPECT_OK(renju_referee_free(resumed));
        /* Under the free opening the same actions are refused at h9 by the first seat. */
        EXPECT(renju_referee_from_actions_json(NULL, fast_actions, &resumed), RENJU_ERROR_PARSE);
        CHECK(resumed == NULL && strstr(renju_last_error_message(), "action 1") != NULL);
        EXPECT(renju_referee_from_actions_json(&options, "[{\"action\":\"fly\"}]", &resumed),
               RENJU_ERROR_PARSE);
        EXPECT(renju_referee_from_actions_json(&options, NULL, &resumed), RENJU_ERROR_NULL_POINTER);
    }

    /* The same game on the JSON path: the same actions, the same end. */
    snprintf(context, sizeof context, "referee: the same game on the JSON path");
    json = new_referee("rif1996", NULL, NULL, 0);
    for (i = 0; i < sizeof rif_game_json / sizeof rif_game_json[0]; i++) {
        json_ok(json, rif_game_json[i]);
    }
    reply = json_line(json, "{\"action\":\"status\"}");
    CHECK(reply != NULL && strstr(reply, "\"required\":\"none\"") != NULL);
    CHECK(reply != NULL && strstr(reply, "\"result\":\"1-0\"") != NULL);
    CHECK(reply != NULL && strstr(reply, "\"winner_seat\":\"second\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    EXPECT_OK(renju_referee_actions_json(json, &json_actions));
    CHECK(json_actions != NULL && fast_actions != NULL && strcmp(json_actions, fast_actions) == 0);
    EXPECT_OK(renju_string_free(json_actions));
    EXPECT_OK(renju_string_free(fast_actions));
    reply = json_line(json, "{\"action\":\"place\",\"point\":\"o15\"}");
    CHECK(reply != NULL && strstr(reply, "\"code\":\"game-over\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    /* No text format holds both a swap and fifth-move offers: refused, not mangled. */
    EXPECT(renju_referee_record(json, "rif", &record), RENJU_REFUSED_BAD_REQUEST);
    CHECK(record == NULL);
    reply = json_line(json, "{\"action\":\"record\",\"format\":\"sgf\"}");
    CHECK(reply != NULL && strstr(reply, "\"code\":\"bad-request\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    EXPECT_OK(renju_referee_free(json));
    EXPECT_OK(renju_referee_free(referee));
}

/* Every refusal code, each leaving the status as it was. */
static void test_referee_refusals(void) {
    renju_referee *r;
    renju_point offers[2], off = {15, 7}, negative = {-1, 0};
    uint64_t t;
    int i;

    snprintf(context, sizeof context, "referee: refusals");
    r = new_referee("rif1996", NULL, NULL, 0);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_SWAP, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_WRONG_ACTION);
    EXPECT_REFUSED(r, renju_referee_pass(r, RENJU_SEAT_NONE, NULL), RENJU_REFUSED_WRONG_ACTION);
    EXPECT_REFUSED(r, renju_referee_place(r, pt("a1"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OUTSIDE_AREA);
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h8"), RENJU_SEAT_SECOND, NULL),
                   RENJU_REFUSED_NOT_YOUR_TURN);
    EXPECT_REFUSED(r, renju_referee_place(r, off, RENJU_SEAT_NONE, NULL), RENJU_REFUSED_OFF_BOARD);
    EXPECT_REFUSED(r, renju_referee_place(r, negative, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OFF_BOARD);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_TICK, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_BAD_REQUEST);
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL));
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OCCUPIED);
    place_all(r, "h9 j10");
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_STAY, RENJU_SEAT_FIRST, NULL),
                   RENJU_REFUSED_NOT_YOUR_TURN);
    EXPECT_REFUSED(r, renju_referee_place(r, pt("g10"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_WRONG_ACTION);
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_STAY, RENJU_SEAT_SECOND, NULL));
    EXPECT_OK(renju_referee_place(r, pt("g10"), RENJU_SEAT_SECOND, NULL));
    offers[0] = pt("k10");
    offers[1] = pt("k10");
    EXPECT_REFUSED(r, renju_referee_offer(r, offers, 1, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OFFER_COUNT);
    EXPECT_REFUSED(r, renju_referee_offer(r, offers, 2, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_BAD_REQUEST);
    EXPECT_REFUSED(r, renju_referee_offer(r, NULL, 0, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OFFER_COUNT);
    EXPECT(renju_referee_offer(r, NULL, 2, RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    offers[1] = pt("h8");
    EXPECT_REFUSED(r, renju_referee_offer(r, offers, 2, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OCCUPIED);
    offers[1] = off;
    EXPECT_REFUSED(r, renju_referee_offer(r, offers, 2, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_OFF_BOARD);
    EXPECT_REFUSED(r, renju_referee_declare(r, 300, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_BAD_REQUEST);
    offers[1] = pt("l12");
    EXPECT_OK(renju_referee_offer(r, offers, 2, RENJU_SEAT_NONE, NULL));
    EXPECT_REFUSED(r, renju_referee_choose(r, pt("a1"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_NOT_OFFERED);
    EXPECT_REFUSED(r, renju_referee_choose(r, pt("k10"), RENJU_SEAT_FIRST, NULL),
                   RENJU_REFUSED_NOT_YOUR_TURN);
    EXPECT_OK(renju_referee_choose(r, pt("k10"), RENJU_SEAT_SECOND, NULL));
    EXPECT_OK(renju_referee_place(r, pt("a1"), RENJU_SEAT_SECOND, NULL));
    /* A draw offer right after the opponent's move is a violation: refused. */
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_DRAW_OFFER, RENJU_SEAT_FIRST, NULL),
                   RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_DRAW_ACCEPT, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_WRONG_ACTION);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_CLAIM, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_WRONG_ACTION);
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_RESIGN, RENJU_SEAT_FIRST, NULL));
    EXPECT_REFUSED(r, renju_referee_place(r, pt("a2"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_GAME_OVER);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_RESIGN, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_GAME_OVER);
    EXPECT_OK(renju_referee_free(r));

    /* A forfeit (a player gone): the seat that must act loses, and the game is over. */
    r = new_referee("free", NULL, NULL, 0);
    place_all(r, "h8");
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_FORFEIT, RENJU_SEAT_NONE, NULL));
    {
        renju_referee_status s = referee_status(r);
        CHECK(s.outcome.termination == RENJU_TERMINATION_FORFEIT &&
              s.outcome.winner == RENJU_COLOR_BLACK && strcmp(s.result, "1-0") == 0);
    }
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h9"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_GAME_OVER);
    EXPECT_OK(renju_referee_free(r));

    /* Symmetric offers: the position is symmetric about column h, g7 and i7 mirror. */
    r = new_referee("rif1996", NULL, NULL, 0);
    place_all(r, "h8 h9 h10");
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_STAY, RENJU_SEAT_NONE, NULL));
    place_all(r, "h6");
    offers[0] = pt("g7");
    offers[1] = pt("i7");
    EXPECT_REFUSED(r, renju_referee_offer(r, offers, 2, RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_SYMMETRIC_OFFERS);
    EXPECT_OK(renju_referee_free(r));

    /* A declaration outside the range (Yamaguchi: at least one offer). */
    r = new_referee("yamaguchi", NULL, NULL, 0);
    place_all(r, "h8 h9 j10");
    {
        renju_referee_status s = referee_status(r);
        char what[128];
        snprintf(what, sizeof what, "yamaguchi: required %d, range %d to %d", (int)s.required,
                 s.range_min, s.range_max);
        check(s.required == RENJU_REQUIRED_DECLARE && s.range_min >= 1 && s.range_max >= s.range_min,
              __LINE__, what);
        EXPECT_REFUSED(r, renju_referee_declare(r, (uint32_t)s.range_min - 1, RENJU_SEAT_NONE, NULL),
                       RENJU_REFUSED_OFFER_COUNT);
        EXPECT_OK(renju_referee_declare(r, (uint32_t)s.range_min, RENJU_SEAT_NONE, NULL));
    }
    EXPECT_OK(renju_referee_free(r));

    /* The refuse foul policy: Black's double-three is refused, and not legal. */
    r = new_referee(NULL, "refuse", NULL, 0);
    {
        renju_forbidden_point forbidden[4];
        renju_referee_status s;
        char legal[2048];
        size_t count = 99;
        place_all(r, "f8 a1 g8 a2 h6 a3 h7 a4");
        s = referee_status(r);
        CHECK(s.forbidden_count == 1 && s.legal_count == 225 - 8 - 1 && s.pass);
        EXPECT(renju_referee_forbidden_points(r, NULL, 0, &count), RENJU_ERROR_BUFFER_TOO_SMALL);
        CHECK(count == 1);
        EXPECT_OK(renju_referee_forbidden_points(r, forbidden, 4, &count));
        CHECK(count == 1 && forbidden[0].point.x == 7 && forbidden[0].point.y == 7);
        CHECK(forbidden[0].foul == RENJU_FOUL_DOUBLE_THREE);
        CHECK(forbidden[0].fouls == RENJU_FOULS_DOUBLE_THREE);
        legal_text(r, legal, sizeof legal);
        CHECK(strstr(legal, " h8 ") == NULL && strstr(legal, " g8 ") == NULL);
        EXPECT_REFUSED(r, renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL),
                       RENJU_REFUSED_FORBIDDEN);
        EXPECT(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL), RENJU_REFUSED_FORBIDDEN);
        CHECK(strstr(renju_last_error_message(), "h8 is a forbidden") != NULL);
        {
            char *json = NULL;
            EXPECT_OK(renju_referee_explain_json(r, pt("h8"), &json));
            CHECK(json != NULL && strstr(json, "\"double-three\"") != NULL);
            EXPECT_OK(renju_string_free(json));
            EXPECT(renju_referee_explain_json(r, pt("f8"), &json), RENJU_ERROR_OCCUPIED);
            CHECK(json == NULL);
        }
    }
    EXPECT_OK(renju_referee_free(r));

    /* Time going backwards. */
    r = new_referee(NULL, NULL, "60+5", 1000);
    t = 500;
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t),
                   RENJU_REFUSED_BAD_REQUEST);
    EXPECT_OK(renju_referee_free(r));

    /* A player's move while the arbiter has paused the game. */
    r = new_referee(NULL, NULL, NULL, 0);
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_PAUSE, RENJU_SEAT_NONE, NULL));
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL),
                   RENJU_REFUSED_PAUSED);
    EXPECT_OK(renju_referee_free(r));

    for (i = 0; i < REFUSAL_CODES; i++) {
        char what[128];
        snprintf(what, sizeof what, "refusal %s reached",
                 renju_status_name(refusal_at(i)));
        check(refusals_reached[i], __LINE__, what);
    }
    CHECK(strcmp(renju_refusal_name(RENJU_REFUSED_NOT_YOUR_TURN), "not-your-turn") == 0);
    CHECK(strcmp(renju_refusal_name(RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED), "draw-offer-not-allowed") == 0);
    CHECK(renju_refusal_name(RENJU_OK) == NULL && renju_refusal_name(RENJU_ERROR_OCCUPIED) == NULL);
    CHECK(renju_refusal_name(-1) == NULL && renju_refusal_name(26) == NULL);
}

/* A timed game: the clocks, the deadline, a flag that falls. */
static void test_referee_clock(void) {
    renju_referee *r = new_referee(NULL, NULL, "60+5", 1000);
    renju_referee_status s;
    uint64_t t;
    char *reply;

    snprintf(context, sizeof context, "referee: clock");
    s = referee_status(r);
    CHECK(s.timed && s.clock.running == RENJU_COLOR_BLACK && s.clock.deadline_ms == 61000);
    CHECK(s.clock.black.time_left_ms == 60000 && s.clock.white.time_left_ms == 60000);
    t = 3000;
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(s.clock.running == RENJU_COLOR_WHITE && s.clock.black.used_ms == 2000);
    CHECK(s.clock.black.time_left_ms == 63000 && s.clock.deadline_ms == 63000);
    /* A refused action with a time stamp changes nothing, the clock included. */
    t = 4000;
    EXPECT(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t), RENJU_REFUSED_OCCUPIED);
    s = referee_status(r);
    CHECK(s.clock.white.time_left_ms == 60000 && s.move_number == 2);
    reply = json_line(r, "{\"action\":\"tick\",\"t\":70000}");
    CHECK(reply != NULL && strstr(reply, "\"ok\":true") != NULL);
    CHECK(reply != NULL && strstr(reply, "\"termination\":\"time\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_TIME && s.outcome.winner == RENJU_COLOR_BLACK);
    CHECK(s.clock.running == RENJU_COLOR_NONE && s.clock.deadline_ms == -1);
    CHECK(s.winner_seat == RENJU_SEAT_FIRST && strcmp(s.result, "1-0") == 0);
    EXPECT_OK(renju_referee_free(r));
}

/* The arbiter at the board: a 100 s pause charges no one and refuses the players'
   actions; a 60 s penalty takes 60 s; a second warning loses; a disqualification loses by
   forfeit. */
static void test_referee_arbiter(void) {
    renju_referee *r = new_referee(NULL, NULL, "300", 0);
    renju_referee_status s;
    uint64_t t;

    snprintf(context, sizeof context, "referee: arbiter");
    t = 10000;
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t));
    t = 15000;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_PAUSE, RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(s.paused && s.clock.running == RENJU_COLOR_NONE && s.clock.deadline_ms == -1);
    t = 60000;
    EXPECT_REFUSED(r, renju_referee_place(r, pt("h9"), RENJU_SEAT_NONE, &t),
                   RENJU_REFUSED_PAUSED);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_PAUSE, RENJU_SEAT_NONE, &t),
                   RENJU_REFUSED_WRONG_ACTION);
    EXPECT_REFUSED(r, renju_referee_act(r, RENJU_ACTION_UNPAUSE, RENJU_SEAT_FIRST, &t),
                   RENJU_REFUSED_BAD_REQUEST);
    t = 115000;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_UNPAUSE, RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(!s.paused && s.clock.black.time_left_ms == 290000);
    CHECK(s.clock.white.time_left_ms == 295000 && s.clock.deadline_ms == 115000 + 295000);
    EXPECT_OK(renju_referee_penalty(r, RENJU_SEAT_FIRST, 60000, &t));
    s = referee_status(r);
    CHECK(s.clock.black.time_left_ms == 230000 && s.outcome.winner == RENJU_COLOR_NONE);
    EXPECT(renju_referee_penalty(r, RENJU_SEAT_NONE, 1000, &t), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_referee_warning(r, RENJU_SEAT_SECOND, "noise", &t));
    EXPECT_OK(renju_referee_warning(r, RENJU_SEAT_SECOND, NULL, &t));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_VIOLATIONS);
    CHECK(s.winner_seat == RENJU_SEAT_FIRST);
    EXPECT_OK(renju_referee_free(r));

    r = new_referee(NULL, NULL, NULL, 0);
    EXPECT_OK(renju_referee_disqualify(r, RENJU_SEAT_FIRST, "abuse", NULL));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_FORFEIT);
    CHECK(s.winner_seat == RENJU_SEAT_SECOND);
    EXPECT_OK(renju_referee_free(r));
}

/* Adjournment: the first player seals j10 at 30 s (15 s on their move); a night passes;
   the arbiter resumes and the sealed move is played on the sealer's clock alone. A
   sealed move on an occupied point loses for the sealer. */
static void test_referee_sealed_move(void) {
    const char *salt = "0123456789abcdef0123";
    renju_referee *r = new_referee(NULL, NULL, "300", 0);
    renju_referee *next = NULL;
    renju_referee_status s;
    char *sealed = NULL;
    char *record = NULL;
    uint64_t t;

    snprintf(context, sizeof context, "referee: sealed move");
    t = 10000;
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t));
    t = 15000;
    EXPECT_OK(renju_referee_place(r, pt("i9"), RENJU_SEAT_NONE, &t));
    t = 30000;
    EXPECT_REFUSED(r, renju_referee_seal(r, pt("j10"), salt, RENJU_SEAT_SECOND, &t),
                   RENJU_REFUSED_NOT_YOUR_TURN);
    EXPECT_REFUSED(r, renju_referee_resume_sealed(r, NULL, &t), RENJU_REFUSED_WRONG_ACTION);
    EXPECT_OK(renju_referee_seal(r, pt("j10"), salt, RENJU_SEAT_FIRST, &t));
    s = referee_status(r);
    CHECK(s.adjourned_by == RENJU_SEAT_FIRST && s.clock.running == RENJU_COLOR_NONE);
    t = 36000000;
    EXPECT_REFUSED(r, renju_referee_place(r, pt("a1"), RENJU_SEAT_NONE, &t),
                   RENJU_REFUSED_ADJOURNED);
    EXPECT_REFUSED(r, renju_referee_resume_sealed(r, "k10/0123456789abcdef0123", &t),
                   RENJU_REFUSED_SEAL_MISMATCH);
    EXPECT_OK(renju_referee_sealed_move(r, &sealed));
    CHECK(sealed != NULL && strcmp(sealed, "j10/0123456789abcdef0123") == 0);
    EXPECT_OK(renju_string_free(sealed));
    /* The public record shows the digest, never the move; a referee resumed from it
       takes the sealed part. */
    EXPECT_OK(renju_referee_record(r, "moves", &record));
    CHECK(record != NULL && strstr(record, "b:seal=") != NULL && strstr(record, "j10") == NULL);
    EXPECT_OK(renju_referee_resume((const uint8_t *)record, strlen(record), "moves", NULL, NULL,
                                   &next));
    EXPECT(renju_referee_sealed_move(next, &sealed), RENJU_REFUSED_WRONG_ACTION);
    CHECK(sealed == NULL);
    EXPECT_OK(renju_referee_resume_sealed(next, "j10/0123456789abcdef0123", &t));
    CHECK(referee_status(next).move_number == 4);
    EXPECT_OK(renju_referee_free(next));
    EXPECT_OK(renju_string_free(record));
    EXPECT_OK(renju_referee_resume_sealed(r, NULL, &t));
    s = referee_status(r);
    CHECK(s.adjourned_by == RENJU_SEAT_NONE && s.move_number == 4);
    CHECK(s.clock.black.time_left_ms == 275000 && s.clock.white.time_left_ms == 295000);
    CHECK(s.clock.running == RENJU_COLOR_WHITE && s.clock.deadline_ms == 36000000 + 295000);
    EXPECT_OK(renju_referee_free(r));

    r = new_referee(NULL, NULL, NULL, 0);
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_seal(r, pt("h8"), NULL, RENJU_SEAT_NONE, NULL));
    EXPECT_OK(renju_referee_resume_sealed(r, NULL, NULL));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_ILLEGAL_SEALED_MOVE);
    CHECK(s.winner_seat == RENJU_SEAT_FIRST);
    EXPECT_OK(renju_referee_free(r));
}

/* A late limit of 15 minutes: the second player arrives at 60 s, the first never does
   and forfeits past the limit; with both absent, both lose. The second player's
   lateness goes on their own clock. */
static void test_referee_late_limit(void) {
    renju_referee_options options;
    renju_referee *r = NULL;
    renju_referee_status s;
    uint64_t t;

    snprintf(context, sizeof context, "referee: late limit");
    memset(&options, 0, sizeof options);
    options.time_control = "1800";
    options.late_limit_ms = 900000;
    EXPECT_OK(renju_referee_new(&options, &r));
    t = 60000;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_ARRIVE, RENJU_SEAT_SECOND, &t));
    s = referee_status(r);
    CHECK(s.absent_first && !s.absent_second && s.late_deadline_ms == 900000);
    CHECK(s.clock.running == RENJU_COLOR_NONE);
    t = 900001;
    /* The first player forfeited at the limit: the status changed before the refusal. */
    EXPECT(renju_referee_place(r, pt("h8"), RENJU_SEAT_FIRST, &t), RENJU_REFUSED_GAME_OVER);
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_FORFEIT && s.winner_seat == RENJU_SEAT_SECOND);
    CHECK(!s.absent_first && s.late_deadline_ms == -1);
    EXPECT_OK(renju_referee_free(r));

    options.time_control = NULL;
    EXPECT_OK(renju_referee_new(&options, &r));
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_TICK, RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_DOUBLE_FORFEIT && s.winner_seat == RENJU_SEAT_NONE);
    CHECK(strcmp(s.result, "0-0") == 0);
    EXPECT_OK(renju_referee_free(r));

    options.time_control = "300";
    EXPECT_OK(renju_referee_new(&options, &r));
    t = 0;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_ARRIVE, RENJU_SEAT_FIRST, &t));
    t = 10000;
    EXPECT_OK(renju_referee_place(r, pt("h8"), RENJU_SEAT_NONE, &t));
    t = 70000;
    EXPECT_OK(renju_referee_place(r, pt("i9"), RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(s.clock.black.time_left_ms == 300000 && s.clock.white.time_left_ms == 230000);
    EXPECT_OK(renju_referee_free(r));
}

/* Clocks belong to players: under Swap2 (one minute each) the second player thinks 55 s
   and swaps, taking Black with their own 5 s, and loses on time at move 5. */
static void test_referee_clock_follows_the_swapper(void) {
    renju_referee *r = new_referee("swap2", NULL, "60", 0);
    renju_referee_status s;
    renju_clock *clock = NULL;
    renju_clock_state st;
    uint64_t t;
    const char *stones[] = {"h8", "h9", "j10"};
    int i;

    snprintf(context, sizeof context, "referee: the swapper keeps their clock");
    for (i = 0; i < 3; i++) {
        t = 1000 * (uint64_t)(i + 1);
        EXPECT_OK(renju_referee_place(r, pt(stones[i]), RENJU_SEAT_FIRST, &t));
    }
    t = 58000;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_SWAP, RENJU_SEAT_SECOND, &t));
    s = referee_status(r);
    CHECK(s.clock.black.time_left_ms == 5000 && s.clock.white.time_left_ms == 57000);
    t = 60000;
    EXPECT_OK(renju_referee_place(r, pt("g10"), RENJU_SEAT_FIRST, &t));
    s = referee_status(r);
    CHECK(s.clock.running == RENJU_COLOR_BLACK && s.clock.deadline_ms == 65000);
    t = 65001;
    EXPECT_OK(renju_referee_act(r, RENJU_ACTION_TICK, RENJU_SEAT_NONE, &t));
    s = referee_status(r);
    CHECK(s.outcome.termination == RENJU_TERMINATION_TIME && s.outcome.winner == RENJU_COLOR_WHITE);
    CHECK(s.winner_seat == RENJU_SEAT_FIRST);
    EXPECT_OK(renju_referee_free(r));

    /* The same on a bare clock: the first player's three stones, then the swap. */
    EXPECT_OK(renju_clock_new("60", 0, 0, &clock));
    for (i = 0; i < 3; i++) {
        EXPECT_OK(renju_clock_press_by(clock, RENJU_COLOR_BLACK, 1000, NULL));
    }
    EXPECT_OK(renju_clock_swap(clock, NULL));
    EXPECT_OK(renju_clock_press_by(clock, RENJU_COLOR_BLACK, 55000, &st));
    CHECK(st.black.time_left_ms == 5000 && st.white.time_left_ms == 57000);
    CHECK(st.black.moves == 1 && st.white.moves == 3 && st.to_move == RENJU_COLOR_WHITE);
    EXPECT(renju_clock_press_by(clock, 7, 0, NULL), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_clock_free(clock));
}

/* Lines that are not commands get bad-request replies, and change nothing. */
static void test_referee_hostile_json(void) {
    static const char *const lines[] = {
        "", "   ", "null", "[]", "{}", "42", "\"place\"",
        "{\"action\":7}",
        "{\"action\":\"place\"}",
        "{\"action\":\"place\",\"point\":\"z99\"}",
        "{\"action\":\"place\",\"point\":\"h8\",\"extra\":1}",
        "{\"action\":\"place\",\"point\":\"h8\",\"point\":\"h9\"}",
        "{\"action\":\"declare\",\"count\":300}",
        "{\"action\":\"declare\",\"count\":-1}",
        "{\"action\":\"offer\",\"points\":\"h8\"}",
        "{\"action\":\"place\",\"point\":\"h8\",\"t\":-5}",
        "{\"action\":\"place\",\"point\":\"h8\",\"t\":1e400}",
        "{\"action\":\"place\",\"point\":\"h8\",\"by\":\"third\"}",
        "{\"action\":\"fly\"}",
        "{\"action\":\"pa\\u0000ss\"}",
        "{\"action\":\"record\",\"format\":\"pdf\"}",
        "{\"action\":\"explain\"}",
        "{\"action\":\"place\",\"point\":\"h8\"}{\"action\":\"pass\"}",
        "{\"action\":\"place\",\"point\":\"h8\"",
        "\xff\xfe{\"action\":\"pass\"}",
        "{\"action\":\"pass\xc3\"}",
    };
    static const char bad[] = "{\"ok\":false,\"error\":{\"code\":\"bad-request\"";
    renju_referee *r = new_referee("rif1996", NULL, NULL, 0);
    renju_referee_status before, after;
    char *deep, *reply;
    size_t i, n = 100000;

    snprintf(context, sizeof context, "referee: hostile JSON lines");
    before = referee_status(r);
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char what[256];
        reply = json_line(r, lines[i]);
        snprintf(what, sizeof what, "line %lu: %.200s", (unsigned long)i, reply ? reply : "(null)");
        check(reply != NULL && strncmp(reply, bad, strlen(bad)) == 0, __LINE__, what);
        EXPECT_OK(renju_string_free(reply));
    }
    /* Deep nesting and a huge line. */
    deep = malloc(n + 1);
    if (deep == NULL) {
        exit(2);
    }
    memset(deep, '[', n);
    deep[n] = '\0';
    reply = json_line(r, deep);
    CHECK(reply != NULL && strstr(reply, "\"code\":\"bad-request\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    memset(deep, 'x', n);
    memcpy(deep, "{\"action\":\"", 11);
    memcpy(deep + n - 2, "\"}", 2);
    reply = json_line(r, deep);
    CHECK(reply != NULL && strstr(reply, "\"code\":\"bad-request\"") != NULL);
    CHECK(reply != NULL && strlen(reply) < 2 * n);
    EXPECT_OK(renju_string_free(reply));
    free(deep);
    after = referee_status(r);
    CHECK(same_status(&before, &after));
    /* Queries answer without changing anything. */
    reply = json_line(r, "{\"action\":\"explain\",\"point\":\"h8\"}");
    CHECK(reply != NULL && strstr(reply, "\"ok\":true") != NULL && strstr(reply, "\"explanation\"") != NULL);
    EXPECT_OK(renju_string_free(reply));
    after = referee_status(r);
    CHECK(same_status(&before, &after));
    EXPECT_OK(renju_referee_free(r));
}

/* NULL pointers, bad handles and bad arguments give their codes, never a crash. */
static void test_referee_errors(void) {
    renju_referee *r = NULL, *stale = NULL, *out = (renju_referee *)1;
    renju_referee_options options;
    renju_referee_status s;
    renju_position *pos = NULL;
    renju_games *games = NULL;
    renju_point points[4];
    char *text = NULL;
    size_t count = 0;
    int local = 0;
    uint64_t t = 0;

    snprintf(context, sizeof context, "referee: errors");
    /* NULL pointers. */
    EXPECT(renju_referee_new(NULL, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_copy(NULL, &out), RENJU_ERROR_NULL_POINTER);
    CHECK(out == NULL);
    EXPECT(renju_referee_place(NULL, pt("h8"), RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_pass(NULL, RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_act(NULL, RENJU_ACTION_SWAP, RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_declare(NULL, 2, RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_offer(NULL, points, 0, RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_choose(NULL, pt("h8"), RENJU_SEAT_NONE, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_get_status(NULL, &s), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_legal_points(NULL, points, 4, &count), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_forbidden_points(NULL, NULL, 0, &count), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_handle_json(NULL, "{}", &text), RENJU_ERROR_NULL_POINTER);
    CHECK(text == NULL);
    EXPECT(renju_referee_record(NULL, "rif", &text), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_explain_json(NULL, pt("h8"), &text), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_resume(NULL, 4, "moves", NULL, NULL, &out), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_resume((const uint8_t *)"h8", 2, "moves", NULL, NULL, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_resume_game(NULL, 0, NULL, &out), RENJU_ERROR_NULL_POINTER);
    EXPECT_OK(renju_referee_free(NULL));

    EXPECT_OK(renju_referee_new(NULL, &r));
    EXPECT(renju_referee_get_status(r, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_legal_points(r, NULL, 4, &count), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_legal_points(r, points, 4, NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_legal_points(r, points, 4, &count), RENJU_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == 225 && points[3].x == 3 && points[3].y == 0);
    EXPECT(renju_referee_forbidden_points(r, NULL, 1, &count), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_handle_json(r, NULL, &text), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_handle_json(r, "{\"action\":\"pass\"}", NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_record(r, NULL, &text), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_record(r, "rif", NULL), RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_referee_record(r, "pdf", &text), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(text == NULL);
    EXPECT(renju_referee_explain_json(r, pt("h8"), NULL), RENJU_ERROR_NULL_POINTER);
    /* Enum values that are not one, and a NULL handle output is left NULL. */
    EXPECT(renju_referee_place(r, pt("h8"), 3, NULL), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_referee_place(r, pt("h8"), -1, NULL), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_referee_act(r, RENJU_ACTION_ARRIVE + 1, RENJU_SEAT_NONE, NULL), RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_referee_act(r, -1, RENJU_SEAT_NONE, NULL), RENJU_ERROR_INVALID_ARGUMENT);
    s = referee_status(r);
    CHECK(s.move_number == 1);

    /* Bad options. */
    memset(&options, 0, sizeof options);
    options.rule_set = 9;
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(out == NULL);
    options.rule_set = RENJU_RULE_RENJU;
    options.size = 19;
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    options.size = 300;
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    options.size = 0;
    options.opening = "nope";
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    options.opening = "\xff";
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_UTF8);
    options.opening = NULL;
    options.fouls = "sometimes";
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    options.fouls = NULL;
    options.offer_equivalence = "colour";
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    options.offer_equivalence = NULL;
    options.time_control = "300+a";
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_PARSE);
    options.time_control = NULL;
    options.both_flags = 2;
    EXPECT(renju_referee_new(&options, &out), RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(out == NULL);
    options.both_flags = 1;
    options.rule_set = RENJU_RULE_FREESTYLE;
    options.size = 19;
    options.fouls = "rif-claim";
    options.offer_equivalence = "board";
    options.time_control = "-";
    EXPECT_OK(renju_referee_new(&options, &out));
    s = referee_status(out);
    CHECK(s.legal_count == 361 && !s.timed);
    EXPECT_OK(renju_referee_free(out));

    /* Records that cannot be resumed. */
    EXPECT(renju_referee_resume((const uint8_t *)"h8 h8", 5, "moves", NULL, NULL, &out),
           RENJU_ERROR_PARSE);
    CHECK(out == NULL);
    EXPECT(renju_referee_resume((const uint8_t *)"", 0, "moves", NULL, NULL, &out), RENJU_ERROR_PARSE);
    EXPECT(renju_referee_resume((const uint8_t *)"h8\ni9\n", 6, "moves", NULL, NULL, &out),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_referee_resume((const uint8_t *)"h8", 2, "pdf", NULL, NULL, &out),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_referee_resume((const uint8_t *)"h8", 2, NULL, "game.pdf", NULL, &out),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT_OK(renju_referee_resume((const uint8_t *)"h8 h9", 5, NULL, "game.txt", NULL, &out));
    s = referee_status(out);
    CHECK(s.move_number == 3 && s.color == RENJU_COLOR_BLACK);
    EXPECT_OK(renju_referee_free(out));
    EXPECT_OK(renju_games_read_buffer((const uint8_t *)"h8\nh8 h8\n", 9, "moves", NULL, &games));
    EXPECT_OK(renju_referee_resume_game(games, 0, NULL, &out));
    s = referee_status(out);
    CHECK(s.move_number == 2);
    EXPECT_OK(renju_referee_free(out));
    EXPECT(renju_referee_resume_game(games, 1, NULL, &out), RENJU_ERROR_PARSE);
    EXPECT(renju_referee_resume_game(games, 2, NULL, &out), RENJU_ERROR_INDEX_OUT_OF_RANGE);
    CHECK(out == NULL);

    /* Freed, foreign and wrong-type handles. */
    EXPECT_OK(renju_referee_copy(r, &stale));
    EXPECT_OK(renju_referee_free(stale));
    EXPECT(renju_referee_place(stale, pt("h8"), RENJU_SEAT_NONE, NULL), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_get_status(stale, &s), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_handle_json(stale, "{\"action\":\"status\"}", &text), RENJU_ERROR_BAD_HANDLE);
    CHECK(text == NULL);
    EXPECT(renju_referee_free(stale), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_get_status((renju_referee *)&local, &s), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_free((renju_referee *)&local), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_get_status((renju_referee *)games, &s), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_resume_game((renju_games *)r, 0, NULL, &out), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_position_from_moves("h8", &pos));
    EXPECT(renju_referee_place((renju_referee *)pos, pt("h9"), RENJU_SEAT_NONE, &t),
           RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_referee_free((renju_referee *)pos), RENJU_ERROR_BAD_HANDLE);
    EXPECT(renju_position_free((renju_position *)r), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_referee_record(r, "sgf", &text));
    EXPECT(renju_referee_get_status((renju_referee *)text, &s), RENJU_ERROR_BAD_HANDLE);
    EXPECT_OK(renju_string_free(text));
    EXPECT_OK(renju_position_free(pos));
    EXPECT_OK(renju_games_free(games));
    s = referee_status(r);
    CHECK(s.move_number == 1);
    EXPECT_OK(renju_referee_free(r));
}

/* renju_forbidden_masks on many boards at once, and every bad argument refused. */
static void test_forbidden_masks(void) {
    enum { AREA = 225, BOARDS = 300 };
    static uint8_t cells[AREA * BOARDS], masks[AREA * BOARDS];
    size_t n, k, marked = 0;

    snprintf(context, sizeof context, "forbidden masks");
    /* f8 g8 h6 h7 black, a1-a4 white: h8 (index 7 * 15 + 7) is a double-three. */
    cells[7 * 15 + 5] = cells[7 * 15 + 6] = cells[5 * 15 + 7] = cells[6 * 15 + 7] = 1;
    cells[0] = cells[15] = cells[30] = cells[45] = 2;
    for (n = 1; n < BOARDS; n++) {
        memcpy(cells + n * AREA, cells, AREA);
    }
    memset(masks, 9, sizeof masks);
    EXPECT_OK(renju_forbidden_masks(cells, sizeof cells, 15, RENJU_RULE_RENJU, false, true, masks));
    for (k = 0; k < sizeof masks; k++) {
        marked += masks[k] != 0;
    }
    CHECK(masks[(BOARDS - 1) * AREA + 7 * 15 + 7] == RENJU_FOUL_DOUBLE_THREE && marked == BOARDS);
    EXPECT_OK(renju_forbidden_masks(cells, AREA, 15, RENJU_RULE_RENJU, false, false, masks));
    CHECK(masks[7 * 15 + 7] == 1);
    EXPECT_OK(renju_forbidden_masks(cells, AREA, 15, RENJU_RULE_FREESTYLE, false, true, masks));
    CHECK(masks[7 * 15 + 7] == 0);
    EXPECT_OK(renju_forbidden_masks(NULL, 0, 15, RENJU_RULE_RENJU, false, true, NULL));

    EXPECT(renju_forbidden_masks(NULL, AREA, 15, RENJU_RULE_RENJU, false, true, masks),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_forbidden_masks(cells, AREA, 15, RENJU_RULE_RENJU, false, true, NULL),
           RENJU_ERROR_NULL_POINTER);
    EXPECT(renju_forbidden_masks(cells, AREA - 1, 15, RENJU_RULE_RENJU, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_forbidden_masks(cells, AREA, 19, RENJU_RULE_RENJU, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_forbidden_masks(cells, AREA, 256 + 15, RENJU_RULE_FREESTYLE, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_forbidden_masks(cells, AREA, -1, RENJU_RULE_FREESTYLE, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_forbidden_masks(cells, AREA, 15, 42, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    EXPECT(renju_forbidden_masks(cells, AREA, 15, RENJU_RULE_RENJU, false, true, cells + 100),
           RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(renju_last_error_message(), "overlaps") != NULL);
    cells[AREA + 3] = 3;
    masks[0] = 9;
    EXPECT(renju_forbidden_masks(cells, 2 * AREA, 15, RENJU_RULE_RENJU, false, true, masks),
           RENJU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(renju_last_error_message(), "cell 228 holds 3") != NULL && masks[0] == 9);
}

/* Run alone, under an address-space limit (renju-ffi/tests/c_api.rs): the largest batch
   the options allow needs more memory than the limit, and is refused with
   RENJU_ERROR_OUT_OF_MEMORY rather than aborting the process. */
static int test_env_out_of_memory(void) {
    renju_env *env = NULL;
    snprintf(context, sizeof context, "env out of memory");
    EXPECT(renju_env_new(NULL, (size_t)1 << 20, 1, &env), RENJU_ERROR_OUT_OF_MEMORY);
    CHECK(strstr(renju_last_error_message(), "more than can be allocated") != NULL);
    CHECK(env == NULL);
    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    int i;

    if (argc == 2 && strcmp(argv[1], "--env-out-of-memory") == 0) {
        return test_env_out_of_memory();
    }
    if (argc < 3) {
        fprintf(stderr, "usage: %s GAMES_DIR FIXTURE_FILE...\n", argv[0]);
        return 2;
    }
    test_basics();
    test_positions();
    test_forbidden_masks();
    test_stale_handles();
    test_stale_strings();
    test_clock();
    test_hostile_byo_yomi();
    test_games(argv[1]);
    test_fixture_errors(argv[1]);
    test_tournaments(argv[1]);
    test_point_systems_and_hostile_trf(argv[1]);
    test_two_game_matches();
    test_team_events(argv[1]);
    test_team_lineups(argv[1]);
    test_king_of_the_hill_teams(argv[1]);
    test_king_of_the_hill_order(argv[1]);
    test_team_score_system(argv[1]);
    test_round_robin_pairing(argv[1]);
    test_dutch_pairing(argv[1]);
    test_report_merge();
    test_referee_game();
    test_referee_sealed_move();
    test_referee_refusals();
    test_referee_clock();
    test_referee_arbiter();
    test_referee_late_limit();
    test_referee_clock_follows_the_swapper();
    test_referee_hostile_json();
    test_referee_errors();
    test_env();
    test_env_opening();
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
