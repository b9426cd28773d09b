//! Tests of Chinese Checkers: shared perft vectors, the rules page's examples, geometry and
//! names, options, notation, and properties along seeded random games checked against a slow
//! move generator written straight from the rules text.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::board::{self, bit, HOLES};
use super::state::FACTS;
use super::{Area, ChineseCheckers, Move, NUM_ACTIONS, PASS};
use crate::core::error::Error;
use crate::core::json::{from_json, to_json};
use crate::core::lines::LINE;
use crate::core::rng::SplitMix64;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, assert_perft_counts,
    assert_seeded_table, check_actions, check_perft_vectors, illegal_reason, legal, new_game,
    notations, play, random_walk, Oracle, Ply, Walk,
};
use crate::core::zobrist;
use crate::prelude::*;

fn game(options: Value) -> ChineseCheckers {
    new_game(options)
}

fn hole(name: &str) -> usize {
    board::hole_index(name).unwrap_or_else(|| panic!("{name} is a hole"))
}

fn mask(names: &[&str]) -> u128 {
    names.iter().fold(0, |acc, n| acc | bit(hole(n)))
}

// -- perft ----------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    // Keep debug-build test time low: the larger vectors are for the release bench.
    let checked = check_perft_vectors::<ChineseCheckers>(2_000_000);
    assert!(checked >= 8, "only {checked} perft vectors checked");
}

#[test]
fn openspiel_full_turn_perft() {
    // OpenSpiel's `chinese_checkers(players=N)` (open_spiel 2.0.2) plays a hop chain as several
    // actions of one player; grouping the actions of a turn and counting the distinct
    // positions they reach gave these counts (depth 4 and 5 agree too: 115600 and 3188520 for
    // 2 players, 66640 and 1618400 for 3, 39601 for 4, 40189 for 6).
    for (players, counts) in [
        (2, [14, 196, 4760]),
        (3, [14, 196, 2744]),
        (4, [14, 199, 2786]),
        (6, [14, 199, 2828]),
    ] {
        let mut g = game(json!({"players": players, "pieces": 10, "area": "free"}));
        assert_perft_counts(&mut g, &counts, &format!("{players} players"));
    }
}

#[test]
fn why_18() {
    // 10 steps by the five pieces of the front row, 8 single hops by the four behind it.
    let start = game(json!({}));
    let moves = legal(&start);
    assert_eq!(moves.len(), 18);
    let row = |mv: &Move, letter: char| board::hole_name(mv.from().unwrap()).starts_with(letter);
    let steps: Vec<_> = moves.iter().filter(|m| row(m, 'e')).collect();
    let hops: Vec<_> = moves.iter().filter(|m| row(m, 'd')).collect();
    assert_eq!((steps.len(), hops.len()), (10, 8));
    for mv in &steps {
        assert!(board::NEIGHBOURS[mv.from().unwrap()] & bit(mv.to().unwrap()) != 0);
    }
    for mv in &hops {
        assert!(board::NEIGHBOURS[mv.from().unwrap()] & bit(mv.to().unwrap()) == 0);
    }
    // Under `free` the two end pieces of the front row may step into the side points, and
    // their neighbours hop over them into the same holes.
    let free = notations(&game(json!({"area": "free"})));
    assert_eq!(free.len(), 22);
    for extra in ["e5-e4", "e6-e4", "e8-e10", "e9-e10"] {
        assert!(free.contains(&extra.to_string()), "{extra}");
    }
}

#[test]
fn start_keys_are_pinned() {
    assert_eq!(game(json!({})).key(), 0xfd8c_406f_6287_c7d1);
    assert_eq!(game(json!({"pieces": 10})).key(), 0xbbe3_b4bf_6dd6_f60d);
    let keys: [u64; 732] = zobrist::table(0x4348_4543_4B45_5253);
    assert_seeded_table(&keys, 0x4348_4543_4B45_5253);
    // 2 players, 15 pieces: player 0 on the wide T0 triangle, player 1 on wide T3, 0 to move.
    let mut key = keys[726];
    for h in 0..HOLES {
        let (q, r) = (i32::from(board::COORDS[h].0), i32::from(board::COORDS[h].1));
        let s = -q - r;
        if r >= 4 && q >= -4 && s >= -4 {
            key ^= keys[h];
        }
        if r <= -4 && q <= 4 && s <= 4 {
            key ^= keys[HOLES + h];
        }
    }
    assert_eq!(key, 0xfd8c_406f_6287_c7d1);
}

// -- board ----------------------------------------------------------------------------------

#[test]
fn hole_names_and_indices() {
    assert_eq!(board::COORDS[0], (-4, 8));
    assert_eq!(board::hole_name(0), "a1");
    assert_eq!(board::COORDS[120], (4, -8));
    assert_eq!(board::hole_name(120), "q1");
    for (n, q) in (1..=13).zip(-8..=4) {
        let name = format!("e{n}");
        assert_eq!(board::index_of(q, 4), Some(hole(&name)), "{name}");
    }
    assert_eq!(board::hole_index("e14"), None);
    for (n, q) in (1..=9).zip(-4..=4) {
        assert_eq!(board::index_of(q, 0), Some(hole(&format!("i{n}"))));
    }
    assert_eq!(board::hole_index("i10"), None);
    assert_eq!(hole("i1"), 56);
    for h in 0..HOLES {
        let (q, r) = (i32::from(board::COORDS[h].0), i32::from(board::COORDS[h].1));
        if h > 0 {
            let (pq, pr) = (
                i32::from(board::COORDS[h - 1].0),
                i32::from(board::COORDS[h - 1].1),
            );
            assert!((-r, q) > (-pr, pq), "row a first, left to right");
        }
        assert_eq!(board::index_of(q, r), Some(h));
        assert_eq!(board::hole_index(&board::hole_name(h)), Some(h));
        let row = char::from(b'a' + (8 - r) as u8);
        assert!(board::hole_name(h).starts_with(row));
    }
    for bad in [
        "", "a", "a0", "a01", "a2", "r1", "A1", "i 1", "e-1", "q2", "e1x",
    ] {
        assert_eq!(board::hole_index(bad), None, "{bad}");
    }
}

#[test]
fn geometry() {
    let count = |m: u128| m.count_ones();
    assert_eq!(count(board::ALL), 121);
    let hexagon = (0..HOLES)
        .filter(|&h| {
            let (q, r) = (i32::from(board::COORDS[h].0), i32::from(board::COORDS[h].1));
            q.abs().max(r.abs()).max((q + r).abs()) <= 4
        })
        .fold(0u128, |acc, h| acc | bit(h));
    assert_eq!(count(hexagon), 61);
    let mut union = hexagon;
    for (k, &point) in board::POINTS.iter().enumerate() {
        assert_eq!(count(point), 10, "T{k}");
        assert_eq!(union & point, 0);
        union |= point;
    }
    assert_eq!(union, board::ALL);
    assert_eq!(
        board::WIDE_POINTS[0],
        board::POINTS[0] | mask(&["e5", "e6", "e7", "e8", "e9"])
    );
    assert_eq!(
        board::WIDE_POINTS[1],
        board::POINTS[3] | mask(&["m5", "m6", "m7", "m8", "m9"])
    );
    for h in 0..HOLES {
        let mut neighbours = board::NEIGHBOURS[h];
        while neighbours != 0 {
            let n = neighbours.trailing_zeros() as usize;
            neighbours &= neighbours - 1;
            assert!(board::NEIGHBOURS[n] & bit(h) != 0, "symmetric");
        }
        for (d, &[over, landing]) in board::JUMPS[h].iter().enumerate() {
            if landing == board::OFF_BOARD {
                continue;
            }
            let (dq, dr) = board::DIRECTIONS[d];
            let (q, r) = (i32::from(board::COORDS[h].0), i32::from(board::COORDS[h].1));
            assert_eq!(board::index_of(q + dq, r + dr), Some(usize::from(over)));
            assert_eq!(
                board::index_of(q + 2 * dq, r + 2 * dr),
                Some(usize::from(landing))
            );
        }
    }
    assert_eq!(count(board::NEIGHBOURS[hole("i5")]), 6);
    assert_eq!(count(board::NEIGHBOURS[hole("a1")]), 2);
}

#[test]
fn hop_classes_hold_every_chain_and_no_neighbour() {
    // The search relies on this: a chain from a hole lands only in its class, and the
    // neighbours in the hop board's entries are told apart by the class mask.
    let mut classes = BTreeSet::new();
    for h in 0..HOLES {
        let class = board::HOP_CLASS[h];
        assert!(class & bit(h) != 0, "a hole is in its own class");
        assert_eq!(
            class & board::NEIGHBOURS[h],
            0,
            "no neighbour of {h} in its class"
        );
        // Every hole a chain could land on if every hop had a piece to pass over and an empty
        // landing: the class, and only the class.
        let (mut reached, mut todo) = (bit(h), bit(h));
        while todo != 0 {
            let from = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for &[_, landing] in &board::JUMPS[from] {
                if landing != board::OFF_BOARD && reached & bit(usize::from(landing)) == 0 {
                    reached |= bit(usize::from(landing));
                    todo |= bit(usize::from(landing));
                }
            }
        }
        assert_eq!(reached, class, "the chains from {h} cover its class");
        classes.insert(class);
    }
    assert_eq!(classes.len(), 4);
    assert_eq!(classes.iter().fold(0, |acc, c| acc | c), board::ALL);
}

#[test]
fn the_reach_table_follows_every_move_and_undo() {
    // The reach of each hole (landings beyond occupied neighbours) is kept by toggling the
    // hops over the two changed holes, and the destination cache reads only what the reach
    // says matters; after every ply and undo both must equal a fresh computation, in every
    // area mode (each searches differently).
    for area in ["free", "dest", "strict"] {
        for players in [2, 3, 6] {
            let mut g = game(json!({
                "players": players, "pieces": 10, "area": area, "max_plies": 300
            }));
            let mut rng = SplitMix64::new(players as u64);
            let mut plies = 0;
            while g.outcome().is_none() {
                let mv = g.random_move(&mut rng);
                g.play_unchecked(mv);
                plies += 1;
                g.assert_cache_exact();
                if plies % 7 == 0 {
                    g.undo();
                    g.assert_cache_exact();
                    g.play_unchecked(mv);
                }
            }
            // long enough for pieces to meet and hop chains to form
            assert!(plies > 100, "{area}, {players} players: {plies} plies");
        }
    }
}

// -- options --------------------------------------------------------------------------------

#[test]
fn options_and_defaults() {
    let start = game(json!({}));
    assert_eq!(
        Value::Object(start.options()),
        json!({"players": 2, "pieces": 15, "area": "dest", "anti_block": "none", "max_plies": null})
    );
    for players in [3, 4, 6] {
        let g = game(json!({"players": players}));
        assert_eq!((g.num_players(), g.pieces_per_player()), (players, 10));
        assert_eq!(g.options()["pieces"], json!(10));
        assert_eq!(g.occupied.count_ones() as usize, 10 * players);
    }
    let g = game(
        json!({"players": 2, "pieces": 10, "area": "strict", "anti_block": "full",
                        "max_plies": 7, }),
    );
    assert_eq!(
        (g.area(), g.anti_block(), g.max_plies()),
        (Area::Strict, true, Some(7))
    );
    assert_eq!(game(json!({"max_plies": null})).max_plies(), None);
    // goal_lock appears only when True, before max_plies.
    assert!(!game(json!({"goal_lock": false})).goal_lock());
    assert_eq!(
        Value::Object(game(json!({"goal_lock": false})).options()),
        Value::Object(start.options())
    );
    let locked = game(json!({"goal_lock": true}));
    assert!(locked.goal_lock());
    assert_eq!(
        Value::Object(locked.options()),
        json!({"players": 2, "pieces": 15, "area": "dest", "anti_block": "none",
               "goal_lock": true, "max_plies": null})
    );
    assert_eq!(
        locked.options().keys().nth(4).map(String::as_str),
        Some("goal_lock")
    );
}

#[test]
fn option_errors() {
    let cases = [
        (json!({"colour": 1}), "unknown option 'colour'"),
        (
            json!({"players": 5}),
            "players must be one of 2, 3, 4, 6, got 5",
        ),
        (json!({"players": true}), "got True"),
        (json!({"players": 2.0}), "players must be one of"),
        (json!({"players": "2"}), "got '2'"),
        (
            json!({"pieces": 12}),
            "pieces must be one of 10, 15, got 12",
        ),
        (
            json!({"players": 3, "pieces": 15}),
            "pieces must be 10 with 3 players",
        ),
        (
            json!({"area": "none"}),
            "area must be one of 'dest', 'strict', 'free', got 'none'",
        ),
        (
            json!({"anti_block": true}),
            "anti_block must be one of 'none', 'full', got True",
        ),
        (
            json!({"max_plies": 0}),
            "max_plies must be None or an int in 1..2**32 - 1, got 0",
        ),
        (json!({"max_plies": -3}), "got -3"),
        (
            json!({"goal_lock": 1}),
            "goal_lock must be True or False, got 1",
        ),
        (
            json!({"goal_lock": "yes"}),
            "goal_lock must be True or False, got 'yes'",
        ),
        (
            json!({"colour": 1}),
            "allowed: players, pieces, area, anti_block, goal_lock, actions, max_plies",
        ),
        (
            json!({"actions": "rank_to"}),
            "actions must be one of 'from_to', 'piece_to', got 'rank_to'",
        ),
        (
            json!({"actions": 1}),
            "actions must be one of 'from_to', 'piece_to', got 1",
        ),
        (json!({"max_plies": "9"}), "got '9'"),
    ];
    assert_option_errors::<ChineseCheckers>(&cases);
}

// -- notation and actions -------------------------------------------------------------------

#[test]
fn notation_round_trip() {
    let g = game(json!({}));
    check_actions(&g, 0..NUM_ACTIONS, |action, found| {
        if found.is_none() {
            assert_eq!(action / HOLES, action % HOLES);
        }
    });
    assert_eq!(g.move_from_action(PASS), Ok(Move::PASS));
    assert_eq!(g.notation(Move::PASS), "pass");
    assert!(matches!(
        g.move_from_action(NUM_ACTIONS),
        Err(Error::InvalidMove { .. })
    ));
    assert_eq!(
        g.parse_move("e5-f4").unwrap().action(),
        hole("e5") * 121 + hole("f4")
    );
    assert_eq!(
        Move::new(hole("e5"), hole("f4")).unwrap().to_string(),
        "e5-f4"
    );
}

#[test]
fn piece_to_ids_at_the_start() {
    // The rules page's worked example, in both encodings.
    let from_to = game(json!({}));
    let mut piece_to = game(json!({"actions": "piece_to"}));
    assert_eq!(
        (from_to.num_actions(), piece_to.num_actions()),
        (14642, 1816)
    );
    assert_eq!(
        game(json!({"pieces": 10, "actions": "piece_to"})).num_actions(),
        1211
    );
    let ids = |g: &ChineseCheckers| {
        let mut actions = Vec::new();
        g.legal_actions(&mut actions);
        actions
    };
    assert_eq!(
        legal(&from_to),
        legal(&piece_to),
        "the same moves, in the same order"
    );
    let (a, b) = (ids(&from_to), ids(&piece_to));
    assert_eq!((&a[..3], a[8], a[17]), (&[752, 754, 874][..], 1720, 2209));
    assert_eq!((&b[..3], b[8], b[17]), (&[752, 754, 874][..], 1236, 1725));
    assert_eq!(piece_to.action(Move::PASS), 1815);
    assert_eq!(piece_to.move_from_action(1815), Ok(Move::PASS));
    play(&mut piece_to, "d1-f4");
    let b = ids(&piece_to);
    assert_eq!(&b[..3], &[89, 90, 211]);
    assert_eq!(
        piece_to.parse_move("n1-l4").map(|m| piece_to.action(m)),
        Ok(694)
    );
    assert_eq!(
        piece_to.move_from_action(694).map(|m| m.to_string()),
        Ok("n1-l4".to_string())
    );
    // Every id of the action space names a move whose id it is, or is refused.
    check_actions(&piece_to, 0..piece_to.num_actions(), |_, _| ());
}

#[test]
fn piece_to_errors() {
    let mut g = game(json!({"actions": "piece_to"}));
    let invalid = |g: &ChineseCheckers, action: usize| match g.move_from_action(action) {
        Err(Error::InvalidMove { reason, .. }) => reason,
        other => panic!("{action}: {other:?}"),
    };
    assert_eq!(invalid(&g, 1816), "action ids run from 0 to 1815");
    assert_eq!(invalid(&g, usize::MAX), "action ids run from 0 to 1815");
    // Rank 10 is e5 (hole 14): e5 to e5 names no move.
    assert_eq!(
        invalid(&g, 10 * 121 + 14),
        "start and end hole are the same"
    );
    // Rank 0 (a1) to q1: a move, not legal.
    let far = g.move_from_action(120).unwrap();
    assert_eq!(far.to_string(), "a1-q1");
    assert!(matches!(g.play(far), Err(Error::IllegalMove { .. })));
    // A start hole without a piece of the mover has no id: refused when parsed.
    for (text, reason) in [
        ("f4-g4", "there is no piece on f4"),
        ("m5-l5", "the piece on m5 is not yours"),
    ] {
        match g.parse_move(text) {
            Err(Error::IllegalMove { reason: r, .. }) => assert_eq!(r, reason),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(illegal_reason(&g, "e5-e6"), "e6 is occupied");
    let before = to_json(&g);
    assert!(g.play(far).is_err());
    assert_eq!(to_json(&g), before, "a refused move changes nothing");
    // After the end, the ids name the pieces of the seat the turn passed to.
    let mut g = game(json!({"pieces": 10, "area": "free", "max_plies": 1,
                            "actions": "piece_to"}));
    play(&mut g, "d1-e5");
    assert_eq!(g.current_player(), None);
    assert_eq!(
        g.move_from_action(0).map(|m| m.to_string()),
        Ok("n1-a1".to_string())
    );
    match g.parse_move("e5-f4") {
        Err(Error::IllegalMove { reason, .. }) => assert_eq!(reason, "the game is over"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn piece_to_history_keeps_the_ids_played() {
    for options in [
        json!({"pieces": 10, "area": "free", "actions": "piece_to"}),
        json!({"players": 6, "actions": "piece_to"}),
    ] {
        let mut g = game(options.clone());
        let mut rng = SplitMix64::new(7);
        let mut played = Vec::new();
        for _ in 0..200 {
            if g.current_player().is_none() {
                break;
            }
            let mv = g.random_move(&mut rng);
            played.push(g.action(mv));
            g.play(mv).unwrap();
        }
        let history: Vec<usize> = (0..played.len()).map(|k| g.history_action(k)).collect();
        assert_eq!(history, played, "{options}");
        let copy: ChineseCheckers =
            crate::core::compact::decode(&crate::core::compact::encode(&g)).unwrap();
        assert_eq!(to_json(&copy), to_json(&g), "the compact record replays");
        let mv = g.history()[played.len() - 1];
        assert_eq!(g.undo(), Some(mv));
        assert_eq!(
            g.action(mv),
            played[played.len() - 1],
            "undone, it has its id"
        );
    }
}

#[test]
fn piece_to_json_and_options() {
    let mut g = game(json!({"actions": "piece_to", "pieces": 10}));
    assert_eq!(g.options()["actions"], "piece_to");
    assert!(!game(json!({"actions": "from_to"}))
        .options()
        .contains_key("actions"));
    play(&mut g, "d1-e5");
    let json = to_json(&g);
    let back: ChineseCheckers = from_json(&json).unwrap();
    assert_eq!(to_json(&back), json);
    // "from_to" may be written explicitly in a state that does not use it.
    let mut plain = to_json(&game(json!({})));
    plain["options"]["actions"] = json!("from_to");
    assert!(from_json::<ChineseCheckers>(&plain).is_ok());
    plain["options"]["actions"] = json!("piece_to");
    assert!(from_json::<ChineseCheckers>(&plain).is_ok());
}

#[test]
fn parse_errors() {
    let g = game(json!({}));
    assert_invalid_moves(
        &g,
        &[
            "x9-a1", "e5g6", "e5-e5", "E5-f4", " e5-f4", "e5-f4 ", "e0-f4", "e14-f4", "e5-", "",
            "Pass", "e5-f4-g3", "e05-f4",
        ],
    );
    for (text, reason) in [
        ("e5-g6", "no step or hop chain leads from e5 to g6"),
        ("f4-g4", "there is no piece on f4"),
        ("m5-l5", "the piece on m5 is not yours"),
        ("e5-e6", "e6 is occupied"),
        ("pass", "pass is legal only when there is no other move"),
    ] {
        assert_eq!(illegal_reason(&g, text), reason);
    }
    assert!(game(json!({"area": "free"})).is_legal(g.parse_move("e5-e4").unwrap()));
    assert_eq!(
        illegal_reason(&g, "e5-e4"),
        "the area rule 'dest' forbids moving from e5 to e4"
    );
}

// -- random games against a slow generator from the rules text --------------------------------

fn coords(h: usize) -> (i32, i32) {
    (i32::from(board::COORDS[h].0), i32::from(board::COORDS[h].1))
}

/// Point k (0..5) by the rules page's table; 6 and 7 the 15-hole starting areas.
fn in_region(region: usize, h: usize) -> bool {
    let (q, r) = coords(h);
    let s = -q - r;
    match region {
        0 => r >= 5,
        1 => q <= -5,
        2 => s >= 5,
        3 => r <= -5,
        4 => q >= 5,
        5 => s <= -5,
        6 => r >= 4 && q >= -4 && s >= -4,
        _ => r <= -4 && q <= 4 && s <= 4,
    }
}

struct Areas {
    start: Vec<bool>,
    home: Vec<bool>,
    foreign: Vec<bool>,
}

fn areas(game: &ChineseCheckers, player: usize) -> Areas {
    let seat = [
        &[0, 3][..],
        &[0, 2, 4],
        &[0, 1, 3, 4],
        &[],
        &[0, 1, 2, 3, 4, 5],
    ][game.num_players() - 2][player];
    let (start, home): (Vec<bool>, Vec<bool>) = if game.pieces_per_player() == 15 {
        (0..HOLES)
            .map(|h| (in_region(6 + player, h), in_region(7 - player, h)))
            .unzip()
    } else {
        (0..HOLES)
            .map(|h| (in_region(seat, h), in_region((seat + 3) % 6, h)))
            .unzip()
    };
    let foreign_points: Vec<usize> = (0..6)
        .filter(|&k| (0..HOLES).all(|h| !(in_region(k, h) && (start[h] || home[h]))))
        .collect();
    let foreign = (0..HOLES)
        .map(|h| foreign_points.iter().any(|&k| in_region(k, h)))
        .collect();
    Areas {
        start,
        home,
        foreign,
    }
}

/// The legal moves by the rules text: steps, and hop chains searched over (hole, "has been
/// outside Start", "has stood in Home") states, with the area tests and the goal lock applied
/// as the page words them.
fn slow_moves(game: &ChineseCheckers) -> Vec<Move> {
    let Some(player) = game.current_player() else {
        return Vec::new();
    };
    let owners = game.board();
    let a = areas(game, player);
    let lock = game.goal_lock();
    let mut moves = Vec::new();
    for from in (0..HOLES).filter(|&h| owners[h] == Some(player as u8)) {
        let empty = |h: usize| h != from && owners[h].is_none();
        let occupied = |h: usize| h != from && owners[h].is_some();
        let at = |h: usize, d: (i32, i32), k: i32| {
            let (q, r) = coords(h);
            board::index_of(q + k * d.0, r + k * d.1)
        };
        let mut ends = BTreeSet::new();
        for &d in &board::DIRECTIONS {
            if let Some(n) = at(from, d, 1).filter(|&n| empty(n)) {
                if lock && a.home[from] && !a.home[n] {
                    continue;
                }
                ends.insert((n, !a.start[from]));
            }
        }
        let mut seen = BTreeSet::new();
        let mut todo = vec![(from, !a.start[from], a.home[from])];
        while let Some((h, outside, in_home)) = todo.pop() {
            for &d in &board::DIRECTIONS {
                let (Some(over), Some(landing)) = (at(h, d, 1), at(h, d, 2)) else {
                    continue;
                };
                if !occupied(over) || !empty(landing) {
                    continue;
                }
                if game.area() == Area::Strict
                    && (a.foreign[landing] || (a.start[landing] && outside))
                {
                    continue;
                }
                if lock && in_home && !a.home[landing] {
                    continue;
                }
                let state = (
                    landing,
                    outside || !a.start[landing],
                    in_home || a.home[landing],
                );
                if seen.insert(state) {
                    todo.push(state);
                    ends.insert((landing, !a.start[from]));
                }
            }
        }
        let ends: BTreeSet<usize> = ends
            .into_iter()
            .filter(|&(to, from_outside)| match game.area() {
                Area::Free => true,
                _ => !(a.foreign[to] || (from_outside && a.start[to])),
            })
            .map(|(to, _)| to)
            .collect();
        moves.extend(ends.into_iter().map(|to| Move::new(from, to).unwrap()));
    }
    if moves.is_empty() {
        moves.push(Move::PASS);
    }
    moves
}

fn all_configs() -> Vec<Value> {
    let mut out = Vec::new();
    for (players, pieces) in [(2, 15), (2, 10), (3, 10), (4, 10), (6, 10)] {
        for area in ["dest", "strict", "free"] {
            let anti_block = if (players + pieces) % 2 == 0 {
                "full"
            } else {
                "none"
            };
            // The goal lock and the piece_to encoding with some of each.
            let goal_lock = area != "dest" || players == 3;
            let actions = if area == "free" || players == 6 {
                "piece_to"
            } else {
                "from_to"
            };
            out.push(json!({"players": players, "pieces": pieces, "area": area,
                            "anti_block": anti_block, "goal_lock": goal_lock,
                            "actions": actions}));
        }
    }
    out
}

fn assert_invariants(game: &ChineseCheckers) {
    let mut union = 0u128;
    for p in 0..game.num_players() {
        let pieces = game.pieces(p);
        assert_eq!(
            pieces.count_ones() as usize,
            game.pieces_per_player(),
            "conserved"
        );
        assert_eq!(union & pieces, 0, "one piece per hole");
        union |= pieces;
    }
    assert_eq!(union, game.occupied);
}

/// The rules text along a walk: the invariants and the slow generator before each move, the
/// area rules after it.
struct RulesText;

impl Oracle<ChineseCheckers> for RulesText {
    type Before = ();
    type Hidden = ();

    fn hidden(&self, _: &ChineseCheckers) {}

    fn before(&mut self, g: &ChineseCheckers, ply: &Ply<'_, Move>) {
        assert_invariants(g);
        assert_eq!(
            ply.moves,
            slow_moves(g),
            "{:?} ply {}: {}",
            ply.walk,
            ply.index,
            to_json(g)
        );
    }

    fn after(&mut self, g: &ChineseCheckers, ply: &Ply<'_, Move>, (): ()) {
        if let (Some(from), Some(to), Area::Dest | Area::Strict) =
            (ply.mv.from(), ply.mv.to(), g.area())
        {
            let a = areas(g, ply.player);
            assert!(!a.foreign[to], "no piece ends a move in a foreign point");
            assert!(
                a.start[from] || !a.start[to],
                "no piece re-enters its starting area"
            );
        }
    }
}

/// Plays a seeded random game, checking the shared properties (undo at every ply, the whole
/// action space every 16) and the rules text at every ply; returns its length.
fn check_random_game(options: &Value, seed: u64, plies: usize) -> usize {
    let g = game(options.clone());
    let as_mask = |holes: &[bool]| (0..HOLES).filter(|&h| holes[h]).fold(0, |m, h| m | bit(h));
    for p in 0..g.num_players() {
        let a = areas(&g, p);
        assert_eq!(
            (g.start_area(p), g.home(p)),
            (as_mask(&a.start), as_mask(&a.home))
        );
        assert_eq!(
            g.pieces(p),
            g.start_area(p),
            "{options}: player {p} starts on Start"
        );
    }
    let walk = Walk {
        seed,
        max_plies: plies,
        every: 1,
        scan_every: 16,
    };
    let g = testing::check_random_game(g, walk, &mut RulesText);
    assert_invariants(&g);
    assert_eq!(legal(&g), slow_moves(&g), "the end");
    g.history().len()
}

#[test]
fn cached_masks_match_fresh_ones() {
    // Random walks through the game tree, with undo, copies and whole games mixed in: every
    // cached destination mask, move count and hop set taken for exact must be exact.
    for (i, options) in all_configs().iter().enumerate() {
        let g = game(options.clone());
        g.assert_cache_exact();
        assert!(g.cache_is_filled(), "filled at the start");
        random_walk(
            g,
            500 + i as u64,
            400,
            3,
            50,
            |_| (),
            |g, step, played| {
                if played.is_some() {
                    assert!(
                        g.is_finished() || g.cache_is_filled(),
                        "filled after a move"
                    );
                }
                g.assert_cache_exact();
                assert_eq!(legal(g), slow_moves(g), "{options} step {step}");
                assert_eq!(g.count_legal_moves(), legal(g).len());
            },
        );
    }
    // Dense positions late in long games.
    for players in [2, 3, 4, 6] {
        let mut g = game(json!({"players": players, "pieces": 10, "area": "free",
                                "goal_lock": players % 2 == 0}));
        let mut rng = SplitMix64::new(players);
        for ply in 0..1500 {
            if g.is_finished() {
                break;
            }
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
            if ply % 3 == 0 {
                let mv = g.undo().expect("a move to undo");
                g.assert_cache_exact();
                g.play_unchecked(mv);
            }
            g.assert_cache_exact();
        }
    }
}

#[test]
fn random_games_match_the_rules_text() {
    for (i, options) in all_configs().iter().enumerate() {
        for seed in 0..2 {
            check_random_game(options, 1000 * i as u64 + seed, 120);
        }
    }
}

#[test]
fn checked_games_up_to_the_ply_limit() {
    // Whole games (2 players, so that positions do fill up); ends are checked by the slow
    // generator too, which lists no moves once the game is over.
    for (seed, area) in [(1, "dest"), (2, "free")] {
        let options = json!({"pieces": 10, "area": area, "max_plies": 300});
        let length = check_random_game(&options, seed, 400);
        assert!(length <= 300);
    }
}

// -- the end of the game --------------------------------------------------------------------

#[test]
fn repetition_draw() {
    let mut g = game(json!({"pieces": 10, "area": "free"}));
    let start_key = g.key();
    let cycle = ["d1-e5", "n1-m6", "e5-d1", "m6-n1"];
    for text in cycle {
        play(&mut g, text);
    }
    assert_eq!(g.key(), start_key);
    assert_eq!(
        g.current_player(),
        Some(0),
        "the second occurrence is no draw"
    );
    for text in &cycle[..3] {
        play(&mut g, text);
    }
    assert!(g.outcome().is_none());
    play(&mut g, "m6-n1");
    assert_eq!(
        g.outcome().map(|o| (o.winners, o.reason)),
        Some((0, "repetition"))
    );
    assert_eq!(g.current_player(), None);
    assert_eq!(g.key(), start_key);
    assert_eq!(g.outcome().unwrap().returns(2), vec![0.0, 0.0]);
    assert!(legal(&g).is_empty());
    assert_eq!(g.count_legal_moves(), 0);
    let json = to_json(&g);
    assert_eq!(
        json["outcome"],
        json!({"winners": [], "reason": "repetition"})
    );
    assert_eq!(json["current_player"], Value::Null);
    let back: ChineseCheckers = from_json(&json).unwrap();
    assert_eq!(back.outcome(), g.outcome());
    g.undo();
    assert_eq!(g.current_player(), Some(1));
    // Under `dest` a piece that left its starting area may not return, so no such cycle.
    let mut dest = game(json!({"pieces": 10}));
    play(&mut dest, "d1-e5");
    play(&mut dest, "n1-m6");
    assert!(!dest.is_legal(dest.parse_move("e5-d1").unwrap()));
}

#[test]
fn repetition_with_three_players() {
    // Each player moves a piece out and back: the start position returns after 6 plies (its
    // second occurrence) and after 12 (its third: a draw).
    let mut g = game(json!({"players": 3, "area": "free"}));
    let start_key = g.key();
    let mut forward = Vec::new();
    for _ in 0..3 {
        let mv = legal(&g)[0];
        forward.push(mv);
        g.play(mv).unwrap();
    }
    let back: Vec<Move> = forward
        .iter()
        .map(|m| Move::new(m.to().unwrap(), m.from().unwrap()).unwrap())
        .collect();
    for &mv in back.iter().chain(&forward).chain(&back) {
        assert_eq!(g.outcome(), None, "ply {}", g.history().len());
        g.play(mv).unwrap_or_else(|e| panic!("{e}"));
        if g.history().len() == 6 {
            assert_eq!(g.key(), start_key, "second occurrence");
        }
    }
    assert_eq!(g.history().len(), 12);
    assert_eq!(g.key(), start_key);
    assert_eq!(g.outcome().map(|o| o.reason), Some("repetition"));
}

#[test]
fn home_filled_win() {
    // Player 0 (10 pieces) holds nine holes of T3; its last piece steps into the tenth.
    let start = game(json!({"pieces": 10}));
    let home = start.home(0);
    assert_eq!(home, board::POINTS[3]);
    let last = hole("n1");
    let p0 = (home & !bit(last)) | bit(hole("m6"));
    let p1 = board::POINTS[0];
    let mut g = start.with_position(&[p0, p1], 0);
    let mv = g.parse_move("m6-n1").unwrap();
    assert!(g.is_legal(mv));
    g.play(mv).unwrap();
    let outcome = g.outcome().unwrap();
    assert_eq!(
        (outcome.winner_list(), outcome.reason),
        (vec![0], "home filled")
    );
    assert_eq!(outcome.returns(2), vec![1.0, -1.0]);
    assert_eq!(g.current_player(), None);
    assert_eq!(
        g.key(),
        g.key_from_scratch(),
        "the turn passes to seat 1 all the same"
    );
    assert!(!g.is_legal(mv));
    assert_eq!(
        g.play(Move::PASS),
        Err(Error::illegal_move("pass", "the game is over"))
    );
    g.undo();
    assert_eq!(g.current_player(), Some(0));
    // A win takes precedence over the ply limit reached by the same move.
    let mut limited = game(json!({"pieces": 10, "max_plies": 1})).with_position(&[p0, p1], 0);
    limited.play(mv).unwrap();
    assert_eq!(limited.outcome().unwrap().reason, "home filled");
}

#[test]
fn anti_block_win() {
    // Player 1 keeps nine pieces in its start T3 (player 0's home); player 0 fills the tenth.
    let home = board::POINTS[3];
    let last = hole("n1");
    let p1 = (home & !bit(last)) | bit(hole("i5"));
    let p0 = (board::POINTS[0] & !bit(hole("d1"))) | bit(hole("m6"));
    for (anti_block, expected) in [("full", Some("home blocked")), ("none", None)] {
        let mut g =
            game(json!({"pieces": 10, "anti_block": anti_block})).with_position(&[p0, p1], 0);
        play(&mut g, "m6-n1");
        assert_eq!(g.outcome().map(|o| o.reason), expected, "{anti_block}");
        if expected.is_some() {
            assert_eq!(g.outcome().unwrap().winner_list(), vec![0]);
        }
    }
    // All of the home occupied but none of it by the mover: no win.
    let p0_out = board::POINTS[0];
    let p1_full = home;
    let mut g =
        game(json!({"pieces": 10, "anti_block": "full"})).with_position(&[p0_out, p1_full], 0);
    play(&mut g, "d1-e5");
    assert_eq!(g.outcome(), None);
}

#[test]
fn forced_pass() {
    // Player 0's only piece sits in a corner with every neighbour and jump blocked.
    let p0 = bit(hole("a1"));
    let p1 = mask(&["b1", "b2", "c1", "c3"]) | board::POINTS[3];
    let start = game(json!({"pieces": 10, "area": "free"}));
    let mut g = start.with_position(&[p0, p1], 0);
    assert_eq!(legal(&g), vec![Move::PASS]);
    assert_eq!(g.count_legal_moves(), 1);
    assert!(g.is_legal(Move::PASS));
    let mut rng = SplitMix64::new(5);
    assert_eq!(g.random_move(&mut rng), Move::PASS);
    assert_ne!(rng, SplitMix64::new(5), "a forced pass still draws");
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    assert_eq!(actions, vec![PASS as u32]);
    let key = g.key();
    g.play(Move::PASS).unwrap();
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(g.pieces(0), p0);
    assert_ne!(g.key(), key);
    assert_eq!(g.key(), g.key_from_scratch());
    // A pass changes no hole: the caches stay exact and the mover's stays filled.
    assert!(g.cache_is_filled());
    g.assert_cache_exact();
    assert_eq!(g.undo(), Some(Move::PASS));
    assert_eq!(g.key(), key);
    g.assert_cache_exact();
    assert_eq!((legal(&g), g.count_legal_moves()), (vec![Move::PASS], 1));
}

/// The name of the hole at (q, r).
fn at(q: i32, r: i32) -> String {
    board::hole_name(board::index_of(q, r).expect("a hole"))
}

#[test]
fn hop_chains() {
    // A piece on i5 = (0, 0) with pieces on (1, 0), (2, -1), (1, -1) and (0, -1): it hops to
    // (2, 0), (2, -2) and (0, -2); from (2, 0) and (2, -2) the hops back would land on its own
    // start hole, which is no landing.
    let start = game(json!({"pieces": 10, "area": "free"}));
    let around = |q: i32, r: i32| bit(board::index_of(q, r).unwrap());
    let others = around(1, 0) | around(2, -1) | around(1, -1) | around(0, -1);
    let g = start.with_position(&[bit(hole("i5")), others], 0);
    assert!(g.cache_is_filled());
    g.assert_cache_exact();
    let ends = notations(&g);
    let steps = [(-1, 0), (0, 1), (-1, 1)].map(|(q, r)| format!("i5-{}", at(q, r)));
    let hops = [(2, 0), (2, -2), (0, -2)].map(|(q, r)| format!("i5-{}", at(q, r)));
    let expected: BTreeSet<String> = steps.into_iter().chain(hops).collect();
    assert_eq!(ends.iter().cloned().collect::<BTreeSet<_>>(), expected);
    assert_eq!(legal(&g), slow_moves(&g));
    // The start hole is empty during the chain: nobody hops over it.
    let ring = around(1, 0) | around(-1, 0);
    let g = start.with_position(&[bit(hole("i5")) | around(-3, 0), ring], 0);
    let ends = notations(&g);
    assert!(ends.contains(&format!("i5-{}", at(-2, 0))));
    assert!(
        !ends.contains(&format!("{}-{}", at(-3, 0), at(-1, 0))),
        "i5 itself is not a stone"
    );
    assert!(ends.contains(&format!("{}-{}", at(-3, 0), at(-3, 1))));
}

#[test]
fn strict_checks_every_landing() {
    // Player 0 (15 pieces, Start = the wide T0 triangle) has pieces on f4 = (-4, 3) and
    // e6 = (-3, 4); player 1's pieces stand where the chains need them.
    // f4 -> (-6, 3) in T1 (foreign) -> (-4, 1): fine under `dest`, not under `strict`.
    // e6 -> (-3, 2) -> (-1, 2) -> e8 = (-1, 4): leaves Start and comes back; fine under
    // `dest` (a piece that starts in Start may end there), not under `strict`.
    let around = |q: i32, r: i32| bit(board::index_of(q, r).unwrap());
    let p0 = mask(&["f4", "e6"]);
    let p1 = around(-5, 3) | around(-5, 2) | around(-3, 3) | around(-2, 2) | around(-1, 3);
    let dest = game(json!({"area": "dest"})).with_position(&[p0, p1], 0);
    let strict = game(json!({"area": "strict"})).with_position(&[p0, p1], 0);
    let free = game(json!({"area": "free"})).with_position(&[p0, p1], 0);
    for g in [&dest, &strict, &free] {
        assert_eq!(legal(g), slow_moves(g), "{:?}", g.area());
    }
    let through_foreign = format!("f4-{}", at(-4, 1));
    let back_home = "e6-e8".to_string();
    let into_foreign = format!("f4-{}", at(-6, 3));
    let (d, s, f) = (notations(&dest), notations(&strict), notations(&free));
    assert!(
        d.contains(&through_foreign) && d.contains(&back_home),
        "{d:?}"
    );
    assert!(
        !s.contains(&through_foreign) && !s.contains(&back_home),
        "{s:?}"
    );
    assert!(f.contains(&into_foreign) && !d.contains(&into_foreign));
    assert!(
        s.iter().all(|m| d.contains(m)),
        "strict never allows more than dest here"
    );
}

#[test]
fn ply_limit() {
    let mut g = game(json!({"pieces": 10, "area": "free", "max_plies": 50}));
    let record = crate::play_random_game(&mut g, &mut SplitMix64::new(3));
    assert_eq!(
        (
            record.length,
            FACTS.reasons[usize::from(record.reason)],
            record.winners
        ),
        (50, "ply limit", 0)
    );
    assert_eq!(g.current_player(), None);
    g.undo();
    assert_eq!(g.current_player().map(|p| p == 1), Some(true));
}

#[test]
fn observation_layout() {
    let mut g = game(json!({"players": 3}));
    play(&mut g, "d1-e5");
    let shape = g.observation_shape();
    assert_eq!(shape, vec![4, HOLES]);
    let mut out = vec![9.0; 4 * HOLES];
    g.observation(2, &mut out);
    for k in 0..3 {
        let owner = (2 + k) % 3;
        for h in 0..HOLES {
            let expected = f32::from(u8::from(g.pieces(owner) & bit(h) != 0));
            assert_eq!(out[k * HOLES + h], expected);
        }
    }
    assert!(out[3 * HOLES..].iter().all(|&x| x == 0.0));
    g.observation(1, &mut out);
    assert!(
        out[3 * HOLES..].iter().all(|&x| x == 1.0),
        "player 1 is to move"
    );
}

#[test]
fn json_fields() {
    let mut g = game(json!({}));
    play(&mut g, "e5-f4");
    let json = to_json(&g);
    let board = json["board"].as_str().unwrap();
    assert_eq!(board.len(), 121);
    assert_eq!(&board[..10], "0000000000");
    assert_eq!(board.chars().filter(|&c| c == '1').count(), 15);
    assert_eq!(board.as_bytes()[hole("f4")], b'0');
    assert_eq!(board.as_bytes()[hole("e5")], b'.');
    assert_eq!(json["moves"], json!(["e5-f4"]));
    assert_eq!(json["current_player"], json!(1));
    assert_eq!(json["outcome"], Value::Null);
    let owners = g.board();
    assert_eq!(
        (owners[hole("f4")], owners[hole("e5")], owners[120]),
        (Some(0), None, Some(1))
    );
    assert_json_rejected::<ChineseCheckers>(
        &json,
        &[
            ("board", json!(board.replacen('0', ".", 1))),
            ("moves", json!(["e5-g6"])),
        ],
    );
}

#[test]
fn buckets_grow_and_stay_exact() {
    // A long game grows the counting table several times; the repetition test stays exact.
    let mut g = game(json!({"pieces": 10, "area": "free", "max_plies": 5000}));
    let mut rng = SplitMix64::new(11);
    while g.current_player().is_some() {
        let mv = g.random_move(&mut rng);
        g.play_unchecked(mv);
        let keys = &g.keys;
        let last = keys[keys.len() - 1];
        let earlier = keys[..keys.len() - 1]
            .iter()
            .filter(|&&k| k == last)
            .count();
        let repetition = g.outcome().is_some_and(|o| o.reason == "repetition");
        assert_eq!(
            repetition,
            earlier >= 2 && g.outcome().unwrap().winners == 0
        );
    }
    assert!(g.buckets.len() >= 4 * g.keys.len());
    let total: usize = g.buckets.iter().map(|&c| usize::from(c)).sum();
    assert_eq!(total, g.keys.len());
    while g.undo().is_some() {}
    assert_eq!(g.buckets.iter().map(|&c| usize::from(c)).sum::<usize>(), 1);
}

#[test]
fn prefetch_move_asks_for_the_bucket_the_move_counts_in() {
    // A batched env asks for the lines a move will write outside the state: the ends of the
    // history and of the keys, and the bucket of the key after the move.
    for options in [
        json!({"pieces": 10, "area": "free"}),
        json!({"players": 3, "pieces": 10, "actions": "piece_to"}),
    ] {
        let mut g = game(options);
        let mut rng = SplitMix64::new(5);
        for _ in 0..120 {
            let Some(_) = g.current_player() else { break };
            let mut ids = Vec::new();
            g.legal_actions(&mut ids);
            for &id in &ids {
                let mut asked = Vec::new();
                g.prefetch_move(id as usize, |address| asked.push(address as usize));
                let ends = |g: &ChineseCheckers| {
                    let history = g.history().as_ptr_range().end as usize;
                    (history, g.keys.as_ptr_range().end as usize)
                };
                assert_eq!((asked[0], asked[1]), ends(&g));
                let mut after = g.clone();
                after.play_unchecked(g.move_from_action(id as usize).expect("a listed id"));
                if after.buckets.len() == g.buckets.len() {
                    let entry = std::mem::size_of_val(&g.buckets[0]);
                    let bucket = (asked[2] - g.buckets.as_ptr() as usize) / entry;
                    assert_eq!(bucket, after.bucket(after.key()), "id {id}");
                }
            }
            for id in [g.num_actions(), usize::MAX] {
                let mut asked = 0;
                g.prefetch_move(id, |_| asked += 1);
                assert_eq!(asked, 2, "no bucket for id {id}, which names no move");
            }
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
        }
    }
}

#[test]
fn prefetch_state_leaves_out_the_caches_of_the_seats_not_next() {
    // The lines of the next seat's cache entries and of the position are asked for; no line
    // that holds only the entries of another seat is.
    for players in [2, 3, 6] {
        let mut g = game(json!({"players": players, "pieces": 10}));
        let mut rng = SplitMix64::new(3);
        for _ in 0..40 {
            let mut lines = Vec::new();
            g.prefetch_state(|line| lines.push(line as usize));
            let asked = |at: *const u8| lines.contains(&(at as usize / LINE * LINE));
            let next = (usize::from(g.to_move) + 1) % players;
            for range in g.cache.entries_of(next) {
                assert!(
                    range.step_by(8).all(|a| asked(a as *const u8)),
                    "seat {next}'s cache"
                );
            }
            assert!(asked(std::ptr::from_ref(&g.boards).cast()));
            assert!(asked(std::ptr::from_ref(&g.key).cast()));
            for range in g.cache.others(next) {
                let whole = range.start.div_ceil(LINE) * LINE..range.end / LINE * LINE;
                assert!(!whole.step_by(LINE).any(|line| lines.contains(&line)));
            }
            let mv = g.random_move(&mut rng);
            g.play_unchecked(mv);
        }
    }
}

// -- the goal lock --------------------------------------------------------------------------

/// The rules page's worked example: player 0's 24 moves, each answered by players 1 and 2
/// rocking one piece back and forth.
fn goal_lock_example(goal_lock: bool) -> ChineseCheckers {
    let mut g = game(json!({"players": 3, "pieces": 10, "area": "free", "goal_lock": goal_lock}));
    let moves = "c1-e5 e5-f4 a1-g3 g3-h2 c3-i1 i1-k3 k3-l4 l4-m5 m5-n1 f4-g3 h2-h3 g3-i3 h3-j4 \
                 i3-k5 j4-l6 k5-m7 l6-m6 d1-e5 d3-f4 e5-g3 f4-h2 g3-k3 k3-k4 k4-l5";
    let mut played = Vec::new();
    for mv in moves.split_whitespace() {
        let rock_1 = |g: &ChineseCheckers| match g.board()[hole("j1")] {
            Some(1) => "j1-j2",
            _ => "j2-j1",
        };
        let rock_2 = |g: &ChineseCheckers| match g.board()[hole("j10")] {
            Some(2) => "j10-j9",
            _ => "j9-j10",
        };
        play(&mut g, mv);
        played.push(mv.to_string());
        let reply = rock_1(&g);
        play(&mut g, reply);
        played.push(reply.to_string());
        let reply = rock_2(&g);
        play(&mut g, reply);
        played.push(reply.to_string());
    }
    assert_eq!(played.len(), 72);
    assert_eq!(
        played[..6],
        ["c1-e5", "j1-j2", "j10-j9", "e5-f4", "j2-j1", "j9-j10"]
    );
    g
}

#[test]
fn goal_lock_worked_example() {
    let mut free = goal_lock_example(false);
    let mut locked = goal_lock_example(true);
    for g in [&free, &locked] {
        assert_eq!(g.current_player(), Some(0));
        assert_eq!(g.key(), 0xa289_62e3_a5ae_9e78);
        let owners = g.board();
        assert_eq!(owners[hole("n1")], Some(0));
        assert_ne!(g.home(0) & bit(hole("n1")), 0, "n1 is in player 0's home");
        for name in ["m6", "m7", "l5"] {
            assert_eq!(owners[hole(name)], Some(0), "{name}");
            assert_eq!(g.home(0) & bit(hole(name)), 0, "{name} is outside the home");
        }
        for name in ["n2", "n3", "l4", "l6", "l7"] {
            assert_eq!(owners[hole(name)], None, "{name}");
        }
    }
    let of_n1 = |g: &ChineseCheckers| -> Vec<String> {
        notations(g)
            .into_iter()
            .filter(|m| m.starts_with("n1-"))
            .collect()
    };
    assert_eq!(notations(&free).len(), 51);
    assert_eq!(
        of_n1(&free),
        ["n1-l4", "n1-l6", "n1-m5", "n1-n2", "n1-n3", "n1-o1"]
    );
    assert!(notations(&free).contains(&"l5-l7".to_string()));
    assert_eq!(notations(&locked).len(), 46);
    assert_eq!(of_n1(&locked), ["n1-n2", "n1-o1"]);
    let locked_moves = notations(&locked);
    assert!(!locked_moves.contains(&"l5-l7".to_string()));
    assert!(locked_moves.contains(&"l5-n2".to_string()));
    for mv in ["n1-m5", "n1-l6", "n1-l4", "n1-n3", "l5-l7"] {
        assert!(
            illegal_reason(&locked, mv).contains("goal lock"),
            "{mv}: {}",
            illegal_reason(&locked, mv)
        );
    }
    assert_perft_counts(&mut free, &[51, 938, 13_213], "without the lock");
    assert_perft_counts(&mut locked, &[46, 856, 12_065], "with the lock");
}

#[test]
fn goal_lock_json() {
    let g = goal_lock_example(true);
    let written = to_json(&g);
    assert_eq!(written["options"]["goal_lock"], json!(true));
    let back: ChineseCheckers = from_json(&written).expect("round trip");
    assert_eq!(to_json(&back), written);
    // Without the lock the key is absent; written as false by hand it still loads.
    let plain = to_json(&goal_lock_example(false));
    assert!(plain["options"].get("goal_lock").is_none());
    let mut explicit = plain.clone();
    explicit["options"]["goal_lock"] = json!(false);
    let back: ChineseCheckers = from_json(&explicit).expect("goal_lock: false loads");
    assert!(!back.goal_lock());
    // The locked game's moves do not replay as a game without the lock would play them (the
    // options decide), and a wrong type is refused.
    let mut bad = written.clone();
    bad["options"]["goal_lock"] = json!(1);
    assert!(from_json::<ChineseCheckers>(&bad).is_err());
}

#[test]
fn for_each_bit_visits_every_set_bit_of_both_halves_ascending() {
    let mut rng = SplitMix64::new(7);
    let mut cases = vec![0, 1, 1 << 63, 1 << 64, 1 << 127, u128::MAX];
    cases.extend((0..200).map(|_| {
        // sparse and dense masks alike
        let (a, b) = (rng.next_u64(), rng.next_u64());
        let (c, d) = (rng.next_u64(), rng.next_u64());
        (u128::from(a & c) << 64 | u128::from(b & d)) ^ u128::from(rng.next_u64() % 3)
    }));
    for bits in cases {
        let mut seen = Vec::new();
        board::for_each_bit(bits, |i| seen.push(i));
        let expected: Vec<u32> = (0..128).filter(|&i| bits >> i & 1 == 1).collect();
        assert_eq!(seen, expected, "{bits:#x}");
    }
}
