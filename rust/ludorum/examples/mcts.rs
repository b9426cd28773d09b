//! MCTS simulations per second on one position, for timing and profiling:
//!
//! ```sh
//! cargo run --release -p ludorum --example mcts -- chinese_checkers 20000 100 players=2 pieces=10 area=free
//! ```
//!
//! Arguments: the game, simulations, rollout plies (`none` for whole rollouts), then options.

use ludorum::core::options::parse_assignments;
use ludorum::games::{visit, Visitor};
use ludorum::search::{Mcts, MctsConfig};
use ludorum::Game;
use serde_json::{Map, Value};

struct Search {
    options: Map<String, Value>,
    config: MctsConfig,
}

impl Visitor for Search {
    type Output = ();

    fn visit<G: Game>(self) {
        let game = G::new(&self.options).unwrap_or_else(|e| panic!("{e}"));
        let start = std::time::Instant::now();
        let analysis = Mcts::new(self.config.clone()).analyse(&game);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{} {} simulations in {seconds:.3} s: {:.0} simulations/s; best {} ({} visits)",
            G::NAME,
            analysis.simulations,
            f64::from(analysis.simulations) / seconds,
            game.notation(analysis.moves[0].mv),
            analysis.moves[0].visits
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("chinese_checkers", String::as_str);
    let simulations = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rollout_plies = args.get(2).and_then(|a| a.parse().ok());
    let options = parse_assignments(args.iter().skip(3).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let config = MctsConfig {
        simulations,
        rollout_plies,
        ..MctsConfig::default()
    };
    if let Err(e) = visit(game, Search { options, config }) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
