//! Move notation: `play G on 3`, `play G new`, `give B`, `kill R`, `rescue R`, `refuse`,
//! `B: transfer G to Y`, `B: kill G`. Parsing gives the parts; the state adds the action id.

use std::fmt;

use super::movegen::{Move, MoveKind, NO_PLAYER};
use super::SoLongSucker;
use super::COLOUR_LETTERS;
use crate::core::error::Error;
use crate::core::game::{Encoding, Game};

/// A move as its text names it, before the state gives it an action id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Parsed {
    PlayOn { colour: u8, pile: u32 },
    PlayNew { colour: u8 },
    Give { player: u8 },
    Kill { colour: u8 },
    Rescue { colour: u8 },
    Refuse,
    Transfer { actor: u8, colour: u8, receiver: u8 },
    FreeKill { actor: u8, colour: u8 },
}

fn letter(c: u8) -> char {
    char::from(COLOUR_LETTERS[usize::from(c)])
}

impl fmt::Display for Move {
    /// The notation of the rules page.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = letter(self.colour);
        match self.kind {
            MoveKind::PlayOn => write!(f, "play {c} on {}", self.pile),
            MoveKind::PlayNew => write!(f, "play {c} new"),
            MoveKind::Give => write!(f, "give {c}"),
            MoveKind::Kill => write!(f, "kill {c}"),
            MoveKind::Rescue => write!(f, "rescue {c}"),
            MoveKind::Refuse => f.write_str("refuse"),
            MoveKind::Transfer => write!(
                f,
                "{}: transfer {c} to {}",
                letter(self.actor),
                letter(self.receiver)
            ),
            MoveKind::FreeKill => write!(f, "{}: kill {c}", letter(self.actor)),
        }
    }
}

/// Parses the notation for a game of `players` players (syntax only: which pile ids exist is
/// the state's business).
///
/// # Errors
///
/// [`Error::InvalidMove`] when the text names no move of this game: another shape, spacing or
/// case, a letter that is not one of the first `players` colours, a pile id with a leading zero
/// or outside `1..2**32`.
pub(super) fn parse(text: &str, players: usize) -> Result<Parsed, Error> {
    let letters = &COLOUR_LETTERS[..players];
    let colour = |token: &str| -> Result<u8, Error> {
        match token.as_bytes() {
            [b] => letters.iter().position(|l| l == b).map(|c| c as u8),
            _ => None,
        }
        .ok_or_else(|| {
            Error::invalid_move(
                text,
                format!(
                    "'{token}' is not a colour of this game (one of {})",
                    letters
                        .iter()
                        .map(|&b| char::from(b).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })
    };
    let pile = |token: &str| -> Result<u32, Error> {
        let digits = token.as_bytes();
        let ok = !digits.is_empty()
            && digits.len() <= 10
            && digits.iter().all(u8::is_ascii_digit)
            && digits[0] != b'0';
        ok.then(|| token.parse::<u64>().ok())
            .flatten()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                Error::invalid_move(
                    text,
                    format!(
                        "'{token}' is not a pile id (a decimal number from 1 to {} without \
                         leading zeros)",
                        u32::MAX
                    ),
                )
            })
    };
    let tokens: Vec<&str> = text.split(' ').collect();
    Ok(match tokens[..] {
        ["play", c, "on", id] => Parsed::PlayOn {
            colour: colour(c)?,
            pile: pile(id)?,
        },
        ["play", c, "new"] => Parsed::PlayNew { colour: colour(c)? },
        ["give", x] => Parsed::Give { player: colour(x)? },
        ["kill", c] => Parsed::Kill { colour: colour(c)? },
        ["rescue", c] => Parsed::Rescue { colour: colour(c)? },
        ["refuse"] => Parsed::Refuse,
        [actor, "transfer", c, "to", y] if actor.ends_with(':') => Parsed::Transfer {
            actor: colour(&actor[..actor.len() - 1])?,
            colour: colour(c)?,
            receiver: colour(y)?,
        },
        [actor, "kill", c] if actor.ends_with(':') => Parsed::FreeKill {
            actor: colour(&actor[..actor.len() - 1])?,
            colour: colour(c)?,
        },
        _ => {
            return Err(Error::invalid_move(
                text,
                "expected 'play C on I', 'play C new', 'give X', 'kill C', 'rescue C', \
                 'refuse', 'A: transfer C to Y' or 'A: kill C' (single spaces, colour letters \
                 in capitals)",
            ))
        }
    })
}

impl Encoding for SoLongSucker {
    type Move = Move;

    fn num_actions(&self) -> usize {
        self.action_count()
    }

    fn action(&self, mv: Move) -> usize {
        self.action_now(mv).unwrap_or(mv.action())
    }

    fn move_from_action(&self, action: usize) -> Result<Move, Error> {
        let p = self.num_players();
        let m = self.slots();
        let give = self.give_base();
        let free = self.transfer_base();
        let count = self.action_count();
        let (kind, actor, colour, receiver) = if action < give {
            let (colour, rank) = (action / m, action % m);
            if rank + 1 == m {
                (MoveKind::PlayNew, NO_PLAYER, colour, 0)
            } else {
                let Some(&id) = self.pile_id[..usize::from(self.npiles)].get(rank) else {
                    return Err(Error::illegal_move(
                        format!("action {action}"),
                        format!(
                            "it plays {} onto the pile of rank {rank}, and there are only {} \
                             piles",
                            char::from(COLOUR_LETTERS[colour]),
                            self.npiles
                        ),
                    ));
                };
                return Ok(Move::new(
                    MoveKind::PlayOn,
                    NO_PLAYER,
                    colour as u8,
                    0,
                    id,
                    action,
                ));
            }
        } else if action < give + p {
            (MoveKind::Give, NO_PLAYER, action - give, 0)
        } else if action < give + 2 * p {
            (MoveKind::Kill, NO_PLAYER, action - give - p, 0)
        } else if action < give + 3 * p {
            (MoveKind::Rescue, NO_PLAYER, action - give - 2 * p, 0)
        } else if action == give + 3 * p {
            (MoveKind::Refuse, NO_PLAYER, 0, 0)
        } else {
            let (actor, within) = if action < count {
                let Some(decider) = self.current_player() else {
                    return Err(Error::illegal_move(
                        format!("action {action}"),
                        "the game is over: nobody decides, so a free action in the action \
                         space has no actor",
                    ));
                };
                (decider, action - free)
            } else {
                let per = p * p + p;
                let actor = (action - count) / per;
                if actor >= p {
                    return Err(Error::invalid_move(
                        action.to_string(),
                        format!(
                            "action ids run from 0 to {} (free actions of other players \
                             included)",
                            count + p * per - 1
                        ),
                    ));
                }
                if self.current_player() == Some(actor) {
                    return Err(Error::invalid_move(
                        action.to_string(),
                        format!(
                            "{} decides now: its free actions have ids in the action space, \
                             from {free}",
                            super::COLOUR_NAMES[actor]
                        ),
                    ));
                }
                (actor, (action - count) % per)
            };
            if within < p * p {
                (MoveKind::Transfer, actor as u8, within / p, within % p)
            } else {
                (MoveKind::FreeKill, actor as u8, within - p * p, 0)
            }
        };
        Ok(Move::new(
            kind,
            actor,
            colour as u8,
            receiver as u8,
            0,
            action,
        ))
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let parsed = parse(text, self.num_players())?;
        self.with_action(parsed, text)
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }
}
