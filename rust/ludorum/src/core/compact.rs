//! The compact, versioned serialization of a game position: its options and the action ids of
//! its moves, for pickling trees, sending positions between processes, and storing them. It is
//! much cheaper than the JSON state (no per-field text), and decoding replays every move with
//! full legality checks, so a corrupt or forged record cannot make an impossible state.
//!
//! Layout (little-endian): the magic `LDR` and the version byte 1; the game's registry name as
//! a length byte and its bytes; the options as compact JSON, a u32 length and its bytes; the
//! number of moves as a u32, then one u32 action id per move (`Game::history_action`).
//! So Long Sucker's chat is not part of a position (nor of its key) and is not carried.
//!
//! ```
//! use ludorum::core::compact::{decode, encode};
//! use ludorum::games::so_long_sucker::SoLongSucker;
//! use ludorum::prelude::*;
//! let mut game = SoLongSucker::new(&serde_json::Map::new()).unwrap();
//! let mut rng = ludorum::SplitMix64::new(3);
//! for _ in 0..5 {
//!     let mv = game.random_move(&mut rng);
//!     game.play(mv).unwrap();
//! }
//! let back: SoLongSucker = decode(&encode(&game)).unwrap();
//! assert_eq!(back.key(), game.key());
//! ```

use serde_json::{Map, Value};

use super::error::Error;
use super::game::Game;

/// The first four bytes: `LDR` and the format's version.
pub const MAGIC: [u8; 4] = *b"LDR\x01";

/// The record of `game`.
pub fn encode<G: Game>(game: &G) -> Vec<u8> {
    encode_with(&header(game), game)
}

/// The part of a record that depends only on the game and its options (a position's never
/// change, so callers may keep it and encode with [`encode_with`]).
pub fn header<G: Game>(game: &G) -> Vec<u8> {
    let options = Value::Object(game.options()).to_string();
    let mut out = Vec::with_capacity(4 + 1 + G::NAME.len() + 4 + options.len());
    out.extend_from_slice(&MAGIC);
    out.push(G::NAME.len() as u8);
    out.extend_from_slice(G::NAME.as_bytes());
    out.extend_from_slice(&(options.len() as u32).to_le_bytes());
    out.extend_from_slice(options.as_bytes());
    out
}

/// The record of `game`, given its [`header`].
pub fn encode_with<G: Game>(header: &[u8], game: &G) -> Vec<u8> {
    let moves = game.history().len();
    let mut out = Vec::with_capacity(header.len() + 4 + 4 * moves);
    out.extend_from_slice(header);
    out.extend_from_slice(&(moves as u32).to_le_bytes());
    for k in 0..moves {
        out.extend_from_slice(&(game.history_action(k) as u32).to_le_bytes());
    }
    out
}

/// A record split into its [`header`] and its moves (count and action ids).
///
/// # Errors
///
/// [`Error::InvalidState`] for anything but a record of this format.
pub fn split(data: &[u8]) -> Result<(&[u8], &[u8]), Error> {
    let (_, _, end) = read_header(data)?;
    Ok(data.split_at(end))
}

/// The game name and the options' bytes at the start of a record, and where they end.
fn read_header(data: &[u8]) -> Result<(&str, &[u8], usize), Error> {
    let name = game_name(data)?;
    let mut reader = Reader {
        data,
        at: 5 + name.len(),
    };
    let len = reader.u32("options")? as usize;
    let options = reader.take(len, "options")?;
    Ok((name, options, reader.at))
}

/// The game a [`header`] describes, built from its options.
///
/// # Errors
///
/// [`Error::InvalidState`] for a header of another game or options the game refuses.
pub fn start<G: Game>(header: &[u8]) -> Result<G, Error> {
    let (name, options, _) = read_header(header)?;
    if name != G::NAME {
        return Err(bad(format!("a record of {name}, not {}", G::NAME)));
    }
    let options: Map<String, Value> =
        serde_json::from_slice(options).map_err(|e| bad(format!("its options: {e}")))?;
    G::new(&options).map_err(|e| bad(format!("its options: {e}")))
}

/// `game` (the start of a record) with the record's moves replayed, each checked.
///
/// # Errors
///
/// [`Error::InvalidState`] for a malformed moves part or a move not legal where it stands.
pub fn replay<G: Game>(mut game: G, moves: &[u8]) -> Result<G, Error> {
    let mut reader = Reader { data: moves, at: 0 };
    let count = reader.u32("move count")? as usize;
    if moves.len() - 4 != 4 * count {
        return Err(bad(format!(
            "{count} moves announced, {} bytes follow",
            moves.len() - 4
        )));
    }
    for k in 0..count {
        let action = reader.u32("moves")? as usize;
        let mv = game
            .move_from_action(action)
            .map_err(|e| bad(format!("move {k}: {e}")))?;
        game.play(mv).map_err(|e| bad(format!("move {k}: {e}")))?;
    }
    Ok(game)
}

fn bad(message: impl Into<String>) -> Error {
    Error::InvalidState(format!("invalid serialized state: {}", message.into()))
}

/// A cursor over a record, each read checked against its end.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.data.len());
        let end = end.ok_or_else(|| bad(format!("cut short in its {what}")))?;
        let bytes = &self.data[self.at..end];
        self.at = end;
        Ok(bytes)
    }

    fn u32(&mut self, what: &str) -> Result<u32, Error> {
        let bytes = self.take(4, what)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }
}

/// The registry name of the game a record holds (checked: magic and version first).
///
/// # Errors
///
/// [`Error::InvalidState`] for anything but a record of this format.
pub fn game_name(data: &[u8]) -> Result<&str, Error> {
    let mut reader = Reader { data, at: 0 };
    if reader.take(4, "header")? != MAGIC {
        return Err(bad(
            "not a ludorum record of version 1 (it starts with LDR\\x01)",
        ));
    }
    let len = reader.take(1, "game name")?[0] as usize;
    std::str::from_utf8(reader.take(len, "game name")?).map_err(|_| bad("the game name"))
}

/// The position a record holds: the game built from its options, every move replayed and
/// checked.
///
/// # Errors
///
/// [`Error::InvalidState`] for a record of another game, a malformed or truncated one, options
/// the game refuses, or a move that is not legal where it stands.
pub fn decode<G: Game>(data: &[u8]) -> Result<G, Error> {
    let (header, moves) = split(data)?;
    replay(start::<G>(header)?, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::MoveGen;
    use crate::core::rng::SplitMix64;
    use crate::games::armadora::Armadora;
    use crate::games::chinese_checkers::ChineseCheckers;

    #[test]
    fn round_trip_and_refusals() {
        let options = serde_json::json!({"players": 3, "rules": "advanced", "seed": 5});
        let mut game = Armadora::new(options.as_object().unwrap()).unwrap();
        let mut rng = SplitMix64::new(1);
        for _ in 0..30 {
            if game.current_player().is_none() {
                break;
            }
            let mv = game.random_move(&mut rng);
            game.play(mv).unwrap();
        }
        let data = encode(&game);
        let back: Armadora = decode(&data).unwrap();
        assert_eq!(back.key(), game.key());
        assert_eq!(back.history(), game.history());
        assert!(decode::<ChineseCheckers>(&data).is_err());
        for cut in [0, 3, 5, 12, data.len() - 1] {
            assert!(decode::<Armadora>(&data[..cut]).is_err(), "cut at {cut}");
        }
        let mut forged = data.clone();
        let last = forged.len() - 4;
        forged[last..].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(decode::<Armadora>(&forged).is_err());
        let mut longer = data.clone();
        longer.push(0);
        assert!(decode::<Armadora>(&longer).is_err());
        // a header alone, cut anywhere, is refused (not a panic)
        let (header, _) = split(&data).unwrap();
        for cut in 0..header.len() {
            assert!(
                start::<Armadora>(&header[..cut]).is_err(),
                "header cut at {cut}"
            );
        }
        assert!(start::<Armadora>(header).is_ok());
    }
}
