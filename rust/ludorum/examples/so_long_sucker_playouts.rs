//! So Long Sucker random playouts in a loop, for timing and profiling:
//! `cargo run --release -p ludorum --example so_long_sucker_playouts -- 20000 4 0` (20000 games,
//! 4 players, `free_actions` 0). Game i is a clone of a start with option `seed` i (one start
//! per seed in 0..16, built before the clock starts) played by an agent seeded i.

use ludorum::games::so_long_sucker::SoLongSucker;
use ludorum::{play_random_game, Game, SplitMix64};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let players: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let free_actions: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let starts: Vec<SoLongSucker> = (0..16)
        .map(|seed| {
            let options = serde_json::json!({
                "players": players, "free_actions": free_actions, "seed": seed
            });
            SoLongSucker::new(options.as_object().expect("an object")).expect("valid")
        })
        .collect();
    let start = std::time::Instant::now();
    let mut plies = 0u64;
    for seed in 0..games {
        let mut game = starts[(seed % 16) as usize].clone();
        plies += u64::from(play_random_game(&mut game, &mut SplitMix64::new(seed)).length);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies in {seconds:.3} s: {:.0} plies/s",
        plies as f64 / seconds
    );
}
