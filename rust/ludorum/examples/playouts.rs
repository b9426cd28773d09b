//! Random playouts of one game in a loop, for timing and profiling (`perf record`,
//! `valgrind --tool=callgrind`):
//!
//! ```sh
//! cargo run --release -p ludorum --example playouts -- chinese_checkers 2000 players=4 area=free max_plies=1000
//! cargo run --release -p ludorum --example playouts -- so_long_sucker 20000 players=6
//! cargo run --release -p ludorum --example playouts -- --batch so_long_sucker 300000 players=4
//! ```
//!
//! Game i is played from a start with option `seed` i (for games with a seeded setup) by an
//! agent seeded i; the starts are built before the clock starts, so only play is timed. With
//! `--batch`, the games are played by [`ludorum::simulate`] on one thread instead, starts
//! included: what the `rust 1t` column of `ludorum bench` measures, without Python, and what
//! matters for short games (So Long Sucker's ~75 plies).

use ludorum::core::options::parse_assignments;
use ludorum::games::{visit, Visitor};
use ludorum::{play_random_game, simulate, Batch, Game};
use serde_json::{Map, Value};

struct Playouts {
    options: Map<String, Value>,
    games: u64,
    batch: bool,
}

impl Visitor for Playouts {
    type Output = ();

    fn visit<G: Game>(self) -> Self::Output {
        let batch = Batch::<G>::new(&self.options, 0).unwrap_or_else(|e| panic!("{e}"));
        let (plies, elapsed) = if self.batch {
            let start = std::time::Instant::now();
            let records = simulate(&batch, 0, self.games as usize, 1, None).expect("no monitor");
            let plies = records.iter().map(|r| u64::from(r.length)).sum();
            (plies, start.elapsed())
        } else {
            let starts: Vec<G> = (0..self.games.min(64)).map(|i| batch.start(i)).collect();
            let start = std::time::Instant::now();
            let mut plies = 0u64;
            for i in 0..self.games {
                let mut state = starts[(i % 64) as usize % starts.len()].clone();
                plies += u64::from(play_random_game(&mut state, &mut batch.rng(i)).length);
            }
            (plies, start.elapsed())
        };
        let seconds = elapsed.as_secs_f64();
        println!(
            "{} {} games, {plies} plies in {seconds:.3} s: {:.0} plies/s",
            G::NAME,
            self.games,
            plies as f64 / seconds
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let batch = args.next_if(|a| a == "--batch").is_some();
    let game = args.next().unwrap_or_else(|| "chinese_checkers".into());
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rest: Vec<String> = args.collect();
    let options = parse_assignments(rest.iter().map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let playouts = Playouts {
        options,
        games,
        batch,
    };
    if let Err(e) = visit(&game, playouts) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
