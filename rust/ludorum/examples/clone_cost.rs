//! What a copy of a game costs: the time of one `clone()` of a position 20 random plies in,
//! and the size of the state, for the README's figures:
//!
//! ```sh
//! cargo run --release -p ludorum --example clone_cost -- dominions
//! cargo run --release -p ludorum --example clone_cost -- chinese_checkers pieces=10 area=free
//! ```

use std::hint::black_box;

use ludorum::core::options::parse_assignments;
use ludorum::games::{visit, Visitor};
use ludorum::{Batch, Game};
use serde_json::{Map, Value};

struct CloneCost {
    options: Map<String, Value>,
}

impl Visitor for CloneCost {
    type Output = ();

    fn visit<G: Game>(self) -> Self::Output {
        let batch = Batch::<G>::new(&self.options, 0).unwrap_or_else(|e| panic!("{e}"));
        let mut game = batch.start(0);
        let mut rng = batch.rng(0);
        for _ in 0..20 {
            if game.current_player().is_none() {
                break;
            }
            let mv = game.random_move(&mut rng);
            game.play_unchecked(mv);
        }
        let copies = 1_000_000u32;
        let start = std::time::Instant::now();
        for _ in 0..copies {
            drop(black_box(black_box(&game).clone()));
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(copies);
        println!(
            "{}: {micros:.2} µs per copy, {} bytes inline",
            G::NAME,
            std::mem::size_of::<G>()
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "chinese_checkers".into());
    let rest: Vec<String> = args.collect();
    let options = parse_assignments(rest.iter().map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    if let Err(e) = visit(&game, CloneCost { options }) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
