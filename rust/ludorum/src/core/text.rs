//! Short texts that name what a player has seen, for adapters that key positions by strings
//! (OpenSpiel's observation, information-state and state strings). They are written in one
//! pass into a `String`, without JSON or a rendering, because search algorithms ask for them at
//! every node.
//!
//! # Examples
//!
//! ```
//! use ludorum::core::text::{information_state_text, observation_text, state_text};
//! use ludorum::games::tic_tac_toe::TicTacToe;
//! use ludorum::core::game::Encoding;
//! use ludorum::Game;
//! let mut game = TicTacToe::new(&serde_json::Map::new()).unwrap();
//! game.play(game.parse_move("b2").unwrap()).unwrap();
//! let mut text = String::new();
//! state_text(&game, &mut text);
//! assert_eq!(text, "4 | to move 1");
//! text.clear();
//! observation_text(&game, 0, &mut text);
//! assert_eq!(text.len(), 27);
//! text.clear();
//! information_state_text(&game, 1, &mut text);
//! assert!(text.starts_with("4 | "));
//! ```

use super::game::Game;
use super::hidden::Hidden;

/// What `viewer` observes now: its observation tensor, one character a value for 0 and 1
/// (most values of every layout), any other value as the eight hexadecimal digits of its
/// `f32` bits in brackets (`[3e800000]` for 0.25: exact, and without float formatting).
pub fn observation_text<G: Game>(game: &G, viewer: usize, out: &mut String) {
    with_bytes(out, |bytes| push_observation(game, viewer, bytes));
}

/// Everything `viewer` has seen, with perfect recall: the moves so far as `viewer` saw them,
/// then `|` and its observation ([`observation_text`]). A move is its action id, or in a game
/// with hidden information its [viewer key](super::hidden::HiddenInformation::viewer_key)
/// (another player's warrior in Armadora is its cell, numbered after the action space), so that
/// two states `viewer` cannot tell apart give the same text.
pub fn information_state_text<G: Game>(game: &G, viewer: usize, out: &mut String) {
    with_bytes(out, |bytes| {
        match G::hidden_information() {
            Some(hidden) => push_viewer_keys(game, viewer, &hidden, bytes),
            None => push_actions(game, bytes),
        }
        bytes.extend_from_slice(b"| ");
        push_observation(game, viewer, bytes);
    });
}

/// The referee's text: the action ids of the moves so far, then the player to move (or the
/// end). Action ids, not notation: formatting every move's notation costs more than the rest of
/// the text, and adapters ask for it at every node.
pub fn state_text<G: Game>(game: &G, out: &mut String) {
    with_bytes(out, |bytes| {
        push_actions(game, bytes);
        match game.current_player() {
            Some(player) => {
                bytes.extend_from_slice(b"| to move ");
                push_decimal(bytes, player as u64);
            }
            None => bytes.extend_from_slice(b"| over"),
        }
    });
}

thread_local! {
    /// The observation [`observation_text`] writes out, kept between calls (searches ask for
    /// the text at every node).
    static OBSERVATION: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `write` on the bytes of `out`: the texts are ASCII, written byte by byte (a `char`
/// pushed on a `String` costs an encoding and a call each).
fn with_bytes(out: &mut String, write: impl FnOnce(&mut Vec<u8>)) {
    let mut bytes = std::mem::take(out).into_bytes();
    write(&mut bytes);
    *out = String::from_utf8(bytes).expect("the texts are ASCII");
}

/// Writes the observation of `viewer` (see [`observation_text`]).
fn push_observation<G: Game>(game: &G, viewer: usize, out: &mut Vec<u8>) {
    let size = game.observation_shape().iter().product();
    OBSERVATION.with_borrow_mut(|values| {
        values.clear();
        values.resize(size, 0.0);
        game.observation(viewer, values);
        // sized once, then written in place: a byte pushed at a time (with its capacity check)
        // cost more than the observation itself
        let others = values.iter().filter(|&&v| v != 0.0 && v != 1.0).count();
        let mut at = out.len();
        out.resize(at + size + 9 * others, 0);
        for &v in values.iter() {
            if v == 0.0 || v == 1.0 {
                out[at] = b'0' + v as u8;
                at += 1;
            } else {
                out[at] = b'[';
                write_hex(&mut out[at + 1..at + 9], v.to_bits());
                out[at + 9] = b']';
                at += 10;
            }
        }
    });
}

/// Writes the action ids of the moves so far, each followed by a space.
fn push_actions<G: Game>(game: &G, out: &mut Vec<u8>) {
    let plies = game.history().len();
    // most action ids have at most 5 digits
    out.reserve(plies * 6 + 16);
    for ply in 0..plies {
        push_decimal(out, game.history_action(ply) as u64);
        out.push(b' ');
    }
}

/// Writes the moves so far as `viewer` saw them (their viewer keys), each followed by a space.
fn push_viewer_keys<G: Game>(game: &G, viewer: usize, hidden: &Hidden<G>, out: &mut Vec<u8>) {
    let history = game.history();
    out.reserve(history.len() * 6 + 16);
    for (ply, &mv) in history.iter().enumerate() {
        let mover = (hidden.history_mover)(game, ply);
        push_decimal(out, (hidden.viewer_key)(game, viewer, mover, mv));
        out.push(b' ');
    }
}

/// Writes the eight hexadecimal digits of `bits` into `out` (eight bytes).
#[inline]
fn write_hex(out: &mut [u8], bits: u32) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for (k, byte) in out.iter_mut().enumerate() {
        *byte = DIGITS[(bits >> (28 - 4 * k) & 0xf) as usize];
    }
}

/// Writes `n` in decimal (the formatting machinery costs more than the digits).
#[inline]
fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[k..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::MoveGen;
    use crate::core::hidden::view_json;
    use crate::core::rng::SplitMix64;
    use crate::games::armadora::Armadora;
    use crate::games::domination::Domination;
    use serde_json::Map;

    #[test]
    fn texts_tell_positions_apart_and_keep_hidden_strengths_hidden() {
        let mut game = Domination::new(&Map::new()).unwrap();
        let mut rng = SplitMix64::new(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..40 {
            let mut text = String::new();
            information_state_text(&game, 0, &mut text);
            assert!(seen.insert(text));
            let mv = game.random_move(&mut rng);
            game.play(mv).unwrap();
        }
        let mut decimal = Vec::new();
        push_decimal(&mut decimal, 0);
        push_decimal(&mut decimal, 14641);
        assert_eq!(decimal, b"014641");
        let mut hex = [0u8; 16];
        write_hex(&mut hex[..8], 0.25f32.to_bits());
        write_hex(&mut hex[8..], u32::MAX);
        assert_eq!(&hex, b"3e800000ffffffff");
        // the observation text reads back as the observation, value for value
        let mut arm = Armadora::new(&Map::new()).unwrap();
        for _ in 0..6 {
            let mv = arm.random_move(&mut rng);
            arm.play(mv).unwrap();
        }
        let mut text = String::new();
        observation_text(&arm, 1, &mut text);
        let mut read = Vec::new();
        let mut rest = text.as_str();
        while let Some(c) = rest.chars().next() {
            let (value, len) = match c {
                '0' => (0.0, 1),
                '1' => (1.0, 1),
                _ => (
                    f32::from_bits(u32::from_str_radix(&rest[1..9], 16).unwrap()),
                    10,
                ),
            };
            read.push(value);
            rest = &rest[len..];
        }
        let mut values = vec![0.0; arm.observation_shape().iter().product()];
        arm.observation(1, &mut values);
        assert!(values.iter().any(|&v| v != 0.0 && v != 1.0));
        assert_eq!(read, values);
        // two worlds that player 1 cannot tell apart give player 1 the same texts
        let hidden = Armadora::hidden_information().unwrap();
        let world = (hidden.resample)(&arm, 1, &mut rng);
        for text in [
            information_state_text::<Armadora>,
            observation_text::<Armadora>,
        ] {
            let (mut one, mut two) = (String::new(), String::new());
            text(&arm, 1, &mut one);
            text(&world, 1, &mut two);
            assert_eq!(one, two);
        }
    }

    #[test]
    fn armadora_information_state_text_tells_apart_what_the_view_tells_apart() {
        use std::collections::HashMap;
        // Over states of one configuration (random games from one deal, and worlds resampled
        // from them, which the viewer cannot tell from the real one): two texts are equal
        // exactly when the viewer's JSON views are.
        let configs = [
            serde_json::json!({"players": 2}),
            serde_json::json!({"players": 3, "seed": 5}),
            serde_json::json!({"players": 2, "rules": "advanced"}),
            serde_json::json!({"players": 4, "rules": "advanced", "partners": true}),
        ];
        let mut rng = SplitMix64::new(11);
        let hidden = Armadora::hidden_information().unwrap();
        let (mut worlds, mut ends) = (0, 0);
        for config in configs {
            let options = config.as_object().unwrap().clone();
            let mut by_text: HashMap<(usize, String), String> = HashMap::new();
            let mut by_view: HashMap<String, String> = HashMap::new();
            let mut check = |game: &Armadora, viewer: usize| {
                let mut text = String::new();
                information_state_text(game, viewer, &mut text);
                let view = view_json(game, viewer).to_string();
                let seen = by_text
                    .entry((viewer, text.clone()))
                    .or_insert(view.clone());
                assert_eq!(*seen, view, "one text, two views");
                assert_eq!(
                    *by_view.entry(view).or_insert(text.clone()),
                    text,
                    "one view, two texts"
                );
            };
            for _ in 0..6 {
                let mut game = Armadora::new(&options).unwrap();
                loop {
                    for viewer in 0..game.num_players() {
                        check(&game, viewer);
                        let world = (hidden.resample)(&game, viewer, &mut rng);
                        worlds += usize::from(world.key() != game.key());
                        check(&world, viewer);
                    }
                    if game.outcome().is_some() {
                        ends += 1;
                        break;
                    }
                    let mv = game.random_move(&mut rng);
                    game.play(mv).unwrap();
                }
            }
        }
        // the test saw worlds that differ from the real one, and games that ended
        assert!(worlds > 100 && ends == 24, "{worlds} worlds, {ends} ends");
    }
}
