//! The evaluation for search, as the rules page gives it. Of the 69 lines of four cells, a line
//! is open for a player when it holds none of the other player's discs; a player's pressure is
//! the sum, over the lines open for it, of the square of the number of its discs in the line;
//! the value of player p is `clamp((pressure(p) - pressure(other)) / 32, -1, 1)`.

use super::board::LINES;
use super::ConnectFour;
use crate::core::game::Evaluation;

impl ConnectFour {
    /// The pressure of each player (see the module).
    pub fn pressures(&self) -> [u32; 2] {
        let [mine, theirs] = [self.discs(0), self.discs(1)];
        let mut pressure = [0; 2];
        for &line in &LINES {
            let (a, b) = ((line & mine).count_ones(), (line & theirs).count_ones());
            if b == 0 {
                pressure[0] += a * a;
            }
            if a == 0 {
                pressure[1] += b * b;
            }
        }
        pressure
    }
}

impl Evaluation for ConnectFour {
    fn evaluate(&self, values: &mut [f64]) {
        let [p0, p1] = self.pressures().map(f64::from);
        values[0] = ((p0 - p1) / 32.0).clamp(-1.0, 1.0);
        values[1] = ((p1 - p0) / 32.0).clamp(-1.0, 1.0);
    }
}
