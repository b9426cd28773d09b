//! Steps of a batched env in a loop, for timing and profiling (`perf record`,
//! `valgrind --tool=callgrind`): what `ludorum bench rl`'s VecEnv columns measure, without
//! Python, beside the plies of random playouts of the same configuration.
//!
//! ```sh
//! cargo run --release -p ludorum --example vec_env -- chinese_checkers 1024 200 1 pieces=10 area=free max_plies=1000
//! ```
//!
//! Arguments: the game, the envs, the steps, the threads, then the game's options and
//! `obs_dtype=uint8` for observations of bytes (default `float32`). Each step
//! samples one random legal action per env (`sample_actions`) and plays it, writing
//! observations, masks, rewards and players to move.

use ludorum::core::options::parse_assignments;
use ludorum::env::{BatchEnv, Config, ObsDtype, VecEnv};
use ludorum::games::{visit, Visitor};
use ludorum::{simulate, Batch, Game};
use serde_json::{Map, Value};

struct Steps {
    options: Map<String, Value>,
    envs: usize,
    steps: usize,
    threads: usize,
    obs_dtype: ObsDtype,
}

impl Visitor for Steps {
    type Output = ();

    fn visit<G: Game>(self) -> Self::Output {
        let config = Config {
            num_envs: self.envs,
            threads: self.threads,
            obs_dtype: self.obs_dtype,
            ..Config::default()
        };
        let mut env = VecEnv::<G>::new(&self.options, config).unwrap_or_else(|e| panic!("{e}"));
        let mut buffers = env.buffers();
        let mut actions = vec![0i64; self.envs];
        env.reset(Some(1), None, &mut buffers.outputs())
            .expect("no mask");
        let start = std::time::Instant::now();
        let mut sampling = std::time::Duration::ZERO;
        for _ in 0..self.steps {
            let t = std::time::Instant::now();
            env.sample_actions(&mut actions);
            sampling += t.elapsed();
            env.step(&actions, &mut buffers.outputs())
                .expect("sampled actions are legal");
        }
        let seconds = start.elapsed().as_secs_f64();
        let steps = (self.steps * self.envs) as f64;
        let batch = Batch::<G>::new(&self.options, 0).unwrap_or_else(|e| panic!("{e}"));
        let start = std::time::Instant::now();
        let records = simulate(&batch, 0, self.envs, 1, None).expect("no monitor");
        let plies: u64 = records.iter().map(|r| u64::from(r.length)).sum();
        let ply_seconds = start.elapsed().as_secs_f64();
        println!(
            "{}: {:.0} ns a step ({} envs, {} threads; sample_actions {:.2} µs a call), {:.0} ns \
             a ply of simulate: {:.1}x",
            G::NAME,
            1e9 * seconds / steps,
            self.envs,
            self.threads,
            sampling.as_secs_f64() * 1e6 / self.steps as f64,
            1e9 * ply_seconds / plies as f64,
            (seconds / steps) / (ply_seconds / plies as f64)
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "chinese_checkers".into());
    let mut number = |default: usize| args.next().map_or(default, |a| a.parse().expect("a count"));
    let (envs, steps, threads) = (number(1024), number(200), number(1));
    let rest: Vec<String> = args.collect();
    let fail = |e: ludorum::Error| -> ! {
        eprintln!("{e}");
        std::process::exit(2)
    };
    let mut options =
        parse_assignments(rest.iter().map(String::as_str)).unwrap_or_else(|e| fail(e));
    let obs_dtype = match options.remove("obs_dtype") {
        Some(v) => ObsDtype::parse(v.as_str().unwrap_or_default()).unwrap_or_else(|e| fail(e)),
        None => ObsDtype::Float32,
    };
    let steps = Steps {
        options,
        envs,
        steps,
        threads,
        obs_dtype,
    };
    if let Err(e) = visit(&game, steps) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
