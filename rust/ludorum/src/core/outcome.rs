//! How a game ended.

/// The winners of a finished game (none for a draw) and the reason, in the rules' own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Bit `p` is set when player `p` won.
    pub winners: u8,
    /// The reason as the rules page names it, e.g. `"home filled"`.
    pub reason: &'static str,
}

impl Outcome {
    /// A single winner.
    pub fn win(player: usize, reason: &'static str) -> Self {
        Self {
            winners: 1 << player,
            reason,
        }
    }

    /// A draw: nobody wins.
    pub fn draw(reason: &'static str) -> Self {
        Self { winners: 0, reason }
    }

    /// The winners, ascending.
    pub fn winner_list(&self) -> Vec<usize> {
        (0..8).filter(|p| self.winners & (1 << p) != 0).collect()
    }

    /// +1 for a winner, −1 for a loser, 0 for everyone in a draw.
    pub fn returns(&self, num_players: usize) -> Vec<f64> {
        let mut out = vec![0.0; num_players];
        self.write_returns(&mut out);
        out
    }

    /// [`returns`](Self::returns) written into `out` (one entry per player), for loops that
    /// must not allocate.
    pub fn write_returns(&self, out: &mut [f64]) {
        for (p, r) in out.iter_mut().enumerate() {
            *r = self.return_of(p);
        }
    }

    /// The entry of `player` in [`returns`](Self::returns).
    #[inline]
    pub fn return_of(&self, player: usize) -> f64 {
        match (self.winners, self.winners & (1 << player)) {
            (0, _) => 0.0,
            (_, 0) => -1.0,
            _ => 1.0,
        }
    }
}
