//! MCTS simulations per second on one position, for timing and profiling:
//!
//! ```sh
//! cargo run --release -p ludorum --example mcts -- chinese_checkers 20000 100 players=2 pieces=10 area=free
//! cargo run --release -p ludorum --example mcts -- armadora 20000 default opening=6 threads=2
//! ```
//!
//! Arguments: the game, simulations, rollout plies (`none` for whole rollouts, `default` for the
//! game's default), then options; `opening=N` first plays N random plies (seed 0),
//! `threads=N` searches on N threads and `repeat=N` runs N searches, each a fresh agent with
//! its own seed, as `ludorum bench agents` does (none of the three is passed to the game).

use ludorum::core::options::parse_assignments;
use ludorum::core::rng::SplitMix64;
use ludorum::games::{visit, Visitor};
use ludorum::search::{Mcts, MctsConfig};
use ludorum::Game;
use serde_json::{Map, Value};

struct Search {
    options: Map<String, Value>,
    config: MctsConfig,
    opening: u32,
    repeat: u32,
}

impl Visitor for Search {
    type Output = ();

    fn visit<G: Game>(self) {
        let mut game = G::new(&self.options).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = SplitMix64::new(0);
        for _ in 0..self.opening {
            if game.current_player().is_some() {
                let mv = game.random_move(&mut rng);
                game.play_for_good(mv);
            }
        }
        let start = std::time::Instant::now();
        let mut simulations = 0u64;
        let mut analysis = None;
        for seed in 0..self.repeat.max(1) {
            let config = MctsConfig {
                seed: u64::from(seed),
                ..self.config.clone()
            };
            let found = Mcts::new(config).analyse(&game);
            simulations += u64::from(found.simulations);
            analysis.get_or_insert(found);
        }
        let seconds = start.elapsed().as_secs_f64();
        let analysis = analysis.expect("at least one search");
        println!(
            "{} {simulations} simulations in {seconds:.3} s: {:.0} simulations/s; best {} ({} visits)",
            G::NAME,
            simulations as f64 / seconds,
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
    let mut options =
        parse_assignments(args.iter().skip(3).map(String::as_str)).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let mut take = |name: &str| {
        options
            .remove(name)
            .and_then(|v| v.as_u64())
            .map(|n| n as u32)
    };
    let opening = take("opening").unwrap_or(0);
    let threads = take("threads").unwrap_or(1) as usize;
    let repeat = take("repeat").unwrap_or(1);
    let config = MctsConfig {
        simulations,
        rollout_plies,
        threads,
        ..MctsConfig::default()
    };
    if let Err(e) = visit(
        game,
        Search {
            options,
            config,
            opening,
            repeat,
        },
    ) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
