/*
 * A small program using the renju C API: set up a position, ask for Black's forbidden
 * points, explain one, play it, and read the verdict.
 *
 * Build (see the Makefile and the user guide's C API page, docs/c-api.md):
 *   cargo build --release -p renju-ffi
 *   make -C examples/c run
 * or, with renju.pc installed:
 *   cc -std=c99 example.c $(pkg-config --cflags --libs renju) -o example
 */

#include <stdio.h>
#include <stdlib.h>

#include "renju.h"

/* Prints the library's message and exits when a call fails. */
static void must(renju_status status, const char *what) {
    if (status != RENJU_OK) {
        fprintf(stderr, "%s: %s: %s\n", what, renju_status_name(status),
                renju_last_error_message());
        exit(1);
    }
}

int main(void) {
    renju_position *pos = NULL;
    renju_forbidden_point points[15 * 15];
    size_t count = 0, i;
    renju_point h8;
    renju_verdict verdict;
    char text[RENJU_POINT_TEXT_CAPACITY];
    char *json = NULL;
    renju_status status;

    printf("renju %s\n", renju_version());

    /* Black has f8 g8 and h6 h7: h8 would make two open threes. */
    must(renju_position_from_moves("f8 a1 g8 a2 h6 a3 h7 a4", &pos), "from_moves");

    /* The whole-board forbidden map, in the caller's array. */
    must(renju_position_forbidden_points(pos, points, sizeof points / sizeof points[0], &count),
         "forbidden_points");
    for (i = 0; i < count; i++) {
        renju_verdict v;
        must(renju_point_format(points[i].point, text, sizeof text), "point_format");
        must(renju_position_verdict(pos, points[i].point, &v), "verdict");
        printf("forbidden for Black: %s: %s\n", text, v.label);
    }

    /* Why h8 is forbidden, as JSON (freed with renju_string_free). */
    must(renju_point_parse("h8", &h8), "point_parse");
    must(renju_position_explain_json(pos, h8, &json), "explain_json");
    printf("explanation of h8: %.60s...\n", json);
    must(renju_string_free(json), "string_free");

    /* Playing it ends the game: White wins. */
    must(renju_position_play(pos, h8, &verdict), "play");
    printf("h8: %s\n", verdict.label);
    if (verdict.kind == RENJU_VERDICT_FORBIDDEN) {
        renju_position_info info;
        must(renju_position_get_info(pos, &info), "get_info");
        printf("winner: %s\n", info.outcome.winner == RENJU_COLOR_WHITE ? "white" : "black");
    }

    /* Errors are status codes with a message, never a crash. */
    status = renju_position_play(pos, h8, &verdict);
    printf("playing on: %s (%s)\n", renju_status_name(status), renju_last_error_message());

    must(renju_position_free(pos), "position_free");
    return 0;
}
