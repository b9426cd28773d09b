//! Random playouts of one game in a loop, for timing and profiling (`perf record`,
//! `valgrind --tool=callgrind`):
//!
//! ```sh
//! cargo run --release -p ludorum --example playouts -- chinese_checkers 2000 players=4 area=free max_plies=1000
//! cargo run --release -p ludorum --example playouts -- so_long_sucker 20000 players=6
//! ```
//!
//! Game i is played from a start with option `seed` i (for games with a seeded setup) by an
//! agent seeded i; the starts are built before the clock starts, so only play is timed.

use ludorum::games::{
    armadora::Armadora, chinese_checkers::ChineseCheckers, domination::Domination,
    dominions::Dominions, so_long_sucker::SoLongSucker,
};
use ludorum::{play_random_game, Game, SplitMix64};
use serde_json::{Map, Value};

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "chinese_checkers".into());
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let mut options = Map::new();
    for pair in args {
        let (key, value) = pair.split_once('=').expect("options look like players=4");
        // Numbers and null as JSON, anything else as a string.
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::from(value));
        options.insert(key.into(), value);
    }
    match game.as_str() {
        "chinese_checkers" => run::<ChineseCheckers>(options, games),
        "domination" => run::<Domination>(options, games),
        "dominions" => run::<Dominions>(options, games),
        "armadora" => run::<Armadora>(options, games),
        "so_long_sucker" => run::<SoLongSucker>(options, games),
        other => panic!("unknown game '{other}'"),
    }
}

fn run<G: Game>(options: Map<String, Value>, games: u64) {
    let seeded = G::new(&options)
        .expect("valid options")
        .options()
        .contains_key("seed");
    let starts: Vec<G> = (0..games.min(64))
        .map(|seed| {
            let mut options = options.clone();
            if seeded {
                options.insert("seed".into(), seed.into());
            }
            G::new(&options).expect("valid options")
        })
        .collect();
    let start = std::time::Instant::now();
    let mut plies = 0u64;
    for seed in 0..games {
        let mut state = starts[(seed % 64) as usize % starts.len()].clone();
        plies += u64::from(play_random_game(&mut state, &mut SplitMix64::new(seed)).length);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} {games} games, {plies} plies in {seconds:.3} s: {:.0} plies/s",
        G::NAME,
        plies as f64 / seconds
    );
}
