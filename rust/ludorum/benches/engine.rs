//! Engine benchmarks: perft (bulk counted) and random playouts. Each bench first checks its
//! node or ply count, so a fast wrong engine fails instead of reporting a number.
//!
//! `cargo bench -p ludorum --bench engine` (add `-- --quick` for a short run). Throughput is
//! reported in leaves (perft) or plies (playouts) per second.

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ludorum::games::chinese_checkers::ChineseCheckers;
use ludorum::games::domination::Domination;
use ludorum::games::dominions::{Dominions, Move};
use ludorum::games::so_long_sucker::SoLongSucker;
use ludorum::{perft, play_random_game, simulate, Game, SplitMix64};
use serde_json::{json, Value};

fn chinese_checkers(options: Value) -> ChineseCheckers {
    ChineseCheckers::new(options.as_object().expect("options are an object"))
        .expect("valid options")
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chinese_checkers/perft");
    let cases = [
        (
            "2p-15-dest-d4",
            json!({"players": 2, "pieces": 15, "area": "dest"}),
            4,
            260_100,
        ),
        (
            "2p-10-free-d4",
            json!({"players": 2, "pieces": 10, "area": "free"}),
            4,
            115_600,
        ),
    ];
    for (name, options, depth, leaves) in cases {
        let mut game = chinese_checkers(options);
        assert_eq!(perft(&mut game, depth), leaves, "perft {name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut game), depth)));
    }
    group.finish();
}

/// Plies of the seeded games `0..GAMES` (2 players, 10 pieces, `free`, 1000 plies at most).
const GAMES: u64 = 20;

fn play_batch(start: &ChineseCheckers) -> u64 {
    (0..GAMES)
        .map(|seed| {
            let mut game = start.clone();
            u64::from(play_random_game(&mut game, &mut SplitMix64::new(seed)).length)
        })
        .sum()
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("chinese_checkers/playouts");
    let start =
        chinese_checkers(json!({"players": 2, "pieces": 10, "area": "free", "max_plies": 1000}));
    let plies = play_batch(&start);
    assert_eq!(plies, play_batch(&start), "playouts are deterministic");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("2p-10-free-1000", |b| {
        b.iter(|| play_batch(black_box(&start)))
    });
    group.finish();
}

fn domination(options: Value) -> Domination {
    Domination::new(options.as_object().expect("options are an object")).expect("valid options")
}

fn bench_domination_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("domination/perft");
    let cases = [
        (
            "2p-up_to-d4",
            json!({"players": 2, "movement": "up_to", "first_player": 0}),
            4,
            21_536_332,
        ),
        (
            "2p-exact-d4",
            json!({"players": 2, "movement": "exact", "first_player": 0}),
            4,
            19_521_582,
        ),
        (
            "4p-up_to-d4",
            json!({"players": 4, "movement": "up_to", "first_player": 0}),
            4,
            3_387_764,
        ),
    ];
    for (name, options, depth, leaves) in cases {
        let mut game = domination(options);
        assert_eq!(perft(&mut game, depth), leaves, "perft {name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut game), depth)));
    }
    group.finish();
}

/// Plies of the seeded Domination games `0..DOMINATION_GAMES` (game option `seed` and the
/// agent's generator both `seed`, as `simulate` does).
const DOMINATION_GAMES: u64 = 10;

fn play_domination_batch(options: &Value) -> u64 {
    (0..DOMINATION_GAMES)
        .map(|seed| {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            let mut game = domination(options);
            u64::from(play_random_game(&mut game, &mut SplitMix64::new(seed)).length)
        })
        .sum()
}

fn bench_domination_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("domination/playouts");
    for (name, options) in [
        (
            "2p-up_to-100000",
            json!({"players": 2, "movement": "up_to", "max_plies": 100_000}),
        ),
        (
            "4p-up_to-100000",
            json!({"players": 4, "movement": "up_to", "max_plies": 100_000}),
        ),
    ] {
        let plies = play_domination_batch(&options);
        assert_eq!(
            plies,
            play_domination_batch(&options),
            "playouts are deterministic"
        );
        group.throughput(Throughput::Elements(plies));
        group.bench_function(name, |b| {
            b.iter(|| play_domination_batch(black_box(&options)))
        });
    }
    group.finish();
}

fn dominions(options: Value) -> Dominions {
    Dominions::new(options.as_object().expect("options are an object")).expect("valid options")
}

fn bench_dominions_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("dominions/movegen");
    let start = dominions(json!({}));
    let mut moves: Vec<Move> = Vec::with_capacity(11_320);
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 11_320, "the empty board");
    group.throughput(Throughput::Elements(11_320));
    group.bench_function("empty-board-list-11320", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            moves.len()
        })
    });
    group.bench_function("empty-board-count-11320", |b| {
        b.iter(|| black_box(&start).count_legal_moves())
    });
    // A middle-game position: 60 random plies.
    let mut middle = start.clone();
    let mut rng = SplitMix64::new(3);
    for _ in 0..60 {
        let mv = middle.random_move(&mut rng);
        middle.play_unchecked(mv);
    }
    middle.legal_moves(&mut moves);
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("ply-60-list", |b| {
        b.iter(|| {
            black_box(&middle).legal_moves(&mut moves);
            moves.len()
        })
    });
    group.finish();
}

fn bench_dominions_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("dominions/perft");
    group.sample_size(10);
    for (name, depth, leaves) in [("d2", 2, 1_947_103), ("d3", 3, 266_260_200)] {
        let mut game = dominions(json!({}));
        assert_eq!(perft(&mut game, depth), leaves, "perft {name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut game), depth)));
    }
    group.finish();
}

/// Plies of the seeded Dominions games `0..DOMINIONS_GAMES` from the start (they end by two
/// passes).
const DOMINIONS_GAMES: u64 = 20;

fn play_dominions_batch(start: &Dominions) -> u64 {
    (0..DOMINIONS_GAMES)
        .map(|seed| {
            let mut game = start.clone();
            u64::from(play_random_game(&mut game, &mut SplitMix64::new(seed)).length)
        })
        .sum()
}

fn bench_dominions_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("dominions/playouts");
    let start = dominions(json!({}));
    let plies = play_dominions_batch(&start);
    assert_eq!(
        plies,
        play_dominions_batch(&start),
        "playouts are deterministic"
    );
    group.throughput(Throughput::Elements(plies));
    group.bench_function("whole-games", |b| {
        b.iter(|| play_dominions_batch(black_box(&start)))
    });
    // The same games through `simulate`, on one and on two threads.
    for threads in [1, 2] {
        let records = simulate(|_| start.clone(), 0, 0, DOMINIONS_GAMES as usize, threads);
        let total: u64 = records.iter().map(|r| u64::from(r.length)).sum();
        assert_eq!(total, plies, "simulate plays the same games");
        group.bench_function(format!("simulate-{threads}-threads"), |b| {
            b.iter(|| simulate(|_| start.clone(), 0, 0, DOMINIONS_GAMES as usize, threads))
        });
    }
    group.finish();
}

fn so_long_sucker(options: Value) -> SoLongSucker {
    SoLongSucker::new(options.as_object().expect("options are an object")).expect("valid options")
}

fn bench_so_long_sucker_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("so_long_sucker/perft");
    let cases = [
        (
            "4p-d16",
            json!({"players": 4, "first_player": 0}),
            16,
            10_051_779,
        ),
        (
            "4p-2chips-free2-d16",
            json!({"players": 4, "chips": 2, "first_player": 0, "free_actions": 2}),
            16,
            7_727_326,
        ),
    ];
    for (name, options, depth, leaves) in cases {
        let mut game = so_long_sucker(options);
        assert_eq!(perft(&mut game, depth), leaves, "perft {name}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut game), depth)));
    }
    group.finish();
}

/// So Long Sucker games `0..SO_LONG_SUCKER_GAMES`, game `i` with option `seed` `i` and an agent
/// seeded `i` (as `simulate` does); the states are built once, outside the timing.
const SO_LONG_SUCKER_GAMES: u64 = 1000;

fn so_long_sucker_starts(options: &Value) -> Vec<SoLongSucker> {
    (0..SO_LONG_SUCKER_GAMES)
        .map(|seed| {
            let mut options = options.clone();
            options["seed"] = json!(seed);
            so_long_sucker(options)
        })
        .collect()
}

fn play_so_long_sucker_batch(starts: &[SoLongSucker]) -> u64 {
    (0..)
        .zip(starts)
        .map(|(seed, start)| {
            let mut game = start.clone();
            u64::from(play_random_game(&mut game, &mut SplitMix64::new(seed)).length)
        })
        .sum()
}

fn bench_so_long_sucker_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("so_long_sucker/playouts");
    for (name, options) in [
        ("4p", json!({"players": 4})),
        ("4p-free2", json!({"players": 4, "free_actions": 2})),
        ("6p", json!({"players": 6})),
        ("2p", json!({"players": 2})),
    ] {
        let starts = so_long_sucker_starts(&options);
        let plies = play_so_long_sucker_batch(&starts);
        assert_eq!(
            plies,
            play_so_long_sucker_batch(&starts),
            "playouts are deterministic"
        );
        group.throughput(Throughput::Elements(plies));
        group.bench_function(name, |b| {
            b.iter(|| play_so_long_sucker_batch(black_box(&starts)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_perft,
    bench_playouts,
    bench_domination_perft,
    bench_domination_playouts,
    bench_dominions_movegen,
    bench_dominions_perft,
    bench_dominions_playouts,
    bench_so_long_sucker_perft,
    bench_so_long_sucker_playouts
);
criterion_main!(benches);
