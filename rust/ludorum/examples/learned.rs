//! Learned-search simulations per second with the built-in `uniform` evaluator (no model cost),
//! for timing and profiling the search itself:
//!
//! ```sh
//! cargo run --release -p ludorum --example learned -- tic_tac_toe gumbel 1024 32 0 1
//! ```
//!
//! Arguments: the game, the rule (`gumbel` or `puct`), roots searched together, simulations,
//! random plies played from the start before searching, threads (or `pipeline`: one search
//! thread beside the evaluator's calls), then options.

use ludorum::core::options::parse_assignments;
use ludorum::games::{visit, Visitor};
use ludorum::search::learned::{
    GumbelConfig, LearnedConfig, LearnedSearch, PuctConfig, Rule, Uniform,
};
use ludorum::{Game, SplitMix64};
use serde_json::{Map, Value};

struct Bench {
    options: Map<String, Value>,
    rule: Rule,
    roots: usize,
    simulations: u32,
    plies: usize,
    threads: usize,
    pipeline: bool,
}

impl Visitor for Bench {
    type Output = ();

    fn visit<G: Game>(self) {
        let mut rng = SplitMix64::new(7);
        let mut states = Vec::with_capacity(self.roots);
        let mut legal = Vec::new();
        while states.len() < self.roots {
            let mut state = G::new(&self.options).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..self.plies {
                state.legal_actions(&mut legal);
                if state.current_player().is_none() || legal.is_empty() {
                    break;
                }
                let a = legal[(rng.next_u64() % legal.len() as u64) as usize] as usize;
                let mv = state.move_from_action(a).unwrap_or_else(|e| panic!("{e}"));
                state.play(mv).unwrap_or_else(|e| panic!("{e}"));
            }
            if state.current_player().is_some() {
                states.push(state);
            }
        }
        let mut config = LearnedConfig::new(self.rule, self.simulations);
        config.reuse = false;
        config.threads = self.threads;
        config.pipeline = self.pipeline;
        let mut search = LearnedSearch::new(config).unwrap_or_else(|e| panic!("{e}"));
        let mut best = f64::INFINITY;
        // A digest of every result (actions, visits, policies, values): equal digests show
        // that a change to the search kept its results.
        let mut digest = 0u64;
        for round in 0..4 {
            let mut seed = SplitMix64::new(round);
            let start = std::time::Instant::now();
            let rows = search
                .search_fresh_rows(&states, &mut seed, &mut Uniform, &mut || false)
                .unwrap_or_else(|e| panic!("{e}"));
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(rows.len(), states.len());
            let (a, p) = (rows.num_actions, rows.num_players);
            for i in 0..rows.len() {
                let words = std::iter::once(rows.actions[i] as u64)
                    .chain(rows.visits[i * a..(i + 1) * a].iter().copied())
                    .chain(
                        rows.policies[i * a..(i + 1) * a]
                            .iter()
                            .map(|x| u64::from(x.to_bits())),
                    )
                    .chain(rows.values[i * p..(i + 1) * p].iter().map(|x| x.to_bits()));
                for w in words {
                    digest = SplitMix64::new(digest ^ w).next_u64();
                }
            }
        }
        let sims = (self.roots as f64) * f64::from(self.simulations);
        println!(
            "{} {} roots x {} simulations, {} threads{}: best {best:.4} s, {:.0} simulations/s, \
             digest {digest:016x}",
            G::NAME,
            self.roots,
            self.simulations,
            self.threads,
            if self.pipeline { " (pipeline)" } else { "" },
            sims / best
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let game = arg(0, "tic_tac_toe");
    let rule = match arg(1, "gumbel").as_str() {
        "puct" => Rule::Puct(PuctConfig::default()),
        _ => Rule::Gumbel(GumbelConfig::default()),
    };
    let number = |i: usize, default: &str| {
        arg(i, default).parse::<usize>().unwrap_or_else(|e| {
            eprintln!("argument {i}: {e}");
            std::process::exit(2)
        })
    };
    let options = parse_assignments(args.iter().skip(6).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let bench = Bench {
        options,
        rule,
        roots: number(2, "1024"),
        simulations: number(3, "32") as u32,
        plies: number(4, "0"),
        threads: if arg(5, "1") == "pipeline" {
            1
        } else {
            number(5, "1")
        },
        pipeline: arg(5, "1") == "pipeline",
    };
    if let Err(e) = visit(&game, bench) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
