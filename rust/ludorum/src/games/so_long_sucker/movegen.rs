//! Moves, their action ids, the legal lists (primary moves, then listed free actions), the fast
//! count and random pick, and legality with the reason a move is refused.

use super::state::{Situation, SoLongSucker};
use super::{COLOUR_LETTERS, COLOUR_NAMES, MAX_PLAYERS};
use crate::core::game::MoveGen;
use crate::core::rng::SplitMix64;

/// No player (the actor of a primary move).
pub(super) const NO_PLAYER: u8 = u8::MAX;

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// `play C on I`.
    PlayOn,
    /// `play C new`.
    PlayNew,
    /// `give X`.
    Give,
    /// `kill C` (the captor's choice).
    Kill,
    /// `rescue C`.
    Rescue,
    /// `refuse`.
    Refuse,
    /// `A: transfer C to Y` (free action).
    Transfer,
    /// `A: kill C` (free action).
    FreeKill,
}

/// A move, with the action id it has in the state where it is (or was) played.
///
/// Primary moves carry no actor: they are the decider's. Free actions carry their actor; their
/// id lies in the action space when the actor decides, past it otherwise.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{games::so_long_sucker::{MoveKind, SoLongSucker}};
/// let game = SoLongSucker::new(&Default::default()).unwrap();
/// let mv = game.parse_move("play Y new").unwrap();
/// assert_eq!((mv.kind(), mv.colour(), mv.action()), (MoveKind::PlayNew, Some(3), 3 * 29 + 28));
/// assert_eq!(mv.to_string(), "play Y new");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(super) kind: MoveKind,
    /// The actor of a free action, [`NO_PLAYER`] otherwise.
    pub(super) actor: u8,
    /// The chip's colour (play, kill, rescue, transfer), the receiver of `give`.
    pub(super) colour: u8,
    /// The receiver of a transfer.
    pub(super) receiver: u8,
    /// The pile id of `play C on I`.
    pub(super) pile: u32,
    pub(super) action: u32,
}

impl Move {
    #[inline(always)]
    pub(super) fn new(
        kind: MoveKind,
        actor: u8,
        colour: u8,
        receiver: u8,
        pile: u32,
        action: usize,
    ) -> Self {
        Self {
            kind,
            actor,
            colour,
            receiver,
            pile,
            action: action as u32,
        }
    }

    /// What the move does.
    pub fn kind(self) -> MoveKind {
        self.kind
    }

    /// The actor of a free action (`None` for a primary move: the decider's).
    pub fn actor(self) -> Option<usize> {
        (self.actor != NO_PLAYER).then_some(usize::from(self.actor))
    }

    /// The colour of the chip played, killed, handed over or transferred (`None` for `give` and
    /// `refuse`).
    pub fn colour(self) -> Option<usize> {
        match self.kind {
            MoveKind::Give | MoveKind::Refuse => None,
            _ => Some(usize::from(self.colour)),
        }
    }

    /// The player given the move (`give`) or receiving a transfer.
    pub fn player(self) -> Option<usize> {
        match self.kind {
            MoveKind::Give => Some(usize::from(self.colour)),
            MoveKind::Transfer => Some(usize::from(self.receiver)),
            _ => None,
        }
    }

    /// The pile id of `play C on I`.
    pub fn pile(self) -> Option<u32> {
        (self.kind == MoveKind::PlayOn).then_some(self.pile)
    }

    /// The action id the move has in the state where it is (or was) played.
    pub fn action(self) -> usize {
        self.action as usize
    }

    /// The rank of the pile of `play C on I` (its action id is `C * slots + rank`), by a
    /// multiplication: a division here was a visible part of a ply.
    #[inline(always)]
    pub(super) fn rank_on(self, slots: usize) -> usize {
        self.action as usize - usize::from(self.colour) * slots
    }

    /// True for a free action (`transfer` or the free `kill`).
    pub fn is_free(self) -> bool {
        matches!(self.kind, MoveKind::Transfer | MoveKind::FreeKill)
    }
}

/// `NTH_BIT[mask][i]`: the `i`-th set bit of a mask of colours or players.
static NTH_BIT: [[u8; MAX_PLAYERS]; 1 << MAX_PLAYERS] = {
    let mut out = [[0; MAX_PLAYERS]; 1 << MAX_PLAYERS];
    let mut mask = 0;
    while mask < 1 << MAX_PLAYERS {
        let (mut bit, mut i) = (0, 0);
        while bit < MAX_PLAYERS {
            if mask & (1 << bit) != 0 {
                out[mask][i] = bit as u8;
                i += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    out
};

/// The `i`-th set bit of `mask` (`i` below its popcount), from a table: the loop that cleared
/// `i` bits ended in a mispredicted branch on most random moves.
#[inline(always)]
fn nth_bit(mask: u8, i: usize) -> usize {
    debug_assert!(usize::from(mask) < 1 << MAX_PLAYERS && i < mask.count_ones() as usize);
    // Both are in range already; the modulos spare the bounds checks.
    usize::from(NTH_BIT[usize::from(mask) % (1 << MAX_PLAYERS)][i % MAX_PLAYERS])
}

/// The set bits of a mask, ascending.
#[inline(always)]
pub(super) fn bits(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

fn name(player: usize) -> &'static str {
    COLOUR_NAMES[player]
}

impl SoLongSucker {
    // -- the action space -------------------------------------------------------------------

    /// M = N + 1: the slots per colour (N pile ranks, then `new`).
    #[inline(always)]
    pub(super) fn slots(&self) -> usize {
        usize::from(self.total) + 1
    }

    /// The id of `give 0`; `kill`, `rescue`, `refuse` and the decider's free actions follow.
    #[inline(always)]
    pub(super) fn give_base(&self) -> usize {
        usize::from(self.players) * self.slots()
    }

    /// The id of the decider's `transfer 0 to 0`.
    #[inline(always)]
    pub(super) fn transfer_base(&self) -> usize {
        self.give_base() + 3 * usize::from(self.players) + 1
    }

    /// Size of the action space: `P * M + P² + 4P + 1`.
    #[inline(always)]
    pub(super) fn action_count(&self) -> usize {
        let p = usize::from(self.players);
        self.transfer_base() + p * p + p
    }

    /// Where the ids of `actor`'s free actions start: in the action space when it decides now,
    /// past it otherwise.
    #[inline(always)]
    pub(super) fn free_base(&self, actor: usize) -> usize {
        if self.outcome.is_none() && actor == usize::from(self.decider) {
            self.transfer_base()
        } else {
            let p = usize::from(self.players);
            self.action_count() + actor * (p * p + p)
        }
    }

    /// The rank of the pile with this id, if it is on the table.
    #[inline]
    pub(super) fn rank_of(&self, id: u32) -> Option<usize> {
        self.pile_id[..usize::from(self.npiles)]
            .binary_search(&id)
            .ok()
    }

    /// The id `mv` has in this position; `None` for a play onto a pile that is not there.
    pub(super) fn action_now(&self, mv: Move) -> Option<usize> {
        let p = usize::from(self.players);
        let c = usize::from(mv.colour);
        Some(match mv.kind {
            MoveKind::PlayOn => c * self.slots() + self.rank_of(mv.pile)?,
            MoveKind::PlayNew => c * self.slots() + usize::from(self.total),
            MoveKind::Give => self.give_base() + c,
            MoveKind::Kill => self.give_base() + p + c,
            MoveKind::Rescue => self.give_base() + 2 * p + c,
            MoveKind::Refuse => self.give_base() + 3 * p,
            MoveKind::Transfer => {
                self.free_base(usize::from(mv.actor)) + c * p + usize::from(mv.receiver)
            }
            MoveKind::FreeKill => self.free_base(usize::from(mv.actor)) + p * p + c,
        })
    }

    // -- lists ------------------------------------------------------------------------------

    /// True when the decider's free actions are listed now.
    #[inline(always)]
    fn lists_free(&self) -> bool {
        self.used < u64::from(self.free_actions)
            && !(self.situation == Situation::Play && self.counts[usize::from(self.decider)] == 1)
    }

    /// Calls `visit` with `actor`'s free actions, ids from `base`: transfers by colour then
    /// receiver, then kills.
    fn push_free(&self, actor: usize, base: usize, visit: &mut impl FnMut(Move)) {
        let p = usize::from(self.players);
        let prisoners = self.held[actor] & !(1 << actor);
        let receivers = self.alive & !(1 << actor);
        for c in bits(prisoners) {
            for y in bits(receivers) {
                visit(Move::new(
                    MoveKind::Transfer,
                    actor as u8,
                    c as u8,
                    y as u8,
                    0,
                    base + c * p + y,
                ));
            }
        }
        for c in bits(prisoners) {
            visit(Move::new(
                MoveKind::FreeKill,
                actor as u8,
                c as u8,
                0,
                0,
                base + p * p + c,
            ));
        }
    }

    /// Every free action of `player` now, in ascending action id.
    pub(super) fn generate_free(&self, player: usize, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() || player >= usize::from(self.players) || !self.is_alive(player) {
            return;
        }
        self.push_free(player, self.free_base(player), &mut |mv| moves.push(mv));
    }

    /// The number of primary moves now (the game runs).
    #[inline(always)]
    fn count_primary(&self) -> usize {
        let d = usize::from(self.decider);
        let extra = usize::from(self.extra);
        match self.situation {
            Situation::Play => self.held[d].count_ones() as usize * (usize::from(self.npiles) + 1),
            Situation::Give => (self.alive & !self.pile_mask[extra]).count_ones() as usize,
            Situation::Kill => self.pile_mask[extra].count_ones() as usize,
            Situation::Rescue => (self.held[d] & !(1 << d)).count_ones() as usize + 1,
        }
    }

    /// The number of listed free actions now (the game runs): prisoner colours times the other
    /// living players, plus one kill per prisoner colour.
    #[inline(always)]
    fn count_free(&self) -> usize {
        if !self.lists_free() {
            return 0;
        }
        let d = usize::from(self.decider);
        let prisoners = (self.held[d] & !(1 << d)).count_ones() as usize;
        prisoners * self.alive.count_ones() as usize
    }

    /// The length of the legal list.
    #[inline]
    pub(super) fn count_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        self.count_primary() + self.count_free()
    }

    // -- legality ---------------------------------------------------------------------------

    /// True when the move's colours and players belong to this game.
    fn in_range(&self, mv: Move) -> bool {
        let p = self.players;
        match mv.kind {
            MoveKind::Refuse => true,
            MoveKind::Transfer => mv.actor < p && mv.colour < p && mv.receiver < p,
            MoveKind::FreeKill => mv.actor < p && mv.colour < p,
            _ => mv.colour < p,
        }
    }

    /// Why `mv` may not be played now, apart from its action id; `None` when it may.
    fn why_not(&self, mv: Move) -> Option<String> {
        let d = usize::from(self.decider);
        let c = usize::from(mv.colour);
        let extra = usize::from(self.extra);
        let wrong = |what: &str| {
            Some(format!(
                "it is {}'s decision ({}), not {what}",
                name(d),
                self.situation.name()
            ))
        };
        let letter = |c: usize| char::from(COLOUR_LETTERS[c]);
        match mv.kind {
            MoveKind::PlayOn | MoveKind::PlayNew => {
                if self.situation != Situation::Play {
                    return wrong("a play");
                }
                if mv.kind == MoveKind::PlayOn && self.rank_of(mv.pile).is_none() {
                    return Some(format!("there is no pile {}", mv.pile));
                }
                if self.hands[d][c] == 0 {
                    return Some(format!("{} holds no {} chip", name(d), name(c)));
                }
            }
            MoveKind::Give => {
                if self.situation != Situation::Give {
                    return wrong("a give");
                }
                if !self.is_alive(c) {
                    return Some(format!("{} is dead", name(c)));
                }
                if self.pile_mask[extra] & (1 << c) != 0 {
                    return Some(format!(
                        "{}'s colour is in pile {}",
                        name(c),
                        self.pile_id[extra]
                    ));
                }
            }
            MoveKind::Kill => {
                if self.situation != Situation::Kill {
                    return wrong("a kill");
                }
                if self.pile_mask[extra] & (1 << c) == 0 {
                    return Some(format!(
                        "pile {} holds no {} chip",
                        self.pile_id[extra],
                        name(c)
                    ));
                }
            }
            MoveKind::Rescue | MoveKind::Refuse => {
                if self.situation != Situation::Rescue {
                    return wrong("a rescue");
                }
                if mv.kind == MoveKind::Rescue {
                    if c == d {
                        return Some(format!(
                            "{}'s own chips are not prisoners: a rescue hands over a prisoner",
                            name(d)
                        ));
                    }
                    if self.hands[d][c] == 0 {
                        return Some(format!("{} holds no {} chip", name(d), name(c)));
                    }
                }
            }
            MoveKind::Transfer | MoveKind::FreeKill => {
                let a = usize::from(mv.actor);
                if !self.is_alive(a) {
                    return Some(format!("{} is dead", name(a)));
                }
                if c == a {
                    return Some(format!(
                        "{} cannot {} chips of its own colour ({})",
                        name(a),
                        if mv.kind == MoveKind::Transfer {
                            "transfer"
                        } else {
                            "kill"
                        },
                        letter(c)
                    ));
                }
                if self.hands[a][c] == 0 {
                    return Some(format!("{} holds no {} chip", name(a), name(c)));
                }
                if mv.kind == MoveKind::Transfer {
                    let y = usize::from(mv.receiver);
                    if y == a {
                        return Some(format!("{} cannot transfer to itself", name(a)));
                    }
                    if !self.is_alive(y) {
                        return Some(format!("{} is dead", name(y)));
                    }
                }
            }
        }
        None
    }

    /// Why `mv` is not legal now (for error messages).
    pub(super) fn reason(&self, mv: Move) -> String {
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        if !self.in_range(mv) {
            let letters: String = COLOUR_LETTERS[..usize::from(self.players)]
                .iter()
                .map(|&b| char::from(b))
                .collect();
            return format!(
                "the move names a colour beyond this game's ({letters}): it is from another game"
            );
        }
        if let Some(reason) = self.why_not(mv) {
            return reason;
        }
        match self.action_now(mv) {
            Some(now) if now != mv.action() => format!(
                "the move carries action {} but is action {now} in this position",
                mv.action
            ),
            _ => "not a legal move in this position".into(),
        }
    }
}

const _: () = assert!(MAX_PLAYERS <= 8, "player masks are u8");

impl SoLongSucker {
    /// Calls `visit` with each legal move, in ascending action id: the one walk behind the
    /// move list and the action ids (a batched env asks for the ids at every step, and
    /// building the move list for them allocated).
    fn visit_moves(&self, mut visit: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let d = usize::from(self.decider);
        let extra = usize::from(self.extra);
        let base = self.give_base();
        let p = usize::from(self.players);
        match self.situation {
            Situation::Play => {
                let m = self.slots();
                let npiles = usize::from(self.npiles);
                for c in bits(self.held[d]) {
                    for (r, &id) in self.pile_id[..npiles].iter().enumerate() {
                        visit(Move::new(
                            MoveKind::PlayOn,
                            NO_PLAYER,
                            c as u8,
                            0,
                            id,
                            c * m + r,
                        ));
                    }
                    visit(Move::new(
                        MoveKind::PlayNew,
                        NO_PLAYER,
                        c as u8,
                        0,
                        0,
                        c * m + m - 1,
                    ));
                }
            }
            Situation::Give => {
                for x in bits(self.alive & !self.pile_mask[extra]) {
                    visit(Move::new(
                        MoveKind::Give,
                        NO_PLAYER,
                        x as u8,
                        0,
                        0,
                        base + x,
                    ));
                }
            }
            Situation::Kill => {
                for c in bits(self.pile_mask[extra]) {
                    visit(Move::new(
                        MoveKind::Kill,
                        NO_PLAYER,
                        c as u8,
                        0,
                        0,
                        base + p + c,
                    ));
                }
            }
            Situation::Rescue => {
                for c in bits(self.held[d] & !(1 << d)) {
                    visit(Move::new(
                        MoveKind::Rescue,
                        NO_PLAYER,
                        c as u8,
                        0,
                        0,
                        base + 2 * p + c,
                    ));
                }
                visit(Move::new(
                    MoveKind::Refuse,
                    NO_PLAYER,
                    0,
                    0,
                    0,
                    base + 3 * p,
                ));
            }
        }
        if self.lists_free() {
            self.push_free(d, self.transfer_base(), &mut visit);
        }
    }
}

impl MoveGen for SoLongSucker {
    /// The legal moves in ascending action id.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.visit_moves(|mv| moves.push(mv));
    }

    /// True when `mv` may be played now: a primary move of the decision, or a free action of
    /// any living player (listed or not), carrying the id it has now.
    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        if self.outcome.is_some() || !self.in_range(mv) {
            return false;
        }
        self.why_not(mv).is_none() && self.action_now(mv) == Some(mv.action())
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.count_moves()
    }

    /// `legal_moves()[rng.below(n)]` without the list.
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let primary = self.count_primary();
        let free = self.count_free();
        // `rng.below(primary + free)`, keeping the draw for the split below.
        let draw = u128::from(rng.next_u64());
        let i = ((draw * (primary + free) as u128) >> 64) as usize;
        let d = usize::from(self.decider);
        let p = usize::from(self.players);
        let base = self.give_base();
        if i < primary {
            let extra = usize::from(self.extra);
            return match self.situation {
                Situation::Play => {
                    let per = usize::from(self.npiles) + 1;
                    let (q, r) = if free == 0 {
                        // i = ⌊draw·colours·per / 2^64⌋, so i / per = ⌊draw·colours / 2^64⌋:
                        // a multiplication beside the draw's, not one after it.
                        let colours = u128::from(self.held[d].count_ones());
                        let q = ((draw * colours) >> 64) as usize;
                        (q, i - q * per)
                    } else {
                        (i / per, i % per)
                    };
                    let c = nth_bit(self.held[d], q);
                    let m = self.slots();
                    if r + 1 == per {
                        Move::new(MoveKind::PlayNew, NO_PLAYER, c as u8, 0, 0, c * m + m - 1)
                    } else {
                        let id = self.pile_id[r];
                        Move::new(MoveKind::PlayOn, NO_PLAYER, c as u8, 0, id, c * m + r)
                    }
                }
                Situation::Give => {
                    let x = nth_bit(self.alive & !self.pile_mask[extra], i);
                    Move::new(MoveKind::Give, NO_PLAYER, x as u8, 0, 0, base + x)
                }
                Situation::Kill => {
                    let c = nth_bit(self.pile_mask[extra], i);
                    Move::new(MoveKind::Kill, NO_PLAYER, c as u8, 0, 0, base + p + c)
                }
                Situation::Rescue => {
                    if i + 1 == primary {
                        Move::new(MoveKind::Refuse, NO_PLAYER, 0, 0, 0, base + 3 * p)
                    } else {
                        let c = nth_bit(self.held[d] & !(1 << d), i);
                        Move::new(MoveKind::Rescue, NO_PLAYER, c as u8, 0, 0, base + 2 * p + c)
                    }
                }
            };
        }
        let j = i - primary;
        let prisoners = self.held[d] & !(1 << d);
        let receivers = self.alive & !(1 << d);
        let per = receivers.count_ones() as usize;
        let transfers = prisoners.count_ones() as usize * per;
        let free = self.transfer_base();
        if j < transfers {
            let (c, y) = (nth_bit(prisoners, j / per), nth_bit(receivers, j % per));
            Move::new(
                MoveKind::Transfer,
                d as u8,
                c as u8,
                y as u8,
                0,
                free + c * p + y,
            )
        } else {
            let c = nth_bit(prisoners, j - transfers);
            Move::new(MoveKind::FreeKill, d as u8, c as u8, 0, 0, free + p * p + c)
        }
    }

    fn legal_actions(&self, actions: &mut Vec<u32>) {
        actions.clear();
        self.visit_moves(|mv| actions.push(mv.action));
    }
}
