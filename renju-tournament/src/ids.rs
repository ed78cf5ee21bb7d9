//! Player and team ids to dense indices, for the checks and the standings.

/// Ids to dense indices (in order of first appearance): a table when the ids are small
/// numbers, as start ranks are, a hash map otherwise.
#[derive(Debug, Clone, Default)]
pub(crate) struct IdIndex {
    table: Vec<u32>,
    map: std::collections::HashMap<u32, u32>,
    len: usize,
}

impl IdIndex {
    /// Indexes the ids (repeated ids keep their first index).
    pub(crate) fn new(ids: impl Iterator<Item = u32> + Clone) -> IdIndex {
        let (count, max) = ids.clone().fold((0usize, 0u32), |(n, m), id| {
            (n.saturating_add(1), m.max(id))
        });
        let mut index = IdIndex::default();
        let dense = (max as usize) <= count.saturating_mul(4).saturating_add(1024);
        if dense {
            index.table = vec![u32::MAX; (max as usize).saturating_add(1)];
        }
        for id in ids {
            index.insert(id);
        }
        index
    }

    /// Adds an id if new; returns its index and whether it was new.
    pub(crate) fn insert(&mut self, id: u32) -> (usize, bool) {
        if let Some(i) = self.get(id) {
            return (i, false);
        }
        let i = self.len as u32;
        if (id as usize) < self.table.len() {
            self.table[id as usize] = i;
        } else {
            self.map.insert(id, i);
        }
        self.len = self.len.saturating_add(1);
        (i as usize, true)
    }

    /// The index of an id.
    pub(crate) fn get(&self, id: u32) -> Option<usize> {
        match self.table.get(id as usize) {
            Some(&i) if i != u32::MAX => Some(i as usize),
            Some(_) => None,
            None => self.map.get(&id).map(|&i| i as usize),
        }
    }

    /// The number of distinct ids.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}
