//! Tests of Domination: shared perft vectors, the rules page's examples, geometry and names,
//! options, notation, the end of the game, and properties along seeded random games checked
//! against a slow move generator and a slow move application written straight from the rules
//! text.

use serde_json::{json, Value};

use super::board::{self, SQUARES};
use super::state::FACTS;
use super::{Domination, Move, MoveKind, Movement, NUM_ACTIONS, PLACEMENT_BASE, RESERVE_BASE};
use crate::core::error::Error;
use crate::core::json::{from_json, to_json};
use crate::core::rng::SplitMix64;
use crate::core::testing::{
    self, assert_invalid_moves, assert_json_rejected, assert_option_errors, assert_perft_counts,
    assert_seeded_table, check_actions, check_perft_vectors, illegal_reason, legal, new_game,
    notations, play, random_walk, Oracle, Ply, Walk,
};
use crate::core::zobrist;
use crate::prelude::*;

fn game(options: Value) -> Domination {
    new_game(options)
}

fn square(name: &str) -> usize {
    board::square_index(name).unwrap_or_else(|| panic!("{name} is a square"))
}

/// The stack on a square as colour letters, bottom to top.
fn letters(game: &Domination, name: &str) -> String {
    game.stack(square(name))
        .iter()
        .map(|&c| char::from(b"GRBY"[usize::from(c)]))
        .collect()
}

// -- perft ----------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    let checked = check_perft_vectors::<Domination>(2_000_000);
    assert!(checked >= 10, "only {checked} perft vectors checked");
}

#[test]
fn perft_of_the_rules_page() {
    for (players, movement, counts) in [
        (2, "up_to", [68, 4460]),
        (2, "exact", [68, 4460]),
        (4, "up_to", [44, 1895]),
        (4, "exact", [44, 1895]),
    ] {
        let mut g = game(json!({"players": players, "movement": movement, "first_player": 0}));
        assert_perft_counts(&mut g, &counts, &format!("{players} {movement}"));
    }
}

#[test]
fn why_68_and_44() {
    // Every start stack is one piece: one move per orthogonal neighbour on the board.
    for (players, expected) in [(2, 68), (4, 44)] {
        let g = game(json!({"players": players, "first_player": 0}));
        let mut total = 0;
        for s in 0..SQUARES {
            if g.stack(s) == [0] {
                let (x, y) = board::COORDS[s];
                let (x, y) = (i32::from(x), i32::from(y));
                total += [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .filter(|(dx, dy)| board::exists(x + dx, y + dy))
                    .count();
            }
        }
        assert_eq!(total, expected);
        assert_eq!(legal(&g).len(), expected);
    }
}

// -- keys -----------------------------------------------------------------------------------

/// The start keys with `first_player = 0`, by player count − 2.
const START_KEYS: [u64; 3] = [
    0xed3a_c371_883d_7028,
    0xf4b5_f8e2_f844_1970,
    0x6ae1_b1dd_8d36_16ea,
];

#[test]
fn start_keys_are_pinned() {
    let keys: [u64; 1120] = zobrist::table(0x444F_4D49_4E41_5445);
    assert_seeded_table(&keys, 0x444F_4D49_4E41_5445);
    for players in 2..=4 {
        let g = game(json!({"players": players, "first_player": 0}));
        assert_eq!(g.key(), START_KEYS[players - 2], "{players} players");
        // From the rules page's description: a level-0 key per piece, the opening keys with 3
        // players, player 0's turn key.
        let mut key = keys[1116];
        for s in 0..SQUARES {
            for (level, &colour) in g.stack(s).iter().enumerate() {
                key ^= keys[(s * 5 + level) * 4 + usize::from(colour)];
            }
        }
        if players == 3 {
            key ^= keys[1112] ^ keys[1113] ^ keys[1114];
        }
        assert_eq!(key, START_KEYS[players - 2]);
    }
    // A reserve of n pieces of player p adds key 1040 + 18p + n − 1.
    let g = game(json!({"players": 2, "first_player": 1}));
    let g = g.with_position(&[("c4", "G"), ("d4", "R")], &[3, 1], &[], 1);
    let expected = keys[1117]
        ^ keys[(square("c4") * 5) * 4]
        ^ keys[(square("d4") * 5) * 4 + 1]
        ^ keys[1040 + 2]
        ^ keys[1040 + 18];
    assert_eq!(g.key(), expected);
}

// -- board ----------------------------------------------------------------------------------

#[test]
fn squares_and_names() {
    let names: Vec<String> = (0..SQUARES).map(board::square_name).collect();
    assert_eq!(&names[..6], ["c1", "d1", "e1", "f1", "b2", "c2"]);
    assert_eq!(names[10], "a3");
    assert_eq!(names[51], "f8");
    for missing in [
        "a1", "b1", "a2", "g1", "h1", "h2", "a7", "a8", "b8", "h7", "g8", "h8",
    ] {
        assert_eq!(board::square_index(missing), None, "{missing}");
    }
    for bad in ["", "c", "c0", "c9", "i4", "C4", "c4 ", " c4", "c44"] {
        assert_eq!(board::square_index(bad), None, "{bad:?}");
    }
    for (i, name) in names.iter().enumerate() {
        assert_eq!(board::square_index(name), Some(i));
    }
    let mut count = 0;
    for y in 0..8 {
        for x in 0..8 {
            let on = x.min(7 - x) + y.min(7 - y) >= 2;
            assert_eq!(board::exists(x, y), on);
            count += usize::from(on);
        }
    }
    assert_eq!(count, SQUARES);
    assert_eq!(board::ALL.count_ones() as usize, SQUARES);
    for s in 0..SQUARES {
        let t = &board::REACH[s][board::MAX_HEIGHT];
        let list = &t.list[..usize::from(t.len)];
        assert!(list.windows(2).all(|w| w[0].0 < w[1].0), "ascending");
        for &(to, d) in list {
            assert_eq!(board::distance(s, usize::from(to)), Some(usize::from(d)));
            assert!((1..=5).contains(&d));
        }
        let all = (0..SQUARES)
            .filter(|&t| board::distance(s, t).is_some_and(|d| d <= 5))
            .count();
        assert_eq!(list.len(), all);
        for (h, reach) in board::REACH[s].iter().enumerate() {
            let near: Vec<(u8, u8)> = list
                .iter()
                .filter(|t| usize::from(t.1) <= h)
                .copied()
                .collect();
            assert_eq!(&reach.list[..usize::from(reach.len)], &near[..], "{s} {h}");
        }
    }
}

#[test]
fn start_layouts() {
    // The pieces of each colour, and where the layouts put them.
    for (players, per_colour, empty) in [(2, 18, 16), (3, 12, 16), (4, 13, 0)] {
        let g = game(json!({"players": players}));
        for p in 0..players {
            let pieces = (0..SQUARES).filter(|&s| g.stack(s) == [p as u8]).count();
            assert_eq!(pieces, per_colour, "{players} players, colour {p}");
            assert_eq!(g.in_hand(p), players == 3);
            assert_eq!(u32::from(g.in_hand(p)) + per_colour as u32, g.start_count());
        }
        let empties = (0..SQUARES).filter(|&s| g.stack(s).is_empty()).count();
        assert_eq!(empties, empty);
    }
    let two = game(json!({"players": 2}));
    assert_eq!(letters(&two, "b7"), "G");
    assert_eq!(letters(&two, "d7"), "R");
    assert_eq!(letters(&two, "b2"), "R");
    assert_eq!(letters(&two, "a4"), "");
    let three = game(json!({"players": 3}));
    assert_eq!(letters(&three, "f7"), "B");
    assert_eq!(letters(&three, "b5"), "B");
    let four = game(json!({"players": 4}));
    for (name, colour) in [
        ("c1", "G"),
        ("d1", "R"),
        ("e8", "Y"),
        ("f8", "B"),
        ("a6", "R"),
    ] {
        assert_eq!(letters(&four, name), colour, "{name}");
    }
}

// -- options --------------------------------------------------------------------------------

#[test]
fn options_and_defaults() {
    let start = game(json!({}));
    assert_eq!(
        Value::Object(start.options()),
        json!({"players": 2, "movement": "up_to", "first_player": null, "seed": 0,
               "max_plies": null})
    );
    let g = game(json!({"players": 4, "movement": "exact", "first_player": 3,
                        "seed": u64::MAX, "max_plies": 9}));
    assert_eq!(
        Value::Object(g.options()),
        json!({"players": 4, "movement": "exact", "first_player": 3, "seed": u64::MAX,
               "max_plies": 9})
    );
    assert_eq!((g.movement(), g.max_plies()), (Movement::Exact, Some(9)));
    assert_eq!(g.current_player(), Some(3));
    assert_eq!(g.num_actions(), 13624);
    assert_eq!(g.observation_shape(), vec![29, 52]);
    // None is allowed where the rules page says what it means, and only there.
    let null = game(json!({"first_player": null, "max_plies": null}));
    assert_eq!(null.options(), start.options());
    assert_option_errors::<Domination>(&[
        (
            json!({"seed": null}),
            "seed must be an int in 0..2**64 - 1, got None",
        ),
        (
            json!({"players": null}),
            "players must be one of 2, 3, 4, got None",
        ),
    ]);
}

#[test]
fn option_errors() {
    let cases = [
        (json!({"colour": 1}), "unknown option 'colour'"),
        (
            json!({"players": 5}),
            "players must be one of 2, 3, 4, got 5",
        ),
        (json!({"players": true}), "got True"),
        (json!({"players": 2.0}), "players must be one of"),
        (
            json!({"movement": "any"}),
            "movement must be one of 'up_to', 'exact', got 'any'",
        ),
        (json!({"movement": 1}), "got 1"),
        (
            json!({"first_player": 2}),
            "first_player must be None or a player index in 0..1, got 2",
        ),
        (
            json!({"players": 3, "first_player": 3}),
            "a player index in 0..2, got 3",
        ),
        (json!({"first_player": -1}), "got -1"),
        (json!({"first_player": true}), "got True"),
        (json!({"first_player": "0"}), "got '0'"),
        (
            json!({"seed": -1}),
            "seed must be an int in 0..2**64 - 1, got -1",
        ),
        (json!({"seed": 1.5}), "got 1.5"),
        (json!({"seed": false}), "got False"),
        (json!({"seed": "7"}), "got '7'"),
        (
            json!({"max_plies": 0}),
            "max_plies must be None or an int in 1..2**32 - 1, got 0",
        ),
        (json!({"max_plies": -3}), "got -3"),
    ];
    assert_option_errors::<Domination>(&cases);
}

#[test]
fn first_player_is_drawn_from_the_seed() {
    for players in 2..=4 {
        let mut seen = [false; 4];
        for seed in 0..40u64 {
            let g = game(json!({"players": players, "seed": seed}));
            let expected = SplitMix64::new(seed).below(players);
            assert_eq!(g.current_player(), Some(expected), "seed {seed}");
            seen[expected] = true;
            assert_eq!(g.key(), g.key_from_scratch());
            // first_player overrides the draw.
            let fixed = game(json!({"players": players, "seed": seed, "first_player": 1}));
            assert_eq!(fixed.current_player(), Some(1));
        }
        assert!(
            seen[..players].iter().all(|&s| s),
            "every seat is drawn sometimes"
        );
    }
    assert_eq!(
        game(json!({"seed": u64::MAX})).current_player(),
        Some(SplitMix64::new(u64::MAX).below(2))
    );
}

// -- notation and actions -------------------------------------------------------------------

#[test]
fn notation_and_actions_round_trip() {
    let g = game(json!({}));
    let mut stack_moves = 0;
    check_actions(&g, 0..NUM_ACTIONS, |action, found| match found {
        Some((mv, text)) => match mv.kind() {
            MoveKind::Stack => {
                stack_moves += 1;
                let (from, to) = (mv.from().unwrap(), mv.to());
                assert_eq!(action, (from * 52 + to) * 5 + mv.lift() - 1);
                assert!(text.contains('-') && text.contains(':'));
            }
            MoveKind::Reserve => {
                assert_eq!(action, RESERVE_BASE + mv.to());
                assert!(text.starts_with('+'));
            }
            MoveKind::Placement => {
                assert_eq!(action, PLACEMENT_BASE + mv.to());
                assert!(text.starts_with('*'));
            }
        },
        None => {
            assert!(action < RESERVE_BASE);
            let pair = action / 5;
            assert_eq!(board::distance(pair / 52, pair % 52), None);
        }
    });
    // Pairs on a rank or file: 8 ranks and 8 files, each line of n squares has n(n−1) pairs.
    let lines: usize = [4, 6, 8, 8, 8, 8, 6, 4].iter().map(|n| n * (n - 1)).sum();
    assert_eq!(stack_moves, 2 * lines * 5);
    assert!(matches!(
        g.move_from_action(NUM_ACTIONS),
        Err(Error::InvalidMove { .. })
    ));
    assert_eq!(
        g.parse_move("c4-c6:2").unwrap().action(),
        (square("c4") * 52 + square("c6")) * 5 + 1
    );
    assert_eq!(g.parse_move("+e5").unwrap().action(), 13520 + square("e5"));
    assert_eq!(g.parse_move("*e5").unwrap().action(), 13572 + square("e5"));
    assert_eq!(
        Move::stack(square("c4"), square("c6"), 2)
            .unwrap()
            .to_string(),
        "c4-c6:2"
    );
    assert_eq!(
        (RESERVE_BASE, PLACEMENT_BASE, NUM_ACTIONS),
        (13520, 13572, 13624)
    );
}

#[test]
fn parse_errors() {
    let g = game(json!({}));
    let invalid = [
        "c4-d5:1",
        "c4-c6:0",
        "c4-c6:6",
        "a1-a2:1",
        "c4-c6",
        "e5",
        "c4-c4:1",
        "C4-c6:2",
        "c4-c6:2 ",
        " c4-c6:2",
        "c4-c6:02",
        "c4-c6:",
        "c4c6:2",
        "+a1",
        "+",
        "*",
        "*e9",
        "+e5:1",
        "c4-c6:2:1",
        "c4--c6:2",
        "",
        "pass",
        "+E5",
        "c4-h4:1x",
    ];
    assert_invalid_moves(&g, &invalid);
    // Well formed though no stack could ever travel that far.
    assert!(g.parse_move("a3-h3:5").is_ok());
}

#[test]
fn illegal_moves_say_why() {
    let g = game(json!({"first_player": 0}));
    for (text, reason) in [
        ("a4-a5:1", "there is no stack on a4"),
        ("b6-a6:1", "the stack on b6 is not yours"),
        (
            "c3-c5:1",
            "1 lifted piece must move at most 1 square, not 2",
        ),
        ("b3-a3:2", "the stack on b3 is only 1 high"),
        ("+e5", "you have no reserve pieces"),
        ("*a4", "you hold no opening piece"),
    ] {
        assert_eq!(illegal_reason(&g, text), reason, "{text}");
    }
    let exact = game(json!({"movement": "exact", "first_player": 0}));
    assert_eq!(
        illegal_reason(&exact, "c3-c5:1"),
        "1 lifted piece must move exactly 1 square, not 2"
    );
    let three = game(json!({"players": 3, "first_player": 0}));
    for (text, reason) in [
        (
            "b3-b4:1",
            "you must first place your opening piece on an empty square",
        ),
        (
            "+a4",
            "you must first place your opening piece on an empty square",
        ),
        ("*b3", "b3 is not empty"),
    ] {
        assert_eq!(illegal_reason(&three, text), reason, "{text}");
    }
}

// -- the rules page's examples --------------------------------------------------------------

#[test]
fn three_player_first_turns() {
    let mut g = game(json!({"players": 3, "first_player": 0}));
    let edge: Vec<usize> = (0..SQUARES)
        .filter(|&s| {
            let (x, y) = board::COORDS[s];
            !(1..=6).contains(&x) || !(1..=6).contains(&y)
        })
        .collect();
    assert_eq!(edge.len(), 16);
    let expected: Vec<Move> = edge.iter().map(|&s| Move::placement(s).unwrap()).collect();
    assert_eq!(legal(&g), expected);
    assert_eq!(g.count_legal_moves(), 16);
    assert_eq!(notations(&g)[0], "*c1");
    play(&mut g, "*a4");
    assert_eq!(
        (g.current_player(), g.in_hand(0), g.in_hand(1)),
        (Some(1), false, true)
    );
    assert_eq!(letters(&g, "a4"), "G");
    assert_eq!(g.count_legal_moves(), 15);
    assert!(legal(&g).iter().all(|m| m.kind() == MoveKind::Placement));
    play(&mut g, "*h5");
    play(&mut g, "*d8");
    assert_eq!(g.current_player(), Some(0));
    assert!(legal(&g).iter().all(|m| m.kind() == MoveKind::Stack));
    assert!(notations(&g).contains(&"a4-a5:1".to_string()));
    assert_eq!(g.key(), g.key_from_scratch());
    // Seats after a drawn first player go on in seat order, each placing first.
    let mut g = game(json!({"players": 3, "first_player": 2}));
    for (player, text) in [(2, "*a3"), (0, "*a4"), (1, "*a5")] {
        assert_eq!(g.current_player(), Some(player));
        play(&mut g, text);
    }
    assert_eq!(g.current_player(), Some(2));
}

#[test]
fn overflow_example() {
    // Green moves c4-c6:2 with c4 = [R, G] and c6 = [G, R, R, G, R].
    let start = game(json!({"first_player": 0}));
    let mut g = start.with_position(&[("c4", "RG"), ("c6", "GRRGR"), ("e5", "R")], &[], &[], 0);
    let key = g.key();
    let before = to_json(&g);
    play(&mut g, "c4-c6:2");
    assert_eq!(letters(&g, "c6"), "RGRRG");
    assert_eq!(letters(&g, "c4"), "");
    assert_eq!((g.reserve(0), g.reserve(1)), (1, 0));
    assert_eq!((g.captured(0), g.captured(1)), (0, 1));
    assert_eq!(g.controller(square("c6")), Some(0));
    assert_eq!(g.key(), g.key_from_scratch());
    assert_eq!(g.current_player(), Some(1));
    g.undo();
    assert_eq!((to_json(&g), g.key()), (before, key));
    // Lifting one piece instead: [G, R, R, G, R, G] loses its bottom green to the reserve.
    play(&mut g, "c4-c5:1");
    play(&mut g, "e5-e6:1");
    play(&mut g, "c5-c6:1");
    assert_eq!(letters(&g, "c6"), "RRGRG");
    assert_eq!((g.reserve(0), g.captured(1)), (1, 0));
    // A reserve move overflows too.
    let mut g = start.with_position(&[("c6", "GRRGR"), ("e5", "R")], &[1], &[], 0);
    play(&mut g, "+c6");
    assert_eq!(letters(&g, "c6"), "RRGRG");
    assert_eq!(
        (g.reserve(0), g.captured(1)),
        (1, 0),
        "the reserve piece came back"
    );
    assert_eq!(g.key(), g.key_from_scratch());
    // Five pieces lifted onto five: the whole old stack goes.
    let mut g = start.with_position(
        &[("c3", "RRRRG"), ("c4", "GRGRG"), ("h5", "R")],
        &[],
        &[],
        0,
    );
    play(&mut g, "c3-c4:5");
    assert_eq!(letters(&g, "c4"), "RRRRG");
    assert_eq!((g.reserve(0), g.captured(1)), (3, 2));
    assert_eq!(g.key(), g.key_from_scratch());
    g.undo();
    assert_eq!(
        (letters(&g, "c3"), letters(&g, "c4")),
        ("RRRRG".into(), "GRGRG".into())
    );
    assert_eq!((g.reserve(0), g.captured(1)), (0, 0));
}

#[test]
fn movement_rules() {
    // A stack of 3 on d4: three squares in each direction are on the board.
    let position = [("d4", "RRG"), ("g7", "R")];
    let up_to = game(json!({"first_player": 0})).with_position(&position, &[], &[], 0);
    let exact =
        game(json!({"movement": "exact", "first_player": 0})).with_position(&position, &[], &[], 0);
    let from_d4 = |g: &Domination| -> Vec<String> {
        notations(g)
            .into_iter()
            .filter(|m| m.starts_with("d4"))
            .collect()
    };
    let up = from_d4(&up_to);
    assert!(up.contains(&"d4-a4:3".to_string()));
    assert!(up.contains(&"d4-c4:1".to_string()) && up.contains(&"d4-c4:3".to_string()));
    assert!(!up.contains(&"d4-b4:1".to_string()));
    // Per direction 3 + 2 + 1 moves.
    assert_eq!(up.len(), 4 * 6);
    let ex = from_d4(&exact);
    assert_eq!(ex.len(), 4 * 3);
    assert!(ex.contains(&"d4-b4:2".to_string()) && !ex.contains(&"d4-b4:3".to_string()));
    assert_eq!(up_to.count_legal_moves(), legal(&up_to).len());
    assert_eq!(exact.count_legal_moves(), legal(&exact).len());
    // The squares passed over do not matter.
    let mut g = up_to.with_position(&[("d4", "RRG"), ("d5", "GGR"), ("d6", "R")], &[], &[], 0);
    play(&mut g, "d4-d6:2");
    assert_eq!(letters(&g, "d6"), "RRG");
    assert_eq!(letters(&g, "d4"), "R");
    assert_eq!(g.controller(square("d4")), Some(1));
}

#[test]
fn skipped_player_comes_back() {
    // Red (1) controls nothing and has no reserve; its piece lies under green's on c4.
    let start = game(json!({"players": 3, "first_player": 0}));
    let mut g = start.with_position(&[("c4", "RG"), ("e4", "G"), ("e6", "B")], &[], &[], 0);
    assert!(!g.can_act(1));
    play(&mut g, "e4-e3:1");
    assert_eq!(g.current_player(), Some(2), "red is skipped");
    assert_eq!(g.key(), g.key_from_scratch());
    play(&mut g, "e6-e7:1");
    assert_eq!(g.current_player(), Some(0));
    play(&mut g, "c4-c5:1");
    assert_eq!(letters(&g, "c4"), "R");
    assert!(g.can_act(1));
    assert_eq!(g.current_player(), Some(1), "red controls c4 again");
    assert_eq!(g.outcome(), None);
    g.undo();
    assert_eq!(g.current_player(), Some(0));
    // A player with only reserve pieces can act too.
    let mut g = start.with_position(&[("e4", "G"), ("e6", "B")], &[0, 2, 0], &[], 0);
    play(&mut g, "e4-e3:1");
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(legal(&g).len(), 52, "only reserve moves");
    play(&mut g, "+e3");
    assert_eq!(letters(&g, "e3"), "GR");
    assert_eq!(g.current_player(), Some(2));
}

#[test]
fn last_player_able_to_move_wins() {
    // Two players: green covers red's last stack.
    let start = game(json!({"first_player": 0}));
    let mut g = start.with_position(&[("c4", "G"), ("c5", "R")], &[], &[], 0);
    play(&mut g, "c4-c5:1");
    let outcome = g.outcome().unwrap();
    assert_eq!(
        (outcome.winner_list(), outcome.reason),
        (vec![0], "last player able to move")
    );
    assert_eq!(outcome.returns(2), vec![1.0, -1.0]);
    assert_eq!(g.current_player(), None);
    assert_eq!(
        g.key(),
        g.key_from_scratch(),
        "the turn key stays the winner's"
    );
    assert!(legal(&g).is_empty());
    assert_eq!(g.count_legal_moves(), 0);
    let mv = g.parse_move("c5-c4:1").unwrap();
    assert!(!g.is_legal(mv));
    assert_eq!(
        g.play(mv),
        Err(Error::illegal_move("c5-c4:1", "the game is over"))
    );
    let json = to_json(&g);
    assert_eq!(
        json["outcome"],
        json!({"winners": [0], "reason": "last player able to move"})
    );
    g.undo();
    assert_eq!((g.current_player(), g.outcome()), (Some(0), None));
    // Red keeps a reserve piece: no win.
    let mut g = start.with_position(&[("c4", "G"), ("c5", "R")], &[0, 1], &[], 0);
    play(&mut g, "c4-c5:1");
    assert_eq!((g.outcome(), g.current_player()), (None, Some(1)));
    // Four players, two already out: blue covers yellow's last stack.
    let four = game(json!({"players": 4, "first_player": 2}));
    let mut g = four.with_position(&[("c4", "B"), ("c5", "Y"), ("e5", "RG")], &[], &[], 2);
    play(&mut g, "c4-c5:1");
    assert_eq!(g.current_player(), Some(0), "yellow and red are skipped");
    play(&mut g, "e5-c5:2");
    assert_eq!(letters(&g, "c5"), "YBRG");
    assert_eq!(g.outcome().unwrap().winner_list(), vec![0]);
    assert_eq!(g.outcome().unwrap().returns(4), vec![1.0, -1.0, -1.0, -1.0]);
    assert_eq!(g.key(), g.key_from_scratch());
}

#[test]
fn ply_limit() {
    let mut g = game(json!({"max_plies": 50, "seed": 3}));
    // Played move by move (a random game plays for good, and this one is taken back below).
    let mut rng = SplitMix64::new(3);
    while g.current_player().is_some() {
        let mv = g.random_move(&mut rng);
        g.play_unchecked(mv);
    }
    let record = crate::core::playout::record(&g);
    assert_eq!(
        (
            record.length,
            FACTS.reasons[usize::from(record.reason)],
            record.winners
        ),
        (50, "ply limit", 0)
    );
    assert_eq!(g.current_player(), None);
    assert_eq!(g.outcome().unwrap().returns(2), vec![0.0, 0.0]);
    assert_eq!(
        g.key(),
        g.key_from_scratch(),
        "the turn key is the next player's"
    );
    let mover = g.keys.records().last().unwrap().mover;
    g.undo();
    assert_eq!(g.current_player(), Some(usize::from(mover)));
    // A win takes precedence over the ply limit reached by the same move.
    let start = game(json!({"first_player": 0, "max_plies": 1}));
    let mut g = start.with_position(&[("c4", "G"), ("c5", "R")], &[], &[], 0);
    play(&mut g, "c4-c5:1");
    assert_eq!(g.outcome().unwrap().reason, "last player able to move");
    let mut g = start.with_position(&[("c4", "G"), ("c6", "R")], &[], &[], 0);
    play(&mut g, "c4-c5:1");
    assert_eq!(g.outcome().unwrap().reason, "ply limit");
    assert_eq!(g.key(), g.key_from_scratch());
}

#[test]
fn observation_layout() {
    let g = game(json!({"players": 3, "first_player": 0})).with_position(
        &[("a5", "RGB"), ("c3", "G")],
        &[2, 0, 5],
        &[false, true, false],
        1,
    );
    let players = 3;
    let shape = g.observation_shape();
    assert_eq!(shape, vec![22, SQUARES]);
    let mut out = vec![9.0; 22 * SQUARES];
    g.observation(2, &mut out);
    let at = |plane: usize, s: &str| out[plane * SQUARES + square(s)];
    // Viewer 2 (blue): k = 0 blue, 1 green, 2 red.
    assert_eq!(at(0, "a5"), 0.0);
    assert_eq!(at(1, "a5"), 0.0);
    assert_eq!(at(2, "a5"), 1.0, "red at level 0");
    assert_eq!(at(players + 1, "a5"), 1.0, "green at level 1");
    assert_eq!(at(2 * players, "a5"), 1.0, "blue at level 2");
    let ones: f32 = out[..5 * players * SQUARES].iter().sum();
    assert_eq!(ones, 4.0);
    assert_eq!(at(1, "c3"), 1.0, "green at level 0 of c3: k = 1");
    for s in 0..SQUARES {
        assert_eq!(out[5 * players * SQUARES + s], 5.0, "blue's reserve");
        assert_eq!(out[(5 * players + 1) * SQUARES + s], 2.0, "green's reserve");
        assert_eq!(out[(5 * players + 2) * SQUARES + s], 0.0);
        assert_eq!(
            out[(6 * players + 2) * SQUARES + s],
            1.0,
            "red holds its piece"
        );
        assert_eq!(out[(6 * players) * SQUARES + s], 0.0);
        assert_eq!(out[7 * players * SQUARES + s], 0.0, "blue is not to move");
    }
    g.observation(1, &mut out);
    assert!(out[7 * players * SQUARES..].iter().all(|&x| x == 1.0));
}

#[test]
fn json_fields() {
    let mut g = game(json!({"first_player": 0}));
    play(&mut g, "b3-a3:1");
    play(&mut g, "b4-a4:1");
    play(&mut g, "a3-a4:1");
    let json = to_json(&g);
    let board = json["board"].as_array().unwrap();
    assert_eq!(board.len(), SQUARES);
    assert_eq!(board[square("a4")], json!("RG"));
    assert_eq!(board[square("b3")], json!(""));
    assert_eq!(board[square("b7")], json!("G"));
    assert_eq!(json["reserves"], json!([0, 0]));
    assert_eq!(json["captured"], json!([0, 0]));
    assert_eq!(json["in_hand"], json!([false, false]));
    assert_eq!(json["moves"], json!(["b3-a3:1", "b4-a4:1", "a3-a4:1"]));
    assert_eq!(json["current_player"], json!(1));
    assert_eq!(json["outcome"], Value::Null);
    let back: Domination = from_json(&json).unwrap();
    assert_eq!((to_json(&back), back.key()), (json.clone(), g.key()));
    let three = to_json(&game(json!({"players": 3, "seed": 5})));
    assert_eq!(three["in_hand"], json!([true, true, true]));
    assert_eq!(three["options"]["first_player"], Value::Null);
    assert_json_rejected::<Domination>(
        &json,
        &[
            ("board", json!([""])),
            ("reserves", json!([1, 0])),
            ("captured", json!([0, 0, 0])),
            ("in_hand", json!([true, false])),
            ("moves", json!(["b3-a3:2"])),
        ],
    );
    let mut bad = json.clone();
    bad["options"].as_object_mut().unwrap().remove("seed");
    assert!(
        from_json::<Domination>(&bad).is_err(),
        "all five options are required"
    );
}

// -- random games against the rules text ----------------------------------------------------

/// The position as plain data: stacks bottom to top, reserves, captured, opening pieces.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    stacks: Vec<Vec<u8>>,
    reserves: Vec<u32>,
    captured: Vec<u32>,
    in_hand: Vec<bool>,
}

fn snapshot(g: &Domination) -> Snapshot {
    let players = g.num_players();
    Snapshot {
        stacks: (0..SQUARES).map(|s| g.stack(s)).collect(),
        reserves: (0..players).map(|p| g.reserve(p)).collect(),
        captured: (0..players).map(|p| g.captured(p)).collect(),
        in_hand: (0..players).map(|p| g.in_hand(p)).collect(),
    }
}

fn can_act(snap: &Snapshot, p: usize) -> bool {
    snap.reserves[p] > 0
        || snap.in_hand[p]
        || snap.stacks.iter().any(|s| s.last() == Some(&(p as u8)))
}

/// The legal moves by the rules text, sorted by action id.
fn slow_moves(g: &Domination) -> Vec<Move> {
    let Some(player) = g.current_player() else {
        return Vec::new();
    };
    let snap = snapshot(g);
    let mut moves = Vec::new();
    if snap.in_hand[player] {
        for (s, stack) in snap.stacks.iter().enumerate() {
            if stack.is_empty() {
                moves.push(Move::placement(s).unwrap());
            }
        }
        return moves;
    }
    for (from, stack) in snap.stacks.iter().enumerate() {
        if stack.last() != Some(&(player as u8)) {
            continue;
        }
        let (x, y) = board::COORDS[from];
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            for d in 1..8 {
                let Some(to) = board::index_of(i32::from(x) + d * dx, i32::from(y) + d * dy) else {
                    break;
                };
                for k in 1..=stack.len() {
                    let allowed = match g.movement() {
                        Movement::UpTo => d as usize <= k,
                        Movement::Exact => d as usize == k,
                    };
                    if allowed {
                        moves.push(Move::stack(from, to, k).unwrap());
                    }
                }
            }
        }
    }
    if snap.reserves[player] > 0 {
        moves.extend((0..SQUARES).map(|s| Move::reserve(s).unwrap()));
    }
    moves.sort_by_key(|m| m.action());
    moves
}

/// The position after `player` plays `mv`, by the rules text.
fn slow_play(before: &Snapshot, mv: Move, player: usize) -> Snapshot {
    let mut after = before.clone();
    let moving: Vec<u8> = match mv.kind() {
        MoveKind::Stack => {
            let from = &mut after.stacks[mv.from().unwrap()];
            from.split_off(from.len() - mv.lift())
        }
        MoveKind::Reserve => {
            after.reserves[player] -= 1;
            vec![player as u8]
        }
        MoveKind::Placement => {
            after.in_hand[player] = false;
            vec![player as u8]
        }
    };
    let to = &mut after.stacks[mv.to()];
    to.extend(moving);
    while to.len() > 5 {
        let bottom = usize::from(to.remove(0));
        if bottom == player {
            after.reserves[player] += 1;
        } else {
            after.captured[bottom] += 1;
        }
    }
    after
}

fn assert_invariants(g: &Domination) {
    let snap = snapshot(g);
    for p in 0..g.num_players() {
        let on_board: usize = snap
            .stacks
            .iter()
            .map(|s| s.iter().filter(|&&c| usize::from(c) == p).count())
            .sum();
        assert_eq!(
            on_board as u32 + snap.reserves[p] + u32::from(snap.in_hand[p]) + snap.captured[p],
            g.start_count(),
            "conservation of colour {p}"
        );
        assert_eq!(g.can_act(p), can_act(&snap, p));
    }
    for (s, stack) in snap.stacks.iter().enumerate() {
        assert!(stack.len() <= 5);
        assert_eq!(g.controller(s), stack.last().map(|&c| usize::from(c)));
        assert_eq!(g.occupied & (1 << s) != 0, !stack.is_empty());
    }
    if let Some(player) = g.current_player() {
        assert!(can_act(&snap, player), "the player to move can act");
        // Every controlled stack has a move (a step to a neighbour always exists).
        if !snap.in_hand[player] {
            let moves = legal(g);
            for (s, stack) in snap.stacks.iter().enumerate() {
                if stack.last() == Some(&(player as u8)) {
                    assert!(moves.iter().any(|m| m.from() == Some(s)), "a move from {s}");
                }
            }
        }
    }
}

/// The rules text along a walk: on the thorough plies the invariants and the slow generator;
/// at every ply the move applied as the rules text says and the turn passed on. Counts the
/// turns that skip a player.
#[derive(Default)]
struct RulesText {
    skips: usize,
}

impl Oracle<Domination> for RulesText {
    type Before = Snapshot;
    type Hidden = ();

    fn hidden(&self, _: &Domination) {}

    fn before(&mut self, g: &Domination, ply: &Ply<'_, Move>) -> Snapshot {
        if ply.thorough {
            assert_invariants(g);
            assert_eq!(
                ply.moves,
                slow_moves(g),
                "{} {:?} ply {}",
                Value::Object(g.options()),
                ply.walk,
                ply.index
            );
        }
        snapshot(g)
    }

    fn after(&mut self, g: &Domination, ply: &Ply<'_, Move>, before: Snapshot) {
        let (player, mv) = (ply.player, ply.mv);
        let after = snapshot(g);
        assert_eq!(after, slow_play(&before, mv, player), "{mv}");
        // The turn passes by the rules text.
        let able: Vec<usize> = (0..g.num_players())
            .filter(|&p| can_act(&after, p))
            .collect();
        match g.outcome() {
            Some(o) if o.reason == "last player able to move" => {
                assert_eq!(
                    (able.clone(), o.winner_list()),
                    (vec![player], vec![player])
                );
                assert_eq!(usize::from(g.to_move), player);
            }
            _ => {
                assert!(able.len() >= 2);
                let next = (1..=g.num_players())
                    .map(|i| (player + i) % g.num_players())
                    .find(|p| able.contains(p))
                    .unwrap();
                assert_eq!(usize::from(g.to_move), next);
                self.skips += usize::from(next != (player + 1) % g.num_players());
            }
        }
    }
}

/// Plays a seeded random game of at most `plies` plies: the shared properties, the cheap ones
/// at every ply and the costly ones (undo, the whole action space) every `every` plies, and
/// the rules text; returns the game and how many turns skipped a player.
fn check_random_game(
    options: &Value,
    seed: u64,
    plies: usize,
    every: usize,
) -> (Domination, usize) {
    let mut rules = RulesText::default();
    let walk = Walk::new(seed, plies, every);
    let g = testing::check_random_game(game(options.clone()), walk, &mut rules);
    assert_invariants(&g);
    (g, rules.skips)
}

fn all_configs() -> Vec<Value> {
    let mut out = Vec::new();
    for players in 2..=4 {
        for movement in ["up_to", "exact"] {
            out.push(json!({"players": players, "movement": movement}));
        }
    }
    out
}

#[test]
fn random_games_match_the_rules_text() {
    for (i, options) in all_configs().iter().enumerate() {
        for seed in 0..3 {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            check_random_game(&options, 100 * i as u64 + seed, 300, 3);
        }
    }
}

#[test]
fn whole_games_match_the_rules_text() {
    // Whole games reach overflow, reserves, skipped players and the win; the costly checks
    // run every few plies.
    let mut reasons = Vec::new();
    let mut overflows = 0;
    let mut skips = 0;
    for (i, options) in all_configs().iter().enumerate() {
        for seed in 0..2 {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            options["max_plies"] = json!(20_000);
            let (g, skipped) = check_random_game(&options, 7 + 10 * i as u64 + seed, 20_000, 997);
            skips += skipped;
            reasons.push(g.outcome().expect("over").reason);
            overflows += g.keys.records().filter(|u| u.removed_count > 0).count();
        }
    }
    assert!(reasons.contains(&"last player able to move"));
    assert!(overflows > 100, "{overflows} overflows");
    assert!(skips > 0, "some turns skip a player");
}

#[test]
fn undo_walks() {
    // Random walks with undo and copies mixed in; every undo restores the state exactly.
    for (i, options) in all_configs().iter().enumerate() {
        let g = game(options.clone());
        let g = random_walk(
            g,
            900 + i as u64,
            3000,
            4,
            500,
            |_| (),
            |g, step, _| {
                if step % 10 == 0 {
                    assert_invariants(g);
                }
            },
        );
        assert_eq!(to_json(&g), to_json(&game(options.clone())));
    }
}
