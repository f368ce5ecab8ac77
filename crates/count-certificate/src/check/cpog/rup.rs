//! The clause store of a CPOG check and its RUP test.

/// Clauses by number: their literals, whether they are still there, whether they define a
/// node.
#[derive(Debug, Default)]
pub(crate) struct Store {
    lits: Vec<i32>,
    /// Per clause number (index `id - 1`): start, length, alive, defining.
    info: Vec<(usize, u32, bool, bool)>,
    /// The value of each variable during a RUP test: 0, 1 or -1.
    value: Vec<i8>,
    touched: Vec<u32>,
    pub alive: u64,
}

impl Store {
    /// Adds clause `id`, which must be larger than every clause number so far.
    pub fn add(&mut self, id: u64, lits: &[i32], defining: bool) -> Result<(), String> {
        if id == 0 || id <= self.info.len() as u64 {
            return Err(format!(
                "clause number {id} is not larger than every earlier one"
            ));
        }
        while (self.info.len() as u64) < id - 1 {
            self.info.push((0, 0, false, false));
        }
        self.info
            .push((self.lits.len(), lits.len() as u32, true, defining));
        self.lits.extend_from_slice(lits);
        self.alive += 1;
        Ok(())
    }

    pub fn get(&self, id: u64) -> Option<&[i32]> {
        let &(start, len, alive, _) = self.info.get(usize::try_from(id).ok()?.checked_sub(1)?)?;
        alive.then(|| &self.lits[start..start + len as usize])
    }

    pub fn is_defining(&self, id: u64) -> bool {
        id >= 1 && self.info.get(id as usize - 1).is_some_and(|i| i.2 && i.3)
    }

    pub fn delete(&mut self, id: u64) -> Result<(), String> {
        match self.info.get_mut(id.wrapping_sub(1) as usize) {
            Some(i) if i.2 => {
                i.2 = false;
                self.alive -= 1;
                Ok(())
            }
            _ => Err(format!("clause {id} is not there to delete")),
        }
    }

    /// Every clause still there, by number.
    pub fn remaining(&self) -> impl Iterator<Item = (u64, &[i32], bool)> {
        self.info
            .iter()
            .enumerate()
            .filter(|(_, i)| i.2)
            .map(|(k, &(s, l, _, d))| (k as u64 + 1, &self.lits[s..s + l as usize], d))
    }

    fn set(&mut self, lit: i32) -> bool {
        let v = lit.unsigned_abs() as usize;
        if v >= self.value.len() {
            self.value.resize(v + 1, 0);
        }
        let want = if lit > 0 { 1 } else { -1 };
        match self.value[v] {
            0 => {
                self.value[v] = want;
                self.touched.push(v as u32);
                true
            }
            x => x == want,
        }
    }

    fn val(&self, lit: i32) -> i8 {
        let v = self
            .value
            .get(lit.unsigned_abs() as usize)
            .copied()
            .unwrap_or(0);
        if lit > 0 {
            v
        } else {
            -v
        }
    }

    /// Whether `hints` refute `assumed` (true literals) by unit propagation, each hint
    /// making one literal true or the last a conflict; with `defining_only`, every hint
    /// must be a defining clause.
    pub fn rup(
        &mut self,
        assumed: &[i32],
        hints: &[u64],
        defining_only: bool,
    ) -> Result<(), String> {
        let result = self.rup_inner(assumed, hints, defining_only);
        for v in self.touched.drain(..) {
            self.value[v as usize] = 0;
        }
        result
    }

    fn rup_inner(
        &mut self,
        assumed: &[i32],
        hints: &[u64],
        defining_only: bool,
    ) -> Result<(), String> {
        for &l in assumed {
            if !self.set(l) {
                return Ok(());
            }
        }
        for &h in hints {
            if defining_only && !self.is_defining(h) {
                return Err(format!("hint {h} is not a defining clause"));
            }
            let Some(&(start, len, true, _)) = self.info.get(h.wrapping_sub(1) as usize) else {
                return Err(format!("hint {h} names no clause present"));
            };
            let mut unit = None;
            for k in start..start + len as usize {
                let l = self.lits[k];
                match self.val(l) {
                    1 => return Err(format!("hint {h} is satisfied, not unit")),
                    0 if unit.is_none() || unit == Some(l) => unit = Some(l),
                    0 => return Err(format!("hint {h} has two free literals, not unit")),
                    _ => {}
                }
            }
            match unit {
                None => return Ok(()),
                Some(l) => {
                    self.set(l);
                }
            }
        }
        Err("the hints end without a conflict".into())
    }
}
