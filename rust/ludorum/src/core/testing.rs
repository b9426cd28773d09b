//! Test helpers shared by every game: the perft vectors of `tests/data/<game>/perft.txt`, small
//! assertions (option errors, parse errors, illegal moves, rejected JSON), and the properties of
//! shakmaty's fuzz targets (docs/style.md, "Tests") checked along seeded random games
//! ([`check_random_game`]) and undo walks ([`random_walk`]). A game's own tests add what only
//! its rules say through an [`Oracle`] or a closure.
//!
//! The properties along a [`check_random_game`], at every position:
//! - the incremental key equals the key from scratch;
//! - the legal list ascends by action id, its length is `count_legal_moves`, and it is empty
//!   exactly when the game is over;
//! - an action id names the listed move of that id, if any, and `is_legal` holds exactly for
//!   the listed moves (and those the oracle calls legal though unlisted,
//!   [`Oracle::legal_unlisted`]): checked for a sample of ids at every position, for every id
//!   on the scan plies ([`Walk::scan_every`]);
//! - `parse_move(notation(m)) == m` for the move played and the sampled ones;
//! - `random_move` picks `list[rng.below(n)]` with one draw.
//!
//! On the costly plies ([`Walk::every`]) also: `legal_actions` lists the action ids, every
//! listed move is legal, and undo restores the exact state (the content of `to_json`, the key,
//! what the oracle calls hidden, and the legal list); on the scan plies of the first
//! [`REPLAY_PLIES`] plies, and at the end, `from_json(to_json)` gives the same JSON and key.

use std::fmt::Debug;
use std::path::Path;

use serde_json::{Map, Value};

use super::action_bits;
use super::error::Error;
use super::game::Game;
use super::json::{from_json, to_json};
use super::options::parse_assignments;
use super::outcome::Outcome;
use super::perft::perft;
use super::rng::SplitMix64;

// -- small helpers --------------------------------------------------------------------------

/// A new game with `options` (a JSON object), which must be valid.
pub(crate) fn new_game<G: Game>(options: Value) -> G {
    G::new(options.as_object().expect("options are a JSON object"))
        .unwrap_or_else(|e| panic!("{options}: {e}"))
}

/// The legal moves.
pub(crate) fn legal<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// The legal moves in notation.
pub(crate) fn notations<G: Game>(game: &G) -> Vec<String> {
    legal(game).into_iter().map(|m| game.notation(m)).collect()
}

/// Parses `text` and plays it, checked.
pub(crate) fn play<G: Game>(game: &mut G, text: &str) {
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Why the well-formed move `text` is not legal in `game`: `is_legal` says no, and checked play
/// refuses it with an [`Error::IllegalMove`] that quotes `text` and changes nothing.
pub(crate) fn illegal_reason<G: Game>(game: &G, text: &str) -> String {
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!game.is_legal(mv), "{text} is legal");
    let mut copy = game.clone();
    match copy.play(mv) {
        Err(Error::IllegalMove { notation, reason }) => {
            assert_eq!(notation, text);
            assert_eq!(
                to_json(&copy),
                to_json(game),
                "a refused move changes nothing"
            );
            assert_eq!(copy.key(), game.key());
            reason
        }
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

/// Each text is refused by `parse_move` as an [`Error::InvalidMove`] that quotes it.
pub(crate) fn assert_invalid_moves<G: Game>(game: &G, texts: &[&str]) {
    for &text in texts {
        assert!(
            matches!(game.parse_move(text), Err(Error::InvalidMove { ref input, .. }) if input == text),
            "{text:?}: {:?}",
            game.parse_move(text)
        );
    }
}

/// Each set of options is refused with an [`Error::InvalidOption`] whose message contains the
/// text given with it.
pub(crate) fn assert_option_errors<G: Game>(cases: &[(Value, &str)]) {
    for (options, message) in cases {
        match G::new(options.as_object().expect("options are a JSON object")) {
            Err(Error::InvalidOption(text)) => {
                assert!(text.contains(message), "{options}: {text}");
            }
            Err(other) => panic!("{options}: {other:?}"),
            Ok(_) => panic!("{options} accepted"),
        }
    }
}

/// `json` with each field in turn replaced by the value given with it is refused by
/// [`from_json`] as an [`Error::InvalidState`].
pub(crate) fn assert_json_rejected<G: Game>(json: &Value, changes: &[(&str, Value)]) {
    for (field, value) in changes {
        let mut bad = json.clone();
        bad[field] = value.clone();
        assert!(
            matches!(from_json::<G>(&bad), Err(Error::InvalidState(_))),
            "{field} = {value}"
        );
    }
}

/// A key table is SplitMix64's stream from `seed`.
pub(crate) fn assert_seeded_table(keys: &[u64], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    assert!(
        keys.iter().all(|&k| k == rng.next_u64()),
        "table of {seed:#x}"
    );
}

/// `perft` at depth 1, 2, ... gives `counts`.
pub(crate) fn assert_perft_counts<G: Game>(game: &mut G, counts: &[u64], what: &str) {
    for (depth, &count) in (1..).zip(counts) {
        assert_eq!(perft(game, depth), count, "{what}, depth {depth}");
    }
}

// -- perft vectors --------------------------------------------------------------------------

/// The vectors of `tests/data/<game>/perft.txt`, in the format pytest reads too: `#` starts a
/// comment; a line is `k=v,k=v depth leaves` (`-` for no options), each value an integer when it
/// parses as one, `None` as null, `true`/`false` as booleans, otherwise a string.
pub(crate) fn read_perft_vectors(game: &str) -> Vec<(Map<String, Value>, u32, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(game)
        .join("perft.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut vectors = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [options, depth, leaves] = fields[..] else {
            panic!("bad perft line: {line}")
        };
        let options = if options == "-" {
            Map::new()
        } else {
            parse_assignments(options.split(',')).unwrap_or_else(|e| panic!("{line}: {e}"))
        };
        let depth = depth.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let leaves = leaves.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        vectors.push((options, depth, leaves));
    }
    vectors
}

/// Checks `G`'s perft vectors of at most `max_leaves` leaves (perft must also restore the
/// state); returns how many it checked.
pub(crate) fn check_perft_vectors<G: Game>(max_leaves: u64) -> usize {
    let mut checked = 0;
    for (options, depth, leaves) in read_perft_vectors(G::NAME) {
        if leaves > max_leaves {
            continue;
        }
        let what = format!(
            "{} {} depth {depth}",
            G::NAME,
            Value::Object(options.clone())
        );
        let mut game = G::new(&options).unwrap_or_else(|e| panic!("{what}: {e}"));
        let before = state(&game);
        assert_eq!(perft(&mut game, depth), leaves, "{what}");
        assert_eq!(state(&game), before, "{what}: perft restores the position");
        checked += 1;
    }
    checked
}

// -- state ----------------------------------------------------------------------------------

/// Everything [`to_json`] says of a game, with the moves as moves rather than notation (cheap
/// to take at every ply of a long game), and the key.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct State<M> {
    fields: Map<String, Value>,
    current_player: Option<usize>,
    outcome: Option<Outcome>,
    history: Vec<M>,
    key: u64,
}

/// The [`State`] of `game`.
pub(crate) fn state<G: Game>(game: &G) -> State<G::Move> {
    let mut fields = Map::new();
    fields.insert("options".into(), Value::Object(game.options()));
    game.json_fields(&mut fields);
    State {
        fields,
        current_player: game.current_player(),
        outcome: game.outcome(),
        history: game.history().to_vec(),
        key: game.key(),
    }
}

/// `from_json(to_json(game))` gives the same JSON and key.
pub(crate) fn check_json_round_trip<G: Game>(game: &G) {
    let json = to_json(game);
    let back: G = from_json(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!((to_json(&back), back.key()), (json, game.key()));
}

// -- the action space -----------------------------------------------------------------------

/// Walks `actions`: each id names a move whose action is that id and whose notation parses back
/// to it, or is refused with an [`Error::InvalidMove`] (or an [`Error::IllegalMove`], for ids
/// whose meaning depends on the position, such as So Long Sucker's pile ranks); `f` sees the id
/// and the move with its notation (`None` when refused).
pub(crate) fn check_actions<G: Game>(
    game: &G,
    actions: impl IntoIterator<Item = usize>,
    mut f: impl FnMut(usize, Option<(G::Move, String)>),
) {
    for action in actions {
        match game.move_from_action(action) {
            Ok(mv) => {
                assert_eq!(game.action(mv), action);
                let text = game.notation(mv);
                assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
                f(action, Some((mv, text)));
            }
            Err(Error::InvalidMove { .. } | Error::IllegalMove { .. }) => f(action, None),
            Err(other) => panic!("action {action}: {other:?}"),
        }
    }
}

// -- properties of a position ---------------------------------------------------------------

/// How much [`check_position`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// The key, the list's order and length, a sample of action ids.
    Sample,
    /// Also `legal_actions` (and `legal_action_bits` where the game writes them), and every
    /// listed move: its action, `is_legal`, and the notation of up to [`NOTATIONS`] of them.
    List,
    /// Also every action id of the action space: legal exactly when listed.
    Scan,
}

/// Action ids checked at random at every position.
const SAMPLE: usize = 2;

/// Listed moves whose notation is checked at a [`Level::List`] position (spread over the list).
const NOTATIONS: usize = 64;

/// Checks the properties of one position at `level` (`sampler` draws the sampled action ids);
/// returns the legal list. `unlisted` says which moves `is_legal` may accept though the list
/// leaves them out (see [`Oracle::legal_unlisted`]).
pub(crate) fn check_position<G: Game>(
    game: &G,
    level: Level,
    sampler: &mut SplitMix64,
    unlisted: &dyn Fn(&G, G::Move) -> bool,
) -> Vec<G::Move> {
    let moves = legal(game);
    assert_eq!(game.key(), game.key_from_scratch(), "incremental key");
    assert_eq!(game.count_legal_moves(), moves.len(), "count_legal_moves");
    assert!(
        moves
            .windows(2)
            .all(|w| game.action(w[0]) < game.action(w[1])),
        "ascending action ids"
    );
    assert_eq!(
        moves.is_empty(),
        game.current_player().is_none(),
        "a running game has a move, a finished one none"
    );
    // hints for any id, even one outside the action space: they must not panic
    let mut lines = 0;
    game.prefetch_state(|_| lines += 1);
    assert!(lines > 0, "a step reads some line of the state");
    for action in [game.num_actions(), usize::MAX] {
        game.prefetch_move(action, |_| {});
    }
    for _ in 0..SAMPLE {
        let action = sampler.below(game.num_actions());
        game.prefetch_move(action, |_| {});
        let listed = moves
            .binary_search_by_key(&action, |&m| game.action(m))
            .ok()
            .map(|i| moves[i]);
        if let Some(mv) = check_action(game, action, listed, unlisted) {
            assert_eq!(game.parse_move(&game.notation(mv)), Ok(mv));
        }
    }
    if level == Level::Sample {
        return moves;
    }
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let expected: Vec<u32> = moves
        .iter()
        .map(|&m| u32::try_from(game.action(m)).expect("a u32 action"))
        .collect();
    assert_eq!(actions, expected, "legal_actions");
    let mut words = vec![0; action_bits::words_for(game.num_actions())];
    if game.legal_action_bits(&mut words) {
        assert!(
            G::ACTION_BITS,
            "bits written by a game that says it writes none"
        );
        let mut listed = vec![0; words.len()];
        for &id in &actions {
            action_bits::set_run(&mut listed, 1, id as usize);
        }
        assert_eq!(words, listed, "legal_action_bits");
    }
    check_observation_overwrites(game);
    for &mv in moves.iter().step_by(moves.len().div_ceil(NOTATIONS).max(1)) {
        assert_eq!(game.parse_move(&game.notation(mv)), Ok(mv));
    }
    if level == Level::List {
        for &mv in &moves {
            assert_eq!(game.move_from_action(game.action(mv)), Ok(mv));
            assert!(game.is_legal(mv), "{} is listed", game.notation(mv));
        }
    } else {
        // The list ascends: walk it along the action space.
        let mut listed = moves.iter().copied().peekable();
        for action in 0..game.num_actions() {
            check_action(
                game,
                action,
                listed.next_if(|&m| game.action(m) == action),
                unlisted,
            );
        }
        assert_eq!(listed.next(), None, "listed moves in the action space");
    }
    moves
}

/// Every player's observation writes every entry of its buffer: a batched env writes each one
/// over the last, so an entry left as it was would show a stale position.
fn check_observation_overwrites<G: Game>(game: &G) {
    let size: usize = game.observation_shape().iter().product();
    let (mut fresh, mut reused) = (vec![0.0f32; size], vec![f32::NAN; size]);
    for player in 0..game.num_players() {
        game.observation(player, &mut fresh);
        game.observation(player, &mut reused);
        assert!(
            fresh
                .iter()
                .zip(&reused)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "the observation of player {player} leaves entries of its buffer unwritten"
        );
        fresh.fill(0.0);
        reused.fill(f32::NAN);
    }
}

/// The action id names the move `listed` with it, if any, and is legal exactly then; returns
/// the move it names, if any. An id refused as illegal (one whose meaning depends on the
/// position) must not be listed either.
fn check_action<G: Game>(
    game: &G,
    action: usize,
    listed: Option<G::Move>,
    unlisted: &dyn Fn(&G, G::Move) -> bool,
) -> Option<G::Move> {
    match game.move_from_action(action) {
        Ok(mv) => {
            assert_eq!(game.action(mv), action);
            if let Some(listed) = listed {
                assert_eq!(mv, listed, "action {action}");
            }
            assert_eq!(
                game.is_legal(mv),
                listed.is_some() || unlisted(game, mv),
                "is_legal({}) against the list",
                game.notation(mv)
            );
            Some(mv)
        }
        Err(Error::InvalidMove { .. } | Error::IllegalMove { .. }) => {
            assert_eq!(listed, None, "action {action} names no move");
            None
        }
        Err(other) => panic!("action {action}: {other:?}"),
    }
}

// -- random games ---------------------------------------------------------------------------

/// A seeded random game to check: its RNG seed, its length at most, and how often the costly
/// checks run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// Seed of the random agent.
    pub seed: u64,
    /// Plies at most.
    pub max_plies: usize,
    /// Every `every` plies, the [`Level::List`] checks and undo (1: every ply).
    pub every: usize,
    /// Every `scan_every` plies, the [`Level::Scan`] checks, undo and, in the first
    /// [`REPLAY_PLIES`] plies, the JSON round trip.
    pub scan_every: usize,
}

impl Walk {
    /// A walk with the costly checks every `every` plies.
    pub(crate) fn new(seed: u64, max_plies: usize, every: usize) -> Self {
        Self {
            seed,
            max_plies,
            every,
            scan_every: every,
        }
    }
}

/// `from_json` replays the whole game: past this many plies the JSON round trip waits for the
/// end of the game.
const REPLAY_PLIES: usize = 1000;

/// One ply of a walk, as an [`Oracle`] sees it.
pub(crate) struct Ply<'a, M> {
    /// The walk, for messages.
    pub walk: Walk,
    /// Plies played before this one.
    pub index: usize,
    /// The player to move.
    pub player: usize,
    /// The move the random agent chose.
    pub mv: M,
    /// The legal list.
    pub moves: &'a [M],
    /// True on the plies of the costly checks (list, undo).
    pub thorough: bool,
}

/// A game's own checks along a walk, such as a slow move generator from the rules text.
pub(crate) trait Oracle<G: Game> {
    /// What [`after`](Oracle::after) needs of the position before the move.
    type Before;

    /// What undo must restore beyond the [`State`]: what `to_json` does not show.
    type Hidden: PartialEq + Debug;

    /// The hidden state of `game`.
    fn hidden(&self, game: &G) -> Self::Hidden;

    /// Checks the position before `ply.mv` is played.
    fn before(&mut self, game: &G, ply: &Ply<'_, G::Move>) -> Self::Before;

    /// Checks the position after `ply.mv` was played.
    fn after(&mut self, game: &G, ply: &Ply<'_, G::Move>, before: Self::Before);

    /// True for a move that is legal though the legal list leaves it out (So Long Sucker's
    /// free actions: `play` takes those of any living player, the list shows only the
    /// decider's first few). The default: every legal move is listed.
    fn legal_unlisted(_game: &G, _mv: G::Move) -> bool {
        false
    }
}

/// Plays a seeded random game from `game` with checked play, checking every property of the
/// module at each position and calling `oracle` around each move; returns the game at its end.
pub(crate) fn check_random_game<G: Game, O: Oracle<G>>(
    mut game: G,
    walk: Walk,
    oracle: &mut O,
) -> G {
    let at = |game: &G, ply: usize| {
        format!(
            "{} {} {walk:?} ply {ply}",
            G::NAME,
            Value::Object(game.options())
        )
    };
    let mut rng = SplitMix64::new(walk.seed);
    let mut sampler = SplitMix64::new(walk.seed ^ 0x5A4D_504C_4552_0001);
    for ply in 0..walk.max_plies {
        let Some(player) = game.current_player() else {
            break;
        };
        let level = if ply % walk.scan_every == 0 {
            Level::Scan
        } else if ply % walk.every == 0 {
            Level::List
        } else {
            Level::Sample
        };
        let moves = check_position(&game, level, &mut sampler, &O::legal_unlisted);
        let mut copy = rng.clone();
        let mv = game.random_move(&mut rng);
        assert_eq!(mv, moves[copy.below(moves.len())], "{}", at(&game, ply));
        assert_eq!(rng, copy, "one draw per decision");
        assert_eq!(game.move_from_action(game.action(mv)), Ok(mv));
        assert_eq!(game.parse_move(&game.notation(mv)), Ok(mv));
        let ply_view = Ply {
            walk,
            index: ply,
            player,
            mv,
            moves: &moves,
            thorough: level != Level::Sample,
        };
        let before = oracle.before(&game, &ply_view);
        let full = |game: &G, oracle: &O| (state(game), oracle.hidden(game));
        let full_before = ply_view.thorough.then(|| full(&game, oracle));
        game.play(mv)
            .unwrap_or_else(|e| panic!("{}: {e}", at(&game, ply)));
        oracle.after(&game, &ply_view, before);
        if let Some(full_before) = full_before {
            let full_after = full(&game, oracle);
            assert_eq!(game.undo(), Some(mv), "{}", at(&game, ply));
            assert_eq!(
                full(&game, oracle),
                full_before,
                "undo restores: {}",
                at(&game, ply)
            );
            assert_eq!(legal(&game), moves, "undo restores the list");
            game.play_unchecked(mv);
            assert_eq!(
                full(&game, oracle),
                full_after,
                "replaying: {}",
                at(&game, ply)
            );
        }
        if level == Level::Scan && ply < REPLAY_PLIES {
            check_json_round_trip(&game);
        }
    }
    check_position(&game, Level::Scan, &mut sampler, &O::legal_unlisted);
    check_json_round_trip(&game);
    game
}

/// A random walk of `steps` steps through the game tree from `game`: a step undoes the last
/// move when the game is over or, once moves were played, one time in `undo_one_in`, and
/// otherwise plays a random move; every `clone_every` steps the walk goes on from a clone. The
/// key must equal the key from scratch and each undo must restore the [`State`] and what
/// `hidden` gives (what `to_json` does not show); `check` sees the game after each step (with
/// the step number and the move it played, if any). At the end every move is undone back to
/// the start.
pub(crate) fn random_walk<G: Game, H: PartialEq + Debug>(
    mut game: G,
    seed: u64,
    steps: usize,
    undo_one_in: usize,
    clone_every: usize,
    hidden: impl Fn(&G) -> H,
    mut check: impl FnMut(&G, usize, Option<G::Move>),
) -> G {
    let full = |game: &G| (state(game), hidden(game));
    let mut rng = SplitMix64::new(seed);
    let mut trail = vec![full(&game)];
    for step in 0..steps {
        let undo = !game.history().is_empty()
            && (game.current_player().is_none() || rng.below(undo_one_in) == 0);
        let played = if undo {
            let last = game.history().last().copied();
            assert_eq!(game.undo(), last);
            trail.pop();
            assert_eq!(
                &full(&game),
                trail.last().expect("the start"),
                "step {step}"
            );
            None
        } else {
            let mv = game.random_move(&mut rng);
            game.play_unchecked(mv);
            trail.push(full(&game));
            Some(mv)
        };
        if step % clone_every == clone_every - 1 {
            game = game.clone();
        }
        assert_eq!(game.key(), game.key_from_scratch(), "step {step}");
        check(&game, step, played);
    }
    while game.undo().is_some() {}
    assert_eq!(full(&game), trail[0], "back at the start");
    game
}

/// A seeded random game from `start` played twice, with [`Game::play_for_good`] and with
/// [`Game::play_unchecked`]: the two agree at every ply (the [`State`], the key included, and
/// the key from scratch). Both play the first two plies with `play_unchecked`, so that the
/// game played for good has undo records to drop. From ply `switch` (at least 2), if the game
/// lasts that long, the game played for good goes on with `play_unchecked` for three plies
/// (picking the incremental key up again): those undo as in the other game, and the next
/// undo, at the last move played for good, either changes nothing and returns `None` or takes
/// that move back as the other game does.
pub(crate) fn check_play_for_good<G: Game>(start: &G, seed: u64, switch: Option<usize>) {
    let (mut kept, mut good) = (start.clone(), start.clone());
    let mut rng = SplitMix64::new(seed);
    let mut checked = Vec::new();
    let unchecked = |ply: usize| switch.is_some_and(|s| (s..s + 3).contains(&ply));
    for ply in 0.. {
        if kept.current_player().is_none() || checked.len() == 3 {
            break;
        }
        let mv = kept.random_move(&mut rng);
        kept.play_unchecked(mv);
        if ply < 2 {
            good.play_unchecked(mv);
        } else if unchecked(ply) {
            good.play_unchecked(mv);
            checked.push(state(&kept));
        } else {
            good.play_for_good(mv);
        }
        assert_eq!(state(&good), state(&kept), "ply {ply}");
        assert_eq!(good.key(), good.key_from_scratch(), "ply {ply}");
    }
    if checked.is_empty() {
        return;
    }
    while let Some(after) = checked.pop() {
        assert_eq!(state(&good), after);
        let last = kept.history().last().copied();
        assert_eq!((good.undo(), kept.undo()), (last, last));
    }
    let before = state(&good);
    match good.undo() {
        None => assert_eq!(state(&good), before, "a refused undo changes nothing"),
        Some(mv) => {
            assert_eq!(kept.undo(), Some(mv));
            assert_eq!(state(&good), state(&kept));
        }
    }
}
