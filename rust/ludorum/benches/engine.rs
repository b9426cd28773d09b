//! Engine benchmarks for every game of the list: perft (bulk counted) at the positions the
//! game's facts name (`Facts::bench_perft`) and random playouts in each bench configuration
//! (`Facts::bench`). Each bench first checks its counts (perft against
//! `tests/data/<game>/perft.txt` where the vector is there, playouts for determinism), so a
//! fast wrong engine fails instead of reporting a number.
//!
//! `cargo bench -p ludorum --bench engine` (add `-- --quick` for a short run). Throughput is
//! reported in leaves (perft) or plies (playouts) per second.

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ludorum::core::options::parse_assignments;
use ludorum::{perft, play_random_game, Batch, Game};
use serde_json::{Map, Value};

/// Games per playout batch.
const GAMES: u64 = 20;

fn options(text: &str) -> Map<String, Value> {
    parse_assignments(text.split(',')).expect("bench options are key=value items")
}

/// The leaf count of `tests/data/<game>/perft.txt` for these options and depth, if listed.
fn known_leaves(game: &str, options: &Map<String, Value>, depth: u32) -> Option<u64> {
    let path = format!(
        "{}/../../tests/data/{game}/perft.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter_map(|line| {
            let [spec, d, leaves] = line.split_whitespace().collect::<Vec<_>>()[..] else {
                return None;
            };
            let spec = if spec == "-" {
                Map::new()
            } else {
                self::options(spec)
            };
            (spec == *options && d.parse() == Ok(depth)).then(|| leaves.parse().ok())?
        })
        .next()
}

fn bench_game<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("{}/perft", G::NAME));
    for &(spec, depth) in G::FACTS.bench_perft {
        let opts = options(spec);
        let mut game = G::new(&opts).expect("valid bench options");
        let leaves = perft(&mut game, depth);
        if let Some(known) = known_leaves(G::NAME, &opts, depth) {
            assert_eq!(leaves, known, "perft {spec} depth {depth}");
        }
        assert_eq!(perft(&mut game, depth), leaves, "perft is deterministic");
        group.throughput(Throughput::Elements(leaves));
        let name = format!("{}-d{depth}", if spec.is_empty() { "start" } else { spec });
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut game), depth)));
    }
    group.finish();

    let mut group = c.benchmark_group(format!("{}/playouts", G::NAME));
    for &spec in G::FACTS.bench {
        let mut opts = options(spec);
        if let (Some(cap), false) = (
            G::FACTS.simulation_max_plies,
            opts.contains_key("max_plies"),
        ) {
            opts.insert("max_plies".into(), cap.into());
        }
        let batch = Batch::<G>::new(&opts, 0).expect("valid bench options");
        let starts: Vec<G> = (0..GAMES).map(|i| batch.start(i)).collect();
        let play = || -> u64 {
            (0..GAMES)
                .map(|i| {
                    let mut game = starts[i as usize].clone();
                    u64::from(play_random_game(&mut game, &mut batch.rng(i)).length)
                })
                .sum()
        };
        let plies = play();
        assert_eq!(plies, play(), "playouts are deterministic");
        group.throughput(Throughput::Elements(plies));
        let name = if spec.is_empty() { "default" } else { spec };
        group.bench_function(name, |b| b.iter(|| black_box(play())));
    }
    group.finish();
}

macro_rules! benches {
    ($($module:ident $game:ident),* $(,)?) => {
        fn bench_all(c: &mut Criterion) {
            $(bench_game::<ludorum::games::$module::$game>(c);)*
        }
    };
}
ludorum::for_each_game!(benches);

criterion_group!(benches, bench_all);
criterion_main!(benches);
