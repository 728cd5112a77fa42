# memlens test fixture: a same-named file elsewhere, to test tie-breaking.
