"""Equivalent surviving mutants of the laws and table part(s): mutant name -> (piece of the mutated line, reason)."""

EQUIVALENT: dict[str, tuple[str, str]] = {}
