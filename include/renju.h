/*
 * renju.h: the C API of renju, a referee for Renju and Gomoku positions and game records.
 *
 * C99. Link with -lrenju: see the user guide (docs/c-api.md), examples/c/ and renju.pc.
 *
 * Conventions, for every function:
 *
 *  - Status codes. Every fallible function returns a renju_status (RENJU_OK on success);
 *    on failure a message is left for renju_last_error_message() on the calling thread.
 *    Results go to output parameters; handle outputs are set to NULL on failure. The
 *    live referee's refusals are RENJU_REFUSED_* codes (the referee's reason is the
 *    message; renju_refusal_name() gives the stable name the JSON protocol uses).
 *  - No undefined behaviour on bad input. NULL pointers, freed or foreign handles,
 *    handles of the wrong type, invalid UTF-8, out-of-range enum values, points off the
 *    board and buffers that are too small give status codes. Handles and returned
 *    strings are looked up in a table before use, so a stale pointer is never
 *    dereferenced. Handles are tokens never given out twice, and returned strings are
 *    placed at addresses never used twice, so a stale handle or string stays
 *    RENJU_ERROR_BAD_HANDLE even after its memory is reused. Panics are caught at the
 *    boundary (RENJU_ERROR_PANIC).
 *  - Ownership. Handles (renju_position *, renju_games *, renju_referee *, ...) belong to
 *    the caller and are freed with their *_free function. Strings returned as char *
 *    belong to the caller and are freed with renju_string_free (never free()). Strings
 *    and arrays returned as const char * / const T * are borrowed: static, or owned by
 *    the handle they came from and valid until it is freed.
 *  - Threads. Every function may be called from any thread. A position or a referee
 *    locks itself on each call; games and fixtures never change after reading. The last
 *    error message is per thread.
 *  - Enums cross the boundary as int32_t; values passed in are checked.
 *  - Points are renju_point {x, y}: x = column from 0 (a), y = row from 0 (row 1), so
 *    h8 = {7, 7}. renju_point_parse / renju_point_format convert from and to "h8" text.
 */


#ifndef RENJU_H
#define RENJU_H

/* Generated from renju-ffi by cbindgen: do not edit. Regenerate with
   RENJU_UPDATE_HEADER=1 cargo test -p renju-ffi --test header */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * The smallest board side.
 */
#define RENJU_MIN_BOARD_SIZE 5

/**
 * The largest board side (26 columns, `a` to `z`).
 */
#define RENJU_MAX_BOARD_SIZE 26

/**
 * The board side of Renju (the only one it allows, and the default elsewhere).
 */
#define RENJU_DEFAULT_BOARD_SIZE 15

/**
 * Bytes a point's text needs, NUL included (`"z26"`): the buffer size for
 * `renju_point_format`.
 */
#define RENJU_POINT_TEXT_CAPACITY 4

/**
 * `fouls` bit: six or more in a row.
 */
#define RENJU_FOULS_OVERLINE 1

/**
 * `fouls` bit: two or more fours.
 */
#define RENJU_FOULS_DOUBLE_FOUR 2

/**
 * `fouls` bit: two or more real threes.
 */
#define RENJU_FOULS_DOUBLE_THREE 4

/**
 * `renju_position_svg` flag: draw column letters and row numbers.
 */
#define RENJU_SVG_COORDINATES 1

/**
 * `renju_position_svg` flag: number the stones in play order.
 */
#define RENJU_SVG_NUMBERS 2

/**
 * `renju_position_svg` flag: mark Black's forbidden points by kind.
 */
#define RENJU_SVG_FORBIDDEN 4

/**
 * `renju_position_svg` flag: ring the last stone played.
 */
#define RENJU_SVG_LAST_MOVE 8

/**
 * `renju_position_svg` flags: everything (what `renju show --numbers` draws).
 */
#define RENJU_SVG_DEFAULT 15

/**
 * `renju_referee_status.options` bit: keep colours (`RENJU_ACTION_STAY`).
 */
#define RENJU_SWAP_OPTION_STAY 1

/**
 * `renju_referee_status.options` bit: exchange colours (`RENJU_ACTION_SWAP`).
 */
#define RENJU_SWAP_OPTION_SWAP 2

/**
 * `renju_referee_status.options` bit: Swap2's two more stones
 * (`RENJU_ACTION_PLACE_TWO`).
 */
#define RENJU_SWAP_OPTION_PLACE_TWO 4

/**
 * `renju_referee_status.options` bit: Taraguchi's fifth-move offers instead of a colour
 * decision (`renju_referee_offer`, `count` of them).
 */
#define RENJU_SWAP_OPTION_OFFER 8

/**
 * What a call did. Every fallible function returns one; on anything but `RENJU_OK` a
 * message is left for `renju_last_error_message()` on the calling thread, and output
 * parameters are left as documented by the function (handle outputs are set to NULL).
 */
enum renju_status
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Success.
     */
    RENJU_OK = 0,
    /**
     * A required pointer argument is NULL.
     */
    RENJU_ERROR_NULL_POINTER = 1,
    /**
     * An argument is out of range: an unknown enum value, a board size the rule set
     * does not allow, an unknown file format or opening protocol name, a misaligned
     * pointer.
     */
    RENJU_ERROR_INVALID_ARGUMENT = 2,
    /**
     * Text could not be read: a point, a move list, a diagram, a fixture file or a game
     * record. The message says where (file, line, record, move number).
     */
    RENJU_ERROR_PARSE = 3,
    /**
     * Illegal move: the point already holds a stone.
     */
    RENJU_ERROR_OCCUPIED = 4,
    /**
     * Illegal move or query: the point is not on the board (or its coordinates are not
     * in 0..=25 at all).
     */
    RENJU_ERROR_OFF_BOARD = 5,
    /**
     * Illegal move: the game is over (a five, a forbidden move or a draw ended it).
     */
    RENJU_ERROR_GAME_OVER = 6,
    /**
     * `renju_position_undo`: no move has been played on the position.
     */
    RENJU_ERROR_NOTHING_TO_UNDO = 7,
    /**
     * A file could not be read.
     */
    RENJU_ERROR_IO = 8,
    /**
     * A string argument is not valid UTF-8.
     */
    RENJU_ERROR_INVALID_UTF8 = 9,
    /**
     * A handle or string is not live: already freed, never returned by this library, or
     * a handle of another type.
     */
    RENJU_ERROR_BAD_HANDLE = 10,
    /**
     * A caller-provided buffer is too small; the size needed was reported where the
     * function says.
     */
    RENJU_ERROR_BUFFER_TOO_SMALL = 11,
    /**
     * An index is past the end of a collection.
     */
    RENJU_ERROR_INDEX_OUT_OF_RANGE = 12,
    /**
     * The library panicked (a bug); the panic was caught at the boundary. A handle in
     * use at the time may be unusable (every later call on it returns this code).
     */
    RENJU_ERROR_PANIC = 13,
    /**
     * Refused by the referee (`renju_referee_*`): the seat named is not the one that
     * must act. Nothing changed. Every `RENJU_REFUSED_*` code stands for one referee
     * refusal, named by `renju_refusal_name()` as the JSON protocol names it.
     */
    RENJU_REFUSED_NOT_YOUR_TURN = 14,
    /**
     * Refused by the referee: the opening protocol asks for another kind of action now
     * (or there is no foul to claim, no draw offer to answer).
     */
    RENJU_REFUSED_WRONG_ACTION = 15,
    /**
     * Refused by the referee: the point is occupied.
     */
    RENJU_REFUSED_OCCUPIED = 16,
    /**
     * Refused by the referee: the point is off the board.
     */
    RENJU_REFUSED_OFF_BOARD = 17,
    /**
     * Refused by the referee: the point is outside the opening protocol's area for this
     * move.
     */
    RENJU_REFUSED_OUTSIDE_AREA = 18,
    /**
     * Refused by the referee: the point is forbidden for Black (the `refuse` foul
     * policy).
     */
    RENJU_REFUSED_FORBIDDEN = 19,
    /**
     * Refused by the referee: the wrong number of fifth-move offers, or a declaration
     * outside the protocol's range.
     */
    RENJU_REFUSED_OFFER_COUNT = 20,
    /**
     * Refused by the referee: two offered fifth moves are the same move by symmetry.
     */
    RENJU_REFUSED_SYMMETRIC_OFFERS = 21,
    /**
     * Refused by the referee: the point chosen was not offered.
     */
    RENJU_REFUSED_NOT_OFFERED = 22,
    /**
     * Refused by the referee: a draw offer at a time the rules do not allow one.
     */
    RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED = 23,
    /**
     * Refused by the referee: the game is over.
     */
    RENJU_REFUSED_GAME_OVER = 24,
    /**
     * Refused by the referee: the request makes no sense (time going backwards, a tick
     * without a time stamp, a point offered twice, a record format it cannot write).
     */
    RENJU_REFUSED_BAD_REQUEST = 25,
    /**
     * The memory asked for cannot be allocated (`renju_env_new`, `renju_env_copy`: the
     * games' peak memory does not fit in the address space). Nothing was made; fewer
     * games may fit.
     */
    RENJU_ERROR_OUT_OF_MEMORY = 26,
    /**
     * A round that cannot be paired (`renju_tournament_pair_round_robin`: fewer than two
     * players, a team event, another system, a round past the schedule or past the
     * rounds the tournament declares, earlier rounds not paired by the tables;
     * `renju_tournament_pair_knockout`: a tied match without its tie-break games, a
     * match the crosstable lacks, the knockout already won) or lots that cannot be
     * drawn (`renju_tournament_draw_lots`: no players, a team event, pairings already
     * made). The message says which.
     */
    RENJU_ERROR_PAIRING = 27,
    /**
     * Refused by the referee: the arbiter paused the game, and no player acts until the
     * arbiter's `RENJU_ACTION_UNPAUSE`.
     */
    RENJU_REFUSED_PAUSED = 28,
    /**
     * Refused by the referee: the game is adjourned (a move is sealed), and no player
     * acts until the arbiter's `renju_referee_resume_sealed`.
     */
    RENJU_REFUSED_ADJOURNED = 29,
    /**
     * Refused by the referee: the sealed move given at the resumption does not match the
     * seal's digest (the record or the move was changed).
     */
    RENJU_REFUSED_SEAL_MISMATCH = 30,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_status renju_status;
#else
typedef int32_t renju_status;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A rule set (values for `int32_t rule_set` arguments).
 */
enum renju_rule_set
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Renju (RIF): 15x15; Black wins with exactly five and has forbidden moves
     * (overline, double-four, double-three); White wins with five or more.
     */
    RENJU_RULE_RENJU = 0,
    /**
     * Freestyle gomoku: five or more wins, no forbidden moves.
     */
    RENJU_RULE_FREESTYLE = 1,
    /**
     * Standard gomoku: exactly five wins, no forbidden moves.
     */
    RENJU_RULE_STANDARD = 2,
    /**
     * Caro: five or more wins unless both ends are blocked by opponent stones.
     */
    RENJU_RULE_CARO = 3,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_rule_set renju_rule_set;
#else
typedef int32_t renju_rule_set;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A stone colour or side to move; `RENJU_COLOR_NONE` for an empty point or no winner.
 */
enum renju_color
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * No colour: an empty point, or no winner (a draw, or the game goes on).
     */
    RENJU_COLOR_NONE = 0,
    /**
     * Black, who moves first.
     */
    RENJU_COLOR_BLACK = 1,
    /**
     * White.
     */
    RENJU_COLOR_WHITE = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_color renju_color;
#else
typedef int32_t renju_color;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * How a game ended.
 */
enum renju_termination
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * The game has not ended.
     */
    RENJU_TERMINATION_UNFINISHED = 0,
    /**
     * A winning line.
     */
    RENJU_TERMINATION_FIVE = 1,
    /**
     * A forbidden move by Black.
     */
    RENJU_TERMINATION_FORBIDDEN = 2,
    /**
     * Two passes in succession (a draw).
     */
    RENJU_TERMINATION_TWO_PASSES = 3,
    /**
     * The board filled up (a draw).
     */
    RENJU_TERMINATION_FULL_BOARD = 4,
    /**
     * Game records only: the record declares a result nothing in it can check (a
     * referee's decision, a reason in words).
     */
    RENJU_TERMINATION_DECLARED = 5,
    /**
     * A flag fell (or both did: then a draw).
     */
    RENJU_TERMINATION_TIME = 6,
    /**
     * A player resigned.
     */
    RENJU_TERMINATION_RESIGNATION = 7,
    /**
     * The players agreed a draw.
     */
    RENJU_TERMINATION_AGREED_DRAW = 8,
    /**
     * A player forfeited.
     */
    RENJU_TERMINATION_FORFEIT = 9,
    /**
     * Both players forfeited: both lose.
     */
    RENJU_TERMINATION_DOUBLE_FORFEIT = 10,
    /**
     * A player's second violation.
     */
    RENJU_TERMINATION_VIOLATIONS = 11,
    /**
     * Game records only: the referee declared the game drawn once the board held the
     * number of stones the record sets (a match's draw after N stones).
     */
    RENJU_TERMINATION_DECLARED_DRAW = 12,
    /**
     * Game records and the live referee: the move a player sealed at an adjournment was
     * illegal when the game resumed, and the sealer lost.
     */
    RENJU_TERMINATION_ILLEGAL_SEALED_MOVE = 13,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_termination renju_termination;
#else
typedef int32_t renju_termination;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * What a move does.
 */
enum renju_verdict_kind
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * The move is legal and the game goes on.
     */
    RENJU_VERDICT_CONTINUES = 0,
    /**
     * The move wins (`winner` says who).
     */
    RENJU_VERDICT_WIN = 1,
    /**
     * The move is forbidden (`foul` says why): Black loses under automatic refereeing.
     */
    RENJU_VERDICT_FORBIDDEN = 2,
    /**
     * The move ends the game in a draw (`draw_reason` says why).
     */
    RENJU_VERDICT_DRAW = 3,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_verdict_kind renju_verdict_kind;
#else
typedef int32_t renju_verdict_kind;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A foul (forbidden move of Black under Renju rules).
 */
enum renju_foul
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Not a foul.
     */
    RENJU_FOUL_NONE = 0,
    /**
     * Six or more in a row.
     */
    RENJU_FOUL_OVERLINE = 1,
    /**
     * Two or more fours at once.
     */
    RENJU_FOUL_DOUBLE_FOUR = 2,
    /**
     * Two or more real threes at once.
     */
    RENJU_FOUL_DOUBLE_THREE = 3,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_foul renju_foul;
#else
typedef int32_t renju_foul;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * Why a game was drawn.
 */
enum renju_draw_reason
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Not a draw.
     */
    RENJU_DRAW_NONE = 0,
    /**
     * Every intersection is occupied and nobody won.
     */
    RENJU_DRAW_FULL_BOARD = 1,
    /**
     * Both players passed in succession.
     */
    RENJU_DRAW_TWO_PASSES = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_draw_reason renju_draw_reason;
#else
typedef int32_t renju_draw_reason;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * What a clock has decided.
 */
enum renju_clock_result
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Nothing yet: the game goes on.
     */
    RENJU_CLOCK_RUNNING = 0,
    /**
     * A flag fell (`loser`, `flag_move`; `quota` when a period's moves were missed).
     */
    RENJU_CLOCK_FLAG = 1,
    /**
     * Both flags fell and nobody can tell which first: a draw.
     */
    RENJU_CLOCK_BOTH_FLAGS = 2,
    /**
     * `loser` arrived past the default time.
     */
    RENJU_CLOCK_FORFEIT = 3,
    /**
     * Both players arrived past the default time: both lose.
     */
    RENJU_CLOCK_DOUBLE_FORFEIT = 4,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_clock_result renju_clock_result;
#else
typedef int32_t renju_clock_result;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * What the player to act must do (`renju_referee_status.required`).
 */
enum renju_required
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * Nothing: the game is over.
     */
    RENJU_REQUIRED_NONE = 0,
    /**
     * Place a stone (`renju_referee_place`; `renju_referee_pass` where `pass` says so).
     */
    RENJU_REQUIRED_PLACE = 1,
    /**
     * Decide colours: one of the `options` (`RENJU_ACTION_STAY`, `RENJU_ACTION_SWAP`,
     * `RENJU_ACTION_PLACE_TWO`, or `renju_referee_offer`).
     */
    RENJU_REQUIRED_SWAP = 2,
    /**
     * Declare the number of fifth-move offers (`renju_referee_declare`, within
     * `range_min` to `range_max`).
     */
    RENJU_REQUIRED_DECLARE = 3,
    /**
     * Offer fifth moves (`renju_referee_offer`, `count` of them when `count` is not -1).
     */
    RENJU_REQUIRED_OFFER = 4,
    /**
     * Choose one of the offered fifth moves (`renju_referee_choose`).
     */
    RENJU_REQUIRED_CHOOSE = 5,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_required renju_required;
#else
typedef int32_t renju_required;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A seat at the board: the players are seats, colours move (swaps exchange colours,
 * never seats). `first` starts the game as tentative Black.
 */
enum renju_seat
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * No seat. Passed in: the action is taken by the seat it belongs to (not checked).
     * Given out: nobody (the game is over, no draw offer waits, nobody won).
     */
    RENJU_SEAT_NONE = 0,
    /**
     * The player who starts the game (tentative Black).
     */
    RENJU_SEAT_FIRST = 1,
    /**
     * The other player.
     */
    RENJU_SEAT_SECOND = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_seat renju_seat;
#else
typedef int32_t renju_seat;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * The actions without arguments, for `renju_referee_act`.
 */
enum renju_referee_action
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    /**
     * The side to move passes (as `renju_referee_pass`).
     */
    RENJU_ACTION_PASS = 0,
    /**
     * Exchange colours (a colour decision the protocol gives).
     */
    RENJU_ACTION_SWAP = 1,
    /**
     * Keep colours (a colour decision the protocol gives).
     */
    RENJU_ACTION_STAY = 2,
    /**
     * Swap2's third option: the second player places two more stones (a white one, then
     * a black one) and the first player chooses colours.
     */
    RENJU_ACTION_PLACE_TWO = 3,
    /**
     * White claims Black's foul (the `rif-claim` and `chinese-claim` foul policies).
     */
    RENJU_ACTION_CLAIM = 4,
    /**
     * Offer a draw (right after one's own move).
     */
    RENJU_ACTION_DRAW_OFFER = 5,
    /**
     * Accept the draw offer on the table.
     */
    RENJU_ACTION_DRAW_ACCEPT = 6,
    /**
     * Decline the draw offer on the table.
     */
    RENJU_ACTION_DRAW_DECLINE = 7,
    /**
     * Resign.
     */
    RENJU_ACTION_RESIGN = 8,
    /**
     * Nothing but the time: the clock is read at the time stamp (which a tick needs).
     */
    RENJU_ACTION_TICK = 9,
    /**
     * Lose by forfeit: the player is gone or cannot go on (an engine that crashed,
     * answered garbage or fell silent; a player who did not come back).
     */
    RENJU_ACTION_FORFEIT = 10,
    /**
     * The arbiter stops both clocks (`seat` `RENJU_SEAT_NONE`): the time until
     * `RENJU_ACTION_UNPAUSE` is charged to nobody, and no player acts meanwhile
     * (`RENJU_REFUSED_PAUSED`).
     */
    RENJU_ACTION_PAUSE = 11,
    /**
     * The arbiter restarts the clocks after `RENJU_ACTION_PAUSE`.
     */
    RENJU_ACTION_UNPAUSE = 12,
    /**
     * The player in `seat` (`RENJU_SEAT_NONE`: the one to act) is at the board, under a
     * late limit (`renju_referee_options.late_limit_ms`; a player's first action says
     * so too): nothing else changes.
     */
    RENJU_ACTION_ARRIVE = 13,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum renju_referee_action renju_referee_action;
#else
typedef int32_t renju_referee_action;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A live game clock over a time control. An opaque handle.
 *
 * Ownership: created by `renju_clock_new`; the caller owns it and frees it with
 * `renju_clock_free`. Thread safety: every call locks the clock; one handle may be
 * used from several threads.
 */
typedef struct renju_clock renju_clock;

/**
 * N self-play games stepped together with the exact rules. An opaque handle.
 *
 * Layouts: action `a < size*size` is the point in row `a / size` (row 0 is row 1, the
 * bottom row) and column `a % size` (column 0 is `a`); action `size*size` is a pass.
 * One game's observation is `channels * size * size` bytes, plane after plane, each
 * row-major like the actions, all 0 or 1; game `i`'s starts at byte
 * `i * observation_len`. Rewards go to the player (seat) who acted: +1 a win, -1 a loss
 * (a foul played, a forfeit), 0 otherwise. Auto-reset (default) is Gymnasium's
 * `SAME_STEP`: the step that ends a game gives its reward and ending with the next
 * game's first observation.
 *
 * Under an opening protocol (`renju_env_options.opening`) the live referee judges the
 * opening: actions `size*size + 1` to `size*size + 4` are the colour decisions stay,
 * swap, place-two (Swap2) and offer (Taraguchi), then `size*size + 5 + (k - 1)`
 * declares k fifth-move offers; fifth-move offers (one point action each) and White's
 * choice among them are point actions. The `phases` buffer says what the player to act
 * must do (0 place, 1 swap, 2 declare, 3 offer, 4 choose; 5 over, for a finished game
 * not reset yet: auto-reset disabled, or next-step's final observation; under the free
 * opening only 0 and 5), the `seats` buffer who it is (0 the first player, 1 the
 * second).
 *
 * Ownership: created by `renju_env_new` or `renju_env_copy`; freed with
 * `renju_env_free`. Thread safety: every call locks the handle.
 */
typedef struct renju_env renju_env;

/**
 * The fixtures of one fixture file, in file order. An opaque handle.
 *
 * Ownership: created by `renju_fixtures_read_file` or `renju_fixtures_parse`; the caller
 * owns it and frees it with `renju_fixtures_free`. Strings and arrays in
 * `renju_fixture`, `renju_fixture_query` and `renju_fixture_map` are borrowed from the
 * handle and stay valid until it is freed.
 *
 * Thread safety: fixtures never change after reading, so any number of threads may use
 * one handle at once. Do not free it while another thread still uses data borrowed
 * from it.
 */
typedef struct renju_fixtures renju_fixtures;

/**
 * The game records of one file or buffer, in file order; records that could not be read
 * are kept (with their error) so that indices match the file. An opaque handle.
 *
 * Ownership: created by `renju_games_read_file` or `renju_games_read_buffer`; the
 * caller owns it and frees it with `renju_games_free`. Strings in a
 * `renju_game_record` are borrowed from the handle and stay valid until it is freed.
 *
 * Thread safety: the records never change after reading, so any number of threads may
 * use one handle at once. Do not free it while another thread still uses strings
 * borrowed from it.
 */
typedef struct renju_games renju_games;

/**
 * A position: a board under a rule set, the side to move, the moves played on it and
 * the outcome once its game is over. An opaque handle.
 *
 * Ownership: created by `renju_position_new`, `renju_position_from_moves`,
 * `renju_position_from_diagram`, `renju_position_copy`, `renju_fixtures_position` or
 * `renju_games_replay_position`; the caller owns it and frees it with
 * `renju_position_free`.
 *
 * Thread safety: every call locks the position, so one handle may be used from several
 * threads (calls on it are serialised). A handle freed while a call on another thread
 * is using it stays alive until that call returns.
 */
typedef struct renju_position renju_position;

/**
 * A live game's referee. An opaque handle.
 *
 * Ownership: created by `renju_referee_new`, `renju_referee_copy`,
 * `renju_referee_resume` or `renju_referee_resume_game`; the caller owns it and frees
 * it with `renju_referee_free`.
 *
 * Thread safety: every call locks the referee, so one handle may be used from several
 * threads (calls on it are serialised). A handle freed while a call on another thread
 * is using it stays alive until that call returns.
 */
typedef struct renju_referee renju_referee;

/**
 * A validation report: per game, the summary, and the ids its games used (so that
 * merging flags an id a later part repeats from an earlier one). An opaque handle.
 *
 * Ownership: created by `renju_games_validate_report` or
 * `renju_report_validate_buffer`; the caller owns it and frees it with
 * `renju_report_free`.
 *
 * Thread safety: every call locks the report, so one handle may be used from several
 * threads.
 */
typedef struct renju_report renju_report;

/**
 * Standings of one tournament: rows best first, tie-break values, findings. An opaque
 * handle.
 *
 * Ownership: created by `renju_tournament_standings`; the caller owns it and frees it
 * with `renju_standings_free`. Strings borrowed from it stay valid until it is freed.
 *
 * Thread safety: immutable; any number of threads may use it at once.
 */
typedef struct renju_standings renju_standings;

/**
 * The tournaments of one file or buffer (a RenjuNet database may hold several), with
 * the findings about records that could not be placed. An opaque handle.
 *
 * Ownership: created by `renju_tournament_read_file` or `renju_tournament_read_buffer`;
 * the caller owns it and frees it with `renju_tournament_free`.
 *
 * Thread safety: immutable after reading; any number of threads may use it at once.
 */
typedef struct renju_tournament renju_tournament;

/**
 * An intersection: column `x` (0 = `a`, from the left) and row `y` (0 = row 1, from the
 * bottom); `{7, 7}` is `h8`. Coordinates run from 0 to 25 (`z26`); each call checks
 * that a point lies on its board (`RENJU_ERROR_OFF_BOARD`). Text form: see
 * `renju_point_parse` and `renju_point_format`.
 */
typedef struct renju_point {
    /**
     * Column, 0-based from the left (`a`).
     */
    int32_t x;
    /**
     * Row, 0-based from the bottom (row 1).
     */
    int32_t y;
} renju_point;

/**
 * The result of a game, or of a position's game so far.
 */
typedef struct renju_outcome {
    /**
     * The winner; `RENJU_COLOR_NONE` for a draw or a game that goes on.
     */
    renju_color winner;
    /**
     * How the game ended (`RENJU_TERMINATION_UNFINISHED` while it goes on).
     */
    renju_termination termination;
} renju_outcome;

/**
 * Facts about a position.
 */
typedef struct renju_position_info {
    /**
     * The board side.
     */
    int32_t size;
    /**
     * The rule set (a `renju_rule_set` value).
     */
    renju_rule_set rule_set;
    /**
     * The side to move.
     */
    renju_color to_move;
    /**
     * Moves played on this position (stones and passes; set-up stones are not moves).
     */
    size_t moves;
    /**
     * Stones on the board (set-up stones included).
     */
    size_t stones;
    /**
     * Whether the position is judged under the `five_completion_counts` reading.
     */
    bool five_completion_counts;
    /**
     * The outcome (`RENJU_TERMINATION_UNFINISHED` while the game goes on).
     */
    struct renju_outcome outcome;
} renju_position_info;

/**
 * The verdict of one move.
 */
typedef struct renju_verdict {
    /**
     * What the move does.
     */
    renju_verdict_kind kind;
    /**
     * `RENJU_VERDICT_WIN`: the side that moved and won; otherwise `RENJU_COLOR_NONE`.
     */
    renju_color winner;
    /**
     * `RENJU_VERDICT_FORBIDDEN`: the foul reported (overline > double-four >
     * double-three); otherwise `RENJU_FOUL_NONE`.
     */
    renju_foul foul;
    /**
     * `RENJU_VERDICT_FORBIDDEN`: every foul the move makes (`RENJU_FOULS_*` bits);
     * otherwise 0.
     */
    uint32_t fouls;
    /**
     * `RENJU_VERDICT_DRAW`: why; otherwise `RENJU_DRAW_NONE`.
     */
    renju_draw_reason draw_reason;
    /**
     * The label fixtures and JSON use: `"legal"`, `"win"`, `"overline"`,
     * `"double-four"`, `"double-three"` or `"draw"`. A static string: never free it.
     */
    const char *label;
} renju_verdict;

/**
 * A move: a stone on a point, or a pass.
 */
typedef struct renju_move {
    /**
     * Whether the move is a pass (then `point` is `{0, 0}` and means nothing).
     */
    bool is_pass;
    /**
     * Where the stone went.
     */
    struct renju_point point;
} renju_move;

/**
 * A point where a black stone would be forbidden.
 */
typedef struct renju_forbidden_point {
    /**
     * The empty point.
     */
    struct renju_point point;
    /**
     * The foul reported (overline > double-four > double-three).
     */
    renju_foul foul;
    /**
     * Every foul a stone there would make (`RENJU_FOULS_*` bits).
     */
    uint32_t fouls;
} renju_forbidden_point;

/**
 * One record of a `renju_games`.
 */
typedef struct renju_game_record {
    /**
     * Whether the record could be read. If not, `error` says why and `id` and `moves`
     * are NULL.
     */
    bool readable;
    /**
     * Why the record could not be read (with file, line or byte); NULL when readable.
     */
    const char *error;
    /**
     * The record's id (RenjuNet id, SGF `GN`, ...); NULL when it has none.
     */
    const char *id;
    /**
     * The stones and passes in play order, as a move list (`"h8 i9 pass j10"`).
     */
    const char *moves;
    /**
     * The number of stones and passes.
     */
    size_t move_count;
    /**
     * The board side the record is played on.
     */
    int32_t size;
    /**
     * The 1-based line of the record in a text file; 0 when unknown.
     */
    size_t line;
} renju_game_record;

/**
 * Options for replaying and validating games: the defaults for what a record does not
 * say. A zeroed struct (`= {0}`) gives the library defaults: Renju, free opening,
 * automatic refereeing, RIF reading.
 */
typedef struct renju_validation_options {
    /**
     * Rule set for records that name none (a `renju_rule_set` value).
     */
    int32_t rule_set;
    /**
     * Opening protocol for records that name none, by name: `"free"`, `"rif1996"`,
     * `"swap"`, `"yamaguchi"`, `"soosorv-N"`, `"taraguchi-N"`, `"chinese"`, `"swap2"`,
     * `"gomoku-swap"` or `"pro"`. NULL means `"free"`. Borrowed for the call only.
     */
    const char *opening;
    /**
     * Claim model for records that do not say, by name: `"automatic"`, `"rif-claim"` or
     * `"chinese-claim"`. NULL means `"automatic"`. Borrowed for the call only.
     */
    const char *claims;
    /**
     * Nonzero: judge records that do not say under the `five_completion_counts`
     * reading; 0: the RIF reading.
     */
    int32_t five_completion_counts;
} renju_validation_options;

/**
 * What replaying one game gives.
 */
typedef struct renju_game_result {
    /**
     * How the game ended, as judged on the board and the record's declared result.
     */
    struct renju_outcome outcome;
    /**
     * Moves replayed (stones and passes).
     */
    size_t moves;
    /**
     * Findings of severity error (the record cannot be a legal game).
     */
    size_t errors;
    /**
     * Findings of severity warning (a lapsed foul, an unexplained result).
     */
    size_t warnings;
    /**
     * Findings of severity info (a forbidden move that ended the game, ...).
     */
    size_t infos;
} renju_game_result;

/**
 * One side's clock.
 */
typedef struct renju_side_clock {
    /**
     * Time left in the current period (or overtime period), in milliseconds.
     */
    uint64_t time_left_ms;
    /**
     * The current period, 1-based (overtime periods follow the numbered ones).
     */
    uint32_t period;
    /**
     * Moves still to make in the period's quota; -1 when it has none.
     */
    int32_t moves_left;
    /**
     * Overtime periods left; -1 when not in overtime.
     */
    int32_t overtime_periods_left;
    /**
     * Time used so far, in milliseconds.
     */
    uint64_t used_ms;
    /**
     * Moves completed.
     */
    uint32_t moves;
} renju_side_clock;

/**
 * Both sides' clocks and what has been decided.
 */
typedef struct renju_clock_state {
    /**
     * The clock of the player holding Black (it follows them through a swap).
     */
    struct renju_side_clock black;
    /**
     * The clock of the player holding White.
     */
    struct renju_side_clock white;
    /**
     * Whose clock runs.
     */
    renju_color to_move;
    /**
     * The shared pool in milliseconds while there is one, else -1.
     */
    int64_t shared_ms;
    /**
     * What the clock has decided.
     */
    renju_clock_result result;
    /**
     * Who lost (`RENJU_CLOCK_FLAG`, `RENJU_CLOCK_FORFEIT`), else `RENJU_COLOR_NONE`.
     */
    renju_color loser;
    /**
     * The game's move during which the flag fell (`RENJU_CLOCK_FLAG`), else 0.
     */
    uint32_t flag_move;
    /**
     * Whether the flag fell on a missed move quota.
     */
    bool quota;
} renju_clock_state;

/**
 * One fixture: a position and what it is expected to give.
 */
typedef struct renju_fixture {
    /**
     * The fixture's unique id (`"RN-01c"`).
     */
    const char *id;
    /**
     * Where the position comes from.
     */
    const char *source;
    /**
     * What it shows; NULL when the fixture has no note.
     */
    const char *note;
    /**
     * The rule set.
     */
    renju_rule_set rule_set;
    /**
     * The rule set's name (`"renju"`, `"freestyle"`, `"standard"`, `"caro"`; static).
     */
    const char *rule_name;
    /**
     * The side to move.
     */
    renju_color to_move;
    /**
     * The board side.
     */
    int32_t size;
    /**
     * The stones as an ASCII diagram, readable by `renju_position_from_diagram`.
     */
    const char *diagram;
    /**
     * The number of point queries (`renju_fixtures_query`).
     */
    size_t query_count;
    /**
     * The number of complete forbidden maps (`renju_fixtures_map`).
     */
    size_t map_count;
    /**
     * The line of the fixture's `== id ==` header in its file.
     */
    size_t line;
} renju_fixture;

/**
 * A point query: the verdict expected when the side to move plays `point`.
 */
typedef struct renju_fixture_query {
    /**
     * The point played.
     */
    struct renju_point point;
    /**
     * The point in `h8` notation.
     */
    const char *point_text;
    /**
     * The expected verdict's label, as `renju_verdict.label` gives it: `"legal"`,
     * `"win"`, `"overline"`, `"double-four"`, `"double-three"` or `"draw"` (static).
     */
    const char *expected;
    /**
     * The expected verdict's kind.
     */
    renju_verdict_kind expected_kind;
    /**
     * The expected foul when the kind is `RENJU_VERDICT_FORBIDDEN`, otherwise
     * `RENJU_FOUL_NONE`.
     */
    renju_foul expected_foul;
    /**
     * The reading it holds under: true for `five_completion_counts`, false for the RIF
     * reading (see `renju_position_set_five_completion_counts`).
     */
    bool five_completion_counts;
    /**
     * The line of the query in the fixture file.
     */
    size_t line;
} renju_fixture_query;

/**
 * A point of an expected forbidden map and its expected primary foul.
 */
typedef struct renju_fixture_point {
    /**
     * The empty point.
     */
    struct renju_point point;
    /**
     * The foul expected there (overline > double-four > double-three).
     */
    renju_foul foul;
} renju_fixture_point;

/**
 * A complete expected forbidden map for Black: every forbidden point, and no other.
 */
typedef struct renju_fixture_map {
    /**
     * The forbidden points, sorted by column then row; NULL when `count` is 0.
     */
    const struct renju_fixture_point *points;
    /**
     * The number of forbidden points.
     */
    size_t count;
    /**
     * The map as the fixture writes it (`"h8 double-three, j3 overline"` or `"none"`).
     */
    const char *text;
    /**
     * The reading it holds under (see `renju_fixture_query`).
     */
    bool five_completion_counts;
    /**
     * The line of the map in the fixture file.
     */
    size_t line;
} renju_fixture_map;

/**
 * Options for `renju_tournament_standings`. A zeroed struct (`= {0}`) or a NULL
 * pointer gives the defaults. Strings are borrowed for the call only.
 */
typedef struct renju_standings_options {
    /**
     * `"round-robin"`, `"swiss"` or `"knockout"`; NULL: the file's system, or what the
     * pairings show.
     */
    const char *system;
    /**
     * Tie-breaks after the points, FIDE C.07 codes separated by commas (`"SB,WON"`,
     * `"ARO,BH,BH/M1,WON"`); NULL: the file's list, else the Chinese rules' list for the system.
     */
    const char *tiebreaks;
    /**
     * How unplayed rounds count: `"fide-2024"` (NULL), `"fide-2026"`, `"fide-2009"` or
     * `"none"`.
     */
    const char *unplayed;
} renju_standings_options;

/**
 * One row of a `renju_standings`.
 */
typedef struct renju_standing_row {
    /**
     * The place, from 1; players (teams) sharing a place have the same rank.
     */
    uint32_t rank;
    /**
     * Whether the place is shared.
     */
    bool shared;
    /**
     * The player's (team's) id: TRF start rank, or order of appearance in game files.
     */
    uint32_t id;
    /**
     * Name, borrowed from the standings handle.
     */
    const char *name;
    /**
     * Points (team events: match points), exact in halves.
     */
    double points;
} renju_standing_row;

/**
 * How `renju_tournament_pair_round_robin` schedules the round robin. A zeroed struct
 * (`= {0}`) or a NULL pointer: a single round robin.
 */
typedef struct renju_round_robin_options {
    /**
     * A double round robin: a second cycle repeats the first with colours exchanged.
     */
    bool double_round_robin;
    /**
     * The first cycle plays the table's last two rounds in reverse order (FIDE's advice
     * for a double round robin: nobody has one colour three rounds running).
     */
    bool reverse_last_two_rounds;
} renju_round_robin_options;

/**
 * One board of a paired round, players by id (TRF start rank).
 */
typedef struct renju_board {
    /**
     * The player who moves first (Black; the FIDE tables' White), or the player with
     * the bye.
     */
    uint32_t black;
    /**
     * The player who moves second (White), or 0 for a bye.
     */
    uint32_t white;
} renju_board;

/**
 * One result of a round, as a TRF file writes it: `black` moved first against `white`
 * (start ranks) and `code` is Black's result (`'1'`, `'='`, `'0'` played, `'+'`, `'-'`
 * forfeit); or `white` 0 for a round of `black` without an opponent (`'U'` the pairing
 * bye, `'F'`, `'H'`, `'Z'` byes, `'-'` absent).
 */
typedef struct renju_result_entry {
    /**
     * The player who moved first, or the player without an opponent.
     */
    uint32_t black;
    /**
     * The player who moved second, or 0.
     */
    uint32_t white;
    /**
     * The TRF result code, Black's.
     */
    char code;
} renju_result_entry;

/**
 * One team's line-up for `renju_tournament_pair_teams_with` (its players in board
 * order) or for the king-of-the-hill `_with` functions (the order its players come
 * on in): the team's id and its players by id, borrowed for the call only.
 */
typedef struct renju_team_lineup {
    /**
     * The team's id.
     */
    uint32_t team;
    /**
     * The players, board 1 first (substitutes allowed, the team's board order kept);
     * NULL only with `count` 0.
     */
    const uint32_t *players;
    /**
     * The number of players (for a team match, the boards of a match).
     */
    size_t count;
} renju_team_lineup;

/**
 * Options for `renju_tournament_pair_teams_with`. A zeroed struct (`= {0}`) gives the
 * defaults: a single round robin of the first round without pairings, each team its
 * first players in board order on as many boards as the smallest team has players.
 * Pointers are borrowed for the call only.
 */
typedef struct renju_team_pairing_options {
    /**
     * `"round-robin"` (NULL: this) or `"swiss"`.
     */
    const char *system;
    /**
     * The round, from 1; 0: the first without pairings.
     */
    uint32_t round;
    /**
     * Boards a match; 0: the smallest team's players.
     */
    uint32_t boards;
    /**
     * A double round robin: a second cycle repeats the first with the teams' order
     * exchanged (the first-named team of a match becomes the second). Only with
     * `"round-robin"`.
     */
    bool double_round_robin;
    /**
     * The line-ups, `lineup_count` of them, at most one a team; NULL only with
     * `lineup_count` 0. A team without one plays its first players in board order.
     */
    const struct renju_team_lineup *lineups;
    /**
     * The number of line-ups.
     */
    size_t lineup_count;
} renju_team_pairing_options;

/**
 * Options for `renju_tournament_king_of_the_hill_with` and
 * `renju_tournament_king_of_the_hill_ranking_with`. A zeroed struct (`= {0}`) gives
 * the defaults: both players of a drawn bout leave, each team's players come on in
 * board order, the teams in id order. Pointers are borrowed for the call only.
 */
typedef struct renju_hill_options {
    /**
     * A drawn bout is played again with colours exchanged (else both players leave).
     */
    bool replay_draws;
    /**
     * The order each team's players come on in, `lineup_count` of them, at most one a
     * team, each of the team's own players (not all need come on); NULL only with
     * `lineup_count` 0. A team without one comes on in board order.
     */
    const struct renju_team_lineup *lineups;
    /**
     * The number of line-ups.
     */
    size_t lineup_count;
    /**
     * The teams' rotation order (for instance as drawn by lots), `order_count` team
     * ids naming every team once; with two teams the first is the first team, its
     * first player Black in the first bout. NULL only with `order_count` 0: by id.
     */
    const uint32_t *order;
    /**
     * The number of ids in `order`.
     */
    size_t order_count;
} renju_hill_options;

/**
 * A team's place in a king of the hill (`renju_tournament_king_of_the_hill_ranking`).
 */
typedef struct renju_hill_place {
    /**
     * The place, from 1; teams whose play ended in the same bout share it.
     */
    uint32_t place;
    /**
     * The team's id.
     */
    uint32_t team;
    /**
     * The bout (from 1, one a round) whose result ended the team's play; 0 for the
     * team with players left.
     */
    uint32_t out_after_bout;
} renju_hill_place;

/**
 * What a referee is created from. A zeroed struct (`= {0}`) gives the library
 * defaults: Renju on 15x15, free opening, shape-symmetric offers compared, untimed,
 * automatic foul refereeing, the game starting at time 0, the RIF reading.
 */
typedef struct renju_referee_options {
    /**
     * The rule set (a `renju_rule_set` value).
     */
    int32_t rule_set;
    /**
     * The board side; 0 means 15. Renju allows 15 only, the others 5 to 26.
     */
    int32_t size;
    /**
     * The opening protocol by name: `"free"`, `"rif1996"`, `"swap"`, `"yamaguchi"`,
     * `"soosorv-N"`, `"taraguchi-N"`, `"chinese"`, `"swap2"`, `"gomoku-swap"` or
     * `"pro"`. NULL means `"free"`. Borrowed for the call only.
     */
    const char *opening;
    /**
     * How offered fifth moves are compared for symmetry: `"shape"` (the stones' shape,
     * wherever it lies) or `"board"` (the board's symmetries only). NULL means
     * `"shape"`. Borrowed for the call only.
     */
    const char *offer_equivalence;
    /**
     * The time control (`"5400+30"`, `"40/6000+30:900+30"`, `"TM[3600]OT[5x30
     * byo-yomi]"`, ...). NULL (or a control without a clock, `"-"`) means untimed.
     * Borrowed for the call only.
     */
    const char *time_control;
    /**
     * What happens to a forbidden move of Black's: `"automatic"` (it ends the game,
     * White wins), `"rif-claim"` (White may claim before playing on; a double-three or
     * double-four lapses once White plays on, an overline stays claimable),
     * `"chinese-claim"` (every foul lapses once White plays on) or `"refuse"` (the move
     * is refused, `RENJU_REFUSED_FORBIDDEN`). NULL means `"automatic"`. Borrowed for
     * the call only.
     */
    const char *fouls;
    /**
     * The time stamp at which the game starts, in milliseconds on the caller's timeline
     * (Black's clock runs from it).
     */
    uint64_t start_ms;
    /**
     * Nonzero: judge under the `five_completion_counts` reading; 0: the RIF reading.
     */
    int32_t five_completion_counts;
    /**
     * When both flags fall and nobody can tell which first: 0 for a draw (the Chinese
     * rules), 1 for FIDE's reading (play goes on unless a side is in its last period).
     */
    int32_t both_flags;
    /**
     * Lateness past which a player forfeits, in milliseconds; 0 means one hour.
     */
    uint64_t default_time_ms;
    /**
     * The live late limit, in milliseconds from `start_ms`; 0 means none (lateness is
     * not tracked). With one, a player arrives by their first action (or
     * `RENJU_ACTION_ARRIVE`); until both have, no clock runs, and each player's
     * lateness goes on their own clock when they arrive; a player still absent past the
     * limit forfeits (`RENJU_TERMINATION_FORFEIT`), both absent both lose
     * (`RENJU_TERMINATION_DOUBLE_FORFEIT`).
     */
    uint64_t late_limit_ms;
} renju_referee_options;

/**
 * Both clocks of a timed game, as of the last action.
 */
typedef struct renju_referee_clock {
    /**
     * The clock of the player holding Black (its time left net of the time already used
     * on the current action). Clocks belong to players: each follows its player through
     * every swap.
     */
    struct renju_side_clock black;
    /**
     * The clock of the player holding White.
     */
    struct renju_side_clock white;
    /**
     * The colour held by the player whose clock runs (the player who must act);
     * `RENJU_COLOR_NONE` once the game is over.
     */
    renju_color running;
    /**
     * The time stamp (on the caller's timeline) at which the running clock's flag falls;
     * -1 when no clock runs.
     */
    int64_t deadline_ms;
} renju_referee_clock;

/**
 * Where the game stands: who must act, what they may do, the clock and the result.
 * The same facts as the JSON `status` object; the points are copied out with
 * `renju_referee_legal_points` and `renju_referee_forbidden_points`.
 */
typedef struct renju_referee_status {
    /**
     * What must be done now (`RENJU_REQUIRED_NONE` once the game is over).
     */
    renju_required required;
    /**
     * The seat that must do it; `RENJU_SEAT_NONE` once the game is over.
     */
    renju_seat to_act;
    /**
     * That seat's colour; `RENJU_COLOR_NONE` once the game is over.
     */
    renju_color color;
    /**
     * The number of the next stone (moves and passes played, plus one).
     */
    size_t move_number;
    /**
     * The colour of the next stone.
     */
    renju_color stone;
    /**
     * `RENJU_REQUIRED_SWAP`: the answers the colour decision allows
     * (`RENJU_SWAP_OPTION_*` bits); otherwise 0.
     */
    uint32_t options;
    /**
     * `RENJU_REQUIRED_DECLARE`: the fewest offers a declaration may give; otherwise -1.
     */
    int32_t range_min;
    /**
     * `RENJU_REQUIRED_DECLARE`: the most offers a declaration may give; otherwise -1.
     */
    int32_t range_max;
    /**
     * How many fifth-move offers are required (an offer, or Taraguchi's offer branch of
     * a colour decision); -1 when no number is fixed.
     */
    int32_t count;
    /**
     * `RENJU_REQUIRED_CHOOSE`: the number of offers to choose from (they are the legal
     * points then); otherwise 0.
     */
    size_t offered_count;
    /**
     * The number of points a `place` (or an offer, or a choice) is accepted on now.
     */
    size_t legal_count;
    /**
     * Whether a pass is accepted now.
     */
    bool pass;
    /**
     * The number of Black's forbidden points, when a black stone is to be placed or
     * offered; otherwise 0.
     */
    size_t forbidden_count;
    /**
     * Whether White may claim a foul of Black's now (`RENJU_ACTION_CLAIM`).
     */
    bool claimable;
    /**
     * The seat whose draw offer waits for an answer; `RENJU_SEAT_NONE` when none.
     */
    renju_seat draw_offer;
    /**
     * Whether the arbiter has paused the game: no clock runs and no player acts until
     * `RENJU_ACTION_UNPAUSE` (`required` and `to_act` say what comes after it).
     */
    bool paused;
    /**
     * Whether the game is timed (then `clock` holds the clocks; otherwise it is zeroed,
     * with `running` `RENJU_COLOR_NONE` and `deadline_ms` -1).
     */
    bool timed;
    /**
     * The clocks, in a timed game.
     */
    struct renju_referee_clock clock;
    /**
     * How the game ended (`RENJU_TERMINATION_UNFINISHED` and no winner while it goes
     * on).
     */
    struct renju_outcome outcome;
    /**
     * The result: `"1-0"` (Black won), `"0-1"`, `"1/2-1/2"`, `"0-0"` (both lost), or
     * `"*"` while the game goes on. A static string: never free it.
     */
    const char *result;
    /**
     * The seat that won; `RENJU_SEAT_NONE` when nobody did (yet).
     */
    renju_seat winner_seat;
    /**
     * The seat that sealed a move when the game is adjourned (no clock runs and no
     * player acts until `renju_referee_resume_sealed`); `RENJU_SEAT_NONE` otherwise. The
     * digest the public record shows is in the JSON status (`adjourned.digest`).
     */
    renju_seat adjourned_by;
    /**
     * Under a late limit: whether the first player has not arrived yet (until both
     * have, no clock runs).
     */
    bool absent_first;
    /**
     * Under a late limit: whether the second player has not arrived yet.
     */
    bool absent_second;
    /**
     * The time stamp past which a player still absent forfeits; -1 when none (no late
     * limit, both arrived, or the game is over).
     */
    int64_t late_deadline_ms;
} renju_referee_status;

/**
 * The options of an environment (`renju_env_new`).
 */
typedef struct renju_env_options {
    /**
     * The rule set (a `renju_rule_set` value).
     */
    int32_t rule_set;
    /**
     * The board side (Renju: 15; others 5 to 26).
     */
    int32_t size;
    /**
     * The observation planes, comma-separated (`"own,opponent,black-to-move,forbidden,
     * last-move"`, `"previous-K"` for K history planes, `"phase"` for five planes of the
     * opening phase, `"offered"`, `"first-to-act"`); NULL for the first five.
     */
    const char *planes;
    /**
     * Black's forbidden points legal and lost (true) or masked out (false).
     */
    bool fouls_played;
    /**
     * Whether passing is a legal action.
     */
    bool allow_pass;
    /**
     * A draw once this many stones are on the board; 0 for none (a negative value is
     * refused).
     */
    int32_t draw_after;
    /**
     * 0 same-step auto-reset, 1 next-step, 2 disabled (Gymnasium's modes).
     */
    int32_t autoreset;
    /**
     * The reading of the disputed Renju case (see `renju_position_info`).
     */
    bool five_completion_counts;
    /**
     * The opening protocol's name, as `renju_referee_options.opening` takes it (such as
     * `"swap2"`); NULL for the free opening.
     */
    const char *opening;
} renju_env_options;

/**
 * Where a step writes, for N games. Each pointer must hold the length given in its
 * comment (`observation_len` and `action_count` from `renju_env_sizes`).
 */
typedef struct renju_env_buffers {
    /**
     * `N * observation_len` bytes: the observation planes.
     */
    uint8_t *observations;
    /**
     * `N * action_count` bytes: 1 where the action is legal.
     */
    uint8_t *masks;
    /**
     * `N` rewards of the player (seat) who acted.
     */
    float *rewards;
    /**
     * `N` bytes: 1 when the game ended on this step.
     */
    uint8_t *terminated;
    /**
     * `N` bytes: always 0.
     */
    uint8_t *truncated;
    /**
     * `N` bytes: 0 not ended, 1 five, 2 forbidden, 3 two passes, 4 full board,
     * 5 draw after N stones, 6 forfeit (a declaration of offers that cannot be met).
     */
    uint8_t *endings;
    /**
     * `N` bytes: 0 no winner, 1 Black, 2 White.
     */
    uint8_t *winners;
    /**
     * `N` bytes, or NULL (not written): what the player to act must do, 0 place,
     * 1 swap, 2 declare, 3 offer, 4 choose, 5 over (a finished game not reset yet:
     * auto-reset disabled, or next-step's final observation).
     */
    uint8_t *phases;
    /**
     * `N` bytes, or NULL (not written): the seat that acts, 0 the first player, 1 the
     * second.
     */
    uint8_t *seats;
} renju_env_buffers;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * The message of the last failed call made on this thread: `""` when the last call
 * succeeded (every status-returning call clears it first). Never NULL.
 *
 * Ownership: the string belongs to the library; do not free it. It stays valid until
 * the next call into the library on the same thread: copy it to keep it.
 *
 * Thread safety: each thread has its own message.
 */
const char *renju_last_error_message(void);

/**
 * The name of a status code (`"RENJU_ERROR_PARSE"`), or `"RENJU_UNKNOWN_STATUS"` for a
 * value that is not one.
 *
 * Ownership: a static string; do not free it. Thread safety: safe from any thread.
 */
const char *renju_status_name(int32_t status);

/**
 * The library version (`"0.1.0"`).
 *
 * Ownership: a static string; do not free it. Thread safety: safe from any thread.
 */
const char *renju_version(void);

/**
 * Reads a point in `h8` notation (case-insensitive, `a1` to `z26`) into `*out`.
 *
 * Returns `RENJU_ERROR_PARSE` for text that is not a point; the point is not checked
 * against any board (`"p16"` is read, and refused later by a 15x15 position).
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `text` must be NULL or a NUL-terminated string; `out` must be NULL or point to a
 * writable `renju_point`.
 */
renju_status renju_point_parse(const char *text, struct renju_point *out);

/**
 * Writes a point in `h8` notation, NUL-terminated, into the caller's buffer `buffer` of
 * `capacity` bytes (`RENJU_POINT_TEXT_CAPACITY` is always enough).
 *
 * Returns `RENJU_ERROR_OFF_BOARD` for coordinates outside 0..=25 and
 * `RENJU_ERROR_BUFFER_TOO_SMALL` (writing nothing) when the text and its NUL do not
 * fit.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `buffer` must be NULL or valid for writes of `capacity` bytes.
 */
renju_status renju_point_format(struct renju_point point, char *buffer, size_t capacity);

/**
 * The lower-case name of a rule set (`"renju"`, `"freestyle"`, `"standard"`,
 * `"caro"`), or NULL for a value that is not a `renju_rule_set`.
 *
 * Ownership: a static string; do not free it. Thread safety: safe from any thread.
 */
const char *renju_rule_set_name(int32_t rule_set);

/**
 * Frees a string returned by the library (`renju_position_explain_json`,
 * `renju_games_validate`, ...). NULL is accepted and does nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a pointer that is not a live
 * string returned by this library: one already freed, or one from elsewhere. Never pass
 * such strings to `free()`, nor library strings borrowed from a handle (`const char *`
 * fields) to this function.
 *
 * Thread safety: safe from any thread; a string may be freed on another thread than the
 * one it was returned on.
 *
 * # Safety
 * `string` is only looked up, never dereferenced, unless it is a live library string.
 */
renju_status renju_string_free(char *string);

/**
 * The number of handles and strings the library has returned and that are not freed
 * yet, across all threads.
 *
 * For leak checks: the library records every live handle and string, so a leak checker
 * such as valgrind reports a handle that was never freed as "still reachable" rather
 * than "lost", and does not see strings at all (they live in memory the library maps
 * itself, at addresses never reused); a program that has freed everything sees 0 here.
 *
 * Thread safety: safe from any thread (other threads may change the count meanwhile).
 */
size_t renju_live_object_count(void);

/**
 * Creates an empty board of side `size` under `rule_set` (a `renju_rule_set` value),
 * Black to move, judged under the default (RIF) reading. `*out` gets the new handle (NULL
 * on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set or a size the rule set
 * does not allow (Renju: 15 only; others: 5 to 26).
 *
 * Ownership: the caller owns `*out` (free it with `renju_position_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_position_new(int32_t rule_set, int32_t size, struct renju_position **out);

/**
 * Creates a 15x15 Renju position by playing a move list from the empty board
 * (`"h8 i9 j10"`, `"h8i9j10"`, `"1.h8 2.i9"`, `pass`). `*out` gets the new handle
 * (NULL on error).
 *
 * Returns `RENJU_ERROR_PARSE` for text that is not a move list or a move that cannot be
 * played (the message gives the move number), `RENJU_ERROR_INVALID_UTF8` for text that
 * is not UTF-8.
 *
 * Ownership: the caller owns `*out`. Thread safety: safe from any thread.
 *
 * # Safety
 * `moves` must be NULL or a NUL-terminated string; `out` must be NULL or valid for
 * writes of a pointer.
 */
renju_status renju_position_from_moves(const char *moves, struct renju_position **out);

/**
 * Creates a set-up position from an ASCII diagram (the fixture format: one row per
 * line from the top, each starting with its number; `X` black, `O` white, `.` empty;
 * optional column-letter lines), under `rule_set` with `to_move` (`RENJU_COLOR_BLACK`
 * or `RENJU_COLOR_WHITE`) to move. The set-up stones are not judged; moves played from
 * here on are. `*out` gets the new handle (NULL on error).
 *
 * Returns `RENJU_ERROR_PARSE` for a diagram that cannot be read,
 * `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set or side, or a board size the
 * rule set does not allow.
 *
 * Ownership: the caller owns `*out`. Thread safety: safe from any thread.
 *
 * # Safety
 * `diagram` must be NULL or a NUL-terminated string; `out` must be NULL or valid for
 * writes of a pointer.
 */
renju_status renju_position_from_diagram(const char *diagram,
                                         int32_t rule_set,
                                         int32_t to_move,
                                         struct renju_position **out);

/**
 * Copies a position (stones, history, outcome and reading): the copy is independent.
 * `*out` gets the new handle (NULL on error).
 *
 * Ownership: the caller owns `*out`; `position` is only read. Thread safety: see
 * `renju_position`.
 *
 * # Safety
 * `position` is looked up before use (never dereferenced unless live); `out` must be
 * NULL or valid for writes of a pointer.
 */
renju_status renju_position_copy(const struct renju_position *position,
                                 struct renju_position **out);

/**
 * Frees a position. NULL is accepted and does nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
 * not from this library. Borrowed data: none.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use, never dereferenced unless live.
 */
renju_status renju_position_free(struct renju_position *position);

/**
 * Chooses the reading of the disputed double-three case (`docs/rules.md`, Forbidden moves,
 * point 5) for every later judgement on this position: nonzero for
 * `five_completion_counts` (a straight-four point that also makes a five still makes
 * a three), 0 for the RIF text (the default).
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use.
 */
renju_status renju_position_set_five_completion_counts(struct renju_position *position,
                                                       int32_t enabled);

/**
 * Facts about a position (size, rule set, side to move, counts, reading, outcome) in
 * `*out`.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_position_info`.
 */
renju_status renju_position_get_info(const struct renju_position *position,
                                     struct renju_position_info *out);

/**
 * The stone on `point` in `*out` (`RENJU_COLOR_NONE` when empty).
 *
 * Returns `RENJU_ERROR_OFF_BOARD` for a point off the board.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_color`.
 */
renju_status renju_position_stone_at(const struct renju_position *position,
                                     struct renju_point point,
                                     renju_color *out);

/**
 * Plays a stone of the side to move on `point`; `*out` (when `out` is not NULL) gets its
 * verdict. A winning, forbidden or drawing move ends the game; its stone stays on the
 * board.
 *
 * Returns `RENJU_ERROR_OCCUPIED`, `RENJU_ERROR_OFF_BOARD` or `RENJU_ERROR_GAME_OVER`
 * for a move that cannot be played (the position is unchanged).
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_verdict`.
 */
renju_status renju_position_play(struct renju_position *position,
                                 struct renju_point point,
                                 struct renju_verdict *out);

/**
 * The side to move passes; `*out` (when `out` is not NULL) gets the verdict: a draw
 * after the opponent's pass, otherwise the game goes on.
 *
 * Returns `RENJU_ERROR_GAME_OVER` once the game is over.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_verdict`.
 */
renju_status renju_position_pass(struct renju_position *position, struct renju_verdict *out);

/**
 * Plays every move of a move list (as `renju_position_from_moves` reads them); `*out`
 * (when `out` is not NULL) gets the verdict of the last move played.
 *
 * Returns `RENJU_ERROR_PARSE` at the first move that cannot be read or played (the
 * message gives its number); the moves before it stay played.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `moves` must be NULL or a NUL-terminated string;
 * `out` must be NULL or valid for writes of a `renju_verdict`.
 */
renju_status renju_position_play_moves(struct renju_position *position,
                                       const char *moves,
                                       struct renju_verdict *out);

/**
 * What playing `point` would do for the side to move, without playing it, in `*out`.
 *
 * Returns `RENJU_ERROR_OCCUPIED`, `RENJU_ERROR_OFF_BOARD` or `RENJU_ERROR_GAME_OVER`
 * for a move that could not be played.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_verdict`.
 */
renju_status renju_position_verdict(const struct renju_position *position,
                                    struct renju_point point,
                                    struct renju_verdict *out);

/**
 * Takes back the last move played on the position, restoring it exactly (stones, side
 * to move, outcome); `*out` (when `out` is not NULL) gets the move taken back.
 *
 * Returns `RENJU_ERROR_NOTHING_TO_UNDO` when no move has been played (set-up stones
 * are not moves).
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_move`.
 */
renju_status renju_position_undo(struct renju_position *position, struct renju_move *out);

/**
 * Whether a black stone on the empty `point` would be forbidden: `*foul` gets the foul
 * reported (`RENJU_FOUL_NONE` when legal or a five) and `*fouls` (when not NULL) every
 * foul as `RENJU_FOULS_*` bits. Black's forbidden points depend only on the stones, not
 * on the side to move; rule sets other than Renju have none.
 *
 * Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
 * empty point of the board.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `foul` must be NULL or valid for writes of a
 * `renju_foul`; `fouls` must be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_position_fouls_at(const struct renju_position *position,
                                     struct renju_point point,
                                     renju_foul *foul,
                                     uint32_t *fouls);

/**
 * The whole-board forbidden map for Black: every empty point where a black stone would
 * be forbidden, row by row from `a1`, written into the caller's array `points` of
 * `capacity` elements. `*count` always gets the number of forbidden points.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (then the first
 * `capacity` points are written): call with `capacity` 0 (and `points` NULL) to learn
 * the size, or pass an array of `size * size` elements, which is always enough.
 *
 * Thread safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `points` must be NULL (only with `capacity` 0) or
 * valid for writes of `capacity` elements; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_position_forbidden_points(const struct renju_position *position,
                                             struct renju_forbidden_point *points,
                                             size_t capacity,
                                             size_t *count);

/**
 * Black's forbidden points of many boards given as cells, one byte per point, with no
 * position handle: `cells` holds `length` bytes, boards of `size` x `size` one after
 * another, row by row from `a1` (board `n`, row `y` counted from the bottom, column `x`
 * is byte `(n * size + y) * size + x`), each 0 (empty), 1 (black) or 2 (white). `out`,
 * of `length` bytes too, gets the masks in the same layout: 0 where a black stone is
 * legal or the point is taken, else 1, or with `kinds` the foul's code (1 overline,
 * 2 double-four, 3 double-three). Judged under `rule_set` (a `renju_rule_set` value)
 * and, when `five_completion_counts`, that reading; many boards are judged on every
 * core. `length` 0 judges no board.
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, a size the rule set
 * does not allow, a `length` that is not a whole number of boards, a cell above 2 (the
 * message gives its index; `out` is then unchanged) or an `out` that overlaps `cells`;
 * `RENJU_ERROR_NULL_POINTER` for a NULL array with `length` above 0.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `cells` must be NULL or valid for reads of `length` bytes, and `out` NULL or valid for
 * writes of `length` bytes.
 */
renju_status renju_forbidden_masks(const uint8_t *cells,
                                   size_t length,
                                   int32_t size,
                                   int32_t rule_set,
                                   bool five_completion_counts,
                                   bool kinds,
                                   uint8_t *out);

/**
 * Explains what a black stone on the empty `point` would be, as JSON (the core's
 * `Explanation`: `point`, `status`, and the `fives`, `overlines`, `fours` and `threes`
 * through it; the nested checks of the recursive double-three rule are given once each
 * in a `nested` table, which completions refer to by key with `see`). `*json` gets the
 * text (NULL on error).
 *
 * Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
 * empty point of the board.
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
 * safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_position_explain_json(const struct renju_position *position,
                                         struct renju_point point,
                                         char **json);

/**
 * The position as an SVG picture (the one the CLI's `renju show` and Python's
 * `Board.svg()` draw): grid, stones, and what `flags` ask for (`RENJU_SVG_*`, or'ed;
 * other bits are ignored). `pixels` is the board's width. When `explain` is not NULL,
 * the picture explains what a black stone on that empty point would be (`renju show
 * --explain`): the lines of its threes and fours, their completion points, why a
 * rejected three is not real, and the nested checks as small boards. `*svg` gets the
 * text (NULL on error).
 *
 * Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for an `explain` point that
 * is not an empty point of the board, `RENJU_ERROR_INVALID_ARGUMENT` for `pixels` 0.
 *
 * Ownership: the caller owns `*svg` and frees it with `renju_string_free`. Thread
 * safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `explain` must be NULL or point to a
 * `renju_point`; `svg` must be NULL or valid for writes of a pointer.
 */
renju_status renju_position_svg(const struct renju_position *position,
                                uint32_t pixels,
                                uint32_t flags,
                                const struct renju_point *explain,
                                char **svg);

/**
 * The moves played on the position as a move list (`"h8 i9 pass j10"`; `""` when none).
 * `*text` gets the string (NULL on error).
 *
 * Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
 * safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `text` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_position_moves(const struct renju_position *position, char **text);

/**
 * The board as an ASCII diagram (the fixture format, readable by
 * `renju_position_from_diagram`). `*text` gets the string (NULL on error).
 *
 * Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
 * safety: see `renju_position`.
 *
 * # Safety
 * `position` is looked up before use; `text` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_position_diagram(const struct renju_position *position, char **text);

/**
 * Reads every game record of a file. `format` names the format (`"moves"`, `"rif"`,
 * `"renlib"`, `"psq"`, `"sgf"`, `"openings"`) or is NULL to guess it from the file
 * extension (`.txt`, `.rif`, `.lib`, `.psq`, `.sgf`). `*out` gets the new handle (NULL
 * on error). Records that cannot be read do not fail the call: they are kept with their
 * error (see `renju_games_record`).
 *
 * Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_INVALID_ARGUMENT`
 * for an unknown format name or an extension that names none.
 *
 * Ownership: the caller owns `*out` (free it with `renju_games_free`). Thread safety:
 * safe from any thread.
 *
 * # Safety
 * `path` must be NULL or a NUL-terminated string; `format` must be NULL or a
 * NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_games_read_file(const char *path, const char *format, struct renju_games **out);

/**
 * Reads every game record of a memory buffer of `length` bytes. `format` names the
 * format, or is NULL to guess it from `name`'s extension; `name` (may be NULL) names the
 * buffer in errors and reports. Otherwise as `renju_games_read_file`.
 *
 * Ownership: the buffer is only read during the call; the caller owns `*out`. Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
 * `format` and `name` must be NULL or NUL-terminated strings; `out` must be NULL or
 * valid for writes of a pointer.
 */
renju_status renju_games_read_buffer(const uint8_t *data,
                                     size_t length,
                                     const char *format,
                                     const char *name,
                                     struct renju_games **out);

/**
 * Frees a `renju_games` and every string borrowed from it. NULL is accepted and does
 * nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
 * not from this library.
 *
 * # Safety
 * `games` is looked up before use, never dereferenced unless live.
 */
renju_status renju_games_free(struct renju_games *games);

/**
 * The number of records (readable or not) in `*count`.
 *
 * Thread safety: see `renju_games`.
 *
 * # Safety
 * `games` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_games_count(const struct renju_games *games, size_t *count);

/**
 * Record `index` (0-based, in file order) in `*out`: whether it could be read, its id,
 * its moves as text.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record. An unreadable record is
 * not an error here (`readable` is false and `error` says why).
 *
 * Ownership: the strings in `*out` are borrowed from `games` and stay valid until it is
 * freed; do not free them. Thread safety: see `renju_games`.
 *
 * # Safety
 * `games` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_game_record`.
 */
renju_status renju_games_record(const struct renju_games *games,
                                size_t index,
                                struct renju_game_record *out);

/**
 * Replays game `index` under its rules (`options` gives the defaults for what the
 * record does not say; NULL for the library defaults) and puts the outcome and the
 * number of findings by severity in `*out`.
 *
 * Returns `RENJU_ERROR_PARSE` for a record that could not be read,
 * `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record, `RENJU_ERROR_INVALID_ARGUMENT`
 * for bad options.
 *
 * Thread safety: see `renju_games`.
 *
 * # Safety
 * `games` is looked up before use; `options` must be NULL or point to a
 * `renju_validation_options` (see there); `out` must be NULL or valid for writes of a
 * `renju_game_result`.
 */
renju_status renju_games_replay(const struct renju_games *games,
                                size_t index,
                                const struct renju_validation_options *options,
                                struct renju_game_result *out);

/**
 * Replays game `index` (as `renju_games_replay`) under its time control, or under
 * `time_control` (`"5400+30"`, ...; NULL for the record's own) when the record names
 * none, and gives the replayed clock as JSON in `*json`: `{"time": {"control",
 * "black_used_ms", "white_used_ms", "flag", "complete"} or null, "clock": [{"move",
 * "state": {"black": {...}, "white": {...}, "to_move", "result"}}, ...], "findings":
 * [...]}`.
 *
 * Returns `RENJU_ERROR_PARSE` for a time control that cannot be read, and the errors
 * of `renju_games_replay`.
 *
 * Ownership: the caller frees `*json` with `renju_string_free`. Thread safety: see
 * `renju_games`.
 *
 * # Safety
 * As `renju_games_replay`; `time_control` must be NULL or a NUL-terminated string;
 * `json` NULL or valid for writes of a pointer.
 */
renju_status renju_games_replay_clock_json(const struct renju_games *games,
                                           size_t index,
                                           const struct renju_validation_options *options,
                                           const char *time_control,
                                           char **json);

/**
 * Replays game `index` (as `renju_games_replay`) and gives its final position as a new
 * handle in `*out` (NULL on error): every move replayed, the outcome as judged.
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` when the game cannot be replayed at all (a
 * rule the library does not know, a board size its rule set does not allow), and the
 * errors of `renju_games_replay`.
 *
 * Ownership: the caller owns `*out` (free it with `renju_position_free`). Thread
 * safety: see `renju_games`.
 *
 * # Safety
 * As `renju_games_replay`; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_games_replay_position(const struct renju_games *games,
                                         size_t index,
                                         const struct renju_validation_options *options,
                                         struct renju_position **out);

/**
 * Validates every record (`options` gives the defaults for what records do not say;
 * NULL for the library defaults) and gives the report as JSON in `*json` (NULL on
 * error): `{"games": [...], "summary": {"games", "by_termination", "findings",
 * "errors", "warnings"}}`, the same fields as the Rust and Python APIs. Unreadable
 * records appear as `unreadable-record` findings.
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for bad options. Uses all cores.
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
 * safety: see `renju_games`.
 *
 * # Safety
 * `games` is looked up before use; `options` must be NULL or point to a
 * `renju_validation_options`; `json` must be NULL or valid for writes of a pointer.
 */
renju_status renju_games_validate(const struct renju_games *games,
                                  const struct renju_validation_options *options,
                                  char **json);

/**
 * Validates every record of `games` (as `renju_games_validate`) and gives the report as
 * a handle in `*out` (NULL on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for bad options. Uses all cores.
 *
 * # Safety
 * `games` is looked up before use; `options` must be NULL or point to a
 * `renju_validation_options`; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_games_validate_report(const struct renju_games *games,
                                         const struct renju_validation_options *options,
                                         struct renju_report **out);

/**
 * Finds the parts of a file's `length` bytes at `data` to validate on their own, of
 * about `size` bytes each, and gives them as a JSON array in `*json` (NULL on error):
 * `[{"start", "end", "lines", "games", "records", "directives"}, ...]`, `end` null for
 * the last part. Move lists split at line ends, RenjuNet databases between two games;
 * other formats are one part, the whole file. Pass one element (as JSON text) to `renju_report_validate_buffer` with exactly
 * the part's bytes, `data + start` to `data + end`.
 *
 * `format` names the format, or is NULL to guess it from `name`'s extension. Returns
 * `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format.
 *
 * Ownership: the caller owns `*json` (free it with `renju_string_free`).
 *
 * # Safety
 * `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
 * `format` and `name` must be NULL or NUL-terminated strings; `json` must be NULL or
 * valid for writes of a pointer.
 */
renju_status renju_report_chunks(const uint8_t *data,
                                 size_t length,
                                 const char *format,
                                 const char *name,
                                 uint64_t size,
                                 char **json);

/**
 * Validates the `length` bytes at `data`: a whole file (`chunk` NULL), or one part of a
 * file (`chunk`: one element of `renju_report_chunks`'s JSON, and `data` exactly that
 * part's bytes). Games keep their index, line and byte offset in the whole file. `name`
 * (may be NULL) names the file in the report; `format` as in `renju_report_chunks`.
 * The report handle goes to `*out` (NULL on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format, bad options or a
 * `chunk` that is not a part's JSON. Uses all cores.
 *
 * # Safety
 * `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
 * `format`, `name` and `chunk` must be NULL or NUL-terminated strings; `options` must
 * be NULL or point to a `renju_validation_options`; `out` must be NULL or valid for
 * writes of a pointer.
 */
renju_status renju_report_validate_buffer(const uint8_t *data,
                                          size_t length,
                                          const char *format,
                                          const char *name,
                                          const char *chunk,
                                          const struct renju_validation_options *options,
                                          struct renju_report **out);

/**
 * Appends to `report` the report of the input that follows it (`later` is unchanged):
 * `report` becomes the report one run over both gives. Merge in input order, earlier
 * part first (merging is associative, not commutative).
 *
 * # Safety
 * `report` and `later` are looked up before use.
 */
renju_status renju_report_merge(struct renju_report *report, const struct renju_report *later);

/**
 * The report as JSON in `*json` (NULL on error), as `renju_games_validate` gives it.
 *
 * Ownership: the caller owns `*json` (free it with `renju_string_free`).
 *
 * # Safety
 * `report` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_report_json(const struct renju_report *report, char **json);

/**
 * Frees a report. NULL is accepted and does nothing.
 *
 * # Safety
 * `report` is looked up before use, never dereferenced unless live.
 */
renju_status renju_report_free(struct renju_report *report);

/**
 * Reads a time control (`"5400+30"`, `"40/6000+30:900+30"`, `"W300-B240"`,
 * `"TM[3600]OT[5x30 byo-yomi]"`) and writes it back in its canonical form in `*text`.
 *
 * Returns `RENJU_ERROR_PARSE` with a message saying what is wrong (`"300+a"`, a
 * non-final sudden-death period, an increment in milliseconds).
 *
 * Ownership: the caller frees `*text` with `renju_string_free`. Thread safety: safe
 * from any thread.
 *
 * # Safety
 * `control` must be NULL or a NUL-terminated string; `text` NULL or valid for writes.
 */
renju_status renju_time_control_format(const char *control, char **text);

/**
 * Creates a clock at the start of a game, Black to move. `both_flags`: 0 for a draw
 * when both flags fall and nobody can tell which first (the Chinese rules), 1 for
 * FIDE's reading (play goes on unless a side is in its last period).
 * `default_time_ms`: lateness past which a player forfeits (0: one hour).
 *
 * Returns `RENJU_ERROR_PARSE` for a control that cannot be read,
 * `RENJU_ERROR_INVALID_ARGUMENT` for `?` or `-` (no clock) or a bad `both_flags`.
 *
 * Ownership: the caller owns `*out` (free it with `renju_clock_free`).
 *
 * # Safety
 * `control` must be NULL or a NUL-terminated string; `out` NULL or valid for writes.
 */
renju_status renju_clock_new(const char *control,
                             int32_t both_flags,
                             uint64_t default_time_ms,
                             struct renju_clock **out);

/**
 * Frees a clock. Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle
 * already freed or not from this library.
 *
 * # Safety
 * `clock` is looked up before use.
 */
renju_status renju_clock_free(struct renju_clock *clock);

/**
 * The side to move completed a move that took `elapsed_ms`. `*state` (optional) gets
 * both clocks after it, and whether the flag fell. Returns `RENJU_ERROR_GAME_OVER` once
 * the clock has decided the game.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_press(struct renju_clock *clock,
                               uint64_t elapsed_ms,
                               struct renju_clock_state *state);

/**
 * The player holding `color` (a `renju_color`) completed a move that took
 * `elapsed_ms`: a stone of either colour (the opening player's stones 1 to 3), a swap or
 * a set of fifth-move offers. Clocks belong to players: that player's clock is pressed
 * and the other runs next. `*state` (optional) gets both clocks after it.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_press_by(struct renju_clock *clock,
                                  int32_t color,
                                  uint64_t elapsed_ms,
                                  struct renju_clock_state *state);

/**
 * The players exchange colours (a swap of an opening protocol): each keeps their own
 * clock, so the clocks reported as Black's and White's exchange.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_swap(struct renju_clock *clock, struct renju_clock_state *state);

/**
 * Both clocks now.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_get_state(const struct renju_clock *clock,
                                   struct renju_clock_state *state);

/**
 * A time penalty on `offender` (a `renju_color`): `taken_ms` off their clock,
 * `given_ms` onto the opponent's (generally at most five minutes each; a longer one is
 * applied too, and one that takes all the time left makes the flag fall).
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_penalty(struct renju_clock *clock,
                                 int32_t offender,
                                 uint64_t taken_ms,
                                 uint64_t given_ms,
                                 struct renju_clock_state *state);

/**
 * `color` arrived `late_ms` late (before their first move): taken off their clock, or
 * a forfeit past the default time.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_late_arrival(struct renju_clock *clock,
                                      int32_t color,
                                      uint64_t late_ms,
                                      struct renju_clock_state *state);

/**
 * The referee splits a shared pool: each side gets half of what is left
 * (`RENJU_ERROR_INVALID_ARGUMENT` without a shared pool).
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_split(struct renju_clock *clock, struct renju_clock_state *state);

/**
 * Both flags are down and nobody can tell which fell first.
 *
 * # Safety
 * `clock` is looked up before use; `state` must be NULL or valid for writes.
 */
renju_status renju_clock_both_flags_down(struct renju_clock *clock,
                                         struct renju_clock_state *state);

/**
 * Reads a fixture file (`fixtures/README.md` describes the format). `*out` gets the new
 * handle (NULL on error).
 *
 * Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_INVALID_UTF8` when
 * it is not UTF-8, `RENJU_ERROR_PARSE` for a malformed file (the message names the
 * file, line and fixture).
 *
 * Ownership: the caller owns `*out` (free it with `renju_fixtures_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `path` must be NULL or a NUL-terminated string; `out` must be NULL or valid for writes
 * of a pointer.
 */
renju_status renju_fixtures_read_file(const char *path, struct renju_fixtures **out);

/**
 * Reads fixtures from text in the fixture format. Otherwise as
 * `renju_fixtures_read_file`.
 *
 * # Safety
 * `text` must be NULL or a NUL-terminated string; `out` must be NULL or valid for writes
 * of a pointer.
 */
renju_status renju_fixtures_parse(const char *text, struct renju_fixtures **out);

/**
 * Frees a `renju_fixtures` and everything borrowed from it. NULL is accepted and does
 * nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
 * not from this library.
 *
 * # Safety
 * `fixtures` is looked up before use, never dereferenced unless live.
 */
renju_status renju_fixtures_free(struct renju_fixtures *fixtures);

/**
 * The number of fixtures in `*count`.
 *
 * Thread safety: see `renju_fixtures`.
 *
 * # Safety
 * `fixtures` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_fixtures_count(const struct renju_fixtures *fixtures, size_t *count);

/**
 * Fixture `index` (0-based, in file order) in `*out`.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture.
 *
 * Ownership: the strings in `*out` are borrowed from `fixtures` (valid until it is
 * freed); do not free them. Thread safety: see `renju_fixtures`.
 *
 * # Safety
 * `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_fixture`.
 */
renju_status renju_fixtures_get(const struct renju_fixtures *fixtures,
                                size_t index,
                                struct renju_fixture *out);

/**
 * Query `query` of fixture `index` in `*out`.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture or query.
 *
 * Ownership: the strings in `*out` are borrowed from `fixtures` (or static); do not free
 * them. Thread safety: see `renju_fixtures`.
 *
 * # Safety
 * `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_fixture_query`.
 */
renju_status renju_fixtures_query(const struct renju_fixtures *fixtures,
                                  size_t index,
                                  size_t query,
                                  struct renju_fixture_query *out);

/**
 * Expected forbidden map `map` of fixture `index` in `*out`.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture or map.
 *
 * Ownership: the array and string in `*out` are borrowed from `fixtures`; do not free
 * them. Thread safety: see `renju_fixtures`.
 *
 * # Safety
 * `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_fixture_map`.
 */
renju_status renju_fixtures_map(const struct renju_fixtures *fixtures,
                                size_t index,
                                size_t map,
                                struct renju_fixture_map *out);

/**
 * The position of fixture `index` as a new handle in `*out` (NULL on error), judged
 * under the `five_completion_counts` reading when `five_completion_counts` is nonzero,
 * the RIF reading otherwise.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture.
 *
 * Ownership: the caller owns `*out` (free it with `renju_position_free`); it does not
 * borrow from `fixtures`. Thread safety: see `renju_fixtures`.
 *
 * # Safety
 * `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_fixtures_position(const struct renju_fixtures *fixtures,
                                     size_t index,
                                     int32_t five_completion_counts,
                                     struct renju_position **out);

/**
 * Reads the tournaments of a file: FIDE TRF (`.trf`, or text with `001` records),
 * tournament JSON (`.json`), or game records (`format` names a game format, or NULL to
 * tell it from the extension). `*out` gets the new handle (NULL on error).
 *
 * Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_PARSE` for a bad
 * TRF record (the message has the line) or JSON, `RENJU_ERROR_INVALID_ARGUMENT` for an
 * unknown format name.
 *
 * Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `path` must be NULL or a NUL-terminated string; `format` must be NULL or a
 * NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_tournament_read_file(const char *path,
                                        const char *format,
                                        struct renju_tournament **out);

/**
 * Reads the tournaments of a memory buffer of `length` bytes; `name` (may be NULL)
 * names it in errors and tells the format by its extension. Otherwise as
 * `renju_tournament_read_file`.
 *
 * # Safety
 * `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
 * `format` and `name` must be NULL or NUL-terminated strings; `out` must be NULL or
 * valid for writes of a pointer.
 */
renju_status renju_tournament_read_buffer(const uint8_t *data,
                                          size_t length,
                                          const char *format,
                                          const char *name,
                                          struct renju_tournament **out);

/**
 * Frees a `renju_tournament`. NULL is accepted and does nothing.
 *
 * # Safety
 * `tournament` is looked up before use, never dereferenced unless live.
 */
renju_status renju_tournament_free(struct renju_tournament *tournament);

/**
 * The number of tournaments the file held, in `*count`.
 *
 * # Safety
 * `tournament` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_tournament_count(const struct renju_tournament *tournament, size_t *count);

/**
 * The team score system (TRF-26 `362`: the match points of a match won, drawn and
 * lost) of tournament `index` of the handle, in `*text` as a TRF file writes it
 * (`"TW 2.0 TD 1.0 TL 0.0"`), or NULL when it has none (matches score 1, ½ and 0).
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `text` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_tournament_team_score_system(const struct renju_tournament *tournament,
                                                size_t index,
                                                char **text);

/**
 * Tournament `index` of the handle with its team score system (TRF-26 `362`) set to
 * `text`, the record's text after the code (`"TW 3 TD 1"`: `TW`, `TD`, `TL` each
 * followed by its match points, in any order; a code not given takes TRF-26's value,
 * 2, 1 or 0), or removed when `text` is NULL (matches then score 1, ½ and 0): `*out`
 * gets a new handle holding that one tournament, with the findings of reading it (a
 * handle does not change once read). The text is kept as a TRF file writes it
 * (`renju_tournament_team_score_system`), and the standings count it.
 *
 * Returns `RENJU_ERROR_PARSE` when `text` cannot be read (an unknown code, a code
 * without points or given twice, points below zero or of 100 or more; the message says
 * which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `text` must be NULL or a NUL-terminated
 * string; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_tournament_set_team_score_system(const struct renju_tournament *tournament,
                                                    size_t index,
                                                    const char *text,
                                                    struct renju_tournament **out);

/**
 * Computes the standings of tournament `index` (0-based) with `options` (NULL: the
 * defaults) into `*out`. The findings include those of reading.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament,
 * `RENJU_ERROR_INVALID_ARGUMENT` for an unknown system, tie-break or regulation name.
 *
 * Ownership: the caller owns `*out` (free it with `renju_standings_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `options` must be NULL or valid for reads of a
 * `renju_standings_options`; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_tournament_standings(const struct renju_tournament *tournament,
                                        size_t index,
                                        const struct renju_standings_options *options,
                                        struct renju_standings **out);

/**
 * Frees a `renju_standings` and every string borrowed from it. NULL is accepted.
 *
 * # Safety
 * `standings` is looked up before use, never dereferenced unless live.
 */
renju_status renju_standings_free(struct renju_standings *standings);

/**
 * The number of rows in `*count`.
 *
 * # Safety
 * `standings` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_standings_row_count(const struct renju_standings *standings, size_t *count);

/**
 * The number of tie-breaks (after the points) in `*count`.
 *
 * # Safety
 * `standings` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_standings_tiebreak_count(const struct renju_standings *standings, size_t *count);

/**
 * The code of tie-break `index` (`"SB"`, `"BH/C1"`) in `*code`, borrowed from the
 * standings.
 *
 * # Safety
 * `standings` is looked up before use; `code` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_standings_tiebreak_code(const struct renju_standings *standings,
                                           size_t index,
                                           const char **code);

/**
 * The system ranked by (`"round-robin"`, `"swiss"`, `"knockout"`) and the regulation
 * for unplayed rounds (`"fide-2024"`, ...), borrowed from the standings. Either output
 * may be NULL when not wanted.
 *
 * # Safety
 * `standings` is looked up before use; `system` and `regulation` must be NULL or valid
 * for writes of a pointer.
 */
renju_status renju_standings_info(const struct renju_standings *standings,
                                  const char **system,
                                  const char **regulation);

/**
 * Row `index` (0-based, best first) in `*out`.
 *
 * # Safety
 * `standings` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_standing_row`.
 */
renju_status renju_standings_row(const struct renju_standings *standings,
                                 size_t index,
                                 struct renju_standing_row *out);

/**
 * The value of tie-break `tiebreak` for row `row` in `*value` (exact values written as
 * the nearest double; `TBR` gives board 1's points).
 *
 * # Safety
 * `standings` is looked up before use; `value` must be NULL or valid for writes of a
 * `double`.
 */
renju_status renju_standings_value(const struct renju_standings *standings,
                                   size_t row,
                                   size_t tiebreak,
                                   double *value);

/**
 * The number of findings of severity error in `*count` (nonzero: the crosstable is
 * wrong somewhere; `renju standings` exits 1).
 *
 * # Safety
 * `standings` is looked up before use; `count` must be NULL or valid for writes of a
 * `size_t`.
 */
renju_status renju_standings_error_count(const struct renju_standings *standings, size_t *count);

/**
 * The findings as a JSON array in `*json` (`[{"severity", "code", "round", "player",
 * "message"}]`). With `whole` nonzero, the whole standings instead, as one tournament
 * of `renju standings --json`.
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`.
 *
 * # Safety
 * `standings` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_standings_json(const struct renju_standings *standings,
                                  int32_t whole,
                                  char **json);

/**
 * Pairs round `round` (from 1; 0: the first round without pairings) of tournament
 * `index` (0-based) of the handle, a round robin, by FIDE's Berger tables (Handbook
 * C.05, Annex 1) scheduled by `options` (NULL: a single round robin). The players'
 * pairing numbers are their places in start-rank order (after
 * `renju_tournament_draw_lots`, the numbers drawn).
 *
 * The boards, in the table's order (a bye first), go into the caller's array `boards`
 * of `capacity` elements; `*count` always gets the number of boards (n / 2 rounded
 * up), and `*paired_round` (may be NULL) the round paired.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing is written
 * to `boards`: call with `capacity` 0 and `boards` NULL to learn the size),
 * `RENJU_ERROR_PAIRING` when the round cannot be paired (fewer than two players, a
 * team event, another system, past the schedule or the rounds declared, a game of an
 * earlier round the tables do not pair; the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `options` must be NULL or valid for reads of a
 * `renju_round_robin_options`; `boards` must be NULL (only with `capacity` 0) or valid
 * for writes of `capacity` elements; `count` must be NULL or valid for writes of a
 * `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_pair_round_robin(const struct renju_tournament *tournament,
                                               size_t index,
                                               uint32_t round,
                                               const struct renju_round_robin_options *options,
                                               struct renju_board *boards,
                                               size_t capacity,
                                               size_t *count,
                                               uint32_t *paired_round);

/**
 * Pairs round `round` (from 1; 0: the first round without pairings) of tournament
 * `index` (0-based) of the handle, a knockout, by its bracket: the players seeded by
 * start rank (after `renju_tournament_draw_lots`, the numbers drawn) on the lines in
 * the standard order, byes to the top seeds, then each earlier round's match winners
 * (the most game points in that round's games between the two, tie-break games
 * included) paired by neighbours.
 *
 * The boards go into the caller's array as `renju_tournament_pair_round_robin` writes
 * them (the upper line's player first; a bye with `white` 0).
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
 * when the round cannot be paired (fewer than two players, a team event, another
 * system, a tied match without its tie-break games, a match the crosstable lacks, the
 * knockout already won; the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
 * the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `boards` must be NULL (only with `capacity` 0)
 * or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
 * of a `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_pair_knockout(const struct renju_tournament *tournament,
                                            size_t index,
                                            uint32_t round,
                                            struct renju_board *boards,
                                            size_t capacity,
                                            size_t *count,
                                            uint32_t *paired_round);

/**
 * Pairs the next round of tournament `index` (0-based) of the handle, a Swiss, by the
 * Dutch system (FIDE C.04.3, the rules applied from 2025), as the FIDE-endorsed
 * pairing programs do: the round after the last one with games or a pairing bye;
 * players with a cell in that round already (a bye or an absence entered beforehand)
 * are left out. The tournament gives its rounds (TRF `XXR`) and initial colour (`XXC
 * white1`/`black1`, the colour the top-ranked player gets when nothing else decides;
 * TRF letters are read as written, Black moving first), and may give a point system
 * (`BBW`..., `162`), accelerations (`XXA`) and forbidden pairs (`XXP`).
 *
 * The boards go into the caller's array as `renju_tournament_pair_round_robin` writes
 * them (`black` and `white` by colour; a bye with `white` 0), in the pairing programs'
 * order: by the higher player's score, then the lower's, then the higher's pairing
 * number; the bye last.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
 * when the round cannot be paired (no valid pairing under the absolute criteria, the
 * rounds or the initial colour not given, the round already paired, too many players;
 * the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `boards` must be NULL (only with `capacity` 0)
 * or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
 * of a `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_pair_dutch(const struct renju_tournament *tournament,
                                         size_t index,
                                         struct renju_board *boards,
                                         size_t capacity,
                                         size_t *count,
                                         uint32_t *paired_round);

/**
 * Checks the pairings of tournament `index` (0-based) of the handle, a finished Swiss,
 * against the Dutch system: each round is paired again from the rounds before it (the
 * players absent from it left out) and compared, boards and colours, with the
 * tournament's. The numbers of the rounds that differ, in order, go into the caller's
 * array `rounds` of `capacity` elements; `*count` always gets how many differ (0: every
 * round is paired as the Dutch system pairs it).
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing is written
 * to `rounds`), `RENJU_ERROR_PAIRING` when a round cannot be paired at all (the
 * message names the round and why), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last
 * tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `rounds` must be NULL (only with `capacity` 0)
 * or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
 * of a `size_t`.
 */
renju_status renju_tournament_check_dutch(const struct renju_tournament *tournament,
                                          size_t index,
                                          uint32_t *rounds,
                                          size_t capacity,
                                          size_t *count);

/**
 * Draws lots from `seed` for the pairing numbers of tournament `index` (0-based) of
 * the handle, before its first round: `*out` gets a new handle holding that one
 * tournament with each player's start rank set to the number drawn (the players listed
 * by it). The same seed draws the same numbers in every version and on every
 * platform (the algorithm is in the guide, docs/tournaments.md).
 *
 * Returns `RENJU_ERROR_PAIRING` when lots cannot be drawn (no players, a team event,
 * pairings already made), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_tournament_draw_lots(const struct renju_tournament *tournament,
                                        size_t index,
                                        uint64_t seed,
                                        struct renju_tournament **out);

/**
 * Tournament `index` (0-based) of the handle written as a FIDE TRF file, in `*trf`.
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` when TRF cannot hold it (a player id over
 * 9999, a name with a line break...), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last
 * tournament.
 *
 * Ownership: the caller owns `*trf` and frees it with `renju_string_free`. Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `trf` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_tournament_trf(const struct renju_tournament *tournament,
                                  size_t index,
                                  char **trf);

/**
 * The games of one board played as a match of `games` games (1 to 99; the renju match
 * is 2): game 1 as the board pairs it, game 2 with the colours exchanged, and so on (a
 * bye, `white` 0, stays one bye). The games go into the caller's array `out` of
 * `capacity` elements; `*count` always gets their number.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing written),
 * `RENJU_ERROR_INVALID_ARGUMENT` for 0 games or more than 99.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `board` must be NULL or valid for reads of a `renju_board`; `out` must be NULL (only
 * with `capacity` 0) or valid for writes of `capacity` elements; `count` must be NULL
 * or valid for writes of a `size_t`.
 */
renju_status renju_board_match_games(const struct renju_board *board,
                                     uint32_t games,
                                     struct renju_board *out,
                                     size_t capacity,
                                     size_t *count);

/**
 * Tournament `index` (0-based) of the handle with the results `entries` (`count` of
 * them) entered into round `round` (0: the first round without pairings): `*out` gets a
 * new handle holding that one tournament. A match's games are one entry each, in the
 * order played; the standings score them as one match.
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` when an entry cannot be entered (an unknown
 * player, a player against himself, a code that is not a result of its kind; the
 * message names the entry), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `entries` must be NULL (only with `count` 0)
 * or valid for reads of `count` elements; `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_tournament_record_results(const struct renju_tournament *tournament,
                                             size_t index,
                                             uint32_t round,
                                             const struct renju_result_entry *entries,
                                             size_t count,
                                             struct renju_tournament **out);

/**
 * Pairs round `round` (0: the first without pairings) of tournament `index` of the
 * handle, a team event, by `system` (`"round-robin"`: FIDE's Berger tables over the
 * teams in id order; `"swiss"`: by match points, no rematch, no second bye, the least
 * match-point differences, then neighbours in the standings). Each match has `boards`
 * boards (0: the smallest team's players), each team its first players in board order.
 * `renju_tournament_pair_teams_with` with those options and no line-ups.
 *
 * The boards go into the caller's array `out` match by match (`boards` a match, board
 * 1 first; the first-named team's player is `black` on odd boards, `white` on even
 * ones); `*count` always gets their number, `*bye_team` (may be NULL) the team without
 * a match, or 0.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
 * when the round cannot be paired (not a team event, past the schedule, no pairing
 * without a rematch; the message says which), `RENJU_ERROR_INVALID_ARGUMENT` for
 * another system, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `system` must be a NUL-terminated string;
 * `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
 * elements; `count` must be NULL or valid for writes of a `size_t`; `bye_team` must
 * be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_pair_teams(const struct renju_tournament *tournament,
                                         size_t index,
                                         const char *system,
                                         uint32_t round,
                                         uint32_t boards,
                                         struct renju_board *out,
                                         size_t capacity,
                                         size_t *count,
                                         uint32_t *bye_team);

/**
 * Pairs a round of tournament `index` of the handle, a team event, as `options` says
 * (NULL: the defaults of a zeroed `renju_team_pairing_options`): a single or double
 * team round robin by FIDE's Berger tables over the teams in id order, or a team Swiss
 * by match points; each team plays its line-up of `options->lineups` when it has one,
 * else its first players in board order.
 *
 * The boards go into the caller's array `out` match by match (board 1 first; the
 * first-named team's player is `black` on odd boards, `white` on even ones); `*count`
 * always gets their number, `*bye_team` (may be NULL) the team without a match, or 0.
 *
 * Returns `RENJU_ERROR_NULL_POINTER` when `options->lineups` (with `lineup_count` > 0)
 * or a line-up's `players` (with `count` > 0) is NULL, the message naming which;
 * `RENJU_ERROR_INVALID_ARGUMENT` for another system, or a double round robin with
 * `"swiss"`; `RENJU_ERROR_PAIRING` when the round cannot be paired or a line-up cannot
 * be taken (a team the tournament does not have, a team given two line-ups, a player
 * named twice or not in the team, the team's board order inverted, not as many players
 * as boards: the message names the team and what is wrong);
 * `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`;
 * `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `options` must be NULL or valid for reads, its
 * `system` NULL or a NUL-terminated string, its `lineups` NULL or valid for reads of
 * `lineup_count` elements, each `players` NULL or valid for reads of `count` elements;
 * `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
 * elements; `count` must be NULL or valid for writes of a `size_t`; `bye_team` must be
 * NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_pair_teams_with(const struct renju_tournament *tournament,
                                              size_t index,
                                              const struct renju_team_pairing_options *options,
                                              struct renju_board *out,
                                              size_t capacity,
                                              size_t *count,
                                              uint32_t *bye_team);

/**
 * Round `round` (0: the first without pairings) of the Scheveningen match between the
 * two teams of tournament `index` of the handle (every player of one meets every
 * player of the other), `boards` boards (0: the smaller team's players), into the
 * caller's array `out` as `renju_tournament_pair_teams` writes it.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
 * without two teams or past the match's rounds, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
 * the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `out` must be NULL (only with `capacity` 0) or
 * valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
 * a `size_t`.
 */
renju_status renju_tournament_pair_scheveningen(const struct renju_tournament *tournament,
                                                size_t index,
                                                uint32_t round,
                                                uint32_t boards,
                                                struct renju_board *out,
                                                size_t capacity,
                                                size_t *count);

/**
 * The king-of-the-hill match between the teams of tournament `index` of the handle
 * (their players in board order), the crosstable's bouts replayed (one a round):
 * `*next` gets the bout to play (`black`, `white`), or zeros when the match is over;
 * `*winner` (may be NULL) the winning team's id, or 0 while it goes on and for a
 * drawn match. A drawn bout: both players leave, or with `replay_draws` it is played
 * again with colours exchanged. With more than two teams the teams come on in
 * rotation (id order), the next challenger from the next team with players left other
 * than the winner's; `*winner` is the last team with players (0 when the last teams
 * went out together); `renju_tournament_king_of_the_hill_ranking` ranks them all.
 * `renju_tournament_king_of_the_hill_with` with no line-ups and no rotation order.
 *
 * Returns `RENJU_ERROR_PAIRING` with fewer than two teams or when a round is not the
 * bout that was next (the message says why: a player who left plays again, one comes
 * on before a teammate earlier in the line-up, another pairing),
 * `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `next` must be NULL or valid for writes of a
 * `renju_board`; `winner` must be NULL or valid for writes of a `uint32_t`.
 */
renju_status renju_tournament_king_of_the_hill(const struct renju_tournament *tournament,
                                               size_t index,
                                               bool replay_draws,
                                               struct renju_board *next,
                                               uint32_t *winner);

/**
 * `renju_tournament_king_of_the_hill` with options (NULL: the defaults of a zeroed
 * `renju_hill_options`): what a drawn bout does, each team's line-up, the order its
 * players come on in (a line-up for a team the tournament does not have, a second
 * one for a team, or one naming a player not in the team is `RENJU_ERROR_PAIRING`,
 * the message naming the team), and the teams' rotation order (one naming a team the
 * tournament does not have, naming one twice or leaving one out is
 * `RENJU_ERROR_PAIRING`, the message naming the team). A NULL `lineups`, `players` or
 * `order` with a count above 0 is `RENJU_ERROR_NULL_POINTER`.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `options` must be NULL or valid for reads of a
 * `renju_hill_options` whose `lineups` is NULL (only with `lineup_count` 0) or valid
 * for reads of `lineup_count` elements, each one's `players` NULL (only with its
 * `count` 0) or valid for reads of `count` elements, and whose `order` is NULL (only
 * with `order_count` 0) or valid for reads of `order_count` elements; `next` and
 * `winner` as in
 * `renju_tournament_king_of_the_hill`.
 */
renju_status renju_tournament_king_of_the_hill_with(const struct renju_tournament *tournament,
                                                    size_t index,
                                                    const struct renju_hill_options *options,
                                                    struct renju_board *next,
                                                    uint32_t *winner);

/**
 * The ranking of the king of the hill of tournament `index` of the handle, as
 * `renju_tournament_king_of_the_hill` plays it (two teams or more), into the caller's
 * array `out`: best first, teams ranked by how late their play ended (the team with
 * players left first, then the later out the higher), teams out in the same bout
 * sharing the place. `*count` gets the number of teams, or 0 while the event goes on.
 * `renju_tournament_king_of_the_hill_ranking_with` with no line-ups and no rotation
 * order.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
 * as `renju_tournament_king_of_the_hill` does, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
 * the last tournament.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `out` must be NULL (only with `capacity` 0)
 * or valid for writes of `capacity` elements; `count` must be NULL or valid for
 * writes of a `size_t`.
 */
renju_status renju_tournament_king_of_the_hill_ranking(const struct renju_tournament *tournament,
                                                       size_t index,
                                                       bool replay_draws,
                                                       struct renju_hill_place *out,
                                                       size_t capacity,
                                                       size_t *count);

/**
 * `renju_tournament_king_of_the_hill_ranking` with options, as
 * `renju_tournament_king_of_the_hill_with` takes them.
 *
 * Thread safety: safe from any thread.
 *
 * # Safety
 * `options` as in `renju_tournament_king_of_the_hill_with`; the rest as in
 * `renju_tournament_king_of_the_hill_ranking`.
 */
renju_status renju_tournament_king_of_the_hill_ranking_with(const struct renju_tournament *tournament,
                                                            size_t index,
                                                            const struct renju_hill_options *options,
                                                            struct renju_hill_place *out,
                                                            size_t capacity,
                                                            size_t *count);

/**
 * The club totals of tournament `index` of the handle, an individual event, as JSON in
 * `*json`: `[{"rank", "club", "points", "players": [[id, points], ...]}, ...]`, best
 * first; each club's (the players' federation column) best `counted` players' points
 * added up (0: all its players), from the standings with the Chinese rules' defaults.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `tournament` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_tournament_club_totals_json(const struct renju_tournament *tournament,
                                               size_t index,
                                               uint32_t counted,
                                               char **json);

/**
 * Creates a referee at the start of a game under `options` (NULL for the defaults;
 * see `renju_referee_options`). `*out` gets the new handle (NULL on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, opening protocol,
 * offer equivalence or foul policy, a board size the rule set does not allow, a bad
 * `both_flags`, or a time control that cannot run a clock; `RENJU_ERROR_PARSE` for a
 * time control that cannot be read.
 *
 * Ownership: the caller owns `*out` (free it with `renju_referee_free`). Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `options` must be NULL or point to a `renju_referee_options` (see there); `out` must
 * be NULL or valid for writes of a pointer.
 */
renju_status renju_referee_new(const struct renju_referee_options *options,
                               struct renju_referee **out);

/**
 * Copies a referee (the game, the pending offers, the clocks): the copy is
 * independent. `*out` gets the new handle (NULL on error).
 *
 * Ownership: the caller owns `*out`; `referee` is only read. Thread safety: see
 * `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_referee_copy(const struct renju_referee *referee, struct renju_referee **out);

/**
 * Frees a referee. NULL is accepted and does nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
 * not from this library.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use, never dereferenced unless live.
 */
renju_status renju_referee_free(struct renju_referee *referee);

/**
 * Creates a referee that goes on from a game record: the `length` bytes at `data` in
 * `format` (`"sgf"`, `"rif"`, `"psq"`, `"moves"`, `"renlib"`, `"openings"`; NULL to
 * guess it from `name`'s extension), which must hold exactly one record, read as
 * `renju_games_read_buffer` reads it. The record's events are followed as a replay
 * follows them; it must be a legal game so far. The record's rules (where it names
 * them) override `options` (NULL for the defaults). `*out` gets the new handle (NULL on
 * error). What `renju_referee_record` writes resumes to the same game.
 *
 * Returns `RENJU_ERROR_PARSE` for a record that cannot be read, or that breaks the
 * rules (the message says where), or for text holding no record;
 * `RENJU_ERROR_INVALID_ARGUMENT` for text holding several records (read them with
 * `renju_games_read_buffer` and resume one with `renju_referee_resume_game`), an
 * unknown format, or bad options.
 *
 * Ownership: the buffer is only read during the call; the caller owns `*out`. Thread
 * safety: safe from any thread.
 *
 * # Safety
 * `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
 * `format` and `name` must be NULL or NUL-terminated strings; `options` must be NULL or
 * point to a `renju_referee_options`; `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_referee_resume(const uint8_t *data,
                                  size_t length,
                                  const char *format,
                                  const char *name,
                                  const struct renju_referee_options *options,
                                  struct renju_referee **out);

/**
 * Creates a referee that goes on from record `index` of `games` (as
 * `renju_referee_resume`, for files of many records). `*out` gets the new handle (NULL
 * on error).
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record, `RENJU_ERROR_PARSE`
 * for a record that could not be read or breaks the rules, `RENJU_ERROR_INVALID_ARGUMENT`
 * for bad options.
 *
 * Ownership: the caller owns `*out`; `games` is only read. Thread safety: safe from any
 * thread.
 *
 * # Safety
 * `games` is looked up before use; `options` must be NULL or point to a
 * `renju_referee_options`; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_referee_resume_game(const struct renju_games *games,
                                       size_t index,
                                       const struct renju_referee_options *options,
                                       struct renju_referee **out);

/**
 * Places a stone on `point`: the next move, or one of the opening player's stones.
 * `seat` is the seat acting (`RENJU_SEAT_NONE`: whoever must act; otherwise an action
 * out of turn is refused). `t_ms` points to the action's time stamp in milliseconds on
 * the caller's timeline (never earlier than the action before), or is NULL when no time
 * passed since the action before.
 *
 * Returns `RENJU_OK` when the action is taken; `RENJU_REFUSED_*` when the rules refuse
 * it (`RENJU_REFUSED_OCCUPIED`, `_OFF_BOARD` (also for coordinates off every board),
 * `_OUTSIDE_AREA`, `_FORBIDDEN`, `_NOT_YOUR_TURN`, `_WRONG_ACTION`, `_GAME_OVER`,
 * `_BAD_REQUEST` for time going backwards), with the referee's reason in
 * `renju_last_error_message()`: a refused action changes nothing, except that a flag
 * that fell before its time stamp has fallen (the status says so);
 * `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that is not a `renju_seat`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_place(struct renju_referee *referee,
                                 struct renju_point point,
                                 int32_t seat,
                                 const uint64_t *t_ms);

/**
 * The side to move passes (not inside the opening protocol). `seat` and `t_ms` as for
 * `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_WRONG_ACTION` (the protocol asks for something
 * else), `_NOT_YOUR_TURN`, `_GAME_OVER`, `_BAD_REQUEST`, as `renju_referee_place`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_pass(struct renju_referee *referee, int32_t seat, const uint64_t *t_ms);

/**
 * Takes an action without arguments (`action` a `renju_referee_action`: swap, stay,
 * place-two, claim, draw offer, accept, decline, resign, forfeit, tick, pass, and the
 * arbiter's pause and unpause, taken with `seat` `RENJU_SEAT_NONE`). `seat` and `t_ms`
 * as for `renju_referee_place`; a tick needs a time stamp.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_*` as `renju_referee_place`
 * (`RENJU_REFUSED_WRONG_ACTION` for a colour decision the protocol does not ask for
 * now, a claim with no foul to claim, an answer with no draw offer;
 * `RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED` for a draw offer the rules do not allow now;
 * `RENJU_REFUSED_BAD_REQUEST` for a tick without a time stamp, or a pause or unpause
 * with a seat; `RENJU_REFUSED_WRONG_ACTION` for a pause inside a pause or an unpause
 * without one; `RENJU_REFUSED_PAUSED` for a player's action while paused);
 * `RENJU_ERROR_INVALID_ARGUMENT` for an unknown `action` or `seat`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_act(struct renju_referee *referee,
                               int32_t action,
                               int32_t seat,
                               const uint64_t *t_ms);

/**
 * Declares the number of fifth-move offers (`RENJU_REQUIRED_DECLARE`, within
 * `range_min` to `range_max`; some protocols also let Black declare earlier). `seat`
 * and `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_OFFER_COUNT` for a number outside the range
 * (`RENJU_REFUSED_BAD_REQUEST` past 255, as the JSON path), and the refusals of
 * `renju_referee_place`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_declare(struct renju_referee *referee,
                                   uint32_t count,
                                   int32_t seat,
                                   const uint64_t *t_ms);

/**
 * Black offers fifth moves: the `count` points of the array `points`
 * (`RENJU_REQUIRED_OFFER`, or the offer branch of Taraguchi's colour decision). `seat`
 * and `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_OFFER_COUNT` for the wrong number of offers,
 * `RENJU_REFUSED_SYMMETRIC_OFFERS` for two offers that are the same move by symmetry,
 * `RENJU_REFUSED_OCCUPIED` / `_OFF_BOARD` for an offer that is not an empty point of
 * the board, `RENJU_REFUSED_BAD_REQUEST` for a point offered twice, and the refusals
 * of `renju_referee_place`; `RENJU_ERROR_NULL_POINTER` for `points` NULL with `count`
 * not 0.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `points` must be NULL (only with `count` 0) or
 * valid for reads of `count` elements; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_offer(struct renju_referee *referee,
                                 const struct renju_point *points,
                                 size_t count,
                                 int32_t seat,
                                 const uint64_t *t_ms);

/**
 * White keeps one of the offered fifth moves (`RENJU_REQUIRED_CHOOSE`): it becomes
 * move 5. `seat` and `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_NOT_OFFERED` for a point that was not offered,
 * and the refusals of `renju_referee_place`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_choose(struct renju_referee *referee,
                                  struct renju_point point,
                                  int32_t seat,
                                  const uint64_t *t_ms);

/**
 * The arbiter notes a violation of the player in `seat` (`RENJU_SEAT_FIRST` or
 * `RENJU_SEAT_SECOND`), for `reason` (UTF-8; NULL or empty: none given): a warning. A
 * player's second violation of the game loses it (`RENJU_TERMINATION_VIOLATIONS`).
 * `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_GAME_OVER`, `_BAD_REQUEST` (time going
 * backwards); `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no player;
 * `RENJU_ERROR_INVALID_UTF8` for a `reason` that is not UTF-8.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `reason` must be NULL or a NUL-terminated string;
 * `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_warning(struct renju_referee *referee,
                                   int32_t seat,
                                   const char *reason,
                                   const uint64_t *t_ms);

/**
 * The arbiter takes `ms` milliseconds off the clock of the player in `seat`
 * (`RENJU_SEAT_FIRST` or `RENJU_SEAT_SECOND`): generally at most five minutes, a longer
 * one is applied and the record's validation notes it (`long-penalty`). A penalty that
 * takes all the time the player has left makes their flag fall
 * (`RENJU_TERMINATION_TIME`). `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_BAD_REQUEST` (an untimed game, time going
 * backwards), `_GAME_OVER`; `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no
 * player.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_penalty(struct renju_referee *referee,
                                   int32_t seat,
                                   uint64_t ms,
                                   const uint64_t *t_ms);

/**
 * The arbiter disqualifies the player in `seat` (`RENJU_SEAT_FIRST` or
 * `RENJU_SEAT_SECOND`) for `reason` (UTF-8; NULL or empty: none given): they lose by
 * forfeit (`RENJU_TERMINATION_FORFEIT`), the record's `termination` tag saying why.
 * `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_GAME_OVER`, `_BAD_REQUEST`;
 * `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no player;
 * `RENJU_ERROR_INVALID_UTF8` for a `reason` that is not UTF-8.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `reason` must be NULL or a NUL-terminated string;
 * `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_disqualify(struct renju_referee *referee,
                                      int32_t seat,
                                      const char *reason,
                                      const uint64_t *t_ms);

/**
 * The player to move seals their next move, a stone on `point` (an adjournment): both
 * clocks stop at `*t_ms`, and the record shows only the move's SHA-256 digest. `salt`
 * is the digest's secret salt (16 to 128 letters, digits, `-`, `_` or `.`; NULL: a
 * random one is drawn); `renju_referee_sealed_move` gives the sealed move to keep apart
 * from the public record. The point is judged at the resumption only. `seat` and
 * `t_ms` as for `renju_referee_place`.
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_NOT_YOUR_TURN` (a seal by the player not to
 * move), `_WRONG_ACTION` (not a move of the game: the opening asks for something else),
 * `_ADJOURNED` (a move is sealed already), `_PAUSED`, `_GAME_OVER`, `_BAD_REQUEST` (a
 * salt that is too short or has other characters, time going backwards);
 * `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that is not a `renju_seat`,
 * `RENJU_ERROR_INVALID_UTF8` for a `salt` that is not UTF-8.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `salt` must be NULL or a NUL-terminated string;
 * `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_seal(struct renju_referee *referee,
                                struct renju_point point,
                                const char *salt,
                                int32_t seat,
                                const uint64_t *t_ms);

/**
 * The arbiter resumes the adjourned game at `*t_ms`: the sealed move is checked against
 * the seal's digest and played (the sealer's clock charged only the time before the
 * seal, the opponent's clock starting now); a sealed move off the board, on an occupied
 * point or forbidden (judged automatically) loses for the sealer
 * (`RENJU_TERMINATION_ILLEGAL_SEALED_MOVE`). `sealed` is the sealed move as
 * `renju_referee_sealed_move` wrote it (`POINT/SALT`), or NULL for the one this
 * referee sealed (a referee resumed from the public record needs it).
 *
 * Returns `RENJU_OK`, or `RENJU_REFUSED_WRONG_ACTION` (no move is sealed),
 * `_SEAL_MISMATCH` (the sealed move does not match the digest), `_BAD_REQUEST` (no
 * sealed move known, or `sealed` unreadable), `_GAME_OVER`;
 * `RENJU_ERROR_INVALID_UTF8` for a `sealed` that is not UTF-8.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `sealed` must be NULL or a NUL-terminated string;
 * `t_ms` must be NULL or point to a `uint64_t`.
 */
renju_status renju_referee_resume_sealed(struct renju_referee *referee,
                                         const char *sealed,
                                         const uint64_t *t_ms);

/**
 * The move sealed at the adjournment under way, `POINT/SALT`: the part the arbiter keeps
 * apart from the public record until the game resumes. `*text` gets the string (NULL
 * on error).
 *
 * Returns `RENJU_REFUSED_WRONG_ACTION` when no move is sealed here (the game is not
 * adjourned, or this referee was resumed from the public record).
 *
 * Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
 * safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `text` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_referee_sealed_move(const struct renju_referee *referee, char **text);

/**
 * The name of a refusal code, as the JSON protocol writes it (`RENJU_REFUSED_OCCUPIED`
 * gives `"occupied"`, `RENJU_REFUSED_NOT_YOUR_TURN` `"not-your-turn"`); NULL for a
 * status that is not a refusal. The names are stable across versions and languages.
 *
 * Ownership: a static string; do not free it. Thread safety: safe from any thread.
 */
const char *renju_refusal_name(int32_t status);

/**
 * Where the game stands now, in `*out` (see `renju_referee_status`).
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `out` must be NULL or valid for writes of a
 * `renju_referee_status`.
 */
renju_status renju_referee_get_status(const struct renju_referee *referee,
                                      struct renju_referee_status *out);

/**
 * Every point a `place` (or an offer, or a choice) is accepted on now, row by row from
 * `a1` (during `RENJU_REQUIRED_CHOOSE`: the offers), written into the caller's array
 * `points` of `capacity` elements. `*count` always gets the number of points (the
 * status's `legal_count`).
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (then the first
 * `capacity` points are written): call with `capacity` 0 (and `points` NULL) to learn
 * the size, or pass an array of `size * size` elements, which is always enough.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `points` must be NULL (only with `capacity` 0) or
 * valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
 * a `size_t`.
 */
renju_status renju_referee_legal_points(const struct renju_referee *referee,
                                        struct renju_point *points,
                                        size_t capacity,
                                        size_t *count);

/**
 * Black's forbidden points now (when a black stone is to be placed or offered; none
 * otherwise), row by row from `a1`, with the foul reported and every foul
 * (`RENJU_FOULS_*` bits), written into the caller's array `points` of `capacity`
 * elements. `*count` always gets the number of points (the status's
 * `forbidden_count`). The size convention is `renju_referee_legal_points`'s.
 *
 * Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`.
 *
 * Thread safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `points` must be NULL (only with `capacity` 0) or
 * valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
 * a `size_t`.
 */
renju_status renju_referee_forbidden_points(const struct renju_referee *referee,
                                            struct renju_forbidden_point *points,
                                            size_t capacity,
                                            size_t *count);

/**
 * Answers one line of the JSON-lines protocol (the one `renju referee` and Python's
 * `Referee.apply` speak) with one line, in `*reply` (no newline). A line is a JSON
 * object with an `action` field: an action (`place`, `pass`, `swap`, `stay`,
 * `place-two`, `declare`, `offer`, `choose`, `claim`, `draw-offer`, `draw-accept`,
 * `draw-decline`, `resign`, `forfeit`, `tick`, `arrive`, `seal` (with `point` and
 * optionally `salt`), and (the arbiter's) `pause`, `unpause`, `warning`, `penalty`,
 * `disqualify`, `resume` (optionally `sealed`), with `point`, `points` or `count` where
 * it takes one, `seat`, `reason` and `ms` for the arbiter's, and optionally `by`
 * (`"first"` or `"second"`, or `"arbiter"` for the arbiter's actions and to declare
 * the forfeit of the player to act) and `t` (milliseconds)), or a query: `status`,
 * `record` (with `format`), `explain` (with `point`) or `sealed`. The reply is
 * `{"ok":true,"status":{...}}` or `{"ok":false,"error":{"code":...,"message":...},
 * "status":{...}}`, with `record` or `explanation` beside the status for those queries;
 * `code` is the name `renju_refusal_name` gives.
 *
 * Every line gets a reply: a line that is not a command (not JSON, an unknown action or
 * field, a missing argument, text that is not UTF-8) gets a `bad-request` reply, and
 * the call still returns `RENJU_OK`. A refused action changes nothing (as on the fast
 * path). The call fails only on bad arguments: `RENJU_ERROR_NULL_POINTER`,
 * `RENJU_ERROR_BAD_HANDLE` (then `*reply` is NULL).
 *
 * Ownership: the caller owns `*reply` and frees it with `renju_string_free`. Thread
 * safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `line` must be NULL or a NUL-terminated string;
 * `reply` must be NULL or valid for writes of a pointer.
 */
renju_status renju_referee_handle_json(struct renju_referee *referee,
                                       const char *line,
                                       char **reply);

/**
 * The game so far as a record in `format` (`"sgf"`, `"rif"`, `"psq"`, `"moves"` or
 * `"openings"`): the events (with the times of the moves, in a timed game) and the
 * result once there is one; offers still waiting for White's choice are not in it.
 * `renju_referee_resume` reads it back. `*text` gets the string (NULL on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format,
 * `RENJU_REFUSED_BAD_REQUEST` for a binary format (`"renlib"`) or a game the format
 * cannot hold.
 *
 * Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
 * safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `format` must be NULL or a NUL-terminated string;
 * `text` must be NULL or valid for writes of a pointer.
 */
renju_status renju_referee_record(const struct renju_referee *referee,
                                  const char *format,
                                  char **text);

/**
 * Every action the referee has taken, in order, as a JSON array of the JSON-lines
 * protocol's action objects (`[{"action":"place","point":"h8","by":"first","t":1500},
 * ...]`; a refused action whose time stamp let a flag fall is kept as a `tick`).
 * `renju_referee_from_actions_json` replays it: the way to save and restore a referee
 * exactly, pending offers included, whatever record formats can hold. `*json` gets the
 * text (NULL on error).
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
 * safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_referee_actions_json(const struct renju_referee *referee, char **json);

/**
 * Creates a referee under `options` (NULL for the defaults) and replays the actions of
 * `json` (as `renju_referee_actions_json` gives them) from the start. `*out` gets the
 * new handle (NULL on error).
 *
 * Returns `RENJU_ERROR_PARSE` for text that is not such an array, or an action the
 * referee refuses (the message gives its index, from 0, and the refusal),
 * `RENJU_ERROR_INVALID_ARGUMENT` for bad options, `RENJU_ERROR_INVALID_UTF8` for text
 * that is not UTF-8.
 *
 * Ownership: the caller owns `*out`. Thread safety: safe from any thread.
 *
 * # Safety
 * `options` must be NULL or point to a `renju_referee_options`; `json` must be NULL or
 * a NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_referee_from_actions_json(const struct renju_referee_options *options,
                                             const char *json,
                                             struct renju_referee **out);

/**
 * Why a black stone on the empty `point` would (or would not) be forbidden now, as JSON
 * (as `renju_position_explain_json`). `*json` gets the text (NULL on error).
 *
 * Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
 * empty point of the board.
 *
 * Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
 * safety: see `renju_referee`.
 *
 * # Safety
 * `referee` is looked up before use; `json` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_referee_explain_json(const struct renju_referee *referee,
                                        struct renju_point point,
                                        char **json);

/**
 * Creates `num_envs` games at their start under `options` (NULL: Renju 15x15, the
 * default planes, fouls masked, no pass, no draw after N stones, same-step
 * auto-reset), each game's random numbers seeded from `seed` and its index. `*out`
 * gets the new handle (NULL on error).
 *
 * Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, plane, opening
 * protocol or autoreset mode, a size the rule set does not allow, a plane named twice,
 * a negative `draw_after` or more games than 2^20; `RENJU_ERROR_OUT_OF_MEMORY` when
 * the games' peak memory (about 12 KB a 15x15 game, measured; the finished game kept
 * beside it included) cannot be allocated.
 *
 * Ownership: the caller owns `*out` (free it with `renju_env_free`). Thread safety:
 * safe from any thread.
 *
 * # Safety
 * `options` must be NULL or point to a `renju_env_options` (its `planes` and `opening`
 * NULL or NUL-terminated strings); `out` must be NULL or valid for writes of a
 * pointer.
 */
renju_status renju_env_new(const struct renju_env_options *options,
                           size_t num_envs,
                           uint64_t seed,
                           struct renju_env **out);

/**
 * Frees an environment. NULL is accepted and does nothing.
 *
 * Returns `RENJU_ERROR_BAD_HANDLE` for a handle that is not live.
 *
 * # Safety
 * None beyond the handle rules: any pointer value is accepted.
 */
renju_status renju_env_free(struct renju_env *env);

/**
 * The sizes of one game: `*observation_len` bytes of observation (channels * size *
 * size) and `*action_count` actions (size * size + 1 under the free opening; more under
 * an opening protocol: the decisions and declarations); `*num_envs` games. Any output
 * may be NULL.
 *
 * # Safety
 * Each output must be NULL or valid for writes.
 */
renju_status renju_env_sizes(const struct renju_env *env,
                             size_t *num_envs,
                             size_t *observation_len,
                             size_t *action_count);

/**
 * Resets every game (reseeding from `seed` when `reseed`) and writes the first
 * observations and masks into `buffers` (rewards and flags zero).
 *
 * Returns `RENJU_ERROR_NULL_POINTER` for a NULL buffer.
 *
 * # Safety
 * `buffers` must point to a `renju_env_buffers` whose pointers hold the lengths its
 * fields document.
 */
renju_status renju_env_reset(const struct renju_env *env,
                             bool reseed,
                             uint64_t seed,
                             const struct renju_env_buffers *buffers);

/**
 * Applies `actions[i]` to game `i` (`count` must be the number of games) and writes
 * the results into `buffers`. Every action is checked first: an illegal one fails the
 * whole step and nothing changes (`RENJU_ERROR_OCCUPIED` for an occupied point,
 * `RENJU_ERROR_GAME_OVER` for a finished game without auto-reset,
 * `RENJU_ERROR_INVALID_ARGUMENT` for anything else; the message names the game).
 *
 * Returns `RENJU_ERROR_NULL_POINTER` for NULL `actions` (with `count > 0`) and
 * `RENJU_ERROR_INVALID_ARGUMENT` when `count` is not the number of games, as
 * `renju_env_random_actions` does.
 *
 * # Safety
 * `actions` must be valid for reads of `count` values; `buffers` as `renju_env_reset`.
 */
renju_status renju_env_step(const struct renju_env *env,
                            const int64_t *actions,
                            size_t count,
                            const struct renju_env_buffers *buffers);

/**
 * Writes a uniformly random legal action per game into `actions` (`count` must be the
 * number of games), each from its game's own random numbers; 0 for a finished game.
 *
 * Returns `RENJU_ERROR_NULL_POINTER` for NULL `actions` (with `count > 0`) and
 * `RENJU_ERROR_INVALID_ARGUMENT` when `count` is not the number of games, as
 * `renju_env_step` does.
 *
 * # Safety
 * `actions` must be valid for writes of `count` values.
 */
renju_status renju_env_random_actions(const struct renju_env *env, int64_t *actions, size_t count);

/**
 * An independent copy of the whole environment (random numbers included), for tree
 * search. `*out` gets the new handle.
 *
 * Returns `RENJU_ERROR_OUT_OF_MEMORY` when the copy's peak memory cannot be allocated
 * (as `renju_env_new`).
 *
 * # Safety
 * `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_env_copy(const struct renju_env *env, struct renju_env **out);

/**
 * Puts a copy of game `from_index` of `from` into slot `index` of `env` (restoring a
 * game saved with `renju_env_copy`); both must have the same options. Its observation
 * and mask are written at the next step.
 *
 * Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` for an index past the games,
 * `RENJU_ERROR_INVALID_ARGUMENT` for other options.
 *
 * # Safety
 * None beyond the handle rules.
 */
renju_status renju_env_set_game(const struct renju_env *env,
                                size_t index,
                                const struct renju_env *from,
                                size_t from_index);

/**
 * Game `index` so far as a game record (a games handle holding one record, as
 * `renju_games_read_file` gives), which validates to the game's outcome. With
 * `finished`, the last game that ended in that slot (after an auto-reset); then
 * `*out` is NULL when there is none yet.
 *
 * Ownership: the caller owns `*out` (free it with `renju_games_free`).
 *
 * # Safety
 * `out` must be NULL or valid for writes of a pointer.
 */
renju_status renju_env_record(const struct renju_env *env,
                              size_t index,
                              bool finished,
                              struct renju_games **out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* RENJU_H */
