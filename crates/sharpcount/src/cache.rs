//! The component cache (Bacchus, Dalmao & Pitassi 2003; Sang et al. 2004, "Cachet";
//! Thurley 2006, "sharpSAT"): exact counts of residual components by their full key, in an
//! open-addressing table with linear probing, bounded in bytes by evicting the least
//! recently used half when full.
//!
//! Entries computed while some sibling component was unsatisfiable may be too small: a
//! learnt clause can carry that unsatisfiability into a sibling's search and cut its
//! models (Sang et al. 2004). Such a branch always ends with count 0, so the search
//! removes every entry created since that branch began ([`Cache::purge_since`]), as
//! sharpSAT does.

use crate::semiring::HeapSize;

/// One cached value.
#[derive(Debug)]
struct Entry<V> {
    hash: u64,
    key: Box<[u8]>,
    count: V,
    created: u64,
    used: u64,
}

const EMPTY: u32 = u32::MAX;

/// Counters the search reports.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CacheStats {
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
    pub purged: u64,
    pub peak_bytes: u64,
}

/// Components' values (counts, weighted counts) by key.
#[derive(Debug)]
pub(crate) struct Cache<V> {
    slots: Vec<u32>,
    entries: Vec<Option<Entry<V>>>,
    free: Vec<u32>,
    /// Entries in creation order, to purge the newest ones.
    log: Vec<(u32, u64)>,
    live: usize,
    clock: u64,
    bytes: usize,
    limit: usize,
    /// What the cache did.
    pub stats: CacheStats,
}

impl<V: HeapSize> Cache<V> {
    /// An empty cache holding at most about `limit_bytes`.
    pub(crate) fn new(limit_bytes: usize) -> Cache<V> {
        Cache {
            slots: vec![EMPTY; 1 << 10],
            entries: Vec::new(),
            free: Vec::new(),
            log: Vec::new(),
            live: 0,
            clock: 0,
            bytes: (1 << 10) * 4,
            limit: limit_bytes,
            stats: CacheStats::default(),
        }
    }

    /// The current time stamp; entries created later are newer.
    pub(crate) fn now(&self) -> u64 {
        self.clock
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// Bytes held now (estimate: keys, counts, entry headers, table and log).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    fn entry_bytes(key_len: usize, count: &V) -> usize {
        key_len + count.heap_bytes() + std::mem::size_of::<Option<Entry<V>>>() + 16
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The count stored under `key` (with hash `h`).
    pub(crate) fn get(&mut self, h: u64, key: &[u8]) -> Option<&V> {
        let mut i = h as usize & self.mask();
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                self.stats.misses += 1;
                return None;
            }
            let found =
                matches!(&self.entries[s as usize], Some(e) if e.hash == h && *e.key == *key);
            if found {
                self.stats.hits += 1;
                self.clock += 1;
                let e = self.entries[s as usize].as_mut()?;
                e.used = self.clock;
                return Some(&e.count);
            }
            i = (i + 1) & self.mask();
        }
    }

    /// The count stored under `key` (with hash `h`), without counting a hit or marking
    /// it used: a lookup by another thread ([`crate::shared`]).
    pub(crate) fn peek(&self, h: u64, key: &[u8]) -> Option<&V> {
        let mut i = h as usize & self.mask();
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                return None;
            }
            if let Some(e) = &self.entries[s as usize]
                && e.hash == h
                && *e.key == *key
            {
                return Some(&e.count);
            }
            i = (i + 1) & self.mask();
        }
    }

    /// Moves every entry of `other` into this cache (as new entries).
    pub(crate) fn absorb(&mut self, other: Cache<V>) {
        for e in other.entries.into_iter().flatten() {
            self.insert(e.hash, &e.key, e.count);
        }
    }

    /// Stores `count` under `key` (replacing an entry with the same key).
    pub(crate) fn insert(&mut self, h: u64, key: &[u8], count: V) {
        self.remove_key(h, key);
        if (self.live + 1) * 2 > self.slots.len() {
            self.resize(self.slots.len() * 2);
        }
        self.clock += 1;
        self.bytes += Self::entry_bytes(key.len(), &count);
        let entry = Entry {
            hash: h,
            key: key.into(),
            count,
            created: self.clock,
            used: self.clock,
        };
        let idx = match self.free.pop() {
            Some(i) => {
                self.entries[i as usize] = Some(entry);
                i
            }
            None => {
                self.entries.push(Some(entry));
                (self.entries.len() - 1) as u32
            }
        };
        self.place(idx, h);
        self.log.push((idx, self.clock));
        self.live += 1;
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.bytes as u64);
        if self.bytes > self.limit {
            self.evict();
        }
    }

    fn place(&mut self, idx: u32, h: u64) {
        let mut i = h as usize & self.mask();
        while self.slots[i] != EMPTY {
            i = (i + 1) & self.mask();
        }
        self.slots[i] = idx;
    }

    fn resize(&mut self, n: usize) {
        self.bytes -= self.slots.len() * 4;
        self.slots = vec![EMPTY; n];
        self.bytes += n * 4;
        for idx in 0..self.entries.len() {
            if let Some(h) = self.entries[idx].as_ref().map(|e| e.hash) {
                self.place(idx as u32, h);
            }
        }
    }

    fn remove_key(&mut self, h: u64, key: &[u8]) {
        let mut i = h as usize & self.mask();
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                return;
            }
            if matches!(&self.entries[s as usize], Some(e) if e.hash == h && *e.key == *key) {
                self.remove_slot(i);
                return;
            }
            i = (i + 1) & self.mask();
        }
    }

    /// Empties slot `i` and its entry, shifting later probes back (no tombstones).
    fn remove_slot(&mut self, mut i: usize) {
        let idx = self.slots[i];
        if let Some(e) = self.entries[idx as usize].take() {
            self.bytes -= Self::entry_bytes(e.key.len(), &e.count);
        }
        self.free.push(idx);
        self.live -= 1;
        let mask = self.mask();
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            let s = self.slots[j];
            if s == EMPTY {
                break;
            }
            let home = self.entries[s as usize]
                .as_ref()
                .map_or(j, |e| e.hash as usize & mask);
            // Move s back to i when i lies cyclically in [home, j).
            let dist_home = j.wrapping_sub(home) & mask;
            let dist_i = j.wrapping_sub(i) & mask;
            if dist_i <= dist_home {
                self.slots[i] = s;
                i = j;
            }
        }
        self.slots[i] = EMPTY;
    }

    /// Removes every entry created after time `stamp`.
    pub(crate) fn purge_since(&mut self, stamp: u64) {
        while let Some(&(idx, created)) = self.log.last() {
            if created <= stamp {
                break;
            }
            self.log.pop();
            let target = self.entries[idx as usize]
                .as_ref()
                .filter(|e| e.created == created)
                .map(|e| e.hash);
            if let Some(h) = target {
                let key = self.entries[idx as usize].as_ref().map(|e| e.key.clone());
                if let Some(key) = key {
                    self.remove_key(h, &key);
                    self.stats.purged += 1;
                }
            }
        }
    }

    /// Drops the least recently used half of the entries.
    fn evict(&mut self) {
        let mut used: Vec<u64> = self.entries.iter().flatten().map(|e| e.used).collect();
        if used.is_empty() {
            return;
        }
        let mid = used.len() / 2;
        let (_, &mut median, _) = used.select_nth_unstable(mid);
        for idx in 0..self.entries.len() {
            let drop = matches!(&self.entries[idx], Some(e) if e.used <= median);
            if drop {
                if let Some(e) = self.entries[idx].take() {
                    self.bytes -= Self::entry_bytes(e.key.len(), &e.count);
                }
                self.free.push(idx as u32);
                self.live -= 1;
                self.stats.evictions += 1;
            }
        }
        let entries = &self.entries;
        self.log.retain(
            |&(idx, created)| matches!(&entries[idx as usize], Some(e) if e.created == created),
        );
        self.bytes -= self.slots.len() * 4;
        let n = (self.live * 2).next_power_of_two().max(1 << 10);
        self.slots = vec![EMPTY; n];
        self.bytes += n * 4;
        for idx in 0..self.entries.len() {
            if let Some(h) = self.entries[idx].as_ref().map(|e| e.hash) {
                self.place(idx as u32, h);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::key::hash;
    use num_bigint::BigUint;

    type Cache = super::Cache<BigUint>;

    fn put(c: &mut Cache, k: &[u8], n: u32) {
        c.insert(hash(k), k, BigUint::from(n));
    }

    fn get(c: &mut Cache, k: &[u8]) -> Option<u32> {
        c.get(hash(k), k)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
    }

    #[test]
    fn stored_counts_come_back_by_full_key() {
        let mut c = Cache::new(1 << 20);
        for i in 0..5000u32 {
            put(&mut c, &i.to_le_bytes(), i);
        }
        for i in 0..5000u32 {
            assert_eq!(get(&mut c, &i.to_le_bytes()), Some(i));
        }
        assert_eq!(get(&mut c, &9999u32.to_le_bytes()), None);
        assert_eq!(c.len(), 5000);
    }

    #[test]
    fn purge_removes_exactly_the_newer_entries() {
        let mut c = Cache::new(1 << 20);
        for i in 0..100u32 {
            put(&mut c, &i.to_le_bytes(), i);
        }
        let stamp = c.now();
        for i in 100..300u32 {
            put(&mut c, &i.to_le_bytes(), i);
        }
        c.purge_since(stamp);
        assert_eq!(c.len(), 100);
        for i in 0..300u32 {
            let expect = (i < 100).then_some(i);
            assert_eq!(get(&mut c, &i.to_le_bytes()), expect, "key {i}");
        }
    }

    #[test]
    fn eviction_keeps_the_cache_within_its_bound() {
        let mut c = Cache::new(64 * 1024);
        for i in 0..20000u32 {
            put(&mut c, &i.to_le_bytes(), i);
            assert!(c.bytes() <= 64 * 1024 + 4096, "{} bytes", c.bytes());
        }
        assert!(c.stats.evictions > 0);
        // The most recent entries survive eviction.
        assert_eq!(get(&mut c, &19999u32.to_le_bytes()), Some(19999));
        for i in 0..20000u32 {
            if let Some(n) = get(&mut c, &i.to_le_bytes()) {
                assert_eq!(n, i);
            }
        }
    }
}
