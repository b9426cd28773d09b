//! `ludorum-engine`: the engine protocol (`docs/protocol.md`) on stdin and stdout, with no
//! Python. `--json` switches to JSON lines; the `--max-*` flags set the session's limits.

use std::io::{stdin, stdout, BufReader, BufWriter};
use std::process::ExitCode;
use std::time::Duration;

use ludorum::protocol::{Limits, Session};

const USAGE: &str = "usage: ludorum-engine [--json] [--max-tables N] [--max-simulations N] \
[--max-seconds S] [--max-perft-depth D] [--max-perft-seconds S]";

fn help() -> String {
    let d = Limits::default();
    format!(
        "{USAGE}\nThe ludorum engine protocol on stdin/stdout: see docs/protocol.md.\n\n\
         --json                 JSON lines instead of text\n\
         --max-tables N         tables open at once (default {})\n\
         --max-simulations N    simulations of one search (default {})\n\
         --max-seconds S        time of one search (default {})\n\
         --max-perft-depth D    depth of perft (default {})\n\
         --max-perft-seconds S  time of one perft (default {})",
        d.tables,
        d.simulations,
        d.think.as_secs_f64(),
        d.perft_depth,
        d.perft_time.as_secs_f64()
    )
}

/// The session's mode and limits from the command line.
fn parse(args: impl Iterator<Item = String>) -> Result<Option<(bool, Limits)>, String> {
    let mut json = false;
    let mut limits = Limits::default();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} takes a value"));
        let seconds = |name: &str, text: String| {
            text.parse::<f64>()
                .ok()
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .filter(|d| !d.is_zero())
                .ok_or_else(|| format!("{name} takes a positive number of seconds, got '{text}'"))
        };
        let count = |name: &str, text: String| {
            text.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name} takes a positive integer, got '{text}'"))
        };
        match arg.as_str() {
            "--json" => json = true,
            "-h" | "--help" => return Ok(None),
            "--max-tables" => {
                limits.tables = count(&arg, value(&arg)?)? as usize;
            }
            "--max-simulations" => {
                let n = count(&arg, value(&arg)?)?;
                limits.simulations =
                    u32::try_from(n).map_err(|_| format!("{arg}: at most {}", u32::MAX))?;
            }
            "--max-seconds" => limits.think = seconds(&arg, value(&arg)?)?,
            "--max-perft-depth" => {
                let n = value(&arg)?;
                limits.perft_depth = n
                    .parse()
                    .map_err(|_| format!("{arg} takes a depth, got '{n}'"))?;
            }
            "--max-perft-seconds" => limits.perft_time = seconds(&arg, value(&arg)?)?,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(Some((json, limits)))
}

fn main() -> ExitCode {
    let (json, limits) = match parse(std::env::args().skip(1)) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            println!("{}", help());
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("ludorum-engine: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let input = BufReader::new(stdin());
    let output = BufWriter::new(stdout().lock());
    match Session::with_limits(json, limits).run(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ludorum-engine: {error}");
            ExitCode::FAILURE
        }
    }
}
