//! [`Stack`]: a `Vec` whose clones keep its capacity.

/// A `Vec` whose clones keep its capacity, for a game's history and undo records: a game
/// cloned from a start (a playout, an MCTS simulation) plays on without growing its stacks
/// again move by move, which a derived `Clone` of a `Vec` (exactly as long as it is full)
/// would make it do.
///
/// # Examples
///
/// ```
/// use ludorum::core::stack::Stack;
/// let mut moves: Stack<u16> = Stack::with_capacity(256);
/// moves.push(7);
/// let copy = moves.clone();
/// assert_eq!((copy.as_slice(), copy.capacity() >= 256), (&[7][..], true));
/// ```
#[derive(Debug)]
pub struct Stack<T>(Vec<T>);

impl<T> Stack<T> {
    /// An empty stack with room for `capacity` items.
    pub fn with_capacity(capacity: usize) -> Self {
        Self(Vec::with_capacity(capacity))
    }
}

impl<T: Clone> Clone for Stack<T> {
    fn clone(&self) -> Self {
        let mut items = Vec::with_capacity(self.0.capacity());
        items.extend_from_slice(&self.0);
        Self(items)
    }
}

impl<T> std::ops::Deref for Stack<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Stack<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<'a, T> IntoIterator for &'a Stack<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
