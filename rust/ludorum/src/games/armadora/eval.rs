//! The evaluation for search: the gold each player would get if the game were scored now (each
//! territory's gold to its strongest players, as at the end, with the warriors' values after
//! arrows and reinforcements, and with partners each team's gold), against the best rival (a
//! player of another team, never the partner), over the 40 gold of the board. A search of one
//! player's seat calls it on the worlds it samples, where the other players' strengths are
//! drawn from what that player may know.

use super::Armadora;
use crate::core::game::{Evaluation, Game};

impl Evaluation for Armadora {
    fn evaluate(&self, values: &mut [f64]) {
        let players = self.num_players();
        let gold = self.tally();
        for (p, value) in values.iter_mut().enumerate().take(players) {
            let rival = (0..players)
                .filter(|&q| self.team(q) != self.team(p))
                .map(|q| gold[q])
                .max()
                .unwrap_or(0);
            *value = (f64::from(gold[p]) - f64::from(rival)) / 40.0;
        }
    }
}
