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
//! assert_eq!(text, "b2 | to move 1");
//! text.clear();
//! observation_text(&game, 0, &mut text);
//! assert_eq!(text.len(), 27);
//! text.clear();
//! information_state_text(&game, 1, &mut text);
//! assert!(text.starts_with("4 | "));
//! ```

use super::game::Game;
use super::hidden::view_json;

/// What `viewer` observes now: its observation tensor, one character a value for 0 and 1
/// (most values of every layout), any other value in brackets (`[0.25]`).
pub fn observation_text<G: Game>(game: &G, viewer: usize, out: &mut String) {
    let size = game.observation_shape().iter().product();
    let mut values = vec![0.0f32; size];
    game.observation(viewer, &mut values);
    out.reserve(size);
    for v in values {
        if v == 0.0 {
            out.push('0');
        } else if v == 1.0 {
            out.push('1');
        } else {
            out.push('[');
            out.push_str(&v.to_string());
            out.push(']');
        }
    }
}

/// Everything `viewer` has seen, with perfect recall. In a game of perfect information: the
/// action ids of the moves so far, then `|` and its observation ([`observation_text`]); in a
/// game with hidden information: its JSON view, whose moves are written as it saw them.
pub fn information_state_text<G: Game>(game: &G, viewer: usize, out: &mut String) {
    if G::hidden_information().is_some() {
        out.push_str(&view_json(game, viewer).to_string());
        return;
    }
    for ply in 0..game.history().len() {
        push_decimal(out, game.history_action(ply));
        out.push(' ');
    }
    out.push_str("| ");
    observation_text(game, viewer, out);
}

/// The referee's text: the moves so far in notation, then the player to move (or the end).
pub fn state_text<G: Game>(game: &G, out: &mut String) {
    for &mv in game.history() {
        out.push_str(&game.notation(mv));
        out.push(' ');
    }
    match game.current_player() {
        Some(player) => {
            out.push_str("| to move ");
            push_decimal(out, player);
        }
        None => out.push_str("| over"),
    }
}

/// Writes `n` in decimal (the formatting machinery costs more than the digits).
fn push_decimal(out: &mut String, mut n: usize) {
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
    for &d in &digits[k..] {
        out.push(d as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::MoveGen;
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
        let mut decimal = String::new();
        push_decimal(&mut decimal, 0);
        push_decimal(&mut decimal, 14641);
        assert_eq!(decimal, "014641");
        // two worlds that player 1 cannot tell apart give player 1 the same texts
        let mut arm = Armadora::new(&Map::new()).unwrap();
        for _ in 0..6 {
            let mv = arm.random_move(&mut rng);
            arm.play(mv).unwrap();
        }
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
}
