//! Tests of Dominions: shared perft vectors, every worked example of the rules page, geometry
//! and names, options, notation, the end of the game, and properties along seeded random games
//! checked against a slow legality test and a slow resolution written straight from the rules
//! text (plain flood fills, no incremental state).

use serde_json::{json, Value};

use super::board::{self, CELLS};
use super::state::FACTS;
use super::{Dominions, Move, NUM_ACTIONS, PASS, RESIGN, ZOBRIST_SEED};
use crate::core::error::Error;
use crate::core::json::{from_json, to_json};
use crate::core::rng::SplitMix64;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, assert_seeded_table,
    check_actions, check_perft_vectors, illegal_reason, legal, new_game, play, random_walk, Oracle,
    Ply, Walk,
};
use crate::core::zobrist;
use crate::perft;
use crate::prelude::*;

fn game(options: Value) -> Dominions {
    new_game(options)
}

fn start() -> Dominions {
    game(json!({}))
}

fn cell(name: &str) -> usize {
    board::cell_index(name).unwrap_or_else(|| panic!("{name} is a cell"))
}

fn mv(text: &str) -> Move {
    start().parse_move(text).unwrap_or_else(|e| panic!("{e}"))
}

fn after(moves: &[&str]) -> Dominions {
    let mut g = start();
    for text in moves {
        play(&mut g, text);
    }
    g
}

// -- the rules text, slowly ------------------------------------------------------------------

/// Neighbour of (u, v) in direction bit k, by the rules page's table.
fn step(c: usize, k: usize) -> Option<usize> {
    let (u, v) = board::COORDS[c];
    let (u, v) = (i32::from(u), i32::from(v));
    let (u, v) = match k {
        0 => (u + 1, v + 1),
        1 => (u + 1, v),
        2 => (u, v - 1),
        3 => (u - 1, v - 1),
        4 => (u - 1, v),
        _ => (u, v + 1),
    };
    if (u - v).abs() <= 8 && (0..17).contains(&u) && (0..17).contains(&v) {
        Some(board::index_of(u, v).unwrap())
    } else {
        None
    }
}

/// A position as plain data: per cell `None` or `(pattern, owner, colour)`.
type Board = Vec<Option<(u8, u8, u8)>>;

fn snapshot(g: &Dominions) -> Board {
    (0..CELLS).map(|c| g.cell(c)).collect()
}

/// True when the pieces on `a` and its neighbour in direction `k` are connected.
fn connected(b: &Board, a: usize, k: usize) -> Option<usize> {
    let n = step(a, k)?;
    let (pa, _, _) = b[a]?;
    let (pn, _, _) = b[n]?;
    (pa & (1 << k) != 0 && pn & (1 << ((k + 3) % 6)) != 0).then_some(n)
}

/// The cells reachable from `c` through connections, keeping to one colour when `same`.
fn flood(b: &Board, c: usize, same: bool) -> Vec<usize> {
    let colour = b[c].unwrap().2;
    let mut seen = vec![false; CELLS];
    let mut stack = vec![c];
    let mut out = Vec::new();
    seen[c] = true;
    while let Some(x) = stack.pop() {
        out.push(x);
        for k in 0..6 {
            if let Some(n) = connected(b, x, k) {
                if !seen[n] && (!same || b[n].unwrap().2 == colour) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    out.sort_unstable();
    out
}

fn group(b: &Board, c: usize) -> Vec<usize> {
    flood(b, c, true)
}

fn liberties(b: &Board, cells: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &x in cells {
        let p = b[x].unwrap().0;
        for k in 0..6 {
            if let Some(n) = step(x, k) {
                if p & (1 << k) != 0 && b[n].is_none() && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// Every group of the board, each once.
fn groups(b: &Board) -> Vec<Vec<usize>> {
    let mut seen = vec![false; CELLS];
    let mut out = Vec::new();
    for c in 0..CELLS {
        if b[c].is_some() && !seen[c] {
            let g = group(b, c);
            for &x in &g {
                seen[x] = true;
            }
            out.push(g);
        }
    }
    out
}

fn is_complete_section(b: &Board, c: usize) -> bool {
    let colour = b[c].unwrap().2;
    flood(b, c, false)
        .iter()
        .all(|&x| b[x].unwrap().2 == colour)
}

fn reverse(b: &mut Board, cells: &[usize]) {
    for &x in cells {
        let (p, o, colour) = b[x].unwrap();
        b[x] = Some((p, o, colour ^ 1));
    }
}

/// The board after `mover` places `p` on `c` by the rules text, `None` when illegal.
fn slow_place(b: &Board, hand: u64, mover: u8, c: usize, p: u8) -> Option<Board> {
    if b[c].is_some() || hand & (1 << p) == 0 {
        return None;
    }
    // Matching.
    for k in 0..6 {
        let beam = p & (1 << k) != 0;
        match step(c, k) {
            None if beam => return None,
            Some(n) => {
                if let Some((q, _, _)) = b[n] {
                    if beam != (q & (1 << ((k + 3) % 6)) != 0) {
                        return None;
                    }
                }
            }
            None => {}
        }
    }
    // Contact.
    let empty_board = b.iter().all(Option::is_none);
    let touches = (0..6)
        .filter_map(|k| step(c, k))
        .any(|n| matches!(b[n], Some((_, _, colour)) if colour != mover));
    let extends = (0..6).filter(|k| p & (1 << k) != 0).any(|k| {
        step(c, k).is_some_and(|n| {
            matches!(b[n], Some((_, _, colour)) if colour == mover) && is_complete_section(b, n)
        })
    });
    if !(empty_board || touches || extends) {
        return None;
    }
    // Resolution.
    let mut after = b.clone();
    after[c] = Some((p, mover, mover));
    let mut captured = false;
    for k in 0..6 {
        if let Some(n) = connected(&after, c, k) {
            if after[n].unwrap().2 != mover {
                let g = group(&after, n);
                if liberties(&after, &g).is_empty() {
                    reverse(&mut after, &g);
                    captured = true;
                }
            }
        }
    }
    if captured {
        if liberties(&after, &group(&after, c)).is_empty() {
            return None;
        }
    } else {
        let g = group(&after, c);
        if liberties(&after, &g).is_empty() {
            reverse(&mut after, &g);
            if liberties(&after, &group(&after, c)).is_empty() {
                return None;
            }
        }
    }
    // No oscillation.
    if groups(&after)
        .iter()
        .any(|g| liberties(&after, g).is_empty())
    {
        return None;
    }
    Some(after)
}

fn hand_mask(g: &Dominions, player: usize) -> u64 {
    g.hand(player).iter().fold(0, |m, &p| m | 1 << p)
}

/// The legal moves by the rules text, ascending, with the board each leads to.
fn slow_moves(g: &Dominions) -> Vec<(Move, Board)> {
    let Some(player) = g.current_player() else {
        return Vec::new();
    };
    let b = snapshot(g);
    let hand = hand_mask(g, player);
    let mut out = Vec::new();
    for c in 0..CELLS {
        for p in 1..=63 {
            if let Some(after) = slow_place(&b, hand, player as u8, c, p) {
                out.push((Move::place(c, p).unwrap(), after));
            }
        }
    }
    // `pass`, except as the first move: "White starts by placing one piece".
    if !g.history().is_empty() {
        out.push((Move::PASS, b));
    }
    out
}

fn assert_every_group_lives(g: &Dominions) {
    let b = snapshot(g);
    for grp in groups(&b) {
        assert!(
            !liberties(&b, &grp).is_empty(),
            "group {:?} has no liberty",
            grp.iter().map(|&c| board::cell_name(c)).collect::<Vec<_>>()
        );
    }
}

fn territory(b: &Board, g: &Dominions) -> (f64, f64) {
    let shown = |p: u8| {
        b.iter()
            .filter(|x| matches!(x, Some((_, _, c)) if *c == p))
            .count()
    };
    (
        shown(0) as f64 - g.hand(0).len() as f64,
        shown(1) as f64 - g.hand(1).len() as f64 + g.komi(),
    )
}

// -- perft ----------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    let max_leaves = if cfg!(debug_assertions) {
        20_000_000
    } else {
        300_000_000
    };
    let checked = check_perft_vectors::<Dominions>(max_leaves);
    assert!(checked >= 2, "only {checked} perft vectors checked");
}

// -- the rules page's examples --------------------------------------------------------------

#[test]
fn empty_board_has_11319_moves() {
    // The first move is a placement (no pass: a rules decision of issue 16).
    let g = start();
    let moves = legal(&g);
    assert_eq!(moves.len(), 11_319);
    assert_eq!(g.count_legal_moves(), 11_319);
    assert!(!moves.contains(&Move::PASS) && !g.is_legal(Move::PASS));
    let reason = illegal_reason(&g, "pass");
    assert!(reason.contains("the first move is a placement"), "{reason}");
    // 169 inner cells × 63, 42 edge cells × 15, 6 corners × 7.
    let mut per_cell = [0usize; CELLS];
    for m in &moves {
        per_cell[m.cell().unwrap()] += 1;
    }
    let count = |n: usize| per_cell.iter().filter(|&&x| x == n).count();
    assert_eq!((count(63), count(15), count(7)), (169, 42, 6));
    assert_eq!(169 * 63 + 42 * 15 + 6 * 7, 11_319);
    for corner in ["a1", "a9", "i1", "i17", "q9", "q17"] {
        assert_eq!(per_cell[cell(corner)], 7, "{corner}");
    }
    assert_eq!(per_cell[cell("a5")], 15);
    assert_eq!(per_cell[cell("i9")], 63);
}

#[test]
fn suicide_example() {
    let g = after(&["63@i9", "8@j10"]);
    // j10 turned white: Black's own piece, showing White.
    assert_eq!(g.cell(cell("j10")), Some((8, 1, 0)));
    assert_eq!(g.cell(cell("i9")), Some((63, 0, 0)));
    let b = snapshot(&g);
    let grp = group(&b, cell("i9"));
    assert_eq!(grp, vec![cell("i9"), cell("j10")]);
    assert_eq!(liberties(&b, &grp).len(), 5);
    assert!(
        b.iter().all(|x| !matches!(x, Some((_, _, 1)))),
        "no black piece"
    );
    assert_eq!(g.scores(), (-60.0, -62.0));
    assert_eq!(g.hand(1).len(), 62);
    // White may extend its complete section though no black piece exists.
    for text in ["16@j9", "1@h8"] {
        assert!(g.is_legal(mv(text)), "{text}");
        let mut copy = g.clone();
        play(&mut copy, text);
    }
    // Only extensions of the section are legal for White now: every placement is next to it.
    let sec = flood(&b, cell("i9"), false);
    for m in legal(&g) {
        if let Some(c) = m.cell() {
            assert!(
                (0..6).any(|k| step(c, k).is_some_and(|n| sec.contains(&n))),
                "{m}"
            );
        }
    }
    // A black piece must touch a white one.
    let mut black = g.clone();
    play(&mut black, "pass");
    let reason = illegal_reason(&black, "63@c3");
    assert!(reason.contains("touches no piece"), "{reason}");
}

#[test]
fn capture_example() {
    let g = after(&["1@i9", "9@j10"]);
    assert_eq!(g.cell(cell("i9")), Some((1, 0, 1)), "i9 turns black");
    assert_eq!(g.cell(cell("j10")), Some((9, 1, 1)));
    let b = snapshot(&g);
    let grp = group(&b, cell("j10"));
    assert_eq!(grp, vec![cell("i9"), cell("j10")]);
    assert_eq!(liberties(&b, &grp), vec![cell("k11")]);
    assert_eq!(g.scores(), (-62.0, 2.0 - 62.0));
}

#[test]
fn oscillation_example() {
    let g = after(&["1@i9"]);
    assert!(!g.is_legal(mv("8@j10")));
    let reason = illegal_reason(&g, "8@j10");
    assert!(reason.contains("liberty"), "{reason}");
    assert!(g.is_legal(mv("9@j10")));
}

#[test]
fn edge_examples() {
    let g = start();
    for text in ["35@a1", "39@a5"] {
        assert!(g.is_legal(mv(text)), "{text}");
    }
    for text in ["63@a1", "51@a5"] {
        assert!(!g.is_legal(mv(text)), "{text}");
        let reason = illegal_reason(&g, text);
        assert!(reason.contains("off the board"), "{reason}");
    }
}

#[test]
fn section_example() {
    let mut g = start();
    for text in ["63@i9", "62@j10", "16@k10", "63@h8", "47@l10"] {
        assert!(g.is_legal(mv(text)), "{text}");
        play(&mut g, text);
    }
    assert_eq!(
        g.cell(cell("k10")),
        Some((16, 0, 1)),
        "the suicide turned k10 black"
    );
    let b = snapshot(&g);
    assert_eq!(
        group(&b, cell("j10")),
        vec![cell("j10"), cell("k10")],
        "k10 joined j10"
    );
    assert!(is_complete_section(&b, cell("l10")));
    assert_eq!(g.current_player(), Some(1));
    let mut next = g.clone();
    play(&mut next, "pass");
    play(&mut next, "18@m10");
    // 18@m10 touches no black piece: it extends l10's section.
    let m10 = cell("m10");
    assert!((0..6)
        .filter_map(|k| step(m10, k))
        .all(|n| !matches!(b[n], Some((_, _, 1)))));
}

#[test]
fn capture_feeds_on_a_group_elsewhere() {
    // Black's 8@j10 beams at no empty cell; it captures i9, which is connected to the black h8
    // whose liberty g7 the merged group keeps.
    let g = after(&["9@i9", "9@h8", "pass", "8@j10"]);
    assert_eq!(g.cell(cell("i9")), Some((9, 0, 1)));
    let b = snapshot(&g);
    let grp = group(&b, cell("j10"));
    assert_eq!(grp, vec![cell("h8"), cell("i9"), cell("j10")]);
    assert_eq!(liberties(&b, &grp), vec![cell("g7")]);
    // With h8 reversed by its own suicide, i9's group is a whole section: nothing feeds it.
    let g = after(&["9@i9", "1@h8", "pass"]);
    assert_eq!(g.cell(cell("h8")), Some((1, 1, 0)));
    assert!(illegal_reason(&g, "8@j10").contains("liberty"));
    assert!(g.is_legal(mv("9@j10")));
}

#[test]
fn two_passes_draw() {
    let mut g = after(&["63@i9", "62@j10"]);
    play(&mut g, "pass");
    assert!(g.last_was_pass());
    assert_eq!(g.current_player(), Some(1));
    play(&mut g, "pass");
    assert_eq!(g.current_player(), None);
    assert_eq!(g.scores(), (-61.0, -61.0));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![], "territory"));
    assert_eq!(o.returns(2), vec![0.0, 0.0]);
    assert!(legal(&g).is_empty());
    assert_eq!(g.count_legal_moves(), 0);
    assert!(!g.is_legal(Move::PASS));
    assert!(!g.is_legal(Move::RESIGN));
    let reason = illegal_reason(&g, "pass");
    assert!(reason.contains("over"), "{reason}");
    // The turn passed on, and the key says so.
    assert_eq!(usize::from(g.to_move), 0);
    assert_eq!(g.key(), g.key_from_scratch());
    assert_eq!(g.undo(), Some(Move::PASS));
    assert_eq!(g.current_player(), Some(1));
    assert!(g.last_was_pass());
    // A pass after a placement does not end the game.
    let mut g = after(&["63@i9"]);
    play(&mut g, "pass");
    play(&mut g, "62@j10");
    play(&mut g, "pass");
    assert_eq!(g.current_player(), Some(0));
}

#[test]
fn resignation() {
    let mut g = after(&["63@i9"]);
    let key = g.key();
    let json = to_json(&g);
    assert!(!legal(&g).contains(&Move::RESIGN));
    assert!(g.is_legal(Move::RESIGN));
    assert_eq!(g.move_from_action(RESIGN), Ok(Move::RESIGN));
    assert_eq!(g.action(Move::RESIGN), 13_672);
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    assert!(!actions.contains(&(RESIGN as u32)));
    play(&mut g, "resign");
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![0], "resignation"));
    assert_eq!(g.current_player(), None);
    assert_eq!(g.key(), g.key_from_scratch());
    assert_eq!(to_json(&g)["moves"], json!(["63@i9", "resign"]));
    assert_eq!(
        to_json(&g)["outcome"],
        json!({"winners": [0], "reason": "resignation"})
    );
    let back: Dominions = from_json(&to_json(&g)).unwrap();
    assert_eq!(to_json(&back), to_json(&g));
    assert_eq!(g.undo(), Some(Move::RESIGN));
    assert_eq!((g.key(), to_json(&g)), (key, json));
    // White resigns at the start: Black wins.
    let mut g = start();
    g.play(Move::RESIGN).unwrap();
    assert_eq!(g.outcome().unwrap().winner_list(), vec![1]);
}

#[test]
fn komi_and_ply_limit() {
    let mut g = game(json!({"komi": 0.5}));
    for text in ["63@i9", "62@j10", "pass", "pass"] {
        play(&mut g, text);
    }
    assert_eq!(g.scores(), (-61.0, -60.5));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![1], "territory"));
    let mut g = game(json!({"komi": -1}));
    for text in ["63@i9", "62@j10", "pass", "pass"] {
        play(&mut g, text);
    }
    assert_eq!(g.outcome().unwrap().winner_list(), vec![0]);
    // The ply limit scores the position as if both had passed.
    let mut g = game(json!({"max_plies": 3}));
    play(&mut g, "63@i9");
    play(&mut g, "62@j10");
    assert_eq!(g.current_player(), Some(0));
    play(&mut g, "pass");
    let o = g.outcome().unwrap();
    assert_eq!(g.scores(), (-61.0, -61.0));
    assert_eq!((o.winner_list(), o.reason), (vec![], "ply limit"));
    let mut g = game(json!({"max_plies": 2, "komi": -0.5}));
    play(&mut g, "63@i9");
    play(&mut g, "8@j10");
    assert_eq!(g.scores(), (-60.0, -62.5));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![0], "ply limit"));
    // Two passes that reach the limit end by the passes.
    let mut g = game(json!({"max_plies": 4}));
    for text in ["63@i9", "62@j10", "pass", "pass"] {
        play(&mut g, text);
    }
    assert_eq!(g.outcome().unwrap().reason, "territory");
}

// -- keys -----------------------------------------------------------------------------------

/// The start key (all patterns in both hands, White to move).
const START_KEY: u64 = 0xd988_8404_9738_a5f0;

#[test]
fn start_key_is_pinned() {
    const N: usize = 217 * 63 * 2 + 126 + 3;
    let keys: [u64; N] = zobrist::table(ZOBRIST_SEED);
    assert_seeded_table(&keys, 0x444F_4D49_4E49_4F4E);
    let g = start();
    let mut key = keys[27_342 + 126];
    for k in &keys[27_342..27_342 + 126] {
        key ^= k;
    }
    assert_eq!(g.key(), key);
    assert_eq!(g.key(), g.key_from_scratch());
    assert_eq!(g.key(), START_KEY, "start key {:#018x}", g.key());
    // After W 63@i9, B 8@j10 (suicide) and a white pass, by the rules page's description.
    let mut g = after(&["63@i9", "8@j10"]);
    play(&mut g, "pass");
    let piece = |c: usize, p: usize, colour: usize| keys[(c * 63 + p - 1) * 2 + colour];
    let mut key = keys[27_342 + 126 + 1] ^ keys[27_342 + 126 + 2];
    key ^= piece(cell("i9"), 63, 0) ^ piece(cell("j10"), 8, 0);
    for player in 0..2 {
        for p in 1..=63 {
            if (player, p) != (0, 63) && (player, p) != (1, 8) {
                key ^= keys[27_342 + player * 63 + p - 1];
            }
        }
    }
    assert_eq!(g.key(), key);
}

// -- board ----------------------------------------------------------------------------------

#[test]
fn cells_and_names() {
    let names: Vec<String> = (0..CELLS).map(board::cell_name).collect();
    assert_eq!(
        &names[..10],
        ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1"]
    );
    assert_eq!(names[108], "i9");
    assert_eq!(names[216], "q17");
    for (i, name) in names.iter().enumerate() {
        assert_eq!(board::cell_index(name), Some(i));
    }
    for bad in [
        "", "a", "a0", "a10", "r1", "q8", "A1", "a01", "i18", "i9 ", " i9", "i 9", "j",
    ] {
        assert_eq!(board::cell_index(bad), None, "{bad:?}");
    }
    let mut count = 0;
    for u in 0..17i32 {
        for v in 0..17 {
            count += usize::from((u - v).abs() <= 8);
        }
    }
    assert_eq!(count, CELLS);
    // Neighbours by the table, and their symmetry.
    for c in 0..CELLS {
        for k in 0..6 {
            let n = board::NEIGHBOURS[c][k];
            assert_eq!(step(c, k), (n != board::NONE).then_some(usize::from(n)));
            if let Some(n) = step(c, k) {
                assert_eq!(step(n, (k + 3) % 6), Some(c));
            }
            assert_eq!(board::OFF_BOARD[c] & (1 << k) != 0, step(c, k).is_none());
        }
    }
    let edges = (0..CELLS)
        .map(|c| board::OFF_BOARD[c].count_ones())
        .fold([0; 4], |mut acc, n| {
            acc[n as usize] += 1;
            acc
        });
    assert_eq!(edges, [169, 0, 42, 6]);
    assert_eq!(step(cell("i9"), 0), Some(cell("j10")), "N of i9 is j10");
}

#[test]
fn pattern_tables() {
    for required in 0..64u8 {
        for forbidden in 0..64u8 {
            if required & forbidden != 0 {
                continue;
            }
            let expected = (1..64u8)
                .filter(|p| p & required == required && p & forbidden == 0)
                .fold(0u64, |m, p| m | 1 << p);
            assert_eq!(board::fitting(required, forbidden), expected);
        }
        let beaming = (1..64u8)
            .filter(|p| p & required != 0)
            .fold(0u64, |m, p| m | 1 << p);
        assert_eq!(board::beaming_into(required), beaming);
    }
}

// -- options --------------------------------------------------------------------------------

#[test]
fn options_and_defaults() {
    let g = start();
    assert_eq!(
        Value::Object(g.options()),
        json!({"komi": 0.0, "max_plies": null})
    );
    assert_eq!(
        serde_json::to_string(&g.options()).unwrap(),
        r#"{"komi":0.0,"max_plies":null}"#
    );
    let g = game(json!({"komi": 7, "max_plies": 9}));
    assert_eq!(
        Value::Object(g.options()),
        json!({"komi": 7.0, "max_plies": 9})
    );
    assert_eq!((g.komi(), g.max_plies()), (7.0, Some(9)));
    let g = game(json!({"komi": -2.5, "max_plies": null}));
    assert_eq!(g.komi(), -2.5);
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.num_actions(), NUM_ACTIONS);
    assert_eq!((NUM_ACTIONS, PASS, RESIGN), (13_672, 13_671, 13_672));
    assert_eq!(g.observation_shape(), vec![18, 217]);
}

#[test]
fn option_errors() {
    let cases = [
        (
            json!({"colour": 1}),
            "unknown option 'colour' for dominions",
        ),
        (
            json!({"komi": true}),
            "komi must be a finite number, got True",
        ),
        (json!({"komi": "1"}), "got '1'"),
        (json!({"komi": null}), "got None"),
        (json!({"komi": [1]}), "komi must be a finite number"),
        (
            json!({"max_plies": 0}),
            "max_plies must be None or an int in 1..2**32 - 1, got 0",
        ),
        (json!({"max_plies": -3}), "got -3"),
        (json!({"max_plies": 2.5}), "got 2.5"),
        (json!({"max_plies": true}), "got True"),
    ];
    assert_option_errors::<Dominions>(&cases);
}

// -- notation -------------------------------------------------------------------------------

#[test]
fn notation_and_actions_round_trip() {
    let g = start();
    check_actions(&g, 0..=RESIGN, |action, found| {
        let (m, text) = found.expect("every action id names a move");
        assert_eq!(m.action(), action);
        match (m.cell(), m.pattern()) {
            (Some(c), Some(p)) => {
                assert_eq!(action, c * 63 + usize::from(p) - 1);
                assert_eq!(text, format!("{p}@{}", board::cell_name(c)));
                assert_eq!(Move::place(c, p), Some(m));
            }
            _ => assert!(text == "pass" || text == "resign"),
        }
    });
    assert_eq!(mv("63@i9").action(), 108 * 63 + 62);
    assert_eq!(mv("pass"), Move::PASS);
    assert_eq!(mv("resign"), Move::RESIGN);
    assert!(Move::PASS.is_pass() && Move::RESIGN.is_resign());
    assert!(matches!(
        g.move_from_action(RESIGN + 1),
        Err(Error::InvalidMove { .. })
    ));
    let mut sorted: Vec<Move> = (0..=RESIGN)
        .map(|a| Move::from_action(a).unwrap())
        .collect();
    sorted.reverse();
    sorted.sort();
    assert!(sorted.iter().enumerate().all(|(i, m)| m.action() == i));
}

#[test]
fn parse_errors() {
    assert_invalid_moves(
        &start(),
        &[
            "0@i9", "64@i9", "063@i9", "63@a10", "63@r1", "63i9", "63@", "@i9", "", "Pass", "PASS",
            " pass", "pass ", "63@I9", "63@i09", "63 @i9", "+63@i9", "-1@i9", "63@@i9", "100@i9",
            "6a@i9", "63@i9x", "resign!",
        ],
    );
}

#[test]
fn illegal_moves_say_why() {
    let g = after(&["63@i9", "62@j10"]);
    for (text, part) in [
        ("1@i9", "occupied"),
        ("63@h8", "not in your hand"),
        ("1@h8", "touches no piece"),
        ("61@a1", "the SW beam of 61 at a1 points off the board"),
        ("1@c3", "touches no piece"),
    ] {
        let reason = illegal_reason(&g, text);
        assert!(reason.contains(part), "{text}: {reason}");
    }
    let g = after(&["63@i9"]);
    for (text, part) in [
        ("2@h8", "the N side of 2 at h8 does not match"),
        ("1@j10", "the S side of 1 at j10 does not match"),
        ("35@a1", "touches no piece"),
    ] {
        let reason = illegal_reason(&g, text);
        assert!(reason.contains(part), "{text}: {reason}");
    }
    assert!(g.is_legal(mv("1@h8")));
    let g = after(&["1@i9"]);
    assert!(illegal_reason(&g, "8@j10").contains("liberty"));
    // Errors of the checked play keep their classes.
    let mut g = start();
    assert!(matches!(
        g.play(mv("63@a1")),
        Err(Error::IllegalMove { .. })
    ));
    assert!(matches!(
        g.parse_move("63@a10"),
        Err(Error::InvalidMove { .. })
    ));
}

// -- observation and JSON -------------------------------------------------------------------

#[test]
fn observation_layout() {
    let g = after(&["63@i9", "8@j10", "pass"]);
    let mut out = vec![0.0f32; 18 * CELLS];
    let at = |out: &[f32], plane: usize, c: usize| out[plane * CELLS + c];
    g.observation(1, &mut out);
    // Black to move; both pieces show White (the opponent of the viewer: k = 1).
    assert_eq!(at(&out, 7, cell("i9")), 1.0);
    assert_eq!(at(&out, 7, cell("j10")), 1.0);
    assert_eq!(at(&out, 0, cell("i9")), 0.0);
    for b in 0..6 {
        assert_eq!(at(&out, 8 + b, cell("i9")), 1.0);
        assert_eq!(at(&out, 8 + b, cell("j10")), f32::from(b == 3));
    }
    assert!(
        (0..CELLS).all(|c| at(&out, 14, c) == 1.0),
        "the viewer moves"
    );
    assert!(
        (0..CELLS).all(|c| at(&out, 15, c) == 1.0),
        "the last move was a pass"
    );
    // Hands: the viewer (Black) misses 8, the opponent (White) misses 63.
    for p in 1..=63 {
        assert_eq!(at(&out, 16, p - 1), f32::from(p != 8), "{p}");
        assert_eq!(at(&out, 17, p - 1), f32::from(p != 63), "{p}");
    }
    assert!((63..CELLS).all(|c| at(&out, 16, c) == 0.0 && at(&out, 17, c) == 0.0));
    let ones: f32 = out[..14 * CELLS].iter().sum();
    assert_eq!(ones, 2.0 + 6.0 + 1.0);
    g.observation(0, &mut out);
    assert_eq!(at(&out, 0, cell("j10")), 1.0);
    assert_eq!(at(&out, 1 + 3, cell("j10")), 1.0);
    assert!((0..CELLS).all(|c| at(&out, 14, c) == 0.0));
    assert_eq!(at(&out, 16, 62), 0.0);
    assert_eq!(at(&out, 17, 7), 0.0);
}

#[test]
fn json_fields() {
    let g = after(&["63@i9", "8@j10"]);
    let json = to_json(&g);
    assert_eq!(json["game"], json!("dominions"));
    assert_eq!(json["options"], json!({"komi": 0.0, "max_plies": null}));
    assert_eq!(json["moves"], json!(["63@i9", "8@j10"]));
    let b = json["board"].as_array().unwrap();
    assert_eq!(b.len(), CELLS);
    assert_eq!(b[cell("i9")], json!([63, 0, 0]));
    assert_eq!(b[cell("j10")], json!([8, 1, 0]));
    assert_eq!(b.iter().filter(|x| x.is_null()).count(), CELLS - 2);
    let hands = json["hands"].as_array().unwrap();
    assert_eq!(hands[0], json!((1..=62).collect::<Vec<u8>>()));
    assert_eq!(
        hands[1],
        json!((1..=63).filter(|&p| p != 8).collect::<Vec<u8>>())
    );
    assert_eq!(json["current_player"], json!(0));
    assert_eq!(json["outcome"], Value::Null);
    let back: Dominions = from_json(&json).unwrap();
    assert_eq!((to_json(&back), back.key()), (json.clone(), g.key()));
    assert_json_rejected::<Dominions>(
        &json,
        &[
            ("board", json!([null])),
            ("hands", json!([[], []])),
            ("moves", json!(["63@i9", "8@j11"])),
            ("moves", json!(["63@a1"])),
            ("moves", json!(["63@a10"])),
            ("current_player", json!(1)),
        ],
    );
    let mut bad = json.clone();
    bad["options"].as_object_mut().unwrap().remove("komi");
    assert!(from_json::<Dominions>(&bad).is_err());
    // Komi given as an integer is refused: a state's JSON is exactly what `to_json` writes,
    // `0.0` (issue 16: before it, `0` was accepted and gave a state whose JSON differed).
    let mut int = json.clone();
    int["options"]["komi"] = json!(0);
    assert!(from_json::<Dominions>(&int).is_err());
    assert!(Dominions::new(int["options"].as_object().unwrap()).is_ok());
}

// -- random games against the rules text ----------------------------------------------------

#[derive(Default, Debug)]
struct Tally {
    plies: usize,
    captures: usize,
    suicides: usize,
    passes: usize,
    /// Legal placements, in the lists checked against the rules text, that capture or commit
    /// suicide with a pattern beaming at no empty neighbour (their liberty comes from elsewhere).
    blind_captures: usize,
    blind_suicides: usize,
}

/// The rules text along a walk, tallied: before each move the board the rules text resolves it
/// to (on the thorough plies the whole legal list against the rules text); after it that board,
/// every group alive and the scores.
impl Oracle<Dominions> for Tally {
    /// The board before the move and the one it must lead to.
    type Before = (Board, Board);
    /// Whether the last move was a pass.
    type Hidden = bool;

    fn hidden(&self, g: &Dominions) -> bool {
        g.last_was_pass()
    }

    fn before(&mut self, g: &Dominions, ply: &Ply<'_, Move>) -> (Board, Board) {
        let (player, m) = (ply.player, ply.mv);
        let before = snapshot(g);
        if ply.thorough {
            let slow = slow_moves(g);
            let slow_list: Vec<Move> = slow.iter().map(|(m, _)| *m).collect();
            assert_eq!(ply.moves, slow_list, "{:?} ply {}", ply.walk, ply.index);
            for (m, after) in &slow {
                let (Some(c), Some(p)) = (m.cell(), m.pattern()) else {
                    continue;
                };
                let blind = (0..6)
                    .all(|k| p & (1 << k) == 0 || step(c, k).is_some_and(|n| before[n].is_some()));
                let flipped = (0..CELLS).any(|x| x != c && before[x] != after[x]);
                if blind && after[c].unwrap().2 != player as u8 {
                    self.blind_suicides += 1;
                } else if blind && flipped {
                    self.blind_captures += 1;
                }
            }
            assert!(g.is_legal(Move::RESIGN));
        }
        let expected = match (m.cell(), m.pattern()) {
            (Some(c), Some(p)) => slow_place(&before, hand_mask(g, player), player as u8, c, p)
                .unwrap_or_else(|| panic!("the rules text refuses {m}")),
            _ => before.clone(),
        };
        (before, expected)
    }

    fn after(&mut self, g: &Dominions, ply: &Ply<'_, Move>, (before, expected): (Board, Board)) {
        let (player, m) = (ply.player, ply.mv);
        let now = snapshot(g);
        assert_eq!(now, expected, "{m} at ply {} {:?}", ply.index, ply.walk);
        assert_every_group_lives(g);
        let (white, black) = g.scores();
        assert_eq!((white, black), territory(&now, g));
        self.plies += 1;
        self.passes += usize::from(m.is_pass());
        if let Some(c) = m.cell() {
            let flipped = (0..CELLS)
                .filter(|&x| x != c && before[x].is_some() && before[x] != now[x])
                .count();
            self.captures += usize::from(flipped > 0 && now[c].unwrap().2 == player as u8);
            self.suicides += usize::from(now[c].unwrap().2 != player as u8);
        }
    }
}

/// Plays a seeded random game (at most `plies` plies): the shared properties, the cheap ones at
/// every ply and the costly ones (undo, JSON, is_legal over every action) every `every` plies,
/// and the rules text.
fn check_random_game(
    options: &Value,
    seed: u64,
    plies: usize,
    every: usize,
    tally: &mut Tally,
) -> Dominions {
    testing::check_random_game(game(options.clone()), Walk::new(seed, plies, every), tally)
}

#[test]
fn random_games_match_the_rules_text() {
    let mut tally = Tally::default();
    for seed in 0..24 {
        check_random_game(&json!({}), seed, 400, 1 + seed as usize % 3, &mut tally);
    }
    eprintln!("random games: {tally:?}");
    assert!(tally.captures > 0 && tally.suicides > 0, "{tally:?}");
    assert!(
        tally.blind_captures > 0 && tally.blind_suicides > 0,
        "{tally:?}"
    );
}

#[test]
fn whole_games_match_the_rules_text() {
    let mut tally = Tally::default();
    let mut reasons = Vec::new();
    for seed in 100..300 {
        let options = if seed % 3 == 0 {
            json!({"komi": 0.5, "max_plies": 60})
        } else {
            json!({})
        };
        let g = check_random_game(&options, seed, 100_000, 37, &mut tally);
        let o = g.outcome().expect("over");
        reasons.push(o.reason);
        if o.reason == "territory" {
            let h = g.history();
            assert!(h[h.len() - 1].is_pass() && h[h.len() - 2].is_pass());
        }
    }
    assert!(reasons.contains(&"territory") && reasons.contains(&"ply limit"));
    eprintln!("whole games: {tally:?}");
    assert!(tally.captures > 10 && tally.suicides > 10, "{tally:?}");
}

#[test]
fn undo_walks() {
    let g = random_walk(
        start(),
        77,
        4000,
        3,
        500,
        Dominions::last_was_pass,
        |g, step, _| {
            if step % 10 == 0 {
                assert_every_group_lives(g);
            }
        },
    );
    assert_eq!(to_json(&g), to_json(&start()));
    assert_eq!(legal(&g).len(), 11_319);
}

#[test]
fn random_game_statistics() {
    // Whole random games end by two passes; print their lengths and scores (see the report).
    let mut lengths = Vec::new();
    let mut margins = Vec::new();
    let mut wins = [0; 3];
    for seed in 0..200 {
        let mut g = start();
        let record = crate::play_random_game(&mut g, &mut SplitMix64::new(seed));
        assert_eq!(FACTS.reasons[usize::from(record.reason)], "territory");
        lengths.push(record.length);
        let (w, b) = g.scores();
        margins.push(w - b);
        wins[match record.winners {
            1 => 0,
            2 => 1,
            _ => 2,
        }] += 1;
        assert_every_group_lives(&g);
    }
    let n = lengths.len() as f64;
    let mean = lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / n;
    let margin = margins.iter().sum::<f64>() / n;
    eprintln!(
        "dominions: {} games, mean length {mean:.1} (min {}, max {}), wins W/B/draw {wins:?}, \
         mean margin W−B {margin:.2}, margins min {} max {}",
        lengths.len(),
        lengths.iter().min().unwrap(),
        lengths.iter().max().unwrap(),
        margins.iter().cloned().fold(f64::INFINITY, f64::min),
        margins.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
    );
}

#[test]
#[ignore = "prints perft counts and timings"]
fn perft_print() {
    let deepest = std::env::var("DOMINIONS_PERFT_DEPTH").map_or(3, |d| d.parse().unwrap());
    for depth in 1..=deepest {
        let mut g = start();
        let t = std::time::Instant::now();
        let n = perft(&mut g, depth);
        eprintln!("perft {depth}: {n} in {:?}", t.elapsed());
    }
}

#[test]
#[ignore = "prints playout throughput on one and two threads"]
fn playout_speed() {
    let batch = crate::Batch::<Dominions>::new(&serde_json::Map::new(), 0).unwrap();
    for threads in [1, 2, 1, 2] {
        let t = std::time::Instant::now();
        let records = crate::simulate(&batch, 0, 4000, threads, None).unwrap();
        let plies: u64 = records.iter().map(|r| u64::from(r.length)).sum();
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "{threads} threads: {plies} plies in {secs:.3}s = {:.0} plies/s",
            plies as f64 / secs
        );
    }
}

#[test]
fn the_pattern_cache_stays_exact_through_moves_and_undos() {
    // The cache of legal patterns per frontier cell is refilled from the cells a move marks;
    // along random games with undos (and other moves after them), every mask taken for exact must
    // equal a fresh computation, and the move list must equal one built without the cache.
    let mut checked = 0;
    for seed in 0..400 {
        let mut g = start();
        let mut rng = SplitMix64::new(seed);
        while g.outcome().is_none() {
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
            g.assert_cache_exact();
            if g.outcome().is_none() {
                assert!(g.cache.is_exact(), "filled after a move");
                let fresh = g.clone_without_cache();
                assert_eq!(legal(&g), legal(&fresh));
                checked += 1;
            }
            if rng.below(4) == 0 {
                let back = g.undo().expect("a move to undo");
                assert_eq!(back, mv);
                // Undo of a placement only marks: the generators compute until the next move
                // fills again (a pass changes no cell, and both players' masks stay exact).
                assert_eq!(g.cache.is_exact(), mv.cell().is_none(), "undo of {mv:?}");
                g.assert_cache_exact();
                assert_eq!(legal(&g), legal(&g.clone_without_cache()));
                // The same move again, or another one (elsewhere, often): after an undo the
                // cache may hold masks of the position it left.
                let next = if rng.below(2) == 0 {
                    mv
                } else {
                    g.random_move(&mut rng)
                };
                g.play_unchecked(next);
                g.assert_cache_exact();
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}
