//! Random games through [`ludorum::simulate`] on one thread, starts included: what the `rust 1t`
//! column of `ludorum bench` measures, without Python. The `playouts` example times play alone
//! (its starts are built before the clock starts); this one also times starting each game, as
//! a batch does, which matters for short games (So Long Sucker's ~75 plies):
//!
//! ```sh
//! cargo run --release -p ludorum --example batch -- so_long_sucker 300000 players=4
//! ```

use ludorum::core::options::parse_assignments;
use ludorum::games::{visit, Visitor};
use ludorum::{simulate, Batch, Game};
use serde_json::{Map, Value};

struct Simulate {
    options: Map<String, Value>,
    games: usize,
}

impl Visitor for Simulate {
    type Output = ();

    fn visit<G: Game>(self) -> Self::Output {
        let batch = Batch::<G>::new(&self.options, 0).unwrap_or_else(|e| panic!("{e}"));
        let start = std::time::Instant::now();
        let records = simulate(&batch, 0, self.games, 1, None).expect("no monitor to stop it");
        let seconds = start.elapsed().as_secs_f64();
        let plies: u64 = records.iter().map(|r| u64::from(r.length)).sum();
        println!(
            "{} {} games, {plies} plies in {seconds:.3} s: {:.0} plies/s",
            G::NAME,
            self.games,
            plies as f64 / seconds
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "so_long_sucker".into());
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let rest: Vec<String> = args.collect();
    let options = parse_assignments(rest.iter().map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    if let Err(e) = visit(&game, Simulate { options, games }) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
