//! Random playouts in a loop, for profiling (`perf record`, `valgrind --tool=callgrind`):
//! `cargo run --release -p ludorum --example playouts -- 2000` (2000 games), or
//! `... -- 2000 4` for 4 players (10 pieces, area `free`, 1000 plies at most).

use ludorum::games::chinese_checkers::ChineseCheckers;
use ludorum::{play_random_game, Game, SplitMix64};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let players: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let options = serde_json::json!({
        "players": players, "pieces": 10, "area": "free", "max_plies": 1000
    });
    let game = ChineseCheckers::new(options.as_object().expect("an object")).expect("valid");
    let start = std::time::Instant::now();
    let mut plies = 0u64;
    for seed in 0..games {
        let mut state = game.clone();
        plies += u64::from(play_random_game(&mut state, &mut SplitMix64::new(seed)).length);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{plies} plies in {seconds:.3} s: {:.0} plies/s",
        plies as f64 / seconds
    );
}
