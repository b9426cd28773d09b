//! Tests of Armadora: perft vectors, the rules page's oracles, setup draws, notation, options,
//! views, and seeded random games checked against a slow generator written from the rules text.

use serde_json::{json, Value};

use super::board::{cell_index, slot_between, Edges, CELLS, LAND, MINE_CELLS, SLOTS};
use super::movegen::{Move, MoveKind, ADVANCED_NUM_ACTIONS, NUM_ACTIONS};
use super::state::{decide, settle, Armadora};
use crate::core::json::{from_json, to_json};
use crate::core::perft::perft;
use crate::core::rng::SplitMix64;
use crate::core::testing::{
    self, assert_invalid_moves, assert_option_errors, assert_seeded_table, check_actions,
    check_perft_vectors, illegal_reason, legal, new_game, play, Oracle, Ply, Walk,
};
use crate::prelude::*;

fn game(options: Value) -> Armadora {
    new_game(options)
}

fn slot(text: &str) -> usize {
    let (a, b) = text.split_once('-').unwrap();
    slot_between(cell_index(a).unwrap(), cell_index(b).unwrap()).unwrap()
}

/// The slow legality of a move by the rules text: every territory, from nothing.
fn slow_legal(g: &Armadora, mv: Move) -> bool {
    let Some(p) = g.current_player() else {
        return false;
    };
    let palisade_ok = |slots: &[usize]| {
        let mut all = g.palisades();
        if slots.iter().any(|s| all.contains(s)) || usize::from(g.palisades_left()) < slots.len() {
            return false;
        }
        all.extend_from_slice(slots);
        let edges = all.into_iter().fold(Edges::OPEN, Edges::without);
        edges.territories().iter().all(|t| t.count_ones() >= 4)
    };
    match mv.kind() {
        MoveKind::Warrior { strength, cell } => {
            let c = usize::from(cell);
            !MINE_CELLS.contains(&c)
                && g.warrior(c).is_none()
                && g.supply(p)[usize::from(strength) - 1] > 0
        }
        MoveKind::Single(a) => palisade_ok(&[usize::from(a)]),
        MoveKind::Pair(a, b) => palisade_ok(&[usize::from(a), usize::from(b)]),
        MoveKind::Pass => true,
        _ => slow_advanced_legal(g, p, mv.kind(), &palisade_ok),
    }
}

/// The advanced rules' moves by the rules text, from the public accessors and the territories
/// recomputed from nothing.
fn slow_advanced_legal(
    g: &Armadora,
    p: usize,
    kind: MoveKind,
    palisade_ok: &dyn Fn(&[usize]) -> bool,
) -> bool {
    if !g.is_advanced() {
        return false;
    }
    let team = |q: usize| if g.has_partners() { q % 2 } else { q };
    let territory_of = |c: usize| {
        g.territories()
            .into_iter()
            .find(|t| t.cells.contains(&c))
            .unwrap()
            .cells
    };
    let is_open = |c: usize| {
        territory_of(c)
            .iter()
            .any(|&d| !MINE_CELLS.contains(&d) && g.warrior(d).is_none())
    };
    let opponent_at = |c: usize| {
        g.warrior(c)
            .is_some_and(|(o, _)| team(usize::from(o)) != team(p))
    };
    let power = |race: &str| g.races()[p] == race && g.powers()[p] > 0 && !g.power_used();
    match kind {
        MoveKind::Mage(c) => {
            let c = usize::from(c);
            power("mage") && opponent_at(c) && !g.face_up().contains(&c) && !g.looks(p).contains(&c)
        }
        MoveKind::Goblin { strength, cell } => {
            let c = usize::from(cell);
            power("goblin")
                && !MINE_CELLS.contains(&c)
                && g.warrior(c).is_none()
                && g.supply(p)[usize::from(strength) - 1] > 0
        }
        MoveKind::Orc(a) => power("orc") && palisade_ok(&[usize::from(a)]),
        MoveKind::Elf(c) => {
            let c = usize::from(c);
            power("elf")
                && opponent_at(c)
                && g.arrows(c) < 2
                // Once a territory is closed (the whole board is no longer one territory),
                // the Elf's own warrior must stand in the target's territory.
                && (territory_of(0).len() == 40
                    || territory_of(c)
                        .iter()
                        .any(|&d| g.warrior(d).is_some_and(|(o, _)| usize::from(o) == p)))
                && is_open(c)
        }
        MoveKind::Reinforce(c) => {
            let c = usize::from(c);
            g.reinforcements()[p].is_none()
                && g.warrior(c).is_some_and(|(o, _)| usize::from(o) == p)
                && match g.options()["reinforcement"].as_str().unwrap() {
                    "open" => is_open(c),
                    "full" => !is_open(c),
                    _ => true,
                }
        }
        _ => unreachable!(),
    }
}

fn slow_moves(g: &Armadora) -> Vec<Move> {
    (0..g.num_actions())
        .map(|a| Move::from_action(a).unwrap())
        .filter(|&m| slow_legal(g, m))
        .collect()
}

// -- perft ----------------------------------------------------------------------------------

#[test]
fn perft_vectors() {
    let checked = check_perft_vectors::<Armadora>(20_000_000);
    assert!(checked >= 4, "only {checked} perft vectors checked");
}

#[test]
fn start_count() {
    // 5 strengths × 32 land cells, 67 single palisades, 2211 pairs less the 4 that close a
    // corner cell, and pass.
    let g = game(json!({"first_player": 0}));
    assert_eq!(g.count_legal_moves(), 160 + 67 + 2207 + 1);
    assert_eq!(legal(&g), slow_moves(&g));
    let g = game(json!({"players": 3}));
    assert_eq!(g.count_legal_moves(), 4 * 32 + 67 + 2207 + 1);
}

#[test]
fn zobrist_table_is_pinned() {
    assert_seeded_table(&super::state::ZOBRIST, super::state::ZOBRIST_SEED);
    // The base game's 915 keys, then the advanced rules' 329 (the rules page).
    assert_eq!(super::state::ZOBRIST.len(), 800 + 67 + 40 + 4 + 4 + 329);
    assert_eq!(super::state::ZOBRIST[915], 0x173739804a65029c);
    assert_eq!(super::state::ZOBRIST[1243], 0x144426522679f2da);
}

// -- board ----------------------------------------------------------------------------------

#[test]
fn cells_mines_and_slots() {
    let names: Vec<usize> = ["d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5"]
        .iter()
        .map(|n| cell_index(n).unwrap())
        .collect();
    assert_eq!(names, MINE_CELLS);
    assert_eq!(LAND.count_ones(), 32);
    assert_eq!(slot("a1-b1"), 0);
    assert_eq!(slot("g5-h5"), 34);
    assert_eq!(slot("a1-a2"), 35);
    assert_eq!(slot("h4-h5"), 66);
    assert_eq!(slot("c2-d2"), 9);
    for s in 0..SLOTS {
        let text = super::notation::slot_name(s);
        assert_eq!(slot(&text), s, "{text}");
    }
    assert_eq!(Move::pair(0, 1).action(), 267);
    assert_eq!(Move::pair(65, 66).action(), 2477);
    assert_eq!(Move::PASS.action(), 2478);
    assert_eq!(NUM_ACTIONS, 2479);
}

// -- the rules page's oracles ---------------------------------------------------------------

/// Plays palisade moves by alternating players (both playing palisades, first player 0).
fn with_palisades(texts: &[&str]) -> Armadora {
    let mut g = game(json!({"first_player": 0}));
    for t in texts {
        play(&mut g, t);
    }
    g
}

#[test]
fn palisade_oracles() {
    let g = with_palisades(&["a1-b1", "a2-b2", "a3-b3"]);
    let reason = illegal_reason(&g, "a3-a4");
    assert!(reason.contains("fewer than 4"), "{reason}");

    let g = with_palisades(&["e5-f5", "f4-f5", "g4-g5"]);
    illegal_reason(&g, "h4-h5");
    let g = with_palisades(&["e5-f5 f4-f5"]);
    illegal_reason(&g, "g4-g5 h4-h5");

    // The corner square with 4... rather 2 palisades, the strip a1-d1 with 2, the centre
    // square with 8: all legal, leaving territories of 4 and 36 cells.
    for closing in [
        &["b1-c1", "b2-c2 a2-a3", "b2-b3"][..],
        &["d1-e1", "a1-a2 b1-b2", "c1-c2 d1-d2"],
        &[
            "d1-d2", "e1-e2", "c2-d2", "e2-f2", "c3-d3", "e3-f3", "d3-d4", "e3-e4",
        ],
    ] {
        let g = with_palisades(closing);
        let sizes: Vec<usize> = g.territories().iter().map(|t| t.cells.len()).collect();
        let mut sorted = sizes.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![4, 36], "{closing:?}");
    }
}

#[test]
fn award_oracles() {
    let (scores, piles) = settle(&[(2, vec![0, 3]), (12, vec![4, 4])], 2);
    assert_eq!(scores, vec![6, 8]);
    assert_eq!(piles, vec![vec![6], vec![6, 2]]);
    assert_eq!(decide(&scores, &piles).winner_list(), vec![1]);
    let (scores, piles) = settle(&[(2, vec![1, 0]), (7, vec![2, 2])], 2);
    assert_eq!(scores, vec![5, 3]);
    assert_eq!(piles, vec![vec![3, 2], vec![3]]);
    let o = decide(&scores, &piles);
    assert_eq!((o.winner_list(), o.reason), (vec![0], "gold"));
    let o = decide(&[12, 12], &[vec![7, 5], vec![5, 5, 2]]);
    assert_eq!((o.winner_list(), o.reason), (vec![0], "tie-break"));
    let o = decide(&[11, 11], &[vec![6, 5, 2], vec![6, 4, 3]]);
    assert_eq!(o.winner_list(), vec![0]);
    // Still equal: shared win, or a draw when everyone shares it.
    let o = decide(&[5, 5, 1], &[vec![5], vec![5], vec![1]]);
    assert_eq!((o.winner_list(), o.reason), (vec![0, 1], "tie-break"));
    let o = decide(&[0, 0], &[vec![], vec![]]);
    assert_eq!((o.winner_list(), o.reason), (vec![], "tie-break"));
    // A zero award is no pile; a territory without warriors gives nothing.
    let (scores, piles) = settle(&[(3, vec![1, 1, 1, 1]), (4, vec![0, 0, 0, 0])], 4);
    assert_eq!(scores, vec![0; 4]);
    assert!(piles.iter().all(Vec::is_empty));
}

#[test]
fn illegal_warriors() {
    let mut g = game(json!({"first_player": 0}));
    assert!(illegal_reason(&g, "1@d1").contains("mine"));
    play(&mut g, "5@c3");
    assert!(illegal_reason(&g, "1@c3").contains("already"));
    play(&mut g, "1@a1");
    assert!(illegal_reason(&g, "5@a2").contains("strength 5"));
    play(&mut g, "4@a2");
    assert_eq!(g.warrior(cell_index("a2").unwrap()), Some((0, 4)));
    assert_eq!(g.supply(0), [11, 2, 1, 0, 0]);
}

#[test]
fn passing_and_the_end() {
    let mut g = game(json!({"players": 3, "first_player": 1}));
    play(&mut g, "3@a1");
    play(&mut g, "pass");
    assert!(g.has_passed(2));
    assert_eq!(g.current_player(), Some(0));
    play(&mut g, "2@b1");
    assert_eq!(g.current_player(), Some(1), "player 2 is skipped");
    play(&mut g, "pass");
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(g.scores(), None);
    play(&mut g, "2@c1");
    assert_eq!(g.current_player(), Some(0), "the last player goes on alone");
    play(&mut g, "pass");
    assert_eq!(g.current_player(), None);
    assert_eq!(g.count_legal_moves(), 0);
    // One territory of 40 gold: player 0 (2 + 2) beats player 1 (3).
    assert_eq!(g.scores(), Some(vec![40, 0, 0]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![0], "gold"));
    assert_eq!(g.key(), g.key_from_scratch());
    g.undo();
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(g.key(), g.key_from_scratch());
}

// -- setup ----------------------------------------------------------------------------------

#[test]
fn setup_draws() {
    for players in 2..=4usize {
        for seed in [0u64, 1, 42, u64::MAX] {
            let g = game(json!({"players": players, "seed": seed}));
            let mut rng = SplitMix64::new(seed);
            let first = rng.below(players);
            let mut gold = [3u8, 4, 4, 5, 5, 6, 6, 7];
            for i in (1..8).rev() {
                gold.swap(i, rng.below(i + 1));
            }
            assert_eq!(g.current_player(), Some(first));
            assert_eq!((0..8).map(|m| g.gold(m)).collect::<Vec<_>>(), gold);
            // A given first player draws nothing: the gold is shuffled from the fresh stream.
            let g = game(json!({"players": players, "seed": seed, "first_player": 0}));
            let mut rng = SplitMix64::new(seed);
            let mut gold = [3u8, 4, 4, 5, 5, 6, 6, 7];
            for i in (1..8).rev() {
                gold.swap(i, rng.below(i + 1));
            }
            assert_eq!((0..8).map(|m| g.gold(m)).collect::<Vec<_>>(), gold);
        }
    }
    let g = game(json!({"gold": [7, 6, 6, 5, 5, 4, 4, 3], "seed": 5}));
    assert_eq!(g.gold(0), 7);
    assert_eq!(g.current_player(), Some(SplitMix64::new(5).below(2)));
    assert_eq!(g.supply(0), [11, 2, 1, 1, 1]);
    assert_eq!(game(json!({"players": 4})).supply(3), [5, 1, 1, 1, 0]);
    assert_eq!(g.palisades_left(), 35);
}

#[test]
fn options_and_errors() {
    let g = game(json!({}));
    assert_eq!(
        Value::Object(g.options()),
        json!({"players": 2, "seed": 0, "first_player": null, "gold": null})
    );
    assert_option_errors::<Armadora>(&[
        (json!({"players": 5}), "players"),
        (json!({"seed": -1}), "seed"),
        (json!({"first_player": 2}), "first_player"),
        (json!({"players": 3, "first_player": 3}), "first_player"),
        (json!({"gold": [3, 4, 4, 5, 5, 6, 6]}), "gold"),
        (json!({"gold": [3, 3, 4, 5, 5, 6, 6, 7]}), "gold"),
        (json!({"gold": "x"}), "gold"),
        (json!({"colour": 1}), "unknown option"),
    ]);
}

// -- notation -------------------------------------------------------------------------------

#[test]
fn notation_round_trip() {
    let g = game(json!({}));
    let mut count = 0;
    check_actions(&g, 0..NUM_ACTIONS, |_, found| {
        assert!(found.is_some());
        count += 1;
    });
    assert_eq!(count, NUM_ACTIONS);
    assert_eq!(g.notation(Move::pair(9, 63)), "c2-d2 e4-e5");
    assert_eq!(g.parse_move("3@c3"), Ok(Move::warrior(3, 18)));
    assert!(g.move_from_action(NUM_ACTIONS).is_err());
    assert_invalid_moves(
        &g,
        &[
            "6@c3",
            "0@c3",
            "3@i1",
            "3@c6",
            "c2-e2",
            "d2-c2",
            "e4-e5 c2-d2",
            "c2-d2 c2-d2",
            "a1-a1",
            "",
            "Pass",
            "c2-d2  e4-e5",
            "?@c3",
            "3@",
            "c2-d2 e4-e5 f1-g1",
        ],
    );
}

#[test]
fn illegal_palisades() {
    let mut g = game(json!({"first_player": 0}));
    play(&mut g, "c2-d2");
    assert!(illegal_reason(&g, "c2-d2").contains("already"));
    assert!(illegal_reason(&g, "a1-b1 c2-d2").contains("already"));
    // Use up the supply.
    let mut g = game(json!({"first_player": 0}));
    let slots: Vec<usize> = (0..SLOTS).collect();
    let mut placed = 0;
    for &s in &slots {
        if placed == 35 {
            break;
        }
        let mv = Move::single(s);
        if g.is_legal(mv) {
            g.play(mv).unwrap();
            placed += 1;
        }
    }
    if placed == 35 {
        assert_eq!(g.palisades_left(), 0);
        assert!(legal(&g)
            .iter()
            .all(|m| matches!(m.kind(), MoveKind::Warrior { .. } | MoveKind::Pass)));
    }
}

// -- views ----------------------------------------------------------------------------------

#[test]
fn viewer_json_and_resample() {
    let mut g = game(json!({"first_player": 0, "seed": 3}));
    for t in ["5@c3", "2@a1", "c2-d2 e4-e5", "1@b1", "pass"] {
        play(&mut g, t);
    }
    let v = g.view_json(1);
    assert_eq!(v["viewer"], json!(1));
    assert_eq!(v["warriors"][18], json!([0, null]));
    assert_eq!(v["warriors"][0], json!([1, 2]));
    assert_eq!(v["supplies"], json!([15, [10, 1, 1, 1, 1]]));
    assert_eq!(
        v["moves"],
        json!(["?@c3", "2@a1", "c2-d2 e4-e5", "1@b1", "pass"])
    );
    assert!(from_json::<Armadora>(&v).is_err());
    // Two states differing only in player 0's hidden strengths look the same to player 1.
    let mut h = game(json!({"first_player": 0, "seed": 3}));
    for t in ["1@c3", "2@a1", "c2-d2 e4-e5", "1@b1", "pass"] {
        play(&mut h, t);
    }
    assert_eq!(h.view_json(1), v);
    let r = g.resample(1, &mut SplitMix64::new(9));
    assert_eq!(r.view_json(1), v);
    assert_eq!(r.key(), r.key_from_scratch());
    // The procedure: shuffle player 0's starting strengths ascending with the setup's
    // Fisher-Yates; the first goes to c3.
    let mut pool = vec![1u8; 11];
    pool.extend([2, 2, 3, 4, 5]);
    let mut rng = SplitMix64::new(9);
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    assert_eq!(r.warrior(18), Some((0, pool[0])));
    let mut obs = vec![0.0; 40 * 17];
    r.observation(1, &mut obs);
    let mut obs2 = vec![0.0; 40 * 17];
    g.observation(1, &mut obs2);
    assert_eq!(obs, obs2);
    assert_eq!(g.observation_shape(), vec![17, 40]);
    // Over: everything shows, and resampling copies.
    play(&mut g, "pass");
    assert_eq!(g.view_json(1)["warriors"][18], json!([0, 5]));
    assert_eq!(
        to_json(&g.resample(1, &mut SplitMix64::new(4))),
        to_json(&g)
    );
}

#[test]
fn json_fields() {
    let mut g = game(json!({"first_player": 0}));
    for t in ["3@c3", "c2-d2 e4-e5", "pass"] {
        play(&mut g, t);
    }
    let j = to_json(&g);
    assert_eq!(j["palisades"], json!([9, 63]));
    assert_eq!(j["palisades_left"], json!(33));
    assert_eq!(j["supplies"], json!([[11, 2, 0, 1, 1], [11, 2, 1, 1, 1]]));
    assert_eq!(j["passed"], json!([true, false]));
    assert_eq!(j["warriors"][18], json!([0, 3]));
    assert_eq!(j["warriors"].as_array().unwrap().len(), CELLS);
    assert_eq!(j["current_player"], json!(1));
    let back: Armadora = from_json(&j).unwrap();
    assert_eq!(to_json(&back), j);
}

// -- random games ---------------------------------------------------------------------------

struct RulesText;

impl Oracle<Armadora> for RulesText {
    type Before = ();
    type Hidden = ();

    fn hidden(&self, _: &Armadora) {}

    fn before(&mut self, g: &Armadora, ply: &Ply<'_, Move>) {
        if ply.thorough {
            assert_eq!(ply.moves, slow_moves(g), "{:?} ply {}", ply.walk, ply.index);
        }
    }

    fn after(&mut self, g: &Armadora, _: &Ply<'_, Move>, (): ()) {
        assert!(g.territories().iter().all(|t| t.cells.len() >= 4));
        if g.outcome().is_some() {
            let n = g.num_players();
            assert!((0..n).all(|p| g.has_passed(p)));
            let scores = g.scores().unwrap();
            // With partners each player holds its team's gold.
            let sides = if g.has_partners() { 2 } else { n };
            assert!(scores[..sides].iter().sum::<u32>() <= 40);
        }
    }
}

#[test]
fn random_games_match_the_rules_text() {
    let mut ended = 0;
    for players in 2..=4 {
        for seed in 0..4u64 {
            let options = json!({"players": players, "seed": seed});
            let walk = Walk::new(10 * players + seed, 2000, 7);
            let g = testing::check_random_game(game(options), walk, &mut RulesText);
            ended += usize::from(g.outcome().is_some());
            let _ = perft(&mut g.clone(), 1);
        }
    }
    assert!(ended > 0);
}

#[test]
#[ignore]
fn print_perft() {
    for players in 2..=4 {
        let mut g = game(json!({"players": players, "seed": 0}));
        let t = std::time::Instant::now();
        println!("players={players},seed=0 1 {}", perft(&mut g, 1));
        println!(
            "players={players},seed=0 2 {} ({:?})",
            perft(&mut g, 2),
            t.elapsed()
        );
    }
    let t = std::time::Instant::now();
    let mut n = 0;
    for s in 0..200u64 {
        let mut g = game(json!({"seed": s}));
        let mut rng = SplitMix64::new(s);
        while g.current_player().is_some() {
            let m = g.random_move(&mut rng);
            g.play_unchecked(m);
            n += 1;
        }
    }
    println!("200 playouts, {n} plies, {:?}", t.elapsed());
}

/// `count_legal_moves`, `random_move` and `is_legal` agree with the list, and the list with
/// a filter of every action by `is_legal` (flood fills) and, every 9th ply, by the rules text.
#[test]
fn fast_counts_and_picks_match_the_list() {
    let mut moves = Vec::new();
    let mut refused_pairs = 0;
    for players in 2..=4 {
        for seed in 0..12u64 {
            let mut g = game(json!({"players": players, "seed": seed}));
            let mut rng = SplitMix64::new(1000 + seed);
            let mut ply = 0;
            while g.current_player().is_some() {
                g.legal_moves(&mut moves);
                assert_eq!(g.count_legal_moves(), moves.len());
                let by_filter: Vec<Move> = (0..NUM_ACTIONS)
                    .map(|a| Move::from_action(a).unwrap())
                    .filter(|&m| g.is_legal(m))
                    .collect();
                assert_eq!(by_filter, moves, "players {players} seed {seed} ply {ply}");
                if ply % 9 == 0 {
                    assert_eq!(slow_moves(&g), moves);
                }
                let count =
                    |f: fn(&MoveKind) -> bool| moves.iter().filter(|m| f(&m.kind())).count();
                let singles = count(|k| matches!(k, MoveKind::Single(_)));
                let pairs = count(|k| matches!(k, MoveKind::Pair(..)));
                if g.palisades_left() >= 2 && pairs < singles * singles.saturating_sub(1) / 2 {
                    refused_pairs += 1;
                }
                for _ in 0..3 {
                    let mut r1 = rng.clone();
                    let expected = moves[r1.below(moves.len())];
                    assert_eq!(g.random_move(&mut rng), expected);
                }
                // Palisade-heavy play reaches the crowded positions where pairs get refused.
                let mv = if rng.below(3) > 0 && moves.len() > 200 {
                    moves[moves.len() - 1 - 1 - rng.below(moves.len() / 2)]
                } else {
                    g.random_move(&mut rng)
                };
                g.play_unchecked(mv);
                ply += 1;
            }
            g.legal_moves(&mut moves);
            assert_eq!(g.count_legal_moves(), 0);
            assert!(moves.is_empty());
        }
    }
    assert!(refused_pairs > 0);
}

// -- the advanced rules and partners (the rules page, *Advanced rules and partners*) --------

/// A game of the worked examples: gold 3 4 4 5 5 6 6 7 in mine order, player 0 first.
fn example(options: Value) -> Armadora {
    let mut map = options.as_object().unwrap().clone();
    map.insert("gold".into(), json!([3, 4, 4, 5, 5, 6, 6, 7]));
    map.insert("first_player".into(), json!(0));
    game(Value::Object(map))
}

fn play_all(g: &mut Armadora, texts: &[&str]) {
    for t in texts {
        play(g, t);
    }
}

/// The legal moves in notation whose notation starts with `word`.
fn moves_of(g: &Armadora, word: &str) -> Vec<String> {
    testing::notations(g)
        .into_iter()
        .filter(|m| m.starts_with(word))
        .collect()
}

fn obs(g: &Armadora, player: usize) -> Vec<f32> {
    let shape = g.observation_shape();
    let mut out = vec![0.0; shape[0] * shape[1]];
    g.observation(player, &mut out);
    out
}

/// Plane `k` of an observation.
fn plane(o: &[f32], k: usize) -> &[f32] {
    &o[k * CELLS..(k + 1) * CELLS]
}

fn cell(name: &str) -> usize {
    cell_index(name).unwrap()
}

/// The observations of the Mage example once player 1 has looked at c3 and player 2 is to move
/// (44 planes, B = 20).
fn assert_mage_observations(g: &Armadora, c3: usize) {
    assert_eq!(g.observation_shape(), vec![44, 40]);
    let o1 = obs(g, 1);
    let mut only_c3 = [0.0; 40];
    only_c3[c3] = 3.0;
    assert_eq!(plane(&o1, 20), &only_c3[..]);
    assert!(plane(&o1, 24).iter().all(|&x| x == 0.0));
    assert!(plane(&o1, 25).iter().all(|&x| x == 0.0));
    assert!(plane(&o1, 26).iter().all(|&x| x == 1.0));
    assert!(plane(&o1, 27).iter().all(|&x| x == 2.0));
    assert!(plane(&o1, 28).iter().all(|&x| x == 1.0));
    for k in 32..44 {
        let expected = if [35, 38, 40].contains(&k) { 1.0 } else { 0.0 };
        assert!(plane(&o1, k).iter().all(|&x| x == expected), "plane {k}");
    }
    only_c3[c3] = 1.0;
    let o2 = obs(g, 2);
    assert!(plane(&o2, 20).iter().all(|&x| x == 0.0));
    assert_eq!(plane(&o2, 24), &only_c3[..]);
    assert_eq!(plane(&obs(g, 0), 24), &only_c3[..]);
}

#[test]
fn example_mage_power_before_action() {
    let mut g = example(
        json!({"players": 3, "rules": "advanced", "races": ["orc", "mage", "elf"],
                               "power_before_action": true}),
    );
    play(&mut g, "3@c3");
    assert_eq!(moves_of(&g, "mage"), ["mage c3"]);
    assert_eq!(g.parse_move("mage c3").unwrap().action(), 2497);
    play(&mut g, "mage c3");
    assert_eq!(g.current_player(), Some(1));
    assert!(g.power_used());
    assert!(legal(&g)
        .iter()
        .all(|m| !m.kind().is_power() && !matches!(m.kind(), MoveKind::Reinforce(_))));
    // Plane 25 (B + 5): the power used this turn.
    assert!(plane(&obs(&g, 1), 25).iter().all(|&x| x == 1.0));
    play(&mut g, "1@d3");
    assert!(plane(&obs(&g, 1), 25).iter().all(|&x| x == 0.0));
    assert_eq!(g.current_player(), Some(2));
    assert!(!g.power_used());
    let (c3, d3) = (cell("c3"), cell("d3"));
    for (viewer, at_c3, at_d3, moves) in [
        (
            0,
            json!([0, 3]),
            json!([1, null]),
            json!(["3@c3", "mage c3", "?@d3"]),
        ),
        (
            1,
            json!([0, 3]),
            json!([1, 1]),
            json!(["?@c3", "mage c3", "1@d3"]),
        ),
        (
            2,
            json!([0, null]),
            json!([1, null]),
            json!(["?@c3", "mage c3", "?@d3"]),
        ),
    ] {
        let v = g.view_json(viewer);
        assert_eq!((&v["warriors"][c3], &v["warriors"][d3]), (&at_c3, &at_d3));
        assert_eq!(v["moves"], moves, "viewer {viewer}");
        assert_eq!(v["looks"], json!([[], [18], []]));
        assert_eq!(v["powers"], json!([1, 1, 2]));
    }
    // The referee's JSON of the page.
    let j = to_json(&g);
    assert_eq!(
        j["options"],
        json!({"players": 3, "seed": 0, "first_player": 0, "gold": [3, 4, 4, 5, 5, 6, 6, 7],
               "rules": "advanced", "races": ["orc", "mage", "elf"], "reinforcement": "any",
               "power_before_action": true})
    );
    assert_eq!(
        j["supplies"],
        json!([[7, 2, 0, 1, 0], [6, 2, 1, 1, 0], [7, 2, 1, 1, 0]])
    );
    assert_eq!(j["reinforcements"], json!([null, null, null]));
    assert_eq!(j["arrows"], json!(vec![0; 40]));
    assert_eq!(j["face_up"], json!([]));
    assert_eq!(j["power_used"], json!(false));
    assert_eq!(j["palisades_left"], json!(35));
    // Observations (44 planes, B = 20).
    assert_eq!(g.observation_shape(), vec![44, 40]);
    assert_mage_observations(&g, c3);
    // Resampling keeps what the viewer knows.
    let mut redrawn = 0;
    for seed in 0..40 {
        let r = g.resample(1, &mut SplitMix64::new(seed));
        assert_eq!((r.warrior(c3), r.warrior(d3)), (Some((0, 3)), Some((1, 1))));
        assert_eq!(r.view_json(1), g.view_json(1));
        let r = g.resample(2, &mut SplitMix64::new(seed));
        assert_eq!(r.looks(1), vec![c3]);
        assert_eq!(r.view_json(2), g.view_json(2));
        assert_eq!(r.key(), r.key_from_scratch());
        redrawn += usize::from(r.warrior(c3) != Some((0, 3)) || r.warrior(d3) != Some((1, 1)));
    }
    assert!(redrawn > 0);
    play_all(&mut g, &["2@e3", "pass"]);
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(moves_of(&g, "mage"), ["mage e3"]);
    assert!(illegal_reason(&g, "mage c3").contains("already"));
    assert!(illegal_reason(&g, "mage d3").contains("opponent"));
}

#[test]
fn example_goblin_power_before_action() {
    let mut g = example(json!({"rules": "advanced", "races": ["goblin", "orc"],
                               "power_before_action": true}));
    assert_eq!(g.parse_move("goblin 5@c3").unwrap().action(), 2697);
    play(&mut g, "goblin 5@c3");
    assert_eq!(g.current_player(), Some(0));
    illegal_reason(&g, "5@e3");
    assert!(illegal_reason(&g, "goblin 1@e3").contains("power"));
    assert!(g.is_legal(g.parse_move("reinforce c3").unwrap()));
    assert_eq!(g.supply(0), [11, 2, 1, 1, 0]);
    assert_eq!(g.supply(1), [11, 2, 1, 1, 1]);
    assert_eq!(g.powers(), vec![0, 1]);
    assert_eq!(g.face_up(), vec![18]);
    assert!(g.power_used());
    play(&mut g, "1@d3");
    assert_eq!(g.current_player(), Some(1));
    let v = g.view_json(1);
    assert_eq!(v["warriors"][18], json!([0, 5]));
    assert_eq!(v["warriors"][19], json!([0, null]));
    assert_eq!(v["moves"], json!(["goblin 5@c3", "?@d3"]));
    assert_eq!(v["supplies"][0], json!(14));
    for seed in 0..40 {
        let r = g.resample(1, &mut SplitMix64::new(seed));
        assert_eq!(r.warrior(18), Some((0, 5)));
        assert!(matches!(r.warrior(19), Some((0, s)) if s != 5));
        assert_eq!(r.view_json(1), v);
    }
}

#[test]
fn example_orc_power_before_action() {
    let mut g = example(json!({"rules": "advanced", "races": ["orc", "goblin"],
                               "power_before_action": true}));
    play_all(&mut g, &["a1-b1 a2-b2", "1@h5"]);
    assert_eq!(g.parse_move("orc a3-b3").unwrap().action(), 2733);
    play(&mut g, "orc a3-b3");
    assert_eq!(g.current_player(), Some(0));
    assert!(illegal_reason(&g, "a3-a4").contains("fewer than 4"));
    play(&mut g, "a4-b4 a4-a5");
    let mut sizes: Vec<usize> = g.territories().iter().map(|t| t.cells.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, vec![4, 36]);
    assert_eq!(g.palisades_left(), 30);
    play(&mut g, "pass");
    assert_eq!(g.current_player(), Some(0));
    assert!(illegal_reason(&g, "orc c1-d1").contains("token"));
}

#[test]
fn example_elf_one_power_a_turn() {
    let mut g = example(json!({"rules": "advanced", "races": ["elf", "orc"],
                               "power_before_action": true}));
    play_all(&mut g, &["1@a1", "1@c3"]);
    assert_eq!(moves_of(&g, "elf"), ["elf c3"]);
    assert_eq!(g.parse_move("elf c3").unwrap().action(), 2804);
    play(&mut g, "elf c3");
    assert_eq!(g.current_player(), Some(0));
    assert!(illegal_reason(&g, "elf c3").contains("power"));
    assert_eq!(g.key(), 0xbd282eedd351538c);
    play_all(&mut g, &["1@b1", "2@d3"]);
    assert_eq!(moves_of(&g, "elf"), ["elf c3", "elf d3"]);
    play(&mut g, "elf c3");
    assert_eq!(g.arrows(18), 2);
    assert_eq!(g.powers(), vec![0, 1]);
    play_all(&mut g, &["pass", "pass"]);
    assert_eq!(g.territories()[0].strengths, vec![2, 2]);
    assert_eq!(g.scores(), Some(vec![20, 20]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![], "tie-break"));
    assert_eq!(o.returns(2), vec![0.0, 0.0]);
}

#[test]
fn example_elf_territory_conditions() {
    let mut g = example(json!({"rules": "advanced", "races": ["elf", "orc"]}));
    play_all(&mut g, &["b1-c1 b2-c2", "a2-a3 b2-b3", "1@h5", "2@a1"]);
    assert_eq!(moves_of(&g, "elf"), Vec::<String>::new());
    assert!(illegal_reason(&g, "elf a1").contains("no warrior"));
    play_all(&mut g, &["1@b1", "1@g3"]);
    assert_eq!(moves_of(&g, "elf"), ["elf a1", "elf g3"]);
    play_all(&mut g, &["2@c3", "1@a2"]);
    assert_eq!(moves_of(&g, "elf"), ["elf g3"]);
    assert!(illegal_reason(&g, "elf a1").contains("full"));
}

const REINFORCEMENT_MOVES: [&str; 7] = [
    "b1-c1 b2-c2",
    "a2-a3 b2-b3",
    "3@a1",
    "1@b1",
    "1@a2",
    "1@c3",
    "1@d3",
];

/// The reinforcement moves after `1@a2`, `1@c3` and `1@d3` of the example with `rule`.
fn reinforcements_along(rule: &str) -> (Armadora, Vec<Vec<String>>) {
    let mut g = example(json!({"rules": "advanced", "races": ["orc", "goblin"],
                               "reinforcement": rule}));
    let mut seen = Vec::new();
    for (i, t) in REINFORCEMENT_MOVES.iter().enumerate() {
        play(&mut g, t);
        if i >= 4 {
            seen.push(moves_of(&g, "reinforce"));
        }
    }
    (g, seen)
}

#[test]
fn example_reinforcement() {
    // The default, `any`: any warrior of the mover.
    let mut g = example(json!({"rules": "advanced", "races": ["orc", "goblin"]}));
    assert_eq!(g.options()["reinforcement"], json!("any"));
    let (_, seen) = reinforcements_along("any");
    assert_eq!(
        seen,
        [
            vec!["reinforce b1".to_string()],
            vec!["reinforce a1".into(), "reinforce a2".into()],
            vec!["reinforce b1".into(), "reinforce c3".into()],
        ]
    );
    play_all(&mut g, &REINFORCEMENT_MOVES);
    assert_eq!(moves_of(&g, "reinforce"), ["reinforce b1", "reinforce c3"]);
    assert_eq!(g.parse_move("reinforce c3").unwrap().action(), 2844);
    assert!(illegal_reason(&g, "reinforce a1").contains("no warrior of the mover"));
    play_all(&mut g, &["reinforce c3", "pass", "pass"]);
    assert_eq!(g.scores(), Some(vec![4, 36]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![1], "gold"));
    assert_eq!(to_json(&g)["reinforcements"], json!([null, 18]));
    let t = g.territories();
    assert_eq!((t[0].gold, &t[0].strengths), (4, &vec![4, 1]));
    assert_eq!((t[1].gold, &t[1].strengths), (36, &vec![1, 2]));

    let (mut g, seen) = reinforcements_along("open");
    assert_eq!(seen, [vec![], vec![], vec!["reinforce c3".to_string()]]);
    play_all(&mut g, &["reinforce c3", "pass", "pass"]);
    assert_eq!(g.scores(), Some(vec![4, 36]));

    let (g, seen) = reinforcements_along("full");
    assert_eq!(
        seen,
        [
            vec!["reinforce b1".to_string()],
            vec!["reinforce a1".into(), "reinforce a2".into()],
            vec!["reinforce b1".into()],
        ]
    );
    assert!(illegal_reason(&g, "reinforce c3").contains("full"));
}

const PARTNERS_MOVES: [&str; 11] = [
    "b1-c1 b2-c2",
    "a2-a3 b2-b3",
    "3@a1",
    "4@b1",
    "1@d3",
    "2@c3",
    "1@e3",
    "pass",
    "pass",
    "pass",
    "pass",
];

#[test]
fn example_partners() {
    let mut g = example(json!({"players": 4, "partners": true}));
    play_all(&mut g, &PARTNERS_MOVES);
    assert_eq!(g.scores(), Some(vec![18, 22, 18, 22]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![1, 3], "gold"));
    assert_eq!(o.returns(4), vec![-1.0, 1.0, -1.0, 1.0]);
    assert_eq!(to_json(&g)["options"]["partners"], json!(true));
    assert!(to_json(&g).get("powers").is_none());

    let mut g = example(json!({"players": 4}));
    play_all(&mut g, &PARTNERS_MOVES);
    assert_eq!(g.scores(), Some(vec![0, 36, 0, 4]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![1], "gold"));

    // Teams equal on gold: the larger first pile wins.
    let o = decide(&[20, 20], &[vec![12, 8], vec![10, 10]]);
    assert_eq!((o.winner_list(), o.reason), (vec![0], "tie-break"));
    assert_option_errors::<Armadora>(&[(
        json!({"players": 3, "partners": true}),
        "partners must be False with 3 players, got True",
    )]);
}

#[test]
fn advanced_options_and_errors() {
    let g = game(json!({"rules": "advanced"}));
    assert_eq!(
        Value::Object(g.options()),
        json!({"players": 2, "seed": 0, "first_player": null, "gold": null,
               "rules": "advanced", "races": ["orc", "goblin"], "reinforcement": "any",
               "power_before_action": false})
    );
    // Defaults given explicitly change nothing.
    let g = game(
        json!({"rules": "base", "races": null, "reinforcement": "any",
                        "power_before_action": false, "partners": false}),
    );
    assert_eq!(
        Value::Object(g.options()),
        json!({"players": 2, "seed": 0, "first_player": null, "gold": null})
    );
    assert_eq!(g.races(), vec!["orc", "goblin"]);
    assert_eq!(g.powers(), vec![0, 0]);
    assert_eq!(g.reinforcements(), vec![None, None]);
    assert_option_errors::<Armadora>(&[
        (
            json!({"foo": 1}),
            "unknown option 'foo' for armadora; allowed: players, seed, first_player, gold, \
             rules, races, reinforcement, power_before_action, partners",
        ),
        (
            json!({"rules": "expert"}),
            "rules must be one of 'base', 'advanced', got 'expert'",
        ),
        (
            json!({"rules": "advanced", "races": ["orc", "orc"]}),
            "races must be None or a list of 2 distinct races from 'orc', 'goblin', 'elf', \
             'mage', got",
        ),
        (
            json!({"rules": "advanced", "races": ["orc"]}),
            "races must be None or a list of 2",
        ),
        (
            json!({"rules": "advanced", "races": ["orc", "dwarf"]}),
            "distinct races",
        ),
        (
            json!({"rules": "advanced", "races": "orc"}),
            "distinct races",
        ),
        (
            json!({"rules": "advanced", "reinforcement": "closed"}),
            "reinforcement must be one of 'open', 'full', 'any', got 'closed'",
        ),
        (
            json!({"partners": 1}),
            "partners must be True or False, got 1",
        ),
        (
            json!({"players": 2, "partners": true}),
            "partners must be False with 2 players, got True",
        ),
        (
            json!({"races": ["orc", "goblin"]}),
            "races must be None with rules='base', got",
        ),
        (
            json!({"reinforcement": "open"}),
            "reinforcement must be 'any' with rules='base', got 'open'",
        ),
        (
            json!({"rules": "advanced", "power_before_action": 1}),
            "power_before_action must be True or False, got 1",
        ),
        (
            json!({"power_before_action": true}),
            "power_before_action must be False with rules='base', got True",
        ),
        (
            json!({"power_before_action": 1, "partners": 1}),
            "power_before_action must be True or False, got 1",
        ),
        (
            json!({"reinforcement": "closed", "power_before_action": 1}),
            "reinforcement must be one of",
        ),
        // The first failure in option order is reported.
        (json!({"rules": "expert", "partners": 1}), "rules must be"),
        (
            json!({"races": ["orc"], "reinforcement": "open"}),
            "races must be None or a list",
        ),
    ]);
    // Partners with either rules.
    let g = game(json!({"players": 4, "partners": true, "rules": "advanced"}));
    assert_eq!(g.options()["partners"], json!(true));
}

#[test]
fn advanced_notation_and_action_ids() {
    let g = game(json!({"rules": "advanced"}));
    assert_eq!(g.num_actions(), ADVANCED_NUM_ACTIONS);
    assert_eq!(ADVANCED_NUM_ACTIONS, 2866);
    let mut count = 0;
    check_actions(&g, 0..ADVANCED_NUM_ACTIONS, |_, found| {
        assert!(found.is_some());
        count += 1;
    });
    assert_eq!(count, 2866);
    assert!(g.move_from_action(2866).is_err());
    for (text, id) in [
        ("mage a1", 2479),
        ("mage h5", 2518),
        ("goblin 1@a1", 2519),
        ("goblin 5@h5", 2718),
        ("orc a1-b1", 2719),
        ("orc h4-h5", 2785),
        ("elf a1", 2786),
        ("elf h5", 2825),
        ("reinforce a1", 2826),
        ("reinforce h5", 2865),
    ] {
        let mv = g.parse_move(text).unwrap();
        assert_eq!((mv.action(), g.notation(mv).as_str()), (id, text));
    }
    let bad = [
        "mage",
        "mage  c3",
        "Mage c3",
        "mage c6",
        "goblin c3",
        "goblin 6@c3",
        "goblin ?@c3",
        "orc d2-c2",
        "orc c2-d2 e4-e5",
        "elf 3@c3",
        "reinforce c2-d2",
        "elf c3 ",
    ];
    assert_invalid_moves(&g, &bad);
    // With base rules the five forms name no move, and their ids are out of range.
    let base = game(json!({}));
    assert_invalid_moves(&base, &bad);
    assert_invalid_moves(
        &base,
        &[
            "mage c3",
            "goblin 2@c3",
            "orc c2-d2",
            "elf c3",
            "reinforce c3",
        ],
    );
    assert!(base.move_from_action(2479).is_err());
    assert_eq!(base.num_actions(), 2479);
    // Powers of another race, and a reinforcement without a warrior.
    let g = example(json!({"rules": "advanced", "races": ["orc", "goblin"]}));
    assert_eq!(
        illegal_reason(&g, "elf c3"),
        "player 0 is the orc, not the elf"
    );
    assert!(illegal_reason(&g, "reinforce c3").contains("no warrior"));
}

#[test]
fn advanced_start_and_first_ply() {
    for players in 2..=4 {
        let base = game(json!({"players": players}));
        let adv = game(json!({"players": players, "rules": "advanced"}));
        assert_eq!(adv.key(), base.key(), "the same start key");
        assert_eq!(adv.observation_shape(), vec![9 * players + 17, 40]);
    }
    // Seed 0 draws player 1, the goblin: 2435 + 160 Goblin warriors.
    let mut g = game(json!({"rules": "advanced"}));
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(perft(&mut g, 1), 2595);
    let mut g = game(json!({"rules": "advanced", "first_player": 0}));
    assert_eq!(perft(&mut g, 1), 2502);
    assert_eq!(legal(&g), slow_moves(&g));
    // Base observations keep their shape with partners.
    assert_eq!(
        game(json!({"players": 4, "partners": true})).observation_shape(),
        vec![23, 40]
    );
}

#[test]
fn undo_after_a_power_before_the_action() {
    let mut g = example(json!({"rules": "advanced", "races": ["goblin", "orc"],
                               "power_before_action": true}));
    let start = to_json(&g);
    play(&mut g, "goblin 5@c3");
    let after_power = (to_json(&g), g.key());
    play(&mut g, "1@d3");
    assert_eq!(g.undo(), Some(g.parse_move("1@d3").unwrap()));
    assert_eq!((to_json(&g), g.key()), after_power);
    assert!(g.power_used() && g.current_player() == Some(0));
    g.undo();
    assert_eq!(to_json(&g), start);
    assert!(!g.power_used());
    // Pass after a power ends the player's game.
    play_all(&mut g, &["goblin 5@c3", "pass"]);
    assert_eq!(g.current_player(), Some(1));
    assert!(g.has_passed(0));
}

/// Advanced and partners games checked along random walks against the slow generator.
#[test]
fn random_advanced_games_match_the_rules_text() {
    let configs = [
        json!({"players": 2, "rules": "advanced"}),
        json!({"players": 2, "rules": "advanced", "races": ["mage", "elf"]}),
        json!({"players": 2, "rules": "advanced", "races": ["elf", "goblin"], "reinforcement": "full"}),
        json!({"players": 3, "rules": "advanced", "races": ["goblin", "mage", "orc"]}),
        json!({"players": 3, "rules": "advanced", "races": ["elf", "orc", "mage"], "reinforcement": "any"}),
        json!({"players": 4, "rules": "advanced"}),
        json!({"players": 4, "rules": "advanced", "races": ["mage", "elf", "goblin", "orc"], "reinforcement": "full"}),
        json!({"players": 4, "rules": "advanced", "partners": true, "races": ["elf", "mage", "orc", "goblin"]}),
        json!({"players": 4, "rules": "advanced", "partners": true, "reinforcement": "open"}),
        json!({"players": 2, "rules": "advanced", "power_before_action": true}),
        json!({"players": 3, "rules": "advanced", "races": ["mage", "elf", "goblin"], "power_before_action": true}),
        json!({"players": 4, "rules": "advanced", "partners": true, "power_before_action": true, "reinforcement": "full"}),
        json!({"players": 4, "partners": true}),
    ];
    let mut ended = 0;
    let mut powers = 0;
    for (i, options) in configs.iter().enumerate() {
        for seed in 0..3u64 {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            let walk = Walk::new(100 * i as u64 + seed, 2000, 5);
            let g = testing::check_random_game(game(options), walk, &mut RulesText);
            ended += usize::from(g.outcome().is_some());
            powers += g.history().iter().filter(|m| m.kind().is_power()).count();
            check_views(&g);
        }
    }
    assert!(ended > 0 && powers > 0);
}

/// Every viewer's JSON and observation hide exactly what the page hides: a resampled world
/// looks the same to the viewer and keeps every strength it knows.
fn check_views(g: &Armadora) {
    for viewer in 0..g.num_players() {
        let v = g.view_json(viewer);
        let r = g.resample(viewer, &mut SplitMix64::new(viewer as u64));
        assert_eq!(r.view_json(viewer), v);
        assert_eq!(obs(&r, viewer), obs(g, viewer));
        assert_eq!(r.key(), r.key_from_scratch());
        for c in 0..CELLS {
            let known = g.outcome().is_some()
                || g.warrior(c).is_some_and(|(o, _)| usize::from(o) == viewer)
                || g.face_up().contains(&c)
                || g.looks(viewer).contains(&c);
            if known {
                assert_eq!(r.warrior(c), g.warrior(c));
            }
        }
    }
}

#[test]
#[ignore]
fn print_advanced_perft() {
    for (players, first) in [(2, None), (2, Some(0)), (3, None), (4, None)] {
        let mut options = json!({"players": players, "seed": 0, "rules": "advanced"});
        if let Some(f) = first {
            options["first_player"] = json!(f);
        }
        let mut g = game(options.clone());
        let t = std::time::Instant::now();
        println!("{options} 1 {}", perft(&mut g, 1));
        println!("{options} 2 {} ({:?})", perft(&mut g, 2), t.elapsed());
    }
}

// -- worked examples, default reading: using a power is the turn's action ------------------

#[test]
fn example_mage_and_private_knowledge() {
    let mut g =
        example(json!({"players": 3, "rules": "advanced", "races": ["orc", "mage", "elf"]}));
    play(&mut g, "3@c3");
    assert_eq!(moves_of(&g, "mage"), ["mage c3"]);
    assert_eq!(g.parse_move("mage c3").unwrap().action(), 2497);
    play(&mut g, "mage c3");
    assert_eq!(g.current_player(), Some(2));
    assert!(!g.power_used());
    assert_eq!(g.powers(), vec![1, 1, 2]);
    play(&mut g, "2@e3");
    // The referee's JSON of the page.
    let j = to_json(&g);
    assert_eq!(
        j["options"],
        json!({"players": 3, "seed": 0, "first_player": 0, "gold": [3, 4, 4, 5, 5, 6, 6, 7],
               "rules": "advanced", "races": ["orc", "mage", "elf"], "reinforcement": "any",
               "power_before_action": false})
    );
    assert_eq!(j["moves"], json!(["3@c3", "mage c3", "2@e3"]));
    assert_eq!(j["warriors"][18], json!([0, 3]));
    assert_eq!(j["warriors"][20], json!([2, 2]));
    assert_eq!(
        j["supplies"],
        json!([[7, 2, 0, 1, 0], [7, 2, 1, 1, 0], [7, 1, 1, 1, 0]])
    );
    assert_eq!(j["palisades_left"], json!(35));
    assert_eq!(j["powers"], json!([1, 1, 2]));
    assert_eq!(j["looks"], json!([[], [18], []]));
    assert_eq!(j["power_used"], json!(false));
    assert_eq!(j["current_player"], json!(0));
    assert_eq!(from_json::<Armadora>(&j).map(|r| to_json(&r)).ok(), Some(j));
    play_all(&mut g, &["pass", "1@d3"]);
    assert_eq!(g.current_player(), Some(2));
    let (c3, d3, e3) = (cell("c3"), cell("d3"), cell("e3"));
    for (viewer, at, moves) in [
        (
            0,
            [json!([0, 3]), json!([1, null]), json!([2, null])],
            json!(["3@c3", "mage c3", "?@e3", "pass", "?@d3"]),
        ),
        (
            1,
            [json!([0, 3]), json!([1, 1]), json!([2, null])],
            json!(["?@c3", "mage c3", "?@e3", "pass", "1@d3"]),
        ),
        (
            2,
            [json!([0, null]), json!([1, null]), json!([2, 2])],
            json!(["?@c3", "mage c3", "2@e3", "pass", "?@d3"]),
        ),
    ] {
        let v = g.view_json(viewer);
        assert_eq!(
            [&v["warriors"][c3], &v["warriors"][d3], &v["warriors"][e3]],
            [&at[0], &at[1], &at[2]],
            "viewer {viewer}"
        );
        assert_eq!(v["moves"], moves, "viewer {viewer}");
        assert_eq!(v["looks"], json!([[], [18], []]));
        assert_eq!(v["powers"], json!([1, 1, 2]));
    }
    assert_mage_observations(&g, c3);
    let mut redrawn = 0;
    for seed in 0..40 {
        let r = g.resample(1, &mut SplitMix64::new(seed));
        assert_eq!((r.warrior(c3), r.warrior(d3)), (Some((0, 3)), Some((1, 1))));
        let r = g.resample(2, &mut SplitMix64::new(seed));
        assert_eq!(r.warrior(e3), Some((2, 2)));
        assert_eq!(r.looks(1), vec![c3]);
        assert_eq!(r.view_json(2), g.view_json(2));
        redrawn += usize::from(r.warrior(c3) != Some((0, 3)) || r.warrior(d3) != Some((1, 1)));
    }
    assert!(redrawn > 0);
    play(&mut g, "2@f3");
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(moves_of(&g, "mage"), ["mage e3", "mage f3"]);
    assert!(illegal_reason(&g, "mage c3").contains("already"));
    assert!(illegal_reason(&g, "mage d3").contains("opponent"));
}

#[test]
fn example_goblin() {
    let mut g = example(json!({"rules": "advanced", "races": ["goblin", "orc"]}));
    assert_eq!(g.parse_move("goblin 5@c3").unwrap().action(), 2697);
    play(&mut g, "goblin 5@c3");
    assert_eq!(g.current_player(), Some(1));
    assert!(!g.power_used());
    assert_eq!(g.supply(0), [11, 2, 1, 1, 0]);
    assert_eq!(g.supply(1), [11, 2, 1, 1, 1]);
    assert_eq!(g.powers(), vec![0, 1]);
    assert_eq!(g.face_up(), vec![18]);
    play(&mut g, "1@h5");
    assert_eq!(g.current_player(), Some(0));
    illegal_reason(&g, "5@e3");
    assert!(illegal_reason(&g, "goblin 1@e3").contains("token"));
    assert!(g.is_legal(g.parse_move("reinforce c3").unwrap()));
    play(&mut g, "1@d3");
    assert_eq!(g.current_player(), Some(1));
    let v = g.view_json(1);
    assert_eq!(v["warriors"][18], json!([0, 5]));
    assert_eq!(v["warriors"][19], json!([0, null]));
    assert_eq!(v["warriors"][cell("h5")], json!([1, 1]));
    assert_eq!(v["moves"], json!(["goblin 5@c3", "1@h5", "?@d3"]));
    assert_eq!(v["supplies"][0], json!(14));
    for seed in 0..40 {
        let r = g.resample(1, &mut SplitMix64::new(seed));
        assert_eq!(r.warrior(18), Some((0, 5)));
        assert!(matches!(r.warrior(19), Some((0, s)) if s != 5));
    }
}

#[test]
fn example_orc() {
    let mut g = example(json!({"rules": "advanced", "races": ["orc", "goblin"]}));
    play_all(&mut g, &["a1-b1 a2-b2", "1@h5"]);
    assert_eq!(g.parse_move("orc a3-b3").unwrap().action(), 2733);
    play(&mut g, "orc a3-b3");
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(g.palisades_left(), 32);
    assert!(illegal_reason(&g, "a3-a4").contains("fewer than 4"));
    play(&mut g, "a4-b4 a4-a5");
    let mut sizes: Vec<usize> = g.territories().iter().map(|t| t.cells.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, vec![4, 36]);
    assert_eq!(g.palisades_left(), 30);
    assert_eq!(g.current_player(), Some(0));
    assert!(illegal_reason(&g, "orc c1-d1").contains("token"));
}

#[test]
fn example_elf_arrows_in_two_turns_and_the_floor() {
    let mut g = example(json!({"rules": "advanced", "races": ["elf", "orc"]}));
    play_all(&mut g, &["1@a1", "1@c3"]);
    assert_eq!(moves_of(&g, "elf"), ["elf c3"]);
    assert_eq!(g.parse_move("elf c3").unwrap().action(), 2804);
    play(&mut g, "elf c3");
    assert_eq!(g.current_player(), Some(1));
    assert!(!g.power_used());
    assert_eq!(g.arrows(18), 1);
    assert_eq!(g.powers(), vec![1, 1]);
    assert_eq!(g.key(), 0xb10d3c97d9dc070e);
    assert_eq!(g.key(), g.key_from_scratch());
    play(&mut g, "2@d3");
    assert_eq!(moves_of(&g, "elf"), ["elf c3", "elf d3"]);
    play(&mut g, "elf c3");
    assert_eq!(g.arrows(18), 2);
    assert_eq!(g.powers(), vec![0, 1]);
    play_all(&mut g, &["pass", "1@b1", "pass"]);
    assert_eq!(g.territories()[0].strengths, vec![2, 2]);
    assert_eq!(g.scores(), Some(vec![20, 20]));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner_list(), o.reason), (vec![], "tie-break"));
    assert_eq!(o.returns(2), vec![0.0, 0.0]);
}

#[test]
fn example_elf_before_and_after_the_first_closed_territory() {
    let mut g = example(json!({"rules": "advanced", "races": ["orc", "elf"]}));
    play(&mut g, "3@c3");
    assert_eq!(moves_of(&g, "elf"), ["elf c3"]);
    play(&mut g, "elf c3");
    assert_eq!(g.arrows(cell("c3")), 1);
    assert_eq!(g.powers(), vec![1, 1]);
    play_all(&mut g, &["b1-c1 b2-c2", "a2-a3 b2-b3"]);
    let mut sizes: Vec<usize> = g.territories().iter().map(|t| t.cells.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, vec![4, 36]);
    play(&mut g, "4@d3");
    assert_eq!(moves_of(&g, "elf"), Vec::<String>::new());
    assert!(illegal_reason(&g, "elf d3").contains("closed"));
    play_all(&mut g, &["1@e3", "1@f3"]);
    assert_eq!(moves_of(&g, "elf"), ["elf c3", "elf d3", "elf f3"]);
}

#[test]
fn undo_after_a_power_action() {
    let mut g = example(json!({"rules": "advanced", "races": ["goblin", "orc"]}));
    let start = (to_json(&g), g.key());
    play(&mut g, "goblin 5@c3");
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(g.key(), g.key_from_scratch());
    assert_eq!(g.undo(), Some(g.parse_move("goblin 5@c3").unwrap()));
    assert_eq!((to_json(&g), g.key()), start);
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(g.powers(), vec![1, 1]);
}
