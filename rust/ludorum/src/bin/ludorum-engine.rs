//! `ludorum-engine`: the engine protocol (`docs/protocol.md`) on stdin and stdout, with no
//! Python. `--json` switches to JSON lines.

use std::io::{stdin, stdout, BufReader, BufWriter};
use std::process::ExitCode;

use ludorum::protocol::Session;

fn main() -> ExitCode {
    let mut json = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--json" => json = true,
            "-h" | "--help" => {
                println!("usage: ludorum-engine [--json]\nThe ludorum engine protocol on stdin/stdout: see docs/protocol.md.");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!(
                    "ludorum-engine: unknown argument '{other}' (usage: ludorum-engine [--json])"
                );
                return ExitCode::from(2);
            }
        }
    }
    let input = BufReader::new(stdin().lock());
    let output = BufWriter::new(stdout().lock());
    match Session::new(json).run(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ludorum-engine: {error}");
            ExitCode::FAILURE
        }
    }
}
