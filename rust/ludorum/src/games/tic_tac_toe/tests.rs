//! Tests of tic-tac-toe: the shared perft vectors and the published game counts, the rules
//! page's examples (a win in every line, the ninth cell winning, a full board drawn), cell
//! names, options, notation and its errors, keys, observation and JSON, properties along seeded
//! random games checked against the rules text, and a minimax solve from the start (a draw).

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use super::board::{self, CELLS};
use super::state::FACTS;
use super::{Move, TicTacToe, NUM_ACTIONS, ZOBRIST_SEED};
use crate::core::error::Error;
use crate::core::json::to_json;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, assert_seeded_table,
    check_actions, check_perft_vectors, illegal_reason, legal, notations, play, random_walk,
    Oracle, Ply, Walk,
};
use crate::core::zobrist;
use crate::prelude::*;

fn start() -> TicTacToe {
    TicTacToe::new(&Map::new()).expect("no options is valid")
}

/// The game after the moves of `texts`, each checked.
fn after(texts: &[&str]) -> TicTacToe {
    let mut g = start();
    for text in texts {
        play(&mut g, text);
    }
    g
}

fn cell(name: &str) -> usize {
    board::cell_index(name).unwrap_or_else(|| panic!("{name} is a cell"))
}

// -- perft and counts -------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    assert_eq!(check_perft_vectors::<TicTacToe>(u64::MAX), 9);
}

/// Every whole game from `game`: counts of wins by ply (index = plies) and of draws.
fn count_games(game: &mut TicTacToe, wins: &mut [u64; 10], draws: &mut u64) {
    match game.outcome() {
        Some(o) if o.winners == 0 => *draws += 1,
        Some(_) => wins[game.history().len()] += 1,
        None => {
            for mv in legal(game) {
                game.play_unchecked(mv);
                count_games(game, wins, draws);
                game.undo();
            }
        }
    }
}

#[test]
fn published_game_counts() {
    // The rules page: 255,168 whole games; won at ply 5..9: 1,440, 5,328, 47,952, 72,576 and
    // 81,792; drawn: 46,080.
    let (mut wins, mut draws) = ([0; 10], 0);
    count_games(&mut start(), &mut wins, &mut draws);
    assert_eq!(wins[5..], [1_440, 5_328, 47_952, 72_576, 81_792]);
    assert_eq!(wins[..5], [0; 5]);
    assert_eq!(draws, 46_080);
    assert_eq!(wins.iter().sum::<u64>() + draws, 255_168);
}

// -- board and names --------------------------------------------------------------------------

#[test]
fn cell_names_and_indices() {
    // index = 3 * (3 - row) + column, column a = 0.
    let expected = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"];
    for (index, name) in expected.iter().enumerate() {
        assert_eq!(board::cell_name(index), *name);
        assert_eq!(board::cell_index(name), Some(index));
        assert_eq!(Move::new(index).unwrap().to_string(), *name);
    }
    for bad in ["d1", "a4", "A1", "b 2", "b2 ", "", "a0", "b", "b22", "2b"] {
        assert_eq!(board::cell_index(bad), None, "{bad:?}");
    }
}

/// The 8 lines from the rules text: rows, columns and diagonals by (column, row) coordinates.
fn lines_from_coordinates() -> Vec<[usize; 3]> {
    let at = |column: usize, row: usize| 3 * (3 - row) + column;
    let mut lines = Vec::new();
    for k in 0..3 {
        lines.push([at(0, k + 1), at(1, k + 1), at(2, k + 1)]);
        lines.push([at(k, 1), at(k, 2), at(k, 3)]);
    }
    lines.push([at(0, 1), at(1, 2), at(2, 3)]);
    lines.push([at(0, 3), at(1, 2), at(2, 1)]);
    lines
}

#[test]
fn the_line_table_is_the_rules_texts() {
    let mut table: Vec<u16> = board::LINES.to_vec();
    let mut text: Vec<u16> = lines_from_coordinates()
        .iter()
        .map(|line| line.iter().fold(0, |m, &c| m | 1 << c))
        .collect();
    table.sort_unstable();
    text.sort_unstable();
    assert_eq!(table, text);
    for set in 0..=board::FULL {
        let held = text.iter().any(|&line| line & !set == 0);
        assert_eq!(board::holds_line(set), held, "{set:#011b}");
    }
}

// -- options, keys ----------------------------------------------------------------------------

#[test]
fn no_options() {
    let g = start();
    assert_eq!(g.options(), Map::new());
    assert_eq!(to_json(&g)["options"], json!({}));
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.current_player(), Some(0));
    assert!(FACTS.options.is_empty());
    // The rules page's message, exactly.
    let options = json!({"players": 2});
    assert_eq!(
        TicTacToe::new(options.as_object().unwrap()).unwrap_err(),
        Error::InvalidOption("unknown option 'players'; tic_tac_toe has no options".into())
    );
    assert_option_errors::<TicTacToe>(&[
        (
            json!({"seed": 1}),
            "unknown option 'seed'; tic_tac_toe has no options",
        ),
        (json!({"max_plies": null}), "tic_tac_toe has no options"),
    ]);
}

#[test]
fn start_key_is_pinned() {
    let keys: [u64; 20] = zobrist::table(ZOBRIST_SEED);
    assert_seeded_table(&keys, 0x5449_4354_4143_544F);
    // The turn key of player 0, the 19th number drawn; tests/data/tic_tac_toe/keys.txt.
    assert_eq!(start().key(), keys[18]);
    assert_eq!(start().key(), 0x9892_e6df_9ab9_ea40);
    // Mark keys: player outer, cell inner; the turn passes.
    let g = after(&["b2", "a3"]);
    assert_eq!(g.key(), keys[4] ^ keys[9] ^ keys[18]);
    let g = after(&["b2"]);
    assert_eq!(g.key(), keys[4] ^ keys[19]);
}

#[test]
fn the_turn_key_passes_after_the_last_move() {
    // X wins at ply 5: O would move next, and the key says so though nobody moves.
    let keys: [u64; 20] = zobrist::table(ZOBRIST_SEED);
    let g = after(&["a3", "a2", "b3", "b2", "c3"]);
    assert_eq!(g.current_player(), None);
    let marks = keys[0] ^ keys[1] ^ keys[2] ^ keys[9 + 3] ^ keys[9 + 4];
    assert_eq!(g.key(), marks ^ keys[19]);
    assert_eq!(g.key(), g.key_from_scratch());
}

// -- notation and actions ---------------------------------------------------------------------

#[test]
fn notation_and_actions() {
    let g = start();
    let mut seen = 0;
    check_actions(&g, 0..NUM_ACTIONS + 3, |action, found| {
        assert_eq!(found.is_some(), action < CELLS, "action {action}");
        if let Some((mv, text)) = found {
            assert_eq!(mv.cell(), action);
            assert_eq!(text, board::cell_name(action));
            seen += 1;
        }
    });
    assert_eq!(seen, 9);
    assert_eq!(
        g.move_from_action(9),
        Err(Error::invalid_move("9", "action ids run from 0 to 8"))
    );
    assert_eq!(g.num_actions(), 9);
    assert_eq!(g.parse_move("b2").unwrap().cell(), 4);
    assert_eq!(g.action(g.parse_move("c1").unwrap()), 8);
    assert_eq!(
        notations(&g),
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    );
}

#[test]
fn parse_errors() {
    let g = start();
    // The rules page's list, and more.
    assert_invalid_moves(
        &g,
        &[
            "d1", "a4", "A1", "b 2", "b2 ", "", " b2", "a0", "B2", "2b", "b", "pass", "b2b2",
        ],
    );
    assert_eq!(
        g.parse_move("d1"),
        Err(Error::invalid_move(
            "d1",
            "expected a cell name: a letter a..c and a digit 1..3, such as 'b2'"
        ))
    );
}

#[test]
fn illegal_moves() {
    let g = after(&["b2"]);
    assert_eq!(illegal_reason(&g, "b2"), "b2 is already marked");
    let g = after(&["b2", "a3"]);
    assert_eq!(illegal_reason(&g, "a3"), "a3 is already marked");
    // Once the game is over, every move is illegal, an empty cell too.
    let g = after(&["a3", "a2", "b3", "b2", "c3"]);
    assert_eq!(illegal_reason(&g, "c1"), "the game is over");
    assert_eq!(illegal_reason(&g, "a3"), "the game is over");
    assert!(legal(&g).is_empty());
    assert_eq!(g.count_legal_moves(), 0);
}

// -- the end of the game ----------------------------------------------------------------------

/// Three cells off `line` that hold no line and leave a way to play: X's filler marks.
fn filler(line: [usize; 3], count: usize) -> Vec<usize> {
    let others: Vec<usize> = (0..CELLS).filter(|c| !line.contains(c)).collect();
    // The first choice of `count` cells (by index) that holds no line.
    let mut choice: Vec<usize> = (0..count).collect();
    loop {
        let cells: Vec<usize> = choice.iter().map(|&i| others[i]).collect();
        let set = cells.iter().fold(0u16, |m, &c| m | 1 << c);
        if !board::holds_line(set) {
            return cells;
        }
        // Next combination.
        let mut i = count - 1;
        while choice[i] == others.len() - count + i {
            i -= 1;
        }
        choice[i] += 1;
        for j in i + 1..count {
            choice[j] = choice[j - 1] + 1;
        }
    }
}

#[test]
fn every_line_wins_for_either_player() {
    for line in lines_from_coordinates() {
        // X completes the line at ply 5; O marks two other cells.
        let o = filler(line, 2);
        let mut g = start();
        for k in 0..3 {
            play(&mut g, &board::cell_name(line[k]));
            if k < 2 {
                assert_eq!(g.outcome(), None);
                play(&mut g, &board::cell_name(o[k]));
            }
        }
        let outcome = g.outcome().expect("over");
        assert_eq!(
            (outcome.winner_list(), outcome.reason),
            (vec![0], "three in a row")
        );
        assert_eq!(outcome.returns(2), [1.0, -1.0]);
        assert_eq!(g.current_player(), None);
        // O completes it at ply 6, X marking three other cells that hold no line.
        let x = filler(line, 3);
        let mut g = start();
        for k in 0..3 {
            play(&mut g, &board::cell_name(x[k]));
            assert_eq!(g.outcome(), None);
            play(&mut g, &board::cell_name(line[k]));
        }
        let outcome = g.outcome().expect("over");
        assert_eq!(
            (outcome.winner_list(), outcome.reason),
            (vec![1], "three in a row")
        );
        assert_eq!(outcome.returns(2), [-1.0, 1.0]);
        assert_eq!(g.history().len(), 6);
    }
}

#[test]
fn the_ninth_cell_wins_before_the_board_is_full() {
    let mut g = after(&["b2", "c3", "a3", "a2", "b3", "b1", "a1", "c2"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(notations(&g), ["c1"]);
    play(&mut g, "c1");
    let outcome = g.outcome().unwrap();
    assert_eq!(
        (outcome.winner_list(), outcome.reason),
        (vec![0], "three in a row")
    );
    assert_eq!(g.board().iter().filter(|o| o.is_none()).count(), 0);
}

#[test]
fn a_full_board_without_a_line_draws() {
    let g = after(&["b2", "a3", "c3", "a1", "a2", "c2", "b3", "b1", "c1"]);
    let outcome = g.outcome().unwrap();
    assert_eq!((outcome.winners, outcome.reason), (0, "board full"));
    assert_eq!(outcome.returns(2), [0.0, 0.0]);
    assert_eq!(g.current_player(), None);
    assert_eq!(
        to_json(&g)["outcome"],
        json!({"winners": [], "reason": "board full"})
    );
}

#[test]
fn undo_takes_back_a_win_and_stops_at_the_start() {
    let mut g = after(&["a3", "a2", "b3", "b2", "c3"]);
    assert_eq!(g.undo(), Some(Move::new(2).unwrap()));
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(g.key(), g.key_from_scratch());
    for _ in 0..4 {
        assert!(g.undo().is_some());
    }
    assert_eq!(g.undo(), None);
    assert_eq!(to_json(&g), to_json(&start()));
    assert_eq!(g.key(), start().key());
}

// -- observation, JSON, evaluation -------------------------------------------------------------

#[test]
fn observation_layout() {
    let g = after(&["b2", "a3", "c1"]);
    assert_eq!(g.observation_shape(), vec![3, 3, 3]);
    let mut out = vec![9.0; 27];
    // O (player 1) is to move.
    g.observation(1, &mut out);
    let plane = |out: &[f32], k: usize| out[k * 9..(k + 1) * 9].to_vec();
    let one_hot = |cells: &[&str]| {
        let mut v = vec![0.0; 9];
        for c in cells {
            v[cell(c)] = 1.0;
        }
        v
    };
    assert_eq!(plane(&out, 0), one_hot(&["a3"]));
    assert_eq!(plane(&out, 1), one_hot(&["b2", "c1"]));
    assert_eq!(plane(&out, 2), vec![1.0; 9]);
    // [plane, r, c] with r = 3 - row: a3 is [0, 0, 0] for O, c1 is [1, 2, 2].
    assert_eq!(out[0], 1.0);
    assert_eq!(out[9 + 2 * 3 + 2], 1.0);
    g.observation(0, &mut out);
    assert_eq!(plane(&out, 0), one_hot(&["b2", "c1"]));
    assert_eq!(plane(&out, 1), one_hot(&["a3"]));
    assert_eq!(plane(&out, 2), vec![0.0; 9]);
    let over = after(&["a3", "a2", "b3", "b2", "c3"]);
    for player in 0..2 {
        over.observation(player, &mut out);
        assert_eq!(plane(&out, 2), vec![0.0; 9], "nobody moves once it is over");
    }
}

#[test]
fn json_fields() {
    let g = after(&["b2", "a3"]);
    let json = to_json(&g);
    assert_eq!(
        json,
        json!({
            "game": "tic_tac_toe",
            "version": 1,
            "options": {},
            "moves": ["b2", "a3"],
            "board": "1...0....",
            "current_player": 0,
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
    assert_eq!(g.board()[0], Some(1));
    assert_eq!(g.board()[4], Some(0));
    let won = after(&["a3", "a2", "b3", "b2", "c3"]);
    assert_eq!(
        to_json(&won)["outcome"],
        json!({"winners": [0], "reason": "three in a row"})
    );
    assert_eq!(to_json(&won)["current_player"], Value::Null);
    assert_json_rejected::<TicTacToe>(
        &json,
        &[
            ("board", json!("0...1....")),
            ("moves", json!(["b2", "b2"])),
            ("moves", json!(["b2", "d4"])),
            ("current_player", json!(1)),
            ("outcome", json!({"winners": [], "reason": "board full"})),
            ("options", json!({"players": 2})),
            ("game", json!("connect_four")),
        ],
    );
}

#[test]
fn evaluation_is_zero() {
    let mut values = [7.0; 2];
    for g in [start(), after(&["b2", "a3", "c3"])] {
        g.evaluate(&mut values);
        assert_eq!(values, [0.0, 0.0]);
    }
}

// -- random games against the rules text ------------------------------------------------------

/// The outcome the rules text gives for a board (owners by cell index) after `mover` moved.
fn outcome_from_text(board: &[Option<u8>; CELLS], mover: usize) -> Option<(u8, &'static str)> {
    let owns = |c: usize| board[c] == Some(mover as u8);
    if lines_from_coordinates()
        .iter()
        .any(|line| line.iter().all(|&c| owns(c)))
    {
        return Some((1 << mover, "three in a row"));
    }
    board
        .iter()
        .all(Option::is_some)
        .then_some((0, "board full"))
}

/// The rules text along a walk: the legal moves are the empty cells, a move marks its cell for
/// the mover and nothing else, and the end is as the text says.
struct RulesText;

impl Oracle<TicTacToe> for RulesText {
    type Before = [Option<u8>; CELLS];
    type Hidden = ();

    fn hidden(&self, _: &TicTacToe) {}

    fn before(&mut self, g: &TicTacToe, ply: &Ply<'_, Move>) -> [Option<u8>; CELLS] {
        let board = g.board();
        let empty: Vec<Move> = (0..CELLS)
            .filter(|&c| board[c].is_none())
            .map(|c| Move::new(c).unwrap())
            .collect();
        assert_eq!(ply.moves, empty);
        assert_eq!(ply.player, ply.index % 2, "X and O alternate, X first");
        board
    }

    fn after(&mut self, g: &TicTacToe, ply: &Ply<'_, Move>, mut board: [Option<u8>; CELLS]) {
        board[ply.mv.cell()] = Some(ply.player as u8);
        assert_eq!(g.board(), board);
        let outcome = g.outcome().map(|o| (o.winners, o.reason));
        assert_eq!(outcome, outcome_from_text(&board, ply.player));
    }
}

#[test]
fn random_games_match_the_rules_text() {
    let mut lengths = [0; 10];
    for seed in 0..300 {
        let walk = Walk::new(seed, 20, 1);
        let g = testing::check_random_game(start(), walk, &mut RulesText);
        assert!(g.outcome().is_some(), "every game ends");
        lengths[g.history().len()] += 1;
    }
    assert_eq!(lengths[..5], [0; 5]);
    assert!(lengths[9] > 0 && lengths[5] > 0, "{lengths:?}");
}

#[test]
fn random_walks_undo_exactly() {
    for seed in 0..20 {
        random_walk(
            start(),
            seed,
            300,
            3,
            7,
            |_| (),
            |g, _, _| {
                let marks = g.marks(0).count_ones() + g.marks(1).count_ones();
                assert_eq!(marks as usize, g.history().len());
                assert_eq!(g.marks(0) & g.marks(1), 0);
            },
        );
    }
}

#[test]
fn plays_for_good_as_it_plays() {
    for seed in 0..20 {
        testing::check_play_for_good(&start(), seed, Some(2 + seed as usize % 5));
    }
}

// -- solved: a draw ---------------------------------------------------------------------------

/// The value of `game` for the player to move under perfect play (+1 win, 0 draw, −1 loss),
/// memoised by key.
fn minimax(game: &mut TicTacToe, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(outcome) = game.outcome() {
        // The player to move is never the one who just won.
        return if outcome.winners == 0 { 0 } else { -1 };
    }
    if let Some(&value) = memo.get(&game.key()) {
        return value;
    }
    let mut best = -1;
    for mv in legal(game) {
        game.play_unchecked(mv);
        best = best.max(-minimax(game, memo));
        game.undo();
    }
    memo.insert(game.key(), best);
    best
}

#[test]
fn perfect_play_draws() {
    let mut memo = HashMap::new();
    let mut g = start();
    assert_eq!(minimax(&mut g, &mut memo), 0);
    // Every first move draws too, and the distinct positions are the known 5,478.
    for mv in legal(&g) {
        g.play_unchecked(mv);
        assert_eq!(minimax(&mut g, &mut memo), 0, "{mv}");
        g.undo();
    }
    let mut positions = std::collections::HashSet::new();
    fn reach(g: &mut TicTacToe, seen: &mut std::collections::HashSet<u64>) {
        if !seen.insert(g.key()) {
            return;
        }
        for mv in legal(g) {
            g.play_unchecked(mv);
            reach(g, seen);
            g.undo();
        }
    }
    reach(&mut g, &mut positions);
    assert_eq!(positions.len(), 5_478);
    // After X's corner and O's edge next to it, X wins.
    let mut g = after(&["a3", "b3"]);
    assert_eq!(minimax(&mut g, &mut memo), 1);
}
