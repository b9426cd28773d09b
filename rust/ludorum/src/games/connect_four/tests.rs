//! Tests of Connect Four: the shared perft vectors, the rules page's examples (wins in every
//! direction for either player, the 42nd cell winning, a full board drawn, a full column
//! refused), cell names and the bitboard layout, options, notation and its errors, keys,
//! observation, JSON and the evaluation, properties along seeded random games checked against
//! the rules text, and published solved positions (Pascal Pons's test set) reproduced by a
//! small exhaustive solver written here over the engine's public API.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{json, Map};

use super::board::{self, CELLS, HEIGHT, WIDTH};
use super::state::FACTS;
use super::{ConnectFour, Move, NUM_ACTIONS, ZOBRIST_SEED};
use crate::core::error::Error;
use crate::core::json::to_json;
use crate::core::perft::perft;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, assert_seeded_table,
    check_actions, check_perft_vectors, illegal_reason, notations, play, random_walk,
    read_perft_vectors, Oracle, Ply, Walk,
};
use crate::core::zobrist;
use crate::prelude::*;

fn start() -> ConnectFour {
    ConnectFour::new(&Map::new()).expect("no options is valid")
}

/// The game after the moves of a digit string such as `"4453"`, each checked.
fn after(digits: &str) -> ConnectFour {
    let mut g = start();
    for (i, digit) in digits.char_indices() {
        let text = &digits[i..i + digit.len_utf8()];
        play(&mut g, text);
    }
    g
}

fn cell(name: &str) -> usize {
    board::cell_index(name).unwrap_or_else(|| panic!("{name} is a cell"))
}

// -- perft ------------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    // The rules page's seven counts; the deeper ones are for the release runs.
    assert!(check_perft_vectors::<ConnectFour>(1_000_000) >= 7);
}

#[test]
fn the_rules_pages_perft_counts() {
    let vectors = read_perft_vectors("connect_four");
    let counts = [7, 49, 343, 2_401, 16_807, 117_649, 823_536];
    for (depth, count) in (1..).zip(counts) {
        assert!(
            vectors.contains(&(Map::new(), depth, count)),
            "depth {depth} in perft.txt"
        );
    }
    // No game ends and no column fills before ply 6; at ply 7 the 7 sequences that filled a
    // column have 6 moves, not 7.
    let mut g = start();
    assert_eq!(perft(&mut g, 7), 7 * 117_649 - 7);
}

// -- board and names --------------------------------------------------------------------------

#[test]
fn cell_names_and_indices() {
    for (name, index) in [("a1", 0), ("g1", 6), ("a2", 7), ("d1", 3), ("g6", 41)] {
        assert_eq!(board::cell_index(name), Some(index));
        assert_eq!(board::cell_name(index), name);
    }
    for index in 0..CELLS {
        let name = board::cell_name(index);
        assert_eq!(board::cell_index(&name), Some(index));
        // index = 7 * (row - 1) + (column - 1)
        let (column, row) = (name.as_bytes()[0] - b'a', name.as_bytes()[1] - b'1');
        assert_eq!(index, 7 * usize::from(row) + usize::from(column));
        let bit = board::bit_of_cell(index);
        assert_eq!(bit, board::bit_at(usize::from(column), usize::from(row)));
        assert_eq!(board::cell_of_bit(bit), Some(index));
        assert!(board::ALL >> bit & 1 != 0);
    }
    assert_eq!(board::ALL.count_ones() as usize, CELLS);
    for bit in 0..64 {
        assert_eq!(
            board::cell_of_bit(bit).is_some(),
            board::ALL >> bit & 1 != 0
        );
    }
    for bad in ["h1", "a7", "a0", "A1", "", "d", "d10", "1a"] {
        assert_eq!(board::cell_index(bad), None, "{bad:?}");
    }
}

/// The lines of four from the rules text: every run of four cells in a row, column or
/// diagonal, as cell indices.
fn lines_from_coordinates() -> Vec<[usize; 4]> {
    let on_grid =
        |c: i32, r: i32| (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r);
    let mut lines = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for row in 0..HEIGHT as i32 {
            for column in 0..WIDTH as i32 {
                if on_grid(column + 3 * dc, row + 3 * dr) {
                    lines.push(
                        [0, 1, 2, 3].map(|k| {
                            ((row + k * dr) as usize) * WIDTH + (column + k * dc) as usize
                        }),
                    );
                }
            }
        }
    }
    lines
}

#[test]
fn the_line_table_is_the_rules_texts() {
    let text = lines_from_coordinates();
    assert_eq!(text.len(), 69);
    let as_bits = |line: &[usize; 4]| {
        line.iter()
            .fold(0u64, |b, &c| b | 1 << board::bit_of_cell(c))
    };
    let mut from_text: Vec<u64> = text.iter().map(as_bits).collect();
    let mut table = board::LINES.to_vec();
    from_text.sort_unstable();
    table.sort_unstable();
    assert_eq!(table, from_text);
    // The shift test finds exactly the lines: each line alone, and no set of cells that holds
    // none (checked on every line with one cell moved off it, and on random sets).
    for &line in &table {
        assert!(board::four_in_a_row(line));
        for bit in 0..64 {
            let moved = line & !(line & line.wrapping_neg()) | 1 << bit;
            let holds = table.iter().any(|&l| l & !moved == 0);
            assert_eq!(board::four_in_a_row(moved & board::ALL), holds);
        }
    }
    let mut rng = crate::core::rng::SplitMix64::new(5);
    for _ in 0..20_000 {
        let set = rng.next_u64() & rng.next_u64() & board::ALL;
        let holds = table.iter().any(|&l| l & !set == 0);
        assert_eq!(board::four_in_a_row(set), holds, "{set:#x}");
    }
}

// -- options and keys -------------------------------------------------------------------------

#[test]
fn no_options() {
    let g = start();
    assert_eq!(g.options(), Map::new());
    assert!(FACTS.options.is_empty());
    assert_eq!(g.num_players(), 2);
    let options = json!({"players": 2});
    assert_eq!(
        ConnectFour::new(options.as_object().unwrap()).unwrap_err(),
        Error::InvalidOption("unknown option 'players'; connect_four has no options".into())
    );
    assert_option_errors::<ConnectFour>(&[
        (
            json!({"rows": 6}),
            "unknown option 'rows'; connect_four has no options",
        ),
        (json!({"seed": 0}), "connect_four has no options"),
    ]);
}

#[test]
fn start_key_is_pinned() {
    let keys: [u64; 86] = zobrist::table(ZOBRIST_SEED);
    assert_seeded_table(&keys, 0x434F_4E4E_4543_5434);
    // The turn key of player 0, the 85th number drawn; tests/data/connect_four/keys.txt.
    assert_eq!(start().key(), keys[84]);
    assert_eq!(start().key(), 0x74d8_7eed_696f_7b41);
    // Disc keys: player outer, cell index inner.
    let g = after("445");
    let discs = keys[cell("d1")] ^ keys[42 + cell("d2")] ^ keys[cell("e1")];
    assert_eq!(g.key(), discs ^ keys[85]);
    // After the last move of a finished game the turn still passes.
    let g = after("1213141");
    assert_eq!(g.current_player(), None);
    let discs = [
        ("a1", 0),
        ("b1", 1),
        ("a2", 0),
        ("c1", 1),
        ("a3", 0),
        ("d1", 1),
        ("a4", 0),
    ]
    .iter()
    .fold(0, |k, &(name, p)| k ^ keys[42 * p + cell(name)]);
    assert_eq!(g.key(), discs ^ keys[85]);
    assert_eq!(g.key(), g.key_from_scratch());
}

// -- notation and actions ---------------------------------------------------------------------

#[test]
fn notation_and_actions() {
    let g = start();
    let mut seen = 0;
    check_actions(&g, 0..NUM_ACTIONS + 3, |action, found| {
        assert_eq!(found.is_some(), action < WIDTH, "action {action}");
        if let Some((mv, text)) = found {
            assert_eq!(mv.column(), action);
            assert_eq!(text, (action + 1).to_string());
            seen += 1;
        }
    });
    assert_eq!(seen, 7);
    assert_eq!(g.num_actions(), 7);
    assert_eq!(
        g.move_from_action(7),
        Err(Error::invalid_move("7", "action ids run from 0 to 6"))
    );
    assert_eq!(notations(&g), ["1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(g.action(g.parse_move("4").unwrap()), 3);
}

#[test]
fn parse_errors() {
    let g = start();
    // The rules page's list, and more.
    assert_invalid_moves(
        &g,
        &[
            "0", "8", "d", "d1", " 4", "4 ", "", "44", "-1", "+4", "٤", "9", "a",
        ],
    );
    assert_eq!(
        g.parse_move("8"),
        Err(Error::invalid_move(
            "8",
            "expected a column number: a single digit 1..7, such as '4'"
        ))
    );
}

#[test]
fn a_full_column_is_illegal() {
    let mut g = after("444444");
    assert_eq!(g.heights(), [0, 0, 0, 6, 0, 0, 0]);
    assert_eq!(illegal_reason(&g, "4"), "column 4 is full");
    assert_eq!(notations(&g), ["1", "2", "3", "5", "6", "7"]);
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    assert_eq!(actions, [0, 1, 2, 4, 5, 6]);
    assert_eq!(
        g.move_from_action(3).map(|m| g.is_legal(m)),
        Ok(false),
        "a full column's action id names a move, an illegal one"
    );
    // Undo opens it again.
    g.undo();
    assert_eq!(notations(&g).len(), 7);
    // Once the game is over, every move is illegal.
    let g = after("2131415");
    assert_eq!(illegal_reason(&g, "7"), "the game is over");
    assert_eq!(g.count_legal_moves(), 0);
}

// -- the end of the game ----------------------------------------------------------------------

/// Plays `digits`; the last move, and only it, ends the game with `winner` and `reason`.
fn ends_on_the_last_move(digits: &str, winner: Option<usize>, reason: &str) -> ConnectFour {
    let mut g = after(&digits[..digits.len() - 1]);
    assert_eq!(g.outcome(), None, "{digits}");
    play(&mut g, &digits[digits.len() - 1..]);
    let outcome = g.outcome().unwrap_or_else(|| panic!("{digits} is over"));
    assert_eq!(
        (outcome.winner_list(), outcome.reason),
        (winner.into_iter().collect(), reason),
        "{digits}"
    );
    assert_eq!(g.current_player(), None);
    g
}

#[test]
fn wins_in_every_direction() {
    // Red: b1 c1 d1 e1 across the bottom, yellow stacking on column 1.
    ends_on_the_last_move("2131415", Some(0), "four in a row");
    // Red: a1 to a4, up column 1.
    ends_on_the_last_move("1213141", Some(0), "four in a row");
    // Yellow: g1 to g4, up column 7.
    ends_on_the_last_move("17273757", Some(1), "four in a row");
    // Red: a1 b2 c3 d4, up and to the right.
    let g = ends_on_the_last_move("12234334544", Some(0), "four in a row");
    assert_eq!(g.outcome().unwrap().returns(2), [1.0, -1.0]);
    // Yellow: d4 e3 f2 g1, down and to the right.
    let g = ends_on_the_last_move("176651554444", Some(1), "four in a row");
    assert_eq!(g.outcome().unwrap().returns(2), [-1.0, 1.0]);
    // Five in a row: red's c1 joins a1 b1 and d1 e1.
    ends_on_the_last_move("112244553", Some(0), "four in a row");
}

#[test]
fn the_42nd_cell_wins_before_the_board_is_full() {
    let g = ends_on_the_last_move(
        "527321255352474421577234343376616576661114",
        Some(1),
        "four in a row",
    );
    assert_eq!(g.heights(), [6; 7]);
}

#[test]
fn a_full_board_without_four_draws() {
    let g = ends_on_the_last_move(
        "527321255352474421577234343376616576661141",
        None,
        "board full",
    );
    assert_eq!(g.outcome().unwrap().returns(2), [0.0, 0.0]);
    assert_eq!(
        to_json(&g)["outcome"],
        json!({"winners": [], "reason": "board full"})
    );
    assert!(!g.board().contains(&None));
}

// -- observation, JSON, evaluation ------------------------------------------------------------

#[test]
fn row_of_gathers_every_bit_of_each_row() {
    // each cell alone, then boards of random discs (the bits above the columns ignored)
    let mut rng = crate::core::rng::SplitMix64::new(7);
    let boards = (0..CELLS as u64)
        .map(|cell| 1 << board::bit_of_cell(cell as usize))
        .chain((0..2000).map(|_| rng.next_u64() & board::ALL))
        .chain([board::ALL, u64::MAX]);
    for discs in boards {
        for row in 0..HEIGHT {
            let by_cell = (0..WIDTH)
                .filter(|&column| discs >> board::bit_of_cell(row * WIDTH + column) & 1 != 0)
                .fold(0, |bits, column| bits | 1 << column);
            assert_eq!(
                board::row_of(discs, row),
                by_cell,
                "discs {discs:#x}, row {row}"
            );
        }
    }
}

#[test]
fn observation_layout() {
    let g = after("445");
    assert_eq!(g.observation_shape(), vec![3, 6, 7]);
    let mut out = vec![9.0; 3 * CELLS];
    let plane = |out: &[f32], k: usize| out[k * CELLS..(k + 1) * CELLS].to_vec();
    let one_hot = |cells: &[&str]| {
        let mut v = vec![0.0; CELLS];
        for c in cells {
            v[cell(c)] = 1.0;
        }
        v
    };
    // Yellow (player 1) is to move.
    g.observation(1, &mut out);
    assert_eq!(plane(&out, 0), one_hot(&["d2"]));
    assert_eq!(plane(&out, 1), one_hot(&["d1", "e1"]));
    assert_eq!(plane(&out, 2), vec![1.0; CELLS]);
    // [plane, row - 1, column - 1]: d2 is [0, 1, 3].
    assert_eq!(out[7 + 3], 1.0);
    g.observation(0, &mut out);
    assert_eq!(plane(&out, 0), one_hot(&["d1", "e1"]));
    assert_eq!(plane(&out, 1), one_hot(&["d2"]));
    assert_eq!(plane(&out, 2), vec![0.0; CELLS]);
    let over = after("1213141");
    for player in 0..2 {
        over.observation(player, &mut out);
        assert_eq!(plane(&out, 2), vec![0.0; CELLS]);
    }
}

#[test]
fn observations_along_random_games_show_the_board() {
    // every position of random games, for both viewers, over a buffer of stale values
    let mut rng = crate::core::rng::SplitMix64::new(11);
    let mut out = vec![f32::NAN; 3 * CELLS];
    for _ in 0..200 {
        let mut g = start();
        loop {
            let board = g.board();
            for viewer in 0..2 {
                g.observation(viewer, &mut out);
                for (cell, owner) in board.iter().enumerate() {
                    let mine = *owner == Some(viewer as u8);
                    let theirs = *owner == Some(1 - viewer as u8);
                    assert_eq!(out[cell], f32::from(u8::from(mine)), "{}", to_json(&g));
                    assert_eq!(out[CELLS + cell], f32::from(u8::from(theirs)));
                }
                let on = g.current_player() == Some(viewer);
                assert!(out[2 * CELLS..]
                    .iter()
                    .all(|&x| x == f32::from(u8::from(on))));
            }
            if g.current_player().is_none() {
                break;
            }
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
        }
    }
}

#[test]
fn json_fields() {
    let g = after("445");
    let json = to_json(&g);
    let mut board = vec!['.'; CELLS];
    board[cell("d1")] = '0';
    board[cell("e1")] = '0';
    board[cell("d2")] = '1';
    let board: String = board.into_iter().collect();
    assert_eq!(
        json,
        json!({
            "game": "connect_four",
            "version": 1,
            "options": {},
            "moves": ["4", "4", "5"],
            "board": board,
            "current_player": 1,
            "outcome": null
        })
    );
    assert_eq!(
        json.as_object().unwrap().keys().collect::<Vec<_>>(),
        [
            "game",
            "version",
            "options",
            "moves",
            "board",
            "current_player",
            "outcome"
        ]
    );
    assert_eq!(&board[..14], "...00.....1...");
    let won = after("1213141");
    assert_eq!(
        to_json(&won)["outcome"],
        json!({"winners": [0], "reason": "four in a row"})
    );
    assert_json_rejected::<ConnectFour>(
        &json,
        &[
            ("board", json!(board.replacen('1', ".", 1))),
            ("moves", json!(["4", "4", "8"])),
            ("moves", json!(["4", "4", "4", "4", "4", "4", "4"])),
            ("current_player", json!(0)),
            (
                "outcome",
                json!({"winners": [0], "reason": "four in a row"}),
            ),
            ("options", json!({"rows": 6})),
        ],
    );
}

/// The evaluation from the rules text: pressures over the lines of four by coordinates.
fn evaluation_from_text(g: &ConnectFour) -> [f64; 2] {
    let board = g.board();
    let mut pressure = [0.0; 2];
    for line in lines_from_coordinates() {
        for p in 0..2u8 {
            let own = line.iter().filter(|&&c| board[c] == Some(p)).count();
            let other = line.iter().filter(|&&c| board[c] == Some(1 - p)).count();
            if other == 0 {
                pressure[usize::from(p)] += (own * own) as f64;
            }
        }
    }
    let value = |a: f64, b: f64| ((a - b) / 32.0).clamp(-1.0, 1.0);
    [
        value(pressure[0], pressure[1]),
        value(pressure[1], pressure[0]),
    ]
}

#[test]
fn the_evaluation_of_the_rules_page() {
    let mut values = [9.0; 2];
    start().evaluate(&mut values);
    assert_eq!(values, [0.0, 0.0]);
    // d1 lies on 7 lines (4 across, 1 up, 2 diagonal): pressure 7 against 0.
    let g = after("4");
    assert_eq!(g.pressures(), [7, 0]);
    g.evaluate(&mut values);
    assert_eq!(values, [7.0 / 32.0, -7.0 / 32.0]);
    // Yellow on d2: lines through d2 lose red's d1 only where they hold it (d1-d4 up).
    let g = after("44");
    let [red, yellow] = g.pressures();
    assert_eq!(red, 7 - 1);
    // d2: 4 across, d1-d4 (blocked by red) and d2-d5 up, 2 + 2 diagonal: 9 open lines.
    assert_eq!(yellow, 9);
    g.evaluate(&mut values);
    assert_eq!(values, [-3.0 / 32.0, 3.0 / 32.0]);
}

#[test]
fn the_evaluation_along_random_games_and_clamped() {
    let mut values = [0.0; 2];
    let mut rng = crate::core::rng::SplitMix64::new(3);
    let mut clamped = 0;
    for _ in 0..300 {
        let mut g = start();
        while g.current_player().is_some() {
            g.evaluate(&mut values);
            assert_eq!(values, evaluation_from_text(&g), "{}", to_json(&g));
            clamped += usize::from(values[0].abs() == 1.0);
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
        }
    }
    assert!(clamped > 0, "some positions are clamped");
}

// -- random games against the rules text ------------------------------------------------------

/// The rules text along a walk: the legal moves are the columns with an empty cell, a disc
/// lands on the lowest empty cell of its column, and the end is as the text says.
struct RulesText;

impl Oracle<ConnectFour> for RulesText {
    type Before = [Option<u8>; CELLS];
    type Hidden = ();

    fn hidden(&self, _: &ConnectFour) {}

    fn before(&mut self, g: &ConnectFour, ply: &Ply<'_, Move>) -> [Option<u8>; CELLS] {
        let board = g.board();
        let open: Vec<Move> = (0..WIDTH)
            .filter(|&c| board[(HEIGHT - 1) * WIDTH + c].is_none())
            .map(|c| Move::new(c).unwrap())
            .collect();
        assert_eq!(ply.moves, open);
        assert_eq!(
            ply.player,
            ply.index % 2,
            "red and yellow alternate, red first"
        );
        board
    }

    fn after(&mut self, g: &ConnectFour, ply: &Ply<'_, Move>, mut board: [Option<u8>; CELLS]) {
        let column = ply.mv.column();
        let row = (0..HEIGHT)
            .find(|&r| board[r * WIDTH + column].is_none())
            .expect("an open column");
        let landed = row * WIDTH + column;
        board[landed] = Some(ply.player as u8);
        assert_eq!(g.board(), board);
        let four = lines_from_coordinates().iter().any(|line| {
            line.contains(&landed) && line.iter().all(|&c| board[c] == Some(ply.player as u8))
        });
        let expected = if four {
            Some((1 << ply.player, "four in a row"))
        } else if !board.contains(&None) {
            Some((0, "board full"))
        } else {
            None
        };
        assert_eq!(g.outcome().map(|o| (o.winners, o.reason)), expected);
        let heights: Vec<u8> = (0..WIDTH)
            .map(|c| {
                (0..HEIGHT)
                    .filter(|&r| board[r * WIDTH + c].is_some())
                    .count() as u8
            })
            .collect();
        assert_eq!(g.heights().to_vec(), heights);
    }
}

#[test]
fn random_games_match_the_rules_text() {
    let mut ends = HashMap::new();
    for seed in 0..300 {
        let walk = Walk::new(seed, 50, 1);
        let g = testing::check_random_game(start(), walk, &mut RulesText);
        let outcome = g.outcome().expect("every game ends within 42 plies");
        *ends.entry((outcome.winners, outcome.reason)).or_insert(0) += 1;
    }
    assert!(ends.len() >= 2, "{ends:?}");
}

#[test]
fn random_walks_undo_exactly() {
    for seed in 0..20 {
        random_walk(
            start(),
            seed,
            400,
            4,
            9,
            |_| (),
            |g, _, _| {
                let discs = g.discs(0).count_ones() + g.discs(1).count_ones();
                assert_eq!(discs as usize, g.history().len());
                assert_eq!(g.discs(0) & g.discs(1), 0);
            },
        );
    }
}

#[test]
fn plays_for_good_as_it_plays() {
    for seed in 0..20 {
        testing::check_play_for_good(&start(), seed, Some(2 + seed as usize % 30));
    }
}

// -- solved positions -------------------------------------------------------------------------

/// An exhaustive solver over the engine's public API (play, undo, outcome, key): negamax with
/// alpha-beta and a table of bounds by key. Scores are Pascal Pons's: for the player to move,
/// `22 - n` when it wins with its n-th disc, minus that when the opponent does, 0 for a draw.
struct Solver {
    /// Per key: the lower and upper bound found so far.
    bounds: HashMap<u64, (i32, i32)>,
    nodes: u64,
}

/// The score of a win by the move that made the history `plies` long: 22 − the winner's discs.
fn win_score(plies: usize) -> i32 {
    22 - plies.div_ceil(2) as i32
}

/// The columns from the centre out: good moves first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

impl Solver {
    fn new() -> Self {
        Self {
            bounds: HashMap::new(),
            nodes: 0,
        }
    }

    /// The exact score of a running `game` for the player to move.
    fn solve(&mut self, game: &mut ConnectFour) -> i32 {
        self.negamax(game, -22, 22)
    }

    /// The score within `(alpha, beta)`: exact inside it, else a bound on the side it leaves.
    fn negamax(&mut self, game: &mut ConnectFour, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let moves: Vec<Move> = ORDER
            .iter()
            .map(|&c| Move::new(c).unwrap())
            .filter(|&m| game.is_legal(m))
            .collect();
        // A win at once is the best score there is.
        for &mv in &moves {
            game.play_unchecked(mv);
            let won = game.outcome().is_some_and(|o| o.winners != 0);
            let plies = game.history().len();
            game.undo();
            if won {
                return win_score(plies);
            }
        }
        // Otherwise the best is a win with the player's next disc but one.
        let best_possible = win_score(game.history().len() + 3);
        beta = beta.min(best_possible);
        let (low, high) = self.bounds.get(&game.key()).copied().unwrap_or((-22, 22));
        alpha = alpha.max(low);
        beta = beta.min(high);
        if alpha >= beta {
            return alpha;
        }
        let alpha0 = alpha;
        let mut best = -22;
        for mv in moves {
            game.play_unchecked(mv);
            let score = match game.outcome() {
                Some(_) => 0, // a draw: a win was found above
                None => -self.negamax(game, -beta, -alpha),
            };
            game.undo();
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let entry = self.bounds.entry(game.key()).or_insert((-22, 22));
        if best <= alpha0 {
            entry.1 = entry.1.min(best);
        } else if best >= beta {
            entry.0 = entry.0.max(best);
        } else {
            *entry = (best, best);
        }
        best
    }
}

#[test]
fn the_solver_scores_by_pons_convention() {
    // Red to move with d1 d2 d3 its own: d4 wins with red's 4th disc, 22 - 4.
    let mut g = after("414243");
    assert_eq!(Solver::new().solve(&mut g), 18);
    // Yellow to move cannot stop both a1 and e1: red wins with its 4th disc, -(22 - 4).
    let mut g = after("22334");
    assert_eq!(Solver::new().solve(&mut g), -18);
}

/// `tests/data/connect_four/solved.txt`: move strings and scores.
fn solved_positions() -> Vec<(String, i32)> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/connect_four/solved.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("moves and score");
            (moves.to_string(), score.trim().parse().expect("a score"))
        })
        .collect()
}

#[test]
fn published_solved_positions() {
    let positions = solved_positions();
    assert_eq!(positions.len(), 100);
    let mut solver = Solver::new();
    for (moves, score) in positions {
        let mut g = after(&moves);
        assert_eq!(g.current_player(), Some(moves.len() % 2), "{moves} runs");
        let before = to_json(&g);
        solver.bounds.clear();
        assert_eq!(solver.solve(&mut g), score, "{moves}");
        assert_eq!(to_json(&g), before, "the solver restores the position");
    }
}
