//! The engine protocol: a line protocol over a pair of byte streams, so that any program can
//! use the engine (`docs/protocol.md` specifies it). Framing as GTP: `[id] command args` is
//! answered `=[id] result` or `?[id] error`, then a blank line; with JSON lines, one request
//! object in, one response object out. Several games may be open at once, each a table with an
//! id; commands go to the current one (`new` and `use` choose it).
//!
//! Everything game-specific goes through the [`Game`](crate::Game) trait's object-safe face,
//! [`DynGame`] (a table holds one, opened by name through the one list of games), so every
//! game speaks the protocol.
//!
//! # Examples
//!
//! ```
//! use ludorum::protocol::Session;
//! let mut session = Session::new(false);
//! let (reply, _) = session.handle_line(b"1 new so_long_sucker players=3 seed=2");
//! assert_eq!(reply, "=1 1\n\n");
//! let (reply, _) = session.handle_line(b"play fly");
//! assert!(reply.starts_with("? invalid move 'fly'"));
//! ```

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::core::batch::MONITOR_INTERVAL;
use crate::core::dyn_game::{self, DynGame, NamedMove};
use crate::core::error::Error;
use crate::core::json::outcome_json;
use crate::core::options::parse_options_of;
use crate::core::rng::SplitMix64;
use crate::games::{facts, ALL};
use crate::search::{AgentSpec, Analysis, SearchedMove};

mod request;
#[cfg(test)]
mod tests;

use request::{command_of, id_of, parse_json, parse_text};

/// The protocol's version (`protocol_version`).
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line read; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// What one session may ask of the engine; a request over a limit is answered with an error
/// and changes nothing. `ludorum-engine --help` lists the flags that set them.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Tables open at once.
    pub tables: usize,
    /// Simulations of one search (`genmove mcts:N`, `analyse mcts:N`).
    pub simulations: u32,
    /// Time of one search: a longer time budget is refused, and a search by simulations ends
    /// there (its answer is then what it found so far).
    pub think: Duration,
    /// Depth of `perft`.
    pub perft_depth: u32,
    /// Time of one `perft`: past it the count is abandoned and the command fails.
    pub perft_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            tables: 64,
            simulations: 10_000_000,
            think: Duration::from_secs(60),
            perft_depth: 6,
            perft_time: Duration::from_secs(10),
        }
    }
}

/// The longest chat message, in bytes.
pub const MAX_CHAT: usize = 2000;

/// The commands, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "games",
    "new",
    "use",
    "tables",
    "close",
    "show",
    "json",
    "load",
    "legal",
    "play",
    "undo",
    "current_player",
    "outcome",
    "returns",
    "key",
    "seed",
    "genmove",
    "analyse",
    "stop",
    "chat",
    "perft",
];

/// The commands that may run long: the session reads on while they run, so that `stop` can
/// end them.
const LONG_COMMANDS: &[&str] = &["genmove", "analyse", "perft"];

/// A failed command: its message and the kind of error (the Python exception's name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `IllegalMoveError`, `InvalidMoveError`, `InvalidStateError`, `InvalidOptionError` or
    /// `ProtocolError` (a malformed request).
    pub kind: &'static str,
    /// The message, the same the Python API gives for the same mistake.
    pub message: String,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        let kind = match error {
            Error::InvalidMove { .. } => "InvalidMoveError",
            Error::IllegalMove { .. } => "IllegalMoveError",
            Error::InvalidState(_) => "InvalidStateError",
            Error::InvalidOption(_) => "InvalidOptionError",
        };
        Self {
            kind,
            message: error.to_string(),
        }
    }
}

fn protocol_error(message: impl Into<String>) -> Failure {
    Failure {
        kind: "ProtocolError",
        message: message.into(),
    }
}

type Reply = Result<Value, Failure>;

/// One open game: the game, whatever its type, and the generator its `genmove` agents draw
/// from (seeded with the game's `seed` option when it has one).
struct Table {
    game: Box<dyn DynGame>,
    rng: SplitMix64,
    /// The seat mode: every answer is given from this player's view (`None`: the referee's).
    seat: Option<usize>,
}

impl Table {
    /// A table of `game`, its generator seeded `seed`.
    fn new(game: Box<dyn DynGame>, seed: u64) -> Self {
        Self {
            game,
            rng: SplitMix64::new(seed),
            seat: None,
        }
    }

    /// A table of a new game called `name` with `options`.
    fn open(name: &str, options: &Map<String, Value>) -> Result<Self, Error> {
        let game = dyn_game::new(name, options)?;
        let seed = game
            .options()
            .get("seed")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        Ok(Self::new(game, seed))
    }

    /// The legal moves in notation (of the player to move; `seat` must be that player, else
    /// none).
    fn legal(&self, seat: Option<usize>) -> Vec<String> {
        let to_move = self.game.current_player();
        if to_move.is_none() || (seat.is_some() && seat != to_move) {
            return Vec::new();
        }
        let moves = self.game.legal_moves();
        moves.into_iter().map(|m| m.notation).collect()
    }

    /// Plays a move given in notation, giving its notation.
    fn play(&mut self, text: &str) -> Result<String, Error> {
        self.game.play_notation(text)?;
        Ok(self.last_notation())
    }

    /// What a built-in agent finds for the player to move, without playing (its search ends
    /// early when `stop` is set).
    fn analyse(
        &mut self,
        agent: &AgentSpec,
        stop: &AtomicBool,
    ) -> Result<Analysis<NamedMove>, Error> {
        if self.game.current_player().is_none() {
            return Err(Error::InvalidOption(
                "the game is over: there is no move to search".into(),
            ));
        }
        // The random agent draws from the table's generator, as `simulate` draws game i's
        // moves from SplitMix64(seed + i); a search gets its seed from it.
        let mut agent = match agent {
            AgentSpec::Random { .. } => {
                let pick = self.game.random_move(&mut self.rng);
                return Ok(Analysis {
                    moves: vec![SearchedMove {
                        mv: pick,
                        visits: 0,
                        values: vec![0.0; self.game.num_players()],
                        wins: false,
                    }],
                    simulations: 0,
                });
            }
            AgentSpec::Mcts(_) => self.game.agent(&agent.offset(self.rng.next_u64())),
        };
        Ok(agent.analyse_until(self.game.as_ref(), stop))
    }

    /// The notation of the last move played, as the table's seat sees it.
    fn last_notation(&self) -> String {
        match self.seat {
            Some(seat) => last_seen(self.game.as_ref(), seat).expect("a move was just played"),
            None => self
                .game
                .last_move()
                .map(|m| m.notation)
                .expect("a move was just played"),
        }
    }

    /// Refuses, in seat mode, a request for another viewer than the seat (`what` names it).
    fn viewer(&self, asked: Option<usize>, what: &str) -> Result<Option<usize>, Failure> {
        match (self.seat, asked) {
            (None, asked) => Ok(asked),
            (Some(seat), None) => Ok(Some(seat)),
            (Some(seat), Some(asked)) if asked == seat => Ok(Some(seat)),
            (Some(seat), Some(_)) => Err(seated(seat, what)),
        }
    }

    /// Refuses, in seat mode, a command that answers with the referee's knowledge.
    fn referee_only(&self, command: &str) -> Result<(), Failure> {
        match self.seat {
            Some(seat) => Err(seated(
                seat,
                &format!("'{command}' (the referee's knowledge)"),
            )),
            None => Ok(()),
        }
    }

    /// Refuses, in seat mode, to search for another player than the seat.
    fn search_allowed(&self) -> Result<(), Failure> {
        match (self.seat, self.game.current_player()) {
            (Some(seat), Some(mover)) if mover != seat => Err(seated(
                seat,
                &format!("a search for player {mover} (it reads what player {mover} knows)"),
            )),
            _ => Ok(()),
        }
    }
}

/// The error of a seated table asked for what its seat may not see.
fn seated(seat: usize, what: &str) -> Failure {
    protocol_error(format!(
        "this table is seated as player {seat}: it does not answer {what}; see 'use ID referee'"
    ))
}

/// The last move of `game` as `seat` sees it (Armadora: `?@c3` for another player's warrior).
fn last_seen(game: &dyn DynGame, seat: usize) -> Option<String> {
    let view = game.to_json(Some(seat));
    view.get("moves")?.as_array()?.last().map(text_of)
}

/// A protocol session: the open tables and the current one.
pub struct Session {
    json_mode: bool,
    limits: Limits,
    tables: BTreeMap<u64, Table>,
    current: Option<u64>,
    next_id: u64,
}

/// A line read by [`Session::run`]'s reader: the line, or the mark of one longer than
/// [`MAX_LINE`].
enum Input {
    Line(Vec<u8>),
    TooLong,
}

impl Session {
    /// A session answering in text (GTP framing) or, with `json_mode`, in JSON lines, with the
    /// default [`Limits`].
    pub fn new(json_mode: bool) -> Self {
        Self::with_limits(json_mode, Limits::default())
    }

    /// A session with these limits.
    pub fn with_limits(json_mode: bool, limits: Limits) -> Self {
        Self {
            json_mode,
            limits,
            tables: BTreeMap::new(),
            current: None,
            next_id: 1,
        }
    }

    /// Answers every line of `input` on `output` until `quit` or the end of the input. Lines
    /// longer than [`MAX_LINE`] are answered with an error and skipped.
    ///
    /// The input is read on a thread of its own, so that while a long command runs
    /// (`genmove`, `analyse`, `perft`) a `stop` (or `quit`) ends it early; the lines that
    /// arrive meanwhile are answered after it, in order.
    ///
    /// # Errors
    ///
    /// An I/O error of either stream.
    pub fn run<R: BufRead + Send + 'static, W: Write>(
        &mut self,
        input: R,
        output: W,
    ) -> std::io::Result<()> {
        self.run_until(input, output, &mut || true)
    }

    /// [`run`](Self::run), asking `go_on()` about every [`MONITOR_INTERVAL`] whether to go on
    /// (a host's Ctrl-C: `ludorum serve`): once it says no, the command under way is stopped
    /// as by `stop`, its answer written, and the session ends.
    ///
    /// # Errors
    ///
    /// An I/O error of either stream.
    pub fn run_until<R: BufRead + Send + 'static, W: Write>(
        &mut self,
        mut input: R,
        mut output: W,
        go_on: &mut dyn FnMut() -> bool,
    ) -> std::io::Result<()> {
        let (sender, lines) = mpsc::channel::<std::io::Result<Input>>();
        // Not scoped: after `quit` the reader may still wait on its input, and must not hold
        // the session open.
        std::thread::spawn(move || loop {
            let mut line = Vec::new();
            let read = match read_line(&mut input, &mut line) {
                Ok((0, _)) => return,
                Ok((_, true)) => Ok(Input::TooLong),
                Ok((_, false)) => Ok(Input::Line(line)),
                Err(error) => Err(error),
            };
            let failed = read.is_err();
            if sender.send(read).is_err() || failed {
                return;
            }
        });
        let mut pending = VecDeque::new();
        loop {
            let next = match pending.pop_front() {
                Some(next) => next,
                None => match lines.recv_timeout(MONITOR_INTERVAL) {
                    Ok(next) => next?,
                    Err(mpsc::RecvTimeoutError::Timeout) if go_on() => continue,
                    Err(mpsc::RecvTimeoutError::Timeout) => return Ok(()),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()), // end of input
                },
            };
            let (reply, quit) = match next {
                Input::TooLong => (self.too_long(), false),
                Input::Line(line) if self.is_long(&line) => {
                    self.handle_long_line(&line, &lines, &mut pending, go_on)?
                }
                Input::Line(line) => self.handle_line(&line),
            };
            output.write_all(reply.as_bytes())?;
            output.flush()?;
            if quit {
                return Ok(());
            }
        }
    }

    /// Whether `line` is a command that may run long.
    fn is_long(&self, line: &[u8]) -> bool {
        command_of(line, self.json_mode).is_some_and(|c| LONG_COMMANDS.contains(&c.as_str()))
    }

    /// Runs a long command on a worker thread while the lines that arrive are queued in
    /// `pending`; a `stop` or `quit` among them ends it early.
    fn handle_long_line(
        &mut self,
        line: &[u8],
        lines: &mpsc::Receiver<std::io::Result<Input>>,
        pending: &mut VecDeque<Input>,
        go_on: &mut dyn FnMut() -> bool,
    ) -> std::io::Result<(String, bool)> {
        let stop = AtomicBool::new(false);
        let json_mode = self.json_mode;
        let mut ended = false;
        let mut asked = Instant::now();
        let (reply, quit) = std::thread::scope(|scope| {
            let worker = scope.spawn(|| self.handle_line_until(line, &stop));
            let mut open = true;
            while !worker.is_finished() {
                if !ended && asked.elapsed() >= MONITOR_INTERVAL {
                    asked = Instant::now();
                    ended = !go_on();
                    if ended {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                if !open {
                    // the end of the input: the command runs to its end (or to `go_on`'s no)
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                }
                match lines.recv_timeout(Duration::from_millis(5)) {
                    Ok(Ok(next)) => {
                        if let Input::Line(text) = &next {
                            if matches!(
                                command_of(text, json_mode).as_deref(),
                                Some("stop" | "quit")
                            ) {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        pending.push_back(next);
                    }
                    Ok(Err(error)) => {
                        stop.store(true, Ordering::Relaxed);
                        let _ = worker.join();
                        return Err(error);
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => open = false,
                }
            }
            Ok(worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        })?;
        Ok((reply, quit || ended))
    }

    /// The answer to a line longer than [`MAX_LINE`] bytes, which is skipped.
    pub fn too_long(&self) -> String {
        self.failure(
            None,
            &protocol_error(format!("line longer than {MAX_LINE} bytes: skipped")),
        )
    }

    /// The answer to one line (without its newline), and whether the session ends. Empty lines
    /// and `#` comments get no answer (an empty string).
    pub fn handle_line(&mut self, line: &[u8]) -> (String, bool) {
        self.handle_line_until(line, &AtomicBool::new(false))
    }

    /// [`handle_line`](Self::handle_line), where a search or perft ends early once `stop` is
    /// set (a search answers with what it found so far; a perft fails).
    pub fn handle_line_until(&mut self, line: &[u8], stop: &AtomicBool) -> (String, bool) {
        let Ok(text) = std::str::from_utf8(line) else {
            return (
                self.failure(None, &protocol_error("the line is not UTF-8 text")),
                false,
            );
        };
        let text = text.trim_end_matches(['\r', '\n']);
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            return (String::new(), false);
        }
        let request = if self.json_mode {
            parse_json(text)
        } else {
            Ok(parse_text(text))
        };
        let request = match request {
            Ok(request) => request,
            // the id of a refused JSON request is still echoed, when it has one
            Err(failure) => return (self.failure(id_of(text).as_ref(), &failure), false),
        };
        let quit = request.command == "quit";
        let reply = self.execute(&request.command, &request.args, stop);
        let answer = match reply {
            Ok(value) => self.success(request.id.as_ref(), &value),
            Err(failure) => self.failure(request.id.as_ref(), &failure),
        };
        (answer, quit)
    }

    fn success(&self, id: Option<&Value>, value: &Value) -> String {
        if self.json_mode {
            let mut out = Map::new();
            out.insert("id".into(), id.cloned().unwrap_or(Value::Null));
            out.insert("ok".into(), Value::Bool(true));
            out.insert("result".into(), value.clone());
            return format!("{}\n", Value::Object(out));
        }
        let body = text_of(value);
        let id = id.map(text_of).unwrap_or_default();
        if body.is_empty() {
            format!("={id}\n\n")
        } else {
            format!("={id} {body}\n\n")
        }
    }

    fn failure(&self, id: Option<&Value>, failure: &Failure) -> String {
        // one line of printable text: a message never breaks the framing nor drives a terminal
        // (nor, passed on from a JSON answer, a terminal of the client's)
        let message = escape_controls(&failure.message);
        if self.json_mode {
            let mut out = Map::new();
            out.insert("id".into(), id.cloned().unwrap_or(Value::Null));
            out.insert("ok".into(), Value::Bool(false));
            out.insert("error".into(), Value::String(message));
            out.insert("kind".into(), Value::String(failure.kind.into()));
            return format!("{}\n", Value::Object(out));
        }
        let id = id.map(text_of).unwrap_or_default();
        format!("?{id} {message}\n\n")
    }

    fn table(&mut self) -> Result<&mut Table, Failure> {
        let id = self
            .current
            .ok_or_else(|| protocol_error("no game is open: start one with 'new GAME'"))?;
        self.tables
            .get_mut(&id)
            .ok_or_else(|| protocol_error("no game is open: start one with 'new GAME'"))
    }

    fn execute(&mut self, command: &str, args: &[String], stop: &AtomicBool) -> Reply {
        match command {
            "protocol_version" => no_args(args).map(|()| json!(PROTOCOL_VERSION)),
            "name" => no_args(args).map(|()| json!("ludorum")),
            "version" => no_args(args).map(|()| json!(env!("CARGO_PKG_VERSION"))),
            "list_commands" => no_args(args).map(|()| json!(COMMANDS)),
            "known_command" => {
                let [name] = args else {
                    return Err(protocol_error("known_command takes one command name"));
                };
                Ok(json!(COMMANDS.contains(&name.as_str())))
            }
            "quit" | "stop" => no_args(args).map(|()| Value::String(String::new())),
            "games" => no_args(args).map(|()| games()),
            "new" => self.open(args),
            "use" => {
                let (id, seat) = match args {
                    [id] => (id, None),
                    [id, seat] => (id, Some(seat)),
                    _ => return Err(protocol_error("use takes a table id and a seat mode: use ID [seat=N|referee]")),
                };
                let id = one_number(std::slice::from_ref(id), "use takes a table id")?;
                let Some(table) = self.tables.get_mut(&id) else {
                    return Err(protocol_error(format!("no table {id}; see 'tables'")));
                };
                if let Some(seat) = seat {
                    table.seat = parse_seat_mode(seat, table.game.num_players())?;
                }
                self.current = Some(id);
                Ok(json!(id))
            }
            "tables" => no_args(args).map(|()| {
                let tables: Vec<Value> = self
                    .tables
                    .iter()
                    .map(|(id, t)| json!({"id": id, "game": t.game.name(), "current": self.current == Some(*id), "seat": t.seat}))
                    .collect();
                Value::Array(tables)
            }),
            "close" => {
                let id = match args {
                    [] => self.current.ok_or_else(|| protocol_error("no game is open"))?,
                    _ => one_number(args, "close takes a table id or nothing")?,
                };
                if self.tables.remove(&id).is_none() {
                    return Err(protocol_error(format!("no table {id}; see 'tables'")));
                }
                if self.current == Some(id) {
                    self.current = self.tables.keys().next_back().copied();
                }
                Ok(Value::String(String::new()))
            }
            _ => self.execute_on_table(command, args, stop),
        }
    }

    fn open(&mut self, args: &[String]) -> Reply {
        let Some((name, assignments)) = args.split_first() else {
            return Err(protocol_error(
                "new takes a game and its options: new GAME [key=value ...]",
            ));
        };
        if self.tables.len() >= self.limits.tables {
            return Err(protocol_error(format!(
                "at most {} tables are open at once (--max-tables): close one first",
                self.limits.tables
            )));
        }
        // `seat=N` is the table's seat mode, not an option of the game
        let (seat, options): (Vec<&String>, Vec<&String>) =
            assignments.iter().partition(|a| a.starts_with("seat="));
        let options = parse_options_of(facts(name)?, options.into_iter().map(String::as_str))?;
        let mut table = Table::open(name, &options)?;
        table.seat = match seat.as_slice() {
            [] => None,
            [seat] => parse_seat_mode(seat, table.game.num_players())?,
            _ => return Err(protocol_error("the seat is given twice")),
        };
        let id = self.next_id;
        self.next_id += 1;
        self.tables.insert(id, table);
        self.current = Some(id);
        Ok(json!(id))
    }

    fn execute_on_table(&mut self, command: &str, args: &[String], stop: &AtomicBool) -> Reply {
        if !COMMANDS.contains(&command) {
            return Err(protocol_error(format!(
                "unknown command '{}'; see list_commands",
                clip(command)
            )));
        }
        let limits = self.limits.clone();
        let table = self.table()?;
        let players = table.game.num_players();
        match command {
            "show" => {
                let viewer =
                    table.viewer(optional_seat(args, players, "viewer")?, "another view")?;
                Ok(Value::String(show(table.game.as_ref(), viewer)))
            }
            "json" => {
                let viewer =
                    table.viewer(optional_seat(args, players, "viewer")?, "another view")?;
                Ok(table.game.to_json(viewer))
            }
            "load" => {
                let text = args.join(" ");
                let value: Value = serde_json::from_str(&text).map_err(|e| {
                    Failure::from(Error::InvalidState(format!("invalid JSON: {e}")))
                })?;
                if value.get("game").and_then(Value::as_str) != Some(table.game.name()) {
                    // another game: a new table of that game, replacing this one
                    let name = value
                        .get("game")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    facts(name).map_err(|_| {
                        Failure::from(Error::InvalidState(format!(
                            "invalid state: 'game' must be one of {}, got {}",
                            ALL.iter().map(|f| f.name).collect::<Vec<_>>().join(", "),
                            clip(&value.get("game").map(Value::to_string).unwrap_or_default())
                        )))
                    })?;
                    let mut fresh = Table::open(name, &Map::new())?;
                    fresh.game.load_json(&value)?;
                    *table = fresh;
                } else {
                    table.game.load_json(&value)?;
                }
                Ok(Value::String(String::new()))
            }
            "legal" => {
                let seat = table.viewer(
                    optional_seat(args, players, "seat")?,
                    "another seat's moves",
                )?;
                Ok(json!(table.legal(seat)))
            }
            "play" => {
                if args.is_empty() {
                    return Err(protocol_error("play takes a move in notation"));
                }
                Ok(json!(table.play(&args.join(" "))?))
            }
            "undo" => {
                no_args(args)?;
                // the move as the seat saw it, named before it is taken back
                let seen = table
                    .seat
                    .and_then(|seat| last_seen(table.game.as_ref(), seat));
                let undone = table
                    .game
                    .undo()
                    .ok_or_else(|| protocol_error("nothing to undo"))?;
                Ok(Value::String(seen.unwrap_or(undone.notation)))
            }
            "current_player" => {
                no_args(args)?;
                Ok(table
                    .game
                    .current_player()
                    .map_or(json!("none"), |p| json!(p)))
            }
            "outcome" => {
                no_args(args)?;
                Ok(outcome_json(table.game.outcome()))
            }
            "returns" => {
                no_args(args)?;
                Ok(json!(table.game.returns()))
            }
            "key" => {
                no_args(args)?;
                table.referee_only("key")?;
                Ok(json!(format!("{:016x}", table.game.key())))
            }
            "seed" => {
                let seed = one_number(args, "seed takes an integer 0..2**64-1")?;
                table.rng = SplitMix64::new(seed);
                Ok(Value::String(String::new()))
            }
            "genmove" | "analyse" => {
                let spec = match args {
                    [] => AgentSpec::Random { seed: 0 },
                    [spec] => within(AgentSpec::parse(spec)?, &limits)?,
                    _ => {
                        return Err(protocol_error(format!(
                            "{command} takes at most one agent spec"
                        )))
                    }
                };
                table.search_allowed()?;
                let analysis = table.analyse(&spec, stop)?;
                if command == "analyse" {
                    // stopped: a search that `stop` cut short of its budget (a `stop` that came
                    // as it ended, or to the random agent, which does not search, cut nothing)
                    let stopped = match &spec {
                        AgentSpec::Mcts(config) => {
                            stop.load(Ordering::Relaxed)
                                && analysis.simulations < config.simulations
                        }
                        AgentSpec::Random { .. } => false,
                    };
                    return Ok(analysis_json(&analysis, stopped));
                }
                let chosen = analysis
                    .moves
                    .into_iter()
                    .next()
                    .expect("a search names a move");
                table.game.play_action(chosen.mv.action)?;
                Ok(json!(table.last_notation()))
            }
            "chat" => {
                let Some((seat, words)) = args.split_first() else {
                    return Err(protocol_error("chat takes a seat and a text"));
                };
                let seat = parse_seat(seat, players, "seat")?;
                let text = words.join(" ");
                if text.len() > MAX_CHAT {
                    return Err(protocol_error(format!(
                        "a chat message has at most {MAX_CHAT} bytes, got {}",
                        text.len()
                    )));
                }
                if !table.game.say_in_chat(seat, &text) {
                    return Err(protocol_error(format!("{} has no chat", table.game.name())));
                }
                Ok(Value::String(String::new()))
            }
            "perft" => {
                table.referee_only("perft")?;
                let depth = one_number(args, "perft takes a depth")?;
                if depth > u64::from(limits.perft_depth) {
                    return Err(protocol_error(format!(
                        "perft depth must be 0..{} (--max-perft-depth), got {depth}",
                        limits.perft_depth
                    )));
                }
                let game = table.game.as_mut();
                let counted = until_deadline(stop, limits.perft_time, |stop| {
                    game.perft_until(depth as u32, stop)
                });
                match counted {
                    Some(count) => Ok(json!(count)),
                    None if stop.load(Ordering::Relaxed) => {
                        Err(protocol_error("perft stopped by 'stop'"))
                    }
                    None => Err(protocol_error(format!(
                        "perft {depth} ran over the limit of {} s (--max-perft-seconds): stopped",
                        limits.perft_time.as_secs_f64()
                    ))),
                }
            }
            _ => Err(protocol_error(format!(
                "unknown command '{}'",
                clip(command)
            ))),
        }
    }
}

/// Reads one line (up to `\n`, which is dropped) into `line`, keeping at most [`MAX_LINE`]
/// bytes: `(bytes read, whether the line was longer)`. 0 bytes read: end of input.
fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> std::io::Result<(usize, bool)> {
    let mut read = 0;
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((read, too_long));
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        if line.len() + chunk.len() > MAX_LINE {
            too_long = true;
            line.clear();
        } else if !too_long {
            line.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buffer.len());
        read += used;
        input.consume(used);
        if done.is_some() {
            return Ok((read, too_long));
        }
    }
}

/// A result as text: strings as they are, flat lists joined by `, ` (moves may hold spaces,
/// never commas), anything else as JSON.
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        Value::Array(items) if items.iter().all(|v| !v.is_object() && !v.is_array()) => {
            items.iter().map(text_of).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}

/// Control characters (NUL, ESC, line breaks...) written as escapes (`\u{1b}`), so that an
/// error quoting the input stays one line of text that cannot drive a terminal.
fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `seat=N` (a seat mode: answers from player `N`'s view) or `referee` (every answer).
fn parse_seat_mode(text: &str, players: usize) -> Result<Option<usize>, Failure> {
    match text.strip_prefix("seat=") {
        _ if text == "referee" || text == "seat=referee" => Ok(None),
        Some(seat) => parse_seat(seat, players, "the seat").map(Some),
        None => Err(protocol_error(format!(
            "a seat mode is seat=N or referee, got '{}'",
            clip(text)
        ))),
    }
}

/// An agent within the session's limits: a budget over them is refused; every search ends at
/// the time limit.
fn within(spec: AgentSpec, limits: &Limits) -> Result<AgentSpec, Failure> {
    let AgentSpec::Mcts(mut config) = spec else {
        return Ok(spec);
    };
    match config.time_limit {
        Some(time) if time > limits.think => {
            return Err(protocol_error(format!(
                "a search may think at most {} s (--max-seconds), got {} s",
                limits.think.as_secs_f64(),
                time.as_secs_f64()
            )))
        }
        Some(_) => {}
        None if config.simulations > limits.simulations => {
            return Err(protocol_error(format!(
                "a search may run at most {} simulations (--max-simulations), got {}",
                limits.simulations, config.simulations
            )))
        }
        None => config.time_limit = Some(limits.think),
    }
    Ok(AgentSpec::Mcts(config))
}

/// `work(flag)` where the flag is set once `stop` is, or once `limit` has passed.
fn until_deadline<T: Send>(
    stop: &AtomicBool,
    limit: Duration,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> T {
    let flag = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let deadline = Instant::now() + limit;
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let result = work(&flag);
        done.store(true, Ordering::Relaxed);
        result
    })
}

/// An analysis as JSON: the move the agent would play, its simulations, whether `stop` ended
/// it, and every root move with its visits and mean value per player (`wins`: it wins at once).
fn analysis_json(analysis: &Analysis<NamedMove>, stopped: bool) -> Value {
    let moves: Vec<Value> = analysis
        .moves
        .iter()
        .map(|m| json!({"move": m.mv.notation, "visits": m.visits, "values": m.values, "wins": m.wins}))
        .collect();
    json!({
        "best": analysis.moves.first().map(|m| m.mv.notation.clone()),
        "simulations": analysis.simulations,
        "stopped": stopped,
        "moves": moves,
    })
}

/// At most 40 characters of user input, for error messages.
fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

fn no_args(args: &[String]) -> Result<(), Failure> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(protocol_error(format!(
            "this command takes no arguments, got '{}'",
            clip(&args.join(" "))
        )))
    }
}

fn one_number(args: &[String], usage: &str) -> Result<u64, Failure> {
    match args {
        [n] => n
            .parse::<u64>()
            .map_err(|_| protocol_error(format!("{usage}, got '{}'", clip(n)))),
        _ => Err(protocol_error(usage.to_owned())),
    }
}

fn parse_seat(text: &str, players: usize, what: &str) -> Result<usize, Failure> {
    text.parse::<usize>()
        .ok()
        .filter(|&p| p < players)
        .ok_or_else(|| {
            protocol_error(format!(
                "{what} must be a player from 0 to {}, got '{}'",
                players - 1,
                clip(text)
            ))
        })
}

fn optional_seat(args: &[String], players: usize, what: &str) -> Result<Option<usize>, Failure> {
    match args {
        [] => Ok(None),
        [seat] => parse_seat(seat, players, what).map(Some),
        _ => Err(protocol_error(format!("at most one {what}"))),
    }
}

/// Every game's facts, as `ludorum.game_info` gives them: player counts, each option's kind,
/// default and allowed values, hidden information, seeded setup.
fn games() -> Value {
    Value::Array(ALL.iter().map(|facts| facts.to_json()).collect())
}

/// A table for `show`: the board as `viewer` sees it (as `state.render()` draws it, without
/// blank lines), then the game, ply, player to move or outcome, and the moves as `viewer` sees
/// them.
fn show(game: &dyn DynGame, viewer: Option<usize>) -> String {
    let view = game.to_json(viewer);
    let moves: Vec<String> = view
        .get("moves")
        .and_then(Value::as_array)
        .map(|m| m.iter().map(text_of).collect())
        .unwrap_or_default();
    let status = match game.current_player() {
        Some(p) => format!("to move: {p}"),
        None => format!("over: {}", outcome_json(game.outcome())),
    };
    // without the drawing's blank lines (Armadora's rows without palisades between them): a
    // blank line ends an answer in text mode
    let mut lines: Vec<String> = game
        .board_text(viewer)
        .map(|board| {
            board
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    lines.extend([
        format!("game {} ply {} {status}", game.name(), moves.len()),
        if moves.is_empty() {
            "moves (none)".to_owned()
        } else {
            format!("moves {}", moves.join(", "))
        },
    ]);
    if let Some(viewer) = viewer {
        lines.push(format!("viewer {viewer}"));
    }
    lines.join("\n")
}
