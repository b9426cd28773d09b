//! The board as text (`show` in the engine protocol), as `state.render()` draws it in Python,
//! drawn from the JSON view of the viewer so that it shows nothing the viewer may not see: row
//! 1 on top; a cell shows its gold (`$5`), a warrior as its race's letter and strength (`O3`;
//! `O?` when face down for the viewer) or `.`; a palisade is `|` between horizontal neighbours
//! and `---` under the upper of two vertical neighbours. Then the palisades left, the advanced
//! rules' tokens (a warrior's mark: `+` reinforced, `v` arrows, `*` both, `^` face up) and one
//! line per player.

use serde_json::Value;

use super::board::{cell_name, CELLS, MINE_CELLS};
use super::state::Armadora;
use crate::core::hidden::view_json;
use crate::core::json::to_json;

const WIDTH: usize = 8;
const HEIGHT: usize = 5;
/// The vertical borders (between horizontal neighbours) come first among the slots.
const RIGHT_SLOTS: usize = (WIDTH - 1) * HEIGHT;

/// The board of `game` as `viewer` sees it (`None`: the referee).
pub(super) fn board_text(game: &Armadora, viewer: Option<usize>) -> String {
    let data = match viewer {
        Some(viewer) => view_json(game, viewer),
        None => to_json(game),
    };
    let races = game.races();
    let options = &data["options"];
    let advanced = options["rules"].as_str() == Some("advanced");
    let partners = options["partners"].as_bool() == Some(true);
    let numbers = |key: &str| -> Vec<u64> {
        data[key]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default()
    };
    let palisades = numbers("palisades");
    let arrows = numbers("arrows");
    let face_up = numbers("face_up");
    let reinforcements: Vec<Option<u64>> = data["reinforcements"]
        .as_array()
        .map(|a| a.iter().map(Value::as_u64).collect())
        .unwrap_or_default();
    let marker = |cell: usize| {
        let reinforced = reinforcements.contains(&Some(cell as u64));
        let arrowed = arrows.get(cell).is_some_and(|&n| n > 0);
        match (reinforced, arrowed) {
            (true, true) => "*",
            (true, false) => "+",
            (false, true) => "v",
            _ if face_up.contains(&(cell as u64)) => "^",
            _ => "",
        }
    };
    let gold = numbers("gold");
    let mut lines = vec![format!(
        "  {}",
        ('a'..='h')
            .map(|c| format!(" {c}  "))
            .collect::<String>()
            .trim_end()
    )];
    for y in 0..HEIGHT {
        let mut row = format!("{} ", y + 1);
        for x in 0..WIDTH {
            let i = WIDTH * y + x;
            let mine = MINE_CELLS.iter().position(|&c| c == i);
            let cell = match data["warriors"][i].as_array() {
                Some(warrior) => {
                    let owner = warrior[0].as_u64().unwrap_or(0) as usize;
                    let strength = warrior[1]
                        .as_u64()
                        .map_or_else(|| "?".to_owned(), |s| s.to_string());
                    format!("{}{strength}{}", letter(races[owner]), marker(i))
                }
                None => match mine.and_then(|m| gold.get(m)) {
                    Some(g) => format!("${g}"),
                    None => ".".to_owned(),
                },
            };
            row += &format!("{cell:^3}");
            if x < WIDTH - 1 {
                row += if palisades.contains(&(((WIDTH - 1) * y + x) as u64)) {
                    "|"
                } else {
                    " "
                };
            }
        }
        lines.push(format!("{row} {}", y + 1));
        if y < HEIGHT - 1 {
            let under: String = (0..WIDTH)
                .map(|x| {
                    let slot = (RIGHT_SLOTS + WIDTH * y + x) as u64;
                    if palisades.contains(&slot) {
                        "--- "
                    } else {
                        "    "
                    }
                })
                .collect();
            lines.push(format!("  {under}").trim_end().to_owned());
        }
    }
    lines.push(format!("palisades left {}", data["palisades_left"]));
    if partners {
        lines.push("teams: 0+2 against 1+3".to_owned());
    }
    if advanced {
        let names = |cells: &mut dyn Iterator<Item = usize>| {
            let names: Vec<String> = cells.map(cell_name).collect();
            if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(" ")
            }
        };
        let arrowed: Vec<String> = (0..CELLS)
            .filter(|&c| arrows.get(c).is_some_and(|&n| n > 0))
            .map(|c| format!("{}x{}", cell_name(c), arrows[c]))
            .collect();
        let arrowed = if arrowed.is_empty() {
            "none".to_owned()
        } else {
            arrowed.join(" ")
        };
        lines.push(format!("arrows (-1 each): {arrowed}"));
        let mut up: Vec<usize> = face_up.iter().map(|&c| c as usize).collect();
        up.sort_unstable();
        lines.push(format!("face up: {}", names(&mut up.into_iter())));
        let seer = data["viewer"].as_u64();
        for (player, cells) in data["looks"].as_array().into_iter().flatten().enumerate() {
            let cells: Vec<usize> = cells
                .as_array()
                .map(|c| {
                    c.iter()
                        .filter_map(Value::as_u64)
                        .map(|c| c as usize)
                        .collect()
                })
                .unwrap_or_default();
            if !cells.is_empty() {
                let who = if seer == Some(player as u64) {
                    "you".to_owned()
                } else {
                    format!("{player} {}", races[player])
                };
                lines.push(format!(
                    "looked at by {who}: {}",
                    names(&mut cells.into_iter())
                ));
            }
        }
    }
    let width = races.iter().map(|r| r.len()).max().unwrap_or(0);
    let scores = game.scores();
    for (player, race) in races.iter().enumerate() {
        let mut line = format!("{player} {} {race:<width$}  ", letter(race));
        if partners {
            line += &format!("team {}+{}  ", player % 2, player % 2 + 2);
        }
        line += &format!("supply {}", supply_text(&data["supplies"][player]));
        if advanced {
            let reinforcement = match reinforcements.get(player).copied().flatten() {
                None => "reinforcement ready".to_owned(),
                Some(cell) => format!("reinforcement on {}", cell_name(cell as usize)),
            };
            line += &format!("  powers {}  {reinforcement}", data["powers"][player]);
        }
        if data["passed"][player].as_bool() == Some(true) {
            line += "  passed";
        }
        if let Some(scores) = &scores {
            line += &format!("  gold {}", scores[player]);
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// A race's letter: its first, in upper case (`O` for orc).
fn letter(race: &str) -> String {
    race.chars().take(1).collect::<String>().to_uppercase()
}

/// `1:11 2:2 3:0 4:1 5:1` for a visible supply, `15 face down` for a hidden one.
fn supply_text(supply: &Value) -> String {
    match supply.as_array() {
        Some(counts) => counts
            .iter()
            .enumerate()
            .map(|(s, c)| format!("{}:{c}", s + 1))
            .collect::<Vec<_>>()
            .join(" "),
        None => format!("{supply} face down"),
    }
}
