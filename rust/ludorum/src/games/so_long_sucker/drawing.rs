//! The table as text (`show` in the engine protocol), as `state.render()` draws it in Python:
//! one line per pile (`#3  R B G Y`, bottom to top, marked `< give` or `< kill` when the
//! decision is about it), one per player (colour, stock, prisoners by colour, `dead`, `in
//! need`, `winner`; the decider marked `*`), and the dead box. Everything here is public.

use serde_json::{Map, Value};

use super::state::SoLongSucker;
use crate::core::game::Game;

/// The colours' letters and names, player 0 first.
const LETTERS: [char; 6] = ['R', 'B', 'G', 'Y', 'P', 'O'];
const NAMES: [&str; 6] = ["red", "blue", "green", "yellow", "purple", "orange"];

/// The piles, the players and the dead box of `game`.
pub(super) fn board_text(game: &SoLongSucker) -> String {
    let mut fields = Map::new();
    game.json_fields(&mut fields);
    let decision = fields.get("decision").filter(|d| d.is_object());
    let about = |key: &str| decision.and_then(|d| d.get(key)).and_then(Value::as_u64);
    let mut lines = Vec::new();
    let piles = fields.get("piles").and_then(Value::as_array).cloned();
    let piles = piles.unwrap_or_default();
    let width = piles
        .iter()
        .map(|p| p["id"].to_string().len())
        .max()
        .unwrap_or(1);
    for pile in &piles {
        let id = pile["id"].as_u64().unwrap_or(0);
        let chips: Vec<String> = pile["chips"]
            .as_str()
            .unwrap_or("")
            .chars()
            .map(String::from)
            .collect();
        let mut line = format!("#{id:<width$}  {}", chips.join(" "));
        if about("pile") == Some(id) {
            let situation = decision.and_then(|d| d["situation"].as_str()).unwrap_or("");
            line += &format!("  < {situation}");
        }
        lines.push(line);
    }
    if piles.is_empty() {
        lines.push("no piles on the table".to_owned());
    }
    let players = game.num_players();
    let outcome = game.outcome();
    // the decider while the game runs; the winner once it is won (none after a draw)
    let featured = match &outcome {
        None => about("player")
            .map(|p| p as usize)
            .or(game.current_player()),
        Some(outcome) => match outcome.winner_list()[..] {
            [winner] => Some(winner),
            _ => None,
        },
    };
    let name_width = (0..players).map(|p| NAMES[p].len()).max().unwrap_or(0);
    let hands = fields["hands"].as_array().cloned().unwrap_or_default();
    let alive = fields["alive"].as_array().cloned().unwrap_or_default();
    for p in 0..players {
        let hand: Vec<u64> = hands[p]
            .as_array()
            .map(|h| h.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        let prisoners: Vec<String> = hand
            .iter()
            .enumerate()
            .filter(|&(c, &k)| c != p && k > 0)
            .map(|(c, k)| format!("{}{k}", LETTERS[c]))
            .collect();
        let prisoners = if prisoners.is_empty() {
            "none".to_owned()
        } else {
            prisoners.join(" ")
        };
        let mark = if featured == Some(p) && outcome.is_none() {
            '*'
        } else {
            ' '
        };
        let mut line = format!(
            "{mark} {p} {} {:<name_width$}  stock {}  prisoners {prisoners}",
            LETTERS[p], NAMES[p], hand[p]
        );
        if alive.get(p).and_then(Value::as_bool) == Some(false) {
            line += "  dead";
        }
        if about("in_need") == Some(p as u64) {
            line += "  in need";
        }
        if outcome.is_some() && featured == Some(p) {
            line += "  winner";
        }
        lines.push(line);
    }
    let dead: Vec<String> = fields["dead_box"]
        .as_array()
        .map(|d| d.iter().filter_map(Value::as_u64).collect::<Vec<_>>())
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(c, k)| format!("{}{k}", LETTERS[c]))
        .collect();
    lines.push(format!("dead box  {}", dead.join(" ")));
    lines.join("\n")
}
