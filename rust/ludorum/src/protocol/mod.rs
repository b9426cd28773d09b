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

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use serde_json::{json, Map, Value};

use crate::core::dyn_game::{self, DynGame};
use crate::core::error::Error;
use crate::core::json::outcome_json;
use crate::core::options::parse_assignments;
use crate::core::rng::SplitMix64;
use crate::games::{facts, ALL};
use crate::search::AgentSpec;

#[cfg(test)]
mod tests;

/// The protocol's version (`protocol_version`).
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line read; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The most perft may count in one command (deeper requests are refused, not started).
pub const MAX_PERFT_DEPTH: u32 = 6;

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
    "chat",
    "perft",
];

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
}

impl Table {
    /// A table of `game`, its generator seeded `seed`.
    fn new(game: Box<dyn DynGame>, seed: u64) -> Self {
        Self {
            game,
            rng: SplitMix64::new(seed),
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

    /// Plays the move a built-in agent chooses, giving its notation.
    fn genmove(&mut self, agent: &AgentSpec) -> Result<String, Error> {
        if self.game.current_player().is_none() {
            return Err(Error::InvalidOption("genmove: the game is over".into()));
        }
        // The random agent draws from the table's generator, as `simulate` draws game i's
        // moves from SplitMix64(seed + i); a search gets its seed from it.
        let chosen = match agent {
            AgentSpec::Random { .. } => self.game.random_move(&mut self.rng),
            AgentSpec::Mcts(_) => {
                let seed = self.rng.next_u64();
                let mut agent = self.game.agent(&agent.offset(seed));
                agent.choose(self.game.as_ref())
            }
        };
        self.game.play_action(chosen.action)?;
        Ok(self.last_notation())
    }

    /// The notation of the last move played.
    fn last_notation(&self) -> String {
        self.game
            .last_move()
            .map(|m| m.notation)
            .expect("a move was just played")
    }
}

/// A protocol session: the open tables and the current one.
pub struct Session {
    json_mode: bool,
    tables: BTreeMap<u64, Table>,
    current: Option<u64>,
    next_id: u64,
}

/// A request: its id (if any), command and arguments.
struct Request {
    id: Option<Value>,
    command: String,
    args: Vec<String>,
}

impl Session {
    /// A session answering in text (GTP framing) or, with `json_mode`, in JSON lines.
    pub fn new(json_mode: bool) -> Self {
        Self {
            json_mode,
            tables: BTreeMap::new(),
            current: None,
            next_id: 1,
        }
    }

    /// Answers every line of `input` on `output` until `quit` or the end of the input. Lines
    /// longer than [`MAX_LINE`] are answered with an error and skipped.
    ///
    /// # Errors
    ///
    /// An I/O error of either stream.
    pub fn run<R: BufRead, W: Write>(
        &mut self,
        mut input: R,
        mut output: W,
    ) -> std::io::Result<()> {
        let mut line = Vec::new();
        loop {
            line.clear();
            let (read, too_long) = read_line(&mut input, &mut line)?;
            if read == 0 {
                return Ok(());
            }
            let (reply, quit) = if too_long {
                (self.too_long(), false)
            } else {
                self.handle_line(&line)
            };
            output.write_all(reply.as_bytes())?;
            output.flush()?;
            if quit {
                return Ok(());
            }
        }
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
            parse_json_request(text)
        } else {
            Ok(parse_text_request(text))
        };
        let request = match request {
            Ok(request) => request,
            Err(failure) => return (self.failure(None, &failure), false),
        };
        let quit = request.command == "quit";
        let reply = self.execute(&request.command, &request.args);
        let answer = match reply {
            Ok(value) => self.success(request.id.as_ref(), &value),
            Err(failure) => self.failure(request.id.as_ref(), &failure),
        };
        (answer, quit)
    }

    fn success(&self, id: Option<&Value>, value: &Value) -> String {
        if self.json_mode {
            let mut out = Map::new();
            if let Some(id) = id {
                out.insert("id".into(), id.clone());
            }
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
        if self.json_mode {
            let mut out = Map::new();
            if let Some(id) = id {
                out.insert("id".into(), id.clone());
            }
            out.insert("ok".into(), Value::Bool(false));
            out.insert("error".into(), Value::String(failure.message.clone()));
            out.insert("kind".into(), Value::String(failure.kind.into()));
            return format!("{}\n", Value::Object(out));
        }
        let id = id.map(text_of).unwrap_or_default();
        // one line: a message never breaks the framing
        let message = failure.message.replace(['\n', '\r'], " ");
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

    fn execute(&mut self, command: &str, args: &[String]) -> Reply {
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
            "quit" => Ok(Value::String(String::new())),
            "games" => no_args(args).map(|()| games()),
            "new" => self.open(args),
            "use" => {
                let id = one_number(args, "use takes a table id")?;
                if !self.tables.contains_key(&id) {
                    return Err(protocol_error(format!("no table {id}; see 'tables'")));
                }
                self.current = Some(id);
                Ok(json!(id))
            }
            "tables" => no_args(args).map(|()| {
                let tables: Vec<Value> = self
                    .tables
                    .iter()
                    .map(|(id, t)| json!({"id": id, "game": t.game.name(), "current": self.current == Some(*id)}))
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
            _ => self.execute_on_table(command, args),
        }
    }

    fn open(&mut self, args: &[String]) -> Reply {
        let Some((name, assignments)) = args.split_first() else {
            return Err(protocol_error(
                "new takes a game and its options: new GAME [key=value ...]",
            ));
        };
        let options = parse_assignments(assignments.iter().map(String::as_str))?;
        let table = Table::open(name, &options)?;
        let id = self.next_id;
        self.next_id += 1;
        self.tables.insert(id, table);
        self.current = Some(id);
        Ok(json!(id))
    }

    fn execute_on_table(&mut self, command: &str, args: &[String]) -> Reply {
        if !COMMANDS.contains(&command) {
            return Err(protocol_error(format!(
                "unknown command '{}'; see list_commands",
                clip(command)
            )));
        }
        let table = self.table()?;
        let players = table.game.num_players();
        match command {
            "show" => {
                let viewer = optional_seat(args, players, "viewer")?;
                Ok(Value::String(show(table.game.as_ref(), viewer)))
            }
            "json" => {
                let viewer = optional_seat(args, players, "viewer")?;
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
                let seat = optional_seat(args, players, "seat")?;
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
                table
                    .game
                    .undo()
                    .map(|m| Value::String(m.notation))
                    .ok_or_else(|| protocol_error("nothing to undo"))
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
                Ok(json!(format!("{:016x}", table.game.key())))
            }
            "seed" => {
                let seed = one_number(args, "seed takes an integer 0..2**64-1")?;
                table.rng = SplitMix64::new(seed);
                Ok(Value::String(String::new()))
            }
            "genmove" => {
                let spec = match args {
                    [] => AgentSpec::Random { seed: 0 },
                    [spec] => AgentSpec::parse(spec)?,
                    _ => return Err(protocol_error("genmove takes at most one agent spec")),
                };
                Ok(json!(table.genmove(&spec)?))
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
                let depth = one_number(args, "perft takes a depth")?;
                if depth > u64::from(MAX_PERFT_DEPTH) {
                    return Err(protocol_error(format!(
                        "perft depth must be 0..{MAX_PERFT_DEPTH}, got {depth}"
                    )));
                }
                Ok(json!(table.game.perft(depth as u32)))
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

fn parse_text_request(text: &str) -> Request {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or_default();
    let (id, command) = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        let id = first.parse::<u64>().map_or(json!(first), |n| json!(n));
        (Some(id), words.next().unwrap_or_default())
    } else {
        (None, first)
    };
    Request {
        id,
        command: command.to_owned(),
        args: words.map(str::to_owned).collect(),
    }
}

fn parse_json_request(text: &str) -> Result<Request, Failure> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| protocol_error(format!("the line is not a JSON object: {e}")))?;
    let Value::Object(object) = value else {
        return Err(protocol_error("a request is a JSON object"));
    };
    for key in object.keys() {
        if !matches!(key.as_str(), "id" | "command" | "args") {
            return Err(protocol_error(format!(
                "unknown request field '{}'; fields: id, command, args",
                clip(key)
            )));
        }
    }
    let command = match object.get("command") {
        Some(Value::String(c)) => c.clone(),
        _ => return Err(protocol_error("a request needs a 'command' string")),
    };
    let args = match object.get("args") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                // a JSON state for `load`, numbers and booleans as their JSON text
                other => other.to_string(),
            })
            .collect(),
        Some(_) => return Err(protocol_error("'args' must be a list")),
    };
    Ok(Request {
        id: object.get("id").cloned(),
        command,
        args,
    })
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

/// Every game with its player counts and options, from the facts.
fn games() -> Value {
    Value::Array(
        ALL.iter()
            .map(|facts| {
                let options: Vec<Value> = facts
                    .options
                    .iter()
                    .map(|o| json!({"name": o.name, "doc": o.doc}))
                    .collect();
                json!({"name": facts.name, "players": facts.players, "options": options})
            })
            .collect(),
    )
}

/// A text summary of a table for `show`: the game, ply, player to move or outcome, and the
/// moves as `viewer` sees them (the drawings of the boards live in the Python package).
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
    let mut lines = vec![
        format!("game {} ply {} {status}", game.name(), moves.len()),
        if moves.is_empty() {
            "moves (none)".to_owned()
        } else {
            format!("moves {}", moves.join(", "))
        },
    ];
    if let Some(viewer) = viewer {
        lines.push(format!("viewer {viewer}"));
    }
    lines.join("\n")
}
