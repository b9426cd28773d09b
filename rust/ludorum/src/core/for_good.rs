//! Playing for good without the bookkeeping, once for every game that does it:
//! [`KeyAndUndo`] holds a game's incremental Zobrist key, whether it is stale, and its undo
//! records; [`PlaysForGood`] gives the game's [`Game::play_unchecked`],
//! [`Game::play_for_good`] and [`Game::key`] from its one `play_move::<KEEP>`.
//!
//! The contract of [`Game::play_for_good`]: a move played for good keeps neither the key nor an
//! undo record (`play_move::<false>`), so the key goes stale and the records are dropped, since
//! the ones below no longer match the moves above them: undo stops there (the "undo floor").
//! While the key is stale, `key()` computes it from scratch (the same value); the next
//! `play_unchecked` computes it once and keeps it incrementally again (`play_move::<true>`).
//! `every_game_plays_for_good_as_it_plays` checks this for every game.
//!
//! A game implements [`PlaysForGood`] and forwards three [`Game`] methods to it:
//!
//! ```ignore
//! #[inline(always)]
//! fn play_unchecked(&mut self, mv: Move) {
//!     self.play_keeping(mv);
//! }
//!
//! #[inline(always)]
//! fn play_for_good(&mut self, mv: Move) {
//!     self.play_forgetting(mv);
//! }
//!
//! #[inline]
//! fn key(&self) -> u64 {
//!     self.current_key()
//! }
//! ```

use super::game::Game;
use super::stack::Stack;

/// A game's incremental key, whether it is stale, and one undo record per move since the last
/// move played for good, each with the key before its move; see the [module](self)
/// documentation.
///
/// # Examples
///
/// ```
/// use ludorum::core::for_good::KeyAndUndo;
/// let mut keys: KeyAndUndo<u8> = KeyAndUndo::with_capacity(16);
/// keys.start(7);
/// keys.push(7, 1); // the record of a move from key 7
/// *keys.key_mut() ^= 3;
/// assert_eq!(keys.incremental(), Some(4));
/// assert_eq!(keys.pop(), Some(1));
/// assert_eq!(keys.incremental(), Some(7), "the key before the move");
/// keys.forget();
/// assert_eq!((keys.incremental(), keys.pop()), (None, None));
/// ```
#[derive(Clone, Debug)]
pub struct KeyAndUndo<R> {
    key: u64,
    records: Stack<(u64, R)>,
    stale: bool,
}

impl<R> KeyAndUndo<R> {
    /// A stale key and room for `capacity` records.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            key: 0,
            records: Stack::with_capacity(capacity),
            stale: true,
        }
    }

    /// At a start: `key` (computed from scratch), kept from now on, and no records.
    pub fn start(&mut self, key: u64) {
        self.records.clear();
        self.key = key;
        self.stale = false;
    }

    /// The key, unless it is stale (after moves played for good).
    #[inline(always)]
    pub fn incremental(&self) -> Option<u64> {
        (!self.stale).then_some(self.key)
    }

    /// Whether the key is stale.
    #[inline(always)]
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// The key, for a move's incremental updates (`play_move::<true>`).
    #[inline(always)]
    pub fn key_mut(&mut self) -> &mut u64 {
        &mut self.key
    }

    /// Toggles `bits` in the key: a move's incremental update (`play_move::<true>`).
    #[inline(always)]
    pub fn xor(&mut self, bits: u64) {
        self.key ^= bits;
    }

    /// The key as it is now, stale or not (for a record pushed before the move changes it).
    #[inline(always)]
    pub fn raw_key(&self) -> u64 {
        self.key
    }

    /// Pushes the undo record of a move made from `key`.
    #[inline(always)]
    pub fn push(&mut self, key: u64, record: R) {
        self.records.push((key, record));
    }

    /// The record of the move being played (pushed at its start and filled in place).
    ///
    /// # Panics
    ///
    /// When no record was pushed.
    #[inline(always)]
    pub fn last_mut(&mut self) -> &mut R {
        &mut self
            .records
            .last_mut()
            .expect("the record of the move being played")
            .1
    }

    /// Takes back the last record, restoring the key before its move (kept from then on);
    /// `None` at the start and at a move played for good.
    #[inline]
    pub fn pop(&mut self) -> Option<R> {
        let (key, record) = self.records.pop()?;
        self.key = key;
        self.stale = false;
        Some(record)
    }

    /// Before a move played for good: the key goes stale and the records go (undo stops here).
    #[inline(always)]
    pub fn forget(&mut self) {
        self.records.clear();
        self.stale = true;
    }

    /// The records, oldest first (for tests).
    pub fn records(&self) -> impl Iterator<Item = &R> {
        self.records.iter().map(|(_, record)| record)
    }

    /// The number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// No records: at a start or a move played for good.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A game whose [`Game::play_for_good`] skips its key and undo records; see the
/// [module](self) documentation. The provided methods are the game's `play_unchecked`,
/// `play_for_good` and `key`.
pub trait PlaysForGood: Game {
    /// What undo needs of a move, besides the key before it.
    type Record;

    /// The key and the undo records.
    fn key_and_undo(&self) -> &KeyAndUndo<Self::Record>;

    /// The key and the undo records, to change.
    fn key_and_undo_mut(&mut self) -> &mut KeyAndUndo<Self::Record>;

    /// Plays `mv`, a legal move; with `KEEP`, keeping the incremental key (from a key that is
    /// not stale) and pushing the move's undo record.
    fn play_move<const KEEP: bool>(&mut self, mv: Self::Move);

    /// Before a move played for good, drops what undo keeps besides the records (So Long
    /// Sucker's saved chips and givers); nothing by default.
    #[inline(always)]
    fn forget_undo(&mut self) {}

    /// [`Game::play_unchecked`]: picks the incremental key up again when it is stale, then
    /// plays keeping it and the undo record.
    #[inline(always)]
    fn play_keeping(&mut self, mv: Self::Move) {
        if self.key_and_undo().is_stale() {
            self.rekey();
        }
        self.play_move::<true>(mv);
    }

    /// [`Game::play_for_good`]: plays without the key and the undo record, which go.
    #[inline(always)]
    fn play_forgetting(&mut self, mv: Self::Move) {
        self.key_and_undo_mut().forget();
        self.forget_undo();
        self.play_move::<false>(mv);
    }

    /// [`Game::key`]: the incremental key, or computed from scratch while it is stale.
    #[inline]
    fn current_key(&self) -> u64 {
        match self.key_and_undo().incremental() {
            Some(key) => key,
            None => self.key_from_scratch(),
        }
    }

    /// Computes the key from scratch and keeps it from now on, with no records: at a start,
    /// and after moves played for good (which left none).
    #[cold]
    #[inline(never)]
    fn rekey(&mut self) {
        let key = self.key_from_scratch();
        self.key_and_undo_mut().start(key);
    }
}
